// hpar: atomic operations on host and device memory (Kokkos spelling).
//
// Every operation is relaxed (no ordering beyond the location itself), as in Kokkos. What each
// compile's operations are made of is its atomics part (docs/design.md section 2): the backend's
// (HPAR_IMPL_BACKEND_ATOMICS, named by its config.hpp: CUDA's atomics in the CUDA device pass)
// or the host's (impl/atomics_host.hpp: GCC __atomic builtins, a compare-and-swap loop for
// floating-point arithmetic; also in OpenMP target regions with clang or gcc). The lock words are
// taken and given back by the device primitives (impl/primitives.hpp).
// Values the hardware cannot exchange whole (not trivially copyable; on the CUDA device, not 4 or 8
// bytes wide) go through a lock of a table indexed by address, as Kokkos' lock-based atomics do.
#pragma once

#include <type_traits>

#include "impl/primitives.hpp"
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

/// The spin locks of locked atomics, one chosen by each location's address (the atomics part's
/// atomic_lock_of), so that operations on one location exclude each other and those on others
/// seldom wait. One table for the host and one for each device: a device whose compile has a
/// table of its own (CUDA's) uses it, the others this one.
constexpr unsigned atomic_lock_count = 4096;
inline int atomic_lock_table[atomic_lock_count];

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

/// Replaces *dest by op(*dest) with a compare-and-swap loop, or under its lock (locked_atomic);
/// returns the old value. Declared here for the atomics parts' fetch operations, which fall back
/// to it; defined below.
template <class T, class Op>
HPAR_HD inline T atomic_fetch_op(T* dest, Op op);

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar

// The atomics part of this compile (impl/atomics_host.hpp lists what it defines).
#if defined(HPAR_IMPL_BACKEND_ATOMICS)
#include HPAR_IMPL_BACKEND_ATOMICS
#else
#include "impl/atomics_host.hpp"
#endif

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// Whether atomics on T go through a lock, as Kokkos' do for values its hardware cannot exchange
/// whole: a value that is not trivially copyable (a class with a copy constructor of its own), and
/// one the target does not exchange whole (atomic_exchanged_whole: on a CUDA device not 4 or 8
/// bytes wide; on x86-64 16 bytes).
template <class T>
constexpr bool locked_atomic = !std::is_trivially_copyable<T>::value || !atomic_exchanged_whole<T>;

/// Takes the lock of `address` (acquire): what the holder wrote before atomic_unlock is visible.
HPAR_HD inline void atomic_lock(const void* address) { backend_lock_acquire(atomic_lock_of(address)); }

/// Gives the lock of `address` back (release).
HPAR_HD inline void atomic_unlock(const void* address) { backend_lock_release(atomic_lock_of(address)); }

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
    return backend_atomic_cas(dest, expected, desired);
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
    return backend_atomic_load(src);
  }
}

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

}  // namespace impl

// ---- fetch-and-op: return the old value -----------------------------------------------------------

template <class T>
HPAR_HD inline T atomic_fetch_add(T* dest, typename impl::identity<T>::type val) {
  return impl::backend_atomic_fetch_add(dest, val);
}

template <class T>
HPAR_HD inline T atomic_fetch_sub(T* dest, typename impl::identity<T>::type val) {
  return impl::backend_atomic_fetch_sub(dest, val);
}

template <class T>
HPAR_HD inline T atomic_fetch_min(T* dest, typename impl::identity<T>::type val) {
  return impl::backend_atomic_fetch_min(dest, val);
}

template <class T>
HPAR_HD inline T atomic_fetch_max(T* dest, typename impl::identity<T>::type val) {
  return impl::backend_atomic_fetch_max(dest, val);
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
  return impl::backend_atomic_fetch_and(dest, val);
}

template <class T>
HPAR_HD inline T atomic_fetch_or(T* dest, typename impl::identity<T>::type val) {
  return impl::backend_atomic_fetch_or(dest, val);
}

template <class T>
HPAR_HD inline T atomic_fetch_xor(T* dest, typename impl::identity<T>::type val) {
  return impl::backend_atomic_fetch_xor(dest, val);
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
    return impl::backend_atomic_exchange(dest, T(val));
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
    impl::backend_atomic_store(dest, T(val));
  }
}

template <class T>
HPAR_HD inline void atomic_assign(T* dest, typename impl::identity<T>::type val) {
  atomic_store(dest, val);
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
