// hpar: the atomic operations of a compile with no atomics part of its own (docs/design.md
// section 2): the serial build, and every pass of a backend's compile whose part does not take
// it over (the host pass of a CUDA compile, every pass of an OpenMP one). GCC and clang's
// __atomic builtins, which both compilers also compile for OpenMP target regions.
//
// Included by include/hpar/atomics.hpp only, after the helpers it declares (bit_cast,
// atomic_bits_t, the op_* functors, atomic_lock_table, atomic_fetch_op); a backend's part
// (HPAR_IMPL_BACKEND_ATOMICS) defines the same names in hpar::impl:
//   atomic_exchanged_whole<T>          whether the target exchanges a T whole (otherwise atomics on
//                                      T take a lock of atomic_lock_of's table)
//   atomic_lock_of(address)            the lock word of an address
//   backend_atomic_cas(dest, expected, desired)     the old value
//   backend_atomic_load(src), backend_atomic_store(dest, v), backend_atomic_exchange(dest, v)
//   backend_atomic_fetch_{add,sub,min,max,and,or,xor}(dest, v)      the old value
// all relaxed, for values that are exchanged whole; the fetch operations fall back to
// atomic_fetch_op (a compare-and-swap loop) where the target has no instruction.
#pragma once

#include <type_traits>

#include "../macros.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// Whether the target exchanges a T whole: otherwise (16 bytes on x86-64, which the compilers
/// would take to libatomic's own locks) atomics on T take a lock.
template <class T>
constexpr bool atomic_exchanged_whole = __atomic_always_lock_free(sizeof(T), 0);

HPAR_HD inline int* atomic_lock_of(const void* address) {
  const unsigned slot =
      unsigned((reinterpret_cast<unsigned long long>(address) >> 3) % atomic_lock_count);
  return atomic_lock_table + slot;
}

template <class T>
HPAR_HD inline T backend_atomic_cas(T* dest, T expected, T desired) {
  __atomic_compare_exchange(dest, &expected, &desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return expected;  // holds the old value on failure, equals it on success
}

template <class T>
HPAR_HD inline T backend_atomic_load(T* src) {
  T value;
  __atomic_load(src, &value, __ATOMIC_RELAXED);
  return value;
}

template <class T>
HPAR_HD inline void backend_atomic_store(T* dest, T value) {
  __atomic_store(dest, &value, __ATOMIC_RELAXED);
}

template <class T>
HPAR_HD inline T backend_atomic_exchange(T* dest, T desired) {
  T old;
  __atomic_exchange(dest, &desired, &old, __ATOMIC_RELAXED);
  return old;
}

/// op(*dest) for a float or double, as a compare-and-swap loop on the value's bits with the
/// expected bits in a register (as Kokkos' desul loops), for GCC, which has no floating-point
/// fetch-add: the generic loop (atomic_fetch_op) passes the expected value through memory and
/// compares it byte by byte: with two threads adding to shared forces, miniMD's half-neighbour
/// force kernel took 5.0-5.2 s with it against 3.9-4.0 s with this loop (Kokkos: 4.0-4.2 s).
template <class T, class Op>
HPAR_HD inline T float_fetch_op(T* dest, Op op) {
  using Bits = atomic_bits_t<T>;
  Bits* const bits = reinterpret_cast<Bits*>(dest);
  Bits old = __atomic_load_n(bits, __ATOMIC_RELAXED);
  while (true) {
    const T value = bit_cast<T>(old);
    if (__atomic_compare_exchange_n(bits, &old, bit_cast<Bits>(op(value)), true, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return value;
  }
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_add(T* dest, T val) {
  if constexpr (std::is_integral<T>::value) {
    return __atomic_fetch_add(dest, val, __ATOMIC_RELAXED);
  } else if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
#if defined(__clang__)
    // clang lowers a floating-point fetch-add to the target's own instruction where it has one
    // (atom.add.f32/f64 on an NVIDIA GPU, where a compare-and-swap loop serialises every thread
    // that adds to one address), and to a compare-and-swap loop elsewhere.
    return __atomic_fetch_add(dest, val, __ATOMIC_RELAXED);
#else
    return float_fetch_op(dest, op_add<T>{val});
#endif
  } else {
    return atomic_fetch_op(dest, op_add<T>{val});
  }
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_sub(T* dest, T val) {
  if constexpr (std::is_integral<T>::value)
    return __atomic_fetch_sub(dest, val, __ATOMIC_RELAXED);
  else if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value)
    return backend_atomic_fetch_add(dest, T(-val));  // x - v is x + (-v) in IEEE 754
  else
    return atomic_fetch_op(dest, op_sub<T>{val});
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_min(T* dest, T val) {
  return atomic_fetch_op(dest, op_min<T>{val});
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_max(T* dest, T val) {
  return atomic_fetch_op(dest, op_max<T>{val});
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_and(T* dest, T val) {
  return __atomic_fetch_and(dest, val, __ATOMIC_RELAXED);
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_or(T* dest, T val) {
  return __atomic_fetch_or(dest, val, __ATOMIC_RELAXED);
}

template <class T>
HPAR_HD inline T backend_atomic_fetch_xor(T* dest, T val) {
  return __atomic_fetch_xor(dest, val, __ATOMIC_RELAXED);
}

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
