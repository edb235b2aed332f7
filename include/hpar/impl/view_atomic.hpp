// hpar: what an element access of a View with MemoryTraits<Atomic> returns.
//
// AtomicRef<T> stands for one element: reading it is an atomic load, assigning it an atomic store,
// and every compound assignment, increment and decrement one atomic read-modify-write (so
// `hist(bin) += 1` from many threads loses no update). Like the functions of atomics.hpp it is
// relaxed, and on CUDA devices T must be 4 or 8 bytes wide. The proxy holds only the address:
// copying it copies the reference, assigning one proxy to another assigns the value.
#pragma once

#include <type_traits>

#include "../atomics.hpp"
#include "../macros.hpp"

namespace hpar {
namespace impl {

HPAR_IMPL_DEVICE_CODE_BEGIN

template <class T>
class AtomicRef {
  static_assert(!std::is_const<T>::value, "hpar: an atomic reference to const reads by value");

 public:
  using value_type = T;

  HPAR_HD explicit AtomicRef(T* p) : m_ptr(p) {}
  AtomicRef(const AtomicRef&) = default;

  HPAR_HD operator T() const { return atomic_load(m_ptr); }
  HPAR_HD T load() const { return atomic_load(m_ptr); }
  HPAR_HD T* address() const { return m_ptr; }

  HPAR_HD T operator=(const T& v) const {
    atomic_store(m_ptr, v);
    return v;
  }
  HPAR_HD T operator=(const AtomicRef& other) const { return *this = other.load(); }

  // Compound assignments return the new value, increments and decrements as their built-in forms.
  HPAR_HD T operator+=(const T& v) const { return atomic_add_fetch(m_ptr, v); }
  HPAR_HD T operator-=(const T& v) const { return atomic_sub_fetch(m_ptr, v); }
  HPAR_HD T operator*=(const T& v) const { return atomic_mul_fetch(m_ptr, v); }
  HPAR_HD T operator/=(const T& v) const { return atomic_div_fetch(m_ptr, v); }
  HPAR_HD T operator%=(const T& v) const { return apply(op_mod{v}); }
  HPAR_HD T operator&=(const T& v) const { return atomic_fetch_and(m_ptr, v) & v; }
  HPAR_HD T operator|=(const T& v) const { return atomic_fetch_or(m_ptr, v) | v; }
  HPAR_HD T operator^=(const T& v) const { return atomic_fetch_xor(m_ptr, v) ^ v; }
  HPAR_HD T operator<<=(const T& v) const { return apply(op_shl{v}); }
  HPAR_HD T operator>>=(const T& v) const { return apply(op_shr{v}); }
  HPAR_HD T operator++() const { return atomic_add_fetch(m_ptr, T(1)); }
  HPAR_HD T operator--() const { return atomic_sub_fetch(m_ptr, T(1)); }
  HPAR_HD T operator++(int) const { return atomic_fetch_add(m_ptr, T(1)); }
  HPAR_HD T operator--(int) const { return atomic_fetch_sub(m_ptr, T(1)); }

 private:
  struct op_mod { T v; HPAR_HD T operator()(T x) const { return x % v; } };
  struct op_shl { T v; HPAR_HD T operator()(T x) const { return x << v; } };
  struct op_shr { T v; HPAR_HD T operator()(T x) const { return x >> v; } };

  /// Replaces the element by op(element) atomically; returns the new value.
  template <class Op>
  HPAR_HD T apply(Op op) const {
    return op(atomic_fetch_op(m_ptr, op));
  }

  T* m_ptr;
};

HPAR_IMPL_DEVICE_CODE_END

}  // namespace impl
}  // namespace hpar
