// hpar: atomic operations on host and device memory (Kokkos spelling).
//
// Every operation is relaxed (no ordering beyond the location itself), as in Kokkos.
// Implementation per compile:
//   CUDA device pass (HPAR_IMPL_CUDA_DEVICE): CUDA atomics on 4- and 8-byte values, a compare-and-swap
//     loop where CUDA has no native operation (floating min/max, multiply, divide);
//   everywhere else (host, OpenMP target regions with clang or gcc): GCC __atomic builtins, a
//     compare-and-swap loop for floating-point arithmetic.
// Values the hardware cannot exchange whole (not trivially copyable; on the CUDA device, not 4 or 8
// bytes wide) go through a lock of a table indexed by address, as Kokkos' lock-based atomics do.
#pragma once

#include <type_traits>

#include "impl/traits.hpp"
#include "macros.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

template <class To, class From>
HPAR_HD inline To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "hpar: bit_cast needs equal sizes");
  To to;
  __builtin_memcpy(&to, &from, sizeof(To));
  return to;
}

/// The unsigned integer type as wide as T (4 or 8 bytes).
template <class T>
using atomic_bits_t =
    std::conditional_t<sizeof(T) == 4, unsigned int,
                       std::conditional_t<sizeof(T) == 8, unsigned long long, void>>;

/// Whether atomics on T go through a lock, as Kokkos' do for values its hardware cannot exchange
/// whole: a value that is not trivially copyable (a class with a copy constructor of its own), and
/// one wider than the target's lock-free atomics (on a CUDA device not 4 or 8 bytes wide; on
/// x86-64 16 bytes, which the compilers would otherwise take to libatomic's own locks).
template <class T>
constexpr bool locked_atomic = !std::is_trivially_copyable<T>::value ||
#if defined(HPAR_IMPL_CUDA_DEVICE)
                               std::is_void<atomic_bits_t<T>>::value;
#else
                               !__atomic_always_lock_free(sizeof(T), 0);
#endif

/// The spin locks of locked atomics, one chosen by each location's address, so that operations
/// on one location exclude each other and those on others seldom wait. One table for the host and
/// one for each device; a CUDA translation unit's device code has its own (nvcc without
/// relocatable device code), so two translation units' kernels that update one location at once
/// do not exclude each other, as in Kokkos without relocatable device code.
constexpr unsigned atomic_lock_count = 4096;
#if defined(__CUDACC__)
static __device__ int atomic_lock_table_device[atomic_lock_count];
#endif
inline int atomic_lock_table[atomic_lock_count];

HPAR_HD inline int* atomic_lock_of(const void* address) {
  const unsigned slot =
      unsigned((reinterpret_cast<unsigned long long>(address) >> 3) % atomic_lock_count);
#if defined(HPAR_IMPL_CUDA_DEVICE)
  return atomic_lock_table_device + slot;
#else
  return atomic_lock_table + slot;
#endif
}

#if defined(__NVPTX__) || defined(__nvptx__)
/// A device-wide fence in OpenMP offload to an NVIDIA GPU (membar.gl): clang 19's NVPTX back end
/// selects no acquire or release atomics and no C++ fence (the lock below, the range scan's
/// look-back in rt/openmp/scan.hpp).
inline void nvptx_fence() {
#if defined(__clang__)
  __nvvm_membar_gl();
#else
  __sync_synchronize();
#endif
}
#endif

