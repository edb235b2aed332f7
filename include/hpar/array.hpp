// hpar: Array<T, N>, a fixed-size array usable on host and device (Kokkos::Array).
#pragma once

#include <cstddef>

#include "macros.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

/// An aggregate: `Array<int64_t, 3> a = {1, 2, 3};`.
template <class T, size_t N>
struct Array {
  T m_internal_implementation_private_member_data[N > 0 ? N : 1];

  using value_type = T;
  using size_type = size_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = T*;
  using const_pointer = const T*;

  HPAR_HD static constexpr size_t size() { return N; }
  HPAR_HD static constexpr bool empty() { return N == 0; }
  HPAR_HD constexpr size_t max_size() const { return N; }
  template <class I>
  HPAR_HD constexpr T& operator[](const I& i) {
    return m_internal_implementation_private_member_data[i];
  }
  template <class I>
  HPAR_HD constexpr const T& operator[](const I& i) const {
    return m_internal_implementation_private_member_data[i];
  }
  HPAR_HD constexpr T* data() { return m_internal_implementation_private_member_data; }
  HPAR_HD constexpr const T* data() const { return m_internal_implementation_private_member_data; }
  HPAR_HD constexpr T* begin() { return data(); }
  HPAR_HD constexpr const T* begin() const { return data(); }
  HPAR_HD constexpr T* end() { return data() + N; }
  HPAR_HD constexpr const T* end() const { return data() + N; }
};

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
