// hpar: Array<T, N>, a fixed-size array usable on host and device (Kokkos::Array): an aggregate
// like std::array, with ==, !=, kokkos_swap, to_array, get<I> and structured bindings. With
// HPAR_ENABLE_DEBUG_BOUNDS_CHECK, operator[] checks its index (abort, also in kernels).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "core.hpp"
#include "macros.hpp"
#include "utility.hpp"

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
    static_assert(std::is_integral<I>::value || std::is_enum<I>::value,
                  "hpar::Array: the index must be an integer");
#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
    if (!(size_t(i) < N)) ::hpar::abort("Array index out of bounds");
#endif
    return m_internal_implementation_private_member_data[i];
  }
  template <class I>
  HPAR_HD constexpr const T& operator[](const I& i) const {
    static_assert(std::is_integral<I>::value || std::is_enum<I>::value,
                  "hpar::Array: the index must be an integer");
#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
    if (!(size_t(i) < N)) ::hpar::abort("Array index out of bounds");
#endif
    return m_internal_implementation_private_member_data[i];
  }
  HPAR_HD constexpr T* data() { return m_internal_implementation_private_member_data; }
  HPAR_HD constexpr const T* data() const { return m_internal_implementation_private_member_data; }
  HPAR_HD constexpr T* begin() { return data(); }
  HPAR_HD constexpr const T* begin() const { return data(); }
  HPAR_HD constexpr T* end() { return data() + N; }
  HPAR_HD constexpr const T* end() const { return data() + N; }
};

/// `Array a{1, 2, 3};` is an Array<int, 3>.
template <class T, class... U>
Array(T, U...) -> Array<T, 1 + sizeof...(U)>;

template <class T, size_t N>
HPAR_HD constexpr bool operator==(const Array<T, N>& a, const Array<T, N>& b) {
  for (size_t i = 0; i < N; ++i)
    if (!(a[i] == b[i])) return false;
  return true;
}
template <class T, size_t N>
HPAR_HD constexpr bool operator!=(const Array<T, N>& a, const Array<T, N>& b) {
  return !(a == b);
}

/// Exchanges the elements of a and b.
template <class T, size_t N>
HPAR_HD constexpr void kokkos_swap(Array<T, N>& a, Array<T, N>& b) {
  for (size_t i = 0; i < N; ++i) kokkos_swap(a[i], b[i]);
}

/// An Array with the elements of a built-in array.
template <class T, size_t N>
HPAR_HD constexpr Array<std::remove_cv_t<T>, N> to_array(T (&a)[N]) {
  Array<std::remove_cv_t<T>, N> r{};
  for (size_t i = 0; i < N; ++i) r[i] = a[i];
  return r;
}
template <class T, size_t N>
HPAR_HD constexpr Array<std::remove_cv_t<T>, N> to_array(T (&&a)[N]) {
  Array<std::remove_cv_t<T>, N> r{};
  for (size_t i = 0; i < N; ++i) r[i] = static_cast<T&&>(a[i]);
  return r;
}

/// Element I (structured bindings: `auto [x, y] = a;`).
template <size_t I, class T, size_t N>
HPAR_HD constexpr T& get(Array<T, N>& a) noexcept {
  static_assert(I < N, "hpar::get: index out of bounds");
  return a.m_internal_implementation_private_member_data[I];
}
template <size_t I, class T, size_t N>
HPAR_HD constexpr const T& get(const Array<T, N>& a) noexcept {
  static_assert(I < N, "hpar::get: index out of bounds");
  return a.m_internal_implementation_private_member_data[I];
}
template <size_t I, class T, size_t N>
HPAR_HD constexpr T&& get(Array<T, N>&& a) noexcept {
  static_assert(I < N, "hpar::get: index out of bounds");
  return static_cast<T&&>(a.m_internal_implementation_private_member_data[I]);
}
template <size_t I, class T, size_t N>
HPAR_HD constexpr const T&& get(const Array<T, N>&& a) noexcept {
  static_assert(I < N, "hpar::get: index out of bounds");
  return static_cast<const T&&>(a.m_internal_implementation_private_member_data[I]);
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar

namespace std {
template <class T, size_t N>
struct tuple_size<hpar::Array<T, N>> : integral_constant<size_t, N> {};
template <size_t I, class T, size_t N>
struct tuple_element<I, hpar::Array<T, N>> {
  static_assert(I < N, "hpar::Array: tuple_element index out of bounds");
  using type = T;
};
}  // namespace std