/// Takes the lock of `address` (acquire): what the holder wrote before atomic_unlock is visible.
HPAR_HD inline void atomic_lock(const void* address) {
  int* lock = atomic_lock_of(address);
#if defined(HPAR_IMPL_CUDA_DEVICE)
  // The threads of a warp spin apart (independent thread scheduling, Volta and newer), each
  // sleeping longer after each failed try, so that thousands of waiting threads leave the lock's
  // word to its holder.
  unsigned pause = 16;
  while (atomicCAS(lock, 0, 1) != 0) {
#if __CUDA_ARCH__ >= 700
    __nanosleep(pause);
    if (pause < 1024) pause *= 2;
#endif
  }
  __threadfence();
#elif defined(__NVPTX__) || defined(__nvptx__)
  // OpenMP offload to an NVIDIA GPU: a relaxed compare-and-swap, then a fence (clang 19's NVPTX
  // back end selects no acquire or release atomics and no fence but membar; rt/openmp/scan.hpp).
  int unlocked = 0;
  while (!__atomic_compare_exchange_n(lock, &unlocked, 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    unlocked = 0;
  nvptx_fence();
#else
  int unlocked = 0;
  while (!__atomic_compare_exchange_n(lock, &unlocked, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
    unlocked = 0;
#endif
}

/// Gives the lock of `address` back (release).
HPAR_HD inline void atomic_unlock(const void* address) {
  int* lock = atomic_lock_of(address);
#if defined(HPAR_IMPL_CUDA_DEVICE)
  __threadfence();
  atomicExch(lock, 0);
#elif defined(__NVPTX__) || defined(__nvptx__)
  nvptx_fence();
  *reinterpret_cast<volatile int*>(lock) = 0;
#else
  __atomic_store_n(lock, 0, __ATOMIC_RELEASE);
#endif
}

/// Whether two values have the same bytes (compare-and-swap compares bytes, not values: NaN).
template <class T>
HPAR_HD inline bool same_bits(const T& a, const T& b) {
  const unsigned char* x = reinterpret_cast<const unsigned char*>(&a);
  const unsigned char* y = reinterpret_cast<const unsigned char*>(&b);
  for (unsigned i = 0; i < sizeof(T); ++i)
    if (x[i] != y[i]) return false;
  return true;
}

/// Replaces *dest by update(*dest) under the lock of dest; returns the old value. Every locked
/// atomic but the load is one of these.
template <class T, class Update>
HPAR_HD inline T locked_fetch_update(T* dest, const Update& update) {
  atomic_lock(dest);
  T old = *dest;
  *dest = update(old);
  atomic_unlock(dest);
  return old;
}

/// Stores desired into *dest when *dest equals expected bitwise; returns the old value.
template <class T>
HPAR_HD inline T atomic_cas_value(T* dest, T expected, T desired) {
  if constexpr (locked_atomic<T>) {
    return locked_fetch_update(dest, [&](const T& old) { return same_bits(old, expected) ? desired : old; });
  } else {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  using B = atomic_bits_t<T>;
  static_assert(!std::is_void<B>::value, "hpar: CUDA atomics need 4- or 8-byte values");
  return bit_cast<T>(atomicCAS(reinterpret_cast<B*>(dest), bit_cast<B>(expected),
                               bit_cast<B>(desired)));
#else
  __atomic_compare_exchange(dest, &expected, &desired, false, __ATOMIC_RELAXED,
                            __ATOMIC_RELAXED);
  return expected;  // holds the old value on failure, equals it on success
#endif
  }
}

template <class T>
HPAR_HD inline T atomic_load_value(T* src) {
  if constexpr (locked_atomic<T>) {
    atomic_lock(src);
    T value = *src;
    atomic_unlock(src);
    return value;
  } else {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  using B = atomic_bits_t<T>;
  static_assert(!std::is_void<B>::value, "hpar: CUDA atomics need 4- or 8-byte values");
  const B bits = *reinterpret_cast<volatile B*>(src);
  return bit_cast<T>(bits);
#else
  T value;
  __atomic_load(src, &value, __ATOMIC_RELAXED);
  return value;
#endif
  }
}

/// Replaces *dest by op(*dest) with a compare-and-swap loop, or under its lock (locked_atomic);
/// returns the old value.
template <class T, class Op>
HPAR_HD inline T atomic_fetch_op(T* dest, Op op) {
  if constexpr (locked_atomic<T>) {
    return locked_fetch_update(dest, op);
  } else {
    T old = atomic_load_value(dest);
    while (true) {
      const T prev = atomic_cas_value(dest, old, op(old));
      if (same_bits(prev, old)) return old;
      old = prev;
    }
  }
}

template <class T>
struct op_add { T v; HPAR_HD T operator()(T x) const { return x + v; } };
template <class T>
struct op_sub { T v; HPAR_HD T operator()(T x) const { return x - v; } };
template <class T>
struct op_mul { T v; HPAR_HD T operator()(T x) const { return x * v; } };
template <class T>
struct op_div { T v; HPAR_HD T operator()(T x) const { return x / v; } };
template <class T>
struct op_min { T v; HPAR_HD T operator()(T x) const { return v < x ? v : x; } };
template <class T>
struct op_max { T v; HPAR_HD T operator()(T x) const { return x < v ? v : x; } };
template <class T>
struct op_and { T v; HPAR_HD T operator()(T x) const { return x & v; } };
template <class T>
struct op_or { T v; HPAR_HD T operator()(T x) const { return x | v; } };
template <class T>
struct op_xor { T v; HPAR_HD T operator()(T x) const { return x ^ v; } };
template <class T>
struct op_nand { T v; HPAR_HD T operator()(T x) const { return ~(x & v); } };
template <class T>
struct op_mod { T v; HPAR_HD T operator()(T x) const { return x % v; } };
template <class T>
struct op_lshift { unsigned v; HPAR_HD T operator()(T x) const { return x << v; } };
template <class T>
struct op_rshift { unsigned v; HPAR_HD T operator()(T x) const { return x >> v; } };

template <class T>
constexpr bool native_int = std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8);

#if defined(HPAR_IMPL_CUDA_DEVICE)
/// CUDA's signed or unsigned integer type as wide as T.
template <class T>
using cuda_int_t = std::conditional_t<
    sizeof(T) == 4, std::conditional_t<std::is_signed<T>::value, int, unsigned int>,
    std::conditional_t<std::is_signed<T>::value, long long, unsigned long long>>;
#endif

}  // namespace impl

// ---- fetch-and-op: return the old value -----------------------------------------------------------

template <class T>
HPAR_HD inline T atomic_fetch_add(T* dest, typename impl::identity<T>::type val) {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  if constexpr (impl::native_int<T>) {
    using B = impl::atomic_bits_t<T>;
    return T(atomicAdd(reinterpret_cast<B*>(dest), B(val)));
  } else if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
    return atomicAdd(dest, val);
  } else {
    return impl::atomic_fetch_op(dest, impl::op_add<T>{val});
  }
#else
  if constexpr (std::is_integral<T>::value)
    return __atomic_fetch_add(dest, val, __ATOMIC_RELAXED);
#if defined(__clang__)
  // clang lowers a floating-point fetch-add to the target's own instruction where it has one
  // (atom.add.f32/f64 on an NVIDIA GPU, where a compare-and-swap loop serialises every thread
  // that adds to one address), and to a compare-and-swap loop elsewhere.
  else if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value)
    return __atomic_fetch_add(dest, val, __ATOMIC_RELAXED);
#endif
  else
    return impl::atomic_fetch_op(dest, impl::op_add<T>{val});
#endif
}

