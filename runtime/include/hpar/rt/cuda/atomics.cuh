// hpar, CUDA backend: the atomic operations of the API header (HPAR_IMPL_BACKEND_ATOMICS, named
// by cuda/config.hpp; included by include/hpar/atomics.hpp, which lists what a part defines).
//
// The device pass of a CUDA compile (HPAR_IMPL_CUDA_DEVICE) uses CUDA's atomics on 4- and 8-byte
// values, a compare-and-swap loop (atomic_fetch_op) where CUDA has no native operation (floating
// min/max); a value of another width is not exchanged whole and goes through a lock. Its lock
// table is a __device__ array: a translation unit's device code has its own (nvcc without
// relocatable device code), so two translation units' kernels that update one location at once
// do not exclude each other, as in Kokkos without relocatable device code. The host pass (and a
// host compiler's compile of a CUDA build's file) has the host's operations.
#pragma once

#include <type_traits>

namespace hpar {
namespace impl {

#if defined(__CUDACC__)
static __device__ int atomic_lock_table_device[atomic_lock_count];
#endif

}  // namespace impl
}  // namespace hpar

#if defined(HPAR_IMPL_CUDA_DEVICE)

namespace hpar {
namespace impl {

/// CUDA exchanges 4- and 8-byte values whole.
template <class T>
constexpr bool atomic_exchanged_whole = !std::is_void<atomic_bits_t<T>>::value;

/// The integers CUDA's atomicAdd, atomicMin and atomicMax take.
template <class T>
constexpr bool native_int = std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8);

/// CUDA's signed or unsigned integer type as wide as T.
template <class T>
using cuda_int_t = std::conditional_t<
    sizeof(T) == 4, std::conditional_t<std::is_signed<T>::value, int, unsigned int>,
    std::conditional_t<std::is_signed<T>::value, long long, unsigned long long>>;

HPAR_HD inline int* atomic_lock_of(const void* address) {
  const unsigned slot =
      unsigned((reinterpret_cast<unsigned long long>(address) >> 3) % atomic_lock_count);
  return atomic_lock_table_device + slot;
}

template <class T>
HPAR_HD inline T backend_atomic_cas(T* dest, T expected, T desired) {
  using B = atomic_bits_t<T>;
  static_assert(!std::is_void<B>::value, "hpar: CUDA atomics need 4- or 8-byte values");
  return bit_cast<T>(atomicCAS(reinterpret_cast<B*>(dest), bit_cast<B>(expected),
                               bit_cast<B>(desired)));
}

template <class T>
HPAR_HD inline T backend_atomic_load(T* src) {
  using B = atomic_bits_t<T>;
  static_assert(!std::is_void<B>::value, "hpar: CUDA atomics need 4- or 8-byte values");
  const B bits = *reinterpret_cast<volatile B*>(src);
  return bit_cast<T>(bits);
}

template <class T>
HPAR_HD inline void backend_atomic_store(T* dest, T value) {
  using B = atomic_bits_t<T>;
  *reinterpret_cast<volatile B*>(dest) = bit_cast<B>(value);
}

template <class T>
HPAR_HD inline T backend_atomic_exchange(T* dest, T desired) {
  using B = atomic_bits_t<T>;
  return bit_cast<T>(atomicExch(reinterpret_cast<B*>(dest), bit_cast<B>(desired)));
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_add(T* dest, T val) {
  if constexpr (native_int<T>) {
    using B = atomic_bits_t<T>;
    return T(atomicAdd(reinterpret_cast<B*>(dest), B(val)));
  } else if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
    return atomicAdd(dest, val);
  } else {
    return atomic_fetch_op(dest, op_add<T>{val});
  }
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_sub(T* dest, T val) {
  if constexpr (native_int<T>) {
    using B = atomic_bits_t<T>;
    return T(atomicAdd(reinterpret_cast<B*>(dest), B(0) - B(val)));
  } else if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
    return atomicAdd(dest, -val);
  } else {
    return atomic_fetch_op(dest, op_sub<T>{val});
  }
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_min(T* dest, T val) {
  if constexpr (native_int<T>) {
    using C = cuda_int_t<T>;
    return T(atomicMin(reinterpret_cast<C*>(dest), C(val)));
  } else {
    return atomic_fetch_op(dest, op_min<T>{val});
  }
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_max(T* dest, T val) {
  if constexpr (native_int<T>) {
    using C = cuda_int_t<T>;
    return T(atomicMax(reinterpret_cast<C*>(dest), C(val)));
  } else {
    return atomic_fetch_op(dest, op_max<T>{val});
  }
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_and(T* dest, T val) {
  using B = atomic_bits_t<T>;
  return T(atomicAnd(reinterpret_cast<B*>(dest), B(val)));
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_or(T* dest, T val) {
  using B = atomic_bits_t<T>;
  return T(atomicOr(reinterpret_cast<B*>(dest), B(val)));
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_xor(T* dest, T val) {
  using B = atomic_bits_t<T>;
  return T(atomicXor(reinterpret_cast<B*>(dest), B(val)));
}

}  // namespace impl
}  // namespace hpar

#else
#include <hpar/impl/atomics_host.hpp>
#endif