template <class T>
HPAR_HD inline T atomic_fetch_sub(T* dest, typename impl::identity<T>::type val) {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  if constexpr (impl::native_int<T>) {
    using B = impl::atomic_bits_t<T>;
    return T(atomicAdd(reinterpret_cast<B*>(dest), B(0) - B(val)));
  } else if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
    return atomicAdd(dest, -val);
  } else {
    return impl::atomic_fetch_op(dest, impl::op_sub<T>{val});
  }
#else
  if constexpr (std::is_integral<T>::value)
    return __atomic_fetch_sub(dest, val, __ATOMIC_RELAXED);
#if defined(__clang__)
  else if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value)
    return __atomic_fetch_add(dest, -val, __ATOMIC_RELAXED);  // x - v is x + (-v) in IEEE 754
#endif
  else
    return impl::atomic_fetch_op(dest, impl::op_sub<T>{val});
#endif
}

template <class T>
HPAR_HD inline T atomic_fetch_min(T* dest, typename impl::identity<T>::type val) {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  if constexpr (impl::native_int<T>) {
    using C = impl::cuda_int_t<T>;
    return T(atomicMin(reinterpret_cast<C*>(dest), C(val)));
  } else {
    return impl::atomic_fetch_op(dest, impl::op_min<T>{val});
  }
#else
  return impl::atomic_fetch_op(dest, impl::op_min<T>{val});
#endif
}

template <class T>
HPAR_HD inline T atomic_fetch_max(T* dest, typename impl::identity<T>::type val) {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  if constexpr (impl::native_int<T>) {
    using C = impl::cuda_int_t<T>;
    return T(atomicMax(reinterpret_cast<C*>(dest), C(val)));
  } else {
    return impl::atomic_fetch_op(dest, impl::op_max<T>{val});
  }
#else
  return impl::atomic_fetch_op(dest, impl::op_max<T>{val});
#endif
}

template <class T>
HPAR_HD inline T atomic_fetch_mul(T* dest, typename impl::identity<T>::type val) {
  return impl::atomic_fetch_op(dest, impl::op_mul<T>{val});
}

template <class T>
HPAR_HD inline T atomic_fetch_div(T* dest, typename impl::identity<T>::type val) {
  return impl::atomic_fetch_op(dest, impl::op_div<T>{val});
}

template <class T>
HPAR_HD inline T atomic_fetch_and(T* dest, typename impl::identity<T>::type val) {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  using B = impl::atomic_bits_t<T>;
  return T(atomicAnd(reinterpret_cast<B*>(dest), B(val)));
#else
  return __atomic_fetch_and(dest, val, __ATOMIC_RELAXED);
#endif
}

template <class T>
HPAR_HD inline T atomic_fetch_or(T* dest, typename impl::identity<T>::type val) {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  using B = impl::atomic_bits_t<T>;
  return T(atomicOr(reinterpret_cast<B*>(dest), B(val)));
#else
  return __atomic_fetch_or(dest, val, __ATOMIC_RELAXED);
#endif
}

template <class T>
HPAR_HD inline T atomic_fetch_xor(T* dest, typename impl::identity<T>::type val) {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  using B = impl::atomic_bits_t<T>;
  return T(atomicXor(reinterpret_cast<B*>(dest), B(val)));
#else
  return __atomic_fetch_xor(dest, val, __ATOMIC_RELAXED);
#endif
}

// The integer operations Kokkos 4 adds to these (a compare-and-swap loop each).
template <class T>
HPAR_HD inline T atomic_fetch_nand(T* dest, typename impl::identity<T>::type val) {
  return impl::atomic_fetch_op(dest, impl::op_nand<T>{val});
}
template <class T>
HPAR_HD inline T atomic_fetch_mod(T* dest, typename impl::identity<T>::type val) {
  return impl::atomic_fetch_op(dest, impl::op_mod<T>{val});
}
template <class T>
HPAR_HD inline T atomic_fetch_lshift(T* dest, unsigned int val) {
  return impl::atomic_fetch_op(dest, impl::op_lshift<T>{val});
}
template <class T>
HPAR_HD inline T atomic_fetch_rshift(T* dest, unsigned int val) {
  return impl::atomic_fetch_op(dest, impl::op_rshift<T>{val});
}

// ---- op-and-fetch: return the new value ----------------------------------------------------------

template <class T>
HPAR_HD inline T atomic_and_fetch(T* dest, typename impl::identity<T>::type val) {
  return atomic_fetch_and(dest, val) & val;
}
template <class T>
HPAR_HD inline T atomic_or_fetch(T* dest, typename impl::identity<T>::type val) {
  return atomic_fetch_or(dest, val) | val;
}
template <class T>
HPAR_HD inline T atomic_xor_fetch(T* dest, typename impl::identity<T>::type val) {
  return atomic_fetch_xor(dest, val) ^ val;
}
template <class T>
HPAR_HD inline T atomic_nand_fetch(T* dest, typename impl::identity<T>::type val) {
  return ~(atomic_fetch_nand(dest, val) & val);
}
template <class T>
HPAR_HD inline T atomic_mod_fetch(T* dest, typename impl::identity<T>::type val) {
  return atomic_fetch_mod(dest, val) % val;
}
template <class T>
HPAR_HD inline T atomic_lshift_fetch(T* dest, unsigned int val) {
  return atomic_fetch_lshift(dest, val) << val;
}
template <class T>
HPAR_HD inline T atomic_rshift_fetch(T* dest, unsigned int val) {
  return atomic_fetch_rshift(dest, val) >> val;
}
template <class T>
HPAR_HD inline T atomic_inc_fetch(T* dest) {
  return atomic_fetch_add(dest, T(1)) + T(1);
}
template <class T>
HPAR_HD inline T atomic_dec_fetch(T* dest) {
  return atomic_fetch_sub(dest, T(1)) - T(1);
}

template <class T>
HPAR_HD inline T atomic_add_fetch(T* dest, typename impl::identity<T>::type val) {
  return atomic_fetch_add(dest, val) + val;
}
template <class T>
HPAR_HD inline T atomic_sub_fetch(T* dest, typename impl::identity<T>::type val) {
  return atomic_fetch_sub(dest, val) - val;
}
template <class T>
HPAR_HD inline T atomic_min_fetch(T* dest, typename impl::identity<T>::type val) {
  const T old = atomic_fetch_min(dest, val);
  return val < old ? val : old;
}
template <class T>
HPAR_HD inline T atomic_max_fetch(T* dest, typename impl::identity<T>::type val) {
  const T old = atomic_fetch_max(dest, val);
  return old < val ? val : old;
}
template <class T>
HPAR_HD inline T atomic_mul_fetch(T* dest, typename impl::identity<T>::type val) {
  return atomic_fetch_mul(dest, val) * val;
}
template <class T>
HPAR_HD inline T atomic_div_fetch(T* dest, typename impl::identity<T>::type val) {
  return atomic_fetch_div(dest, val) / val;
}

// ---- no result ------------------------------------------------------------------------------------

template <class T>
HPAR_HD inline void atomic_add(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_add(dest, val);
}
template <class T>
HPAR_HD inline void atomic_sub(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_sub(dest, val);
}
template <class T>
HPAR_HD inline void atomic_min(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_min(dest, val);
}
template <class T>
HPAR_HD inline void atomic_max(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_max(dest, val);
}
template <class T>
HPAR_HD inline void atomic_mul(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_mul(dest, val);
}
template <class T>
HPAR_HD inline void atomic_div(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_div(dest, val);
}
template <class T>
HPAR_HD inline void atomic_and(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_and(dest, val);
}
template <class T>
HPAR_HD inline void atomic_or(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_or(dest, val);
}
template <class T>
HPAR_HD inline void atomic_xor(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_xor(dest, val);
}
template <class T>
HPAR_HD inline void atomic_increment(T* dest) {
  (void)atomic_fetch_add(dest, T(1));
}
template <class T>
HPAR_HD inline void atomic_decrement(T* dest) {
  (void)atomic_fetch_sub(dest, T(1));
}
template <class T>
HPAR_HD inline void atomic_inc(T* dest) {
  (void)atomic_fetch_add(dest, T(1));
}
template <class T>
HPAR_HD inline void atomic_dec(T* dest) {
  (void)atomic_fetch_sub(dest, T(1));
}
template <class T>
HPAR_HD inline void atomic_nand(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_nand(dest, val);
}
template <class T>
HPAR_HD inline void atomic_mod(T* dest, typename impl::identity<T>::type val) {
  (void)atomic_fetch_mod(dest, val);
}
template <class T>
HPAR_HD inline void atomic_lshift(T* dest, unsigned int val) {
  (void)atomic_fetch_lshift(dest, val);
}
template <class T>
HPAR_HD inline void atomic_rshift(T* dest, unsigned int val) {
  (void)atomic_fetch_rshift(dest, val);
}
template <class T>
HPAR_HD inline T atomic_fetch_inc(T* dest) {
  return atomic_fetch_add(dest, T(1));
}
template <class T>
HPAR_HD inline T atomic_fetch_dec(T* dest) {
  return atomic_fetch_sub(dest, T(1));
}

// ---- exchange, compare-exchange, load, store -----------------------------------------------------

/// Stores val; returns the old value.
template <class T>
HPAR_HD inline T atomic_exchange(T* dest, typename impl::identity<T>::type val) {
  if constexpr (impl::locked_atomic<T>) {
    return impl::locked_fetch_update(dest, [&](const T&) { return T(val); });
  } else {
#if defined(HPAR_IMPL_CUDA_DEVICE)
    using B = impl::atomic_bits_t<T>;
    return impl::bit_cast<T>(atomicExch(reinterpret_cast<B*>(dest), impl::bit_cast<B>(val)));
#else
    T old;
    T desired = val;
    __atomic_exchange(dest, &desired, &old, __ATOMIC_RELAXED);
    return old;
#endif
  }
}

/// Stores val when *dest equals compare; returns the old value.
template <class T>
HPAR_HD inline T atomic_compare_exchange(T* dest, typename impl::identity<T>::type compare,
                                         typename impl::identity<T>::type val) {
  return impl::atomic_cas_value(dest, compare, val);
}

/// Stores val when *dest equals compare; returns whether it did.
template <class T>
HPAR_HD inline bool atomic_compare_exchange_strong(T* dest,
                                                   typename impl::identity<T>::type compare,
                                                   typename impl::identity<T>::type val) {
  const T old = impl::atomic_cas_value(dest, compare, val);
  return impl::same_bits(old, T(compare));
}

template <class T>
HPAR_HD inline T atomic_load(T* src) {
  return impl::atomic_load_value(src);
}

template <class T>
HPAR_HD inline void atomic_store(T* dest, typename impl::identity<T>::type val) {
  if constexpr (impl::locked_atomic<T>) {
    (void)impl::locked_fetch_update(dest, [&](const T&) { return T(val); });
  } else {
#if defined(HPAR_IMPL_CUDA_DEVICE)
    using B = impl::atomic_bits_t<T>;
    *reinterpret_cast<volatile B*>(dest) = impl::bit_cast<B>(val);
#else
    T value = val;
    __atomic_store(dest, &value, __ATOMIC_RELAXED);
#endif
  }
}

template <class T>
HPAR_HD inline void atomic_assign(T* dest, typename impl::identity<T>::type val) {
  atomic_store(dest, val);
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
