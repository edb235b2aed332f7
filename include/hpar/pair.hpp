// hpar: pair and make_pair (Kokkos::pair), a std::pair that device code may use.
//
// Kokkos::pair is the pair type of device code: the range arguments of subview
// (`subview(v, Kokkos::make_pair(b, e), Kokkos::ALL)`), MinMax-style results, a function returning
// two values. Every member but the std::pair conversions is callable on the device. Comparisons
// are lexicographic, as std::pair's.
#pragma once

#include <utility>

#include "macros.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

template <class T1, class T2>
struct pair {
  using first_type = T1;
  using second_type = T2;

  first_type first;
  second_type second;

  /// Default-initialises both members (scalars stay uninitialised, as in Kokkos); `pair<...>{}`
  /// value-initialises them.
  pair() = default;
  HPAR_HD constexpr pair(const first_type& f, const second_type& s) : first(f), second(s) {}

  template <class U, class V>
  HPAR_HD constexpr pair(const pair<U, V>& p) : first(p.first), second(p.second) {}

  template <class U, class V>
  HPAR_HD constexpr pair(const std::pair<U, V>& p) : first(p.first), second(p.second) {}

  template <class U, class V>
  HPAR_HD pair& operator=(const pair<U, V>& p) {
    first = p.first;
    second = p.second;
    return *this;
  }

  /// The same values as a std::pair (host code).
  std::pair<T1, T2> to_std_pair() const { return std::pair<T1, T2>(first, second); }
  operator std::pair<T1, T2>() const { return to_std_pair(); }
};

/// A pair of the decayed argument types.
template <class T1, class T2>
HPAR_HD constexpr pair<T1, T2> make_pair(T1 x, T2 y) {
  return pair<T1, T2>(x, y);
}

template <class T1, class T2>
HPAR_HD constexpr bool operator==(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return a.first == b.first && a.second == b.second;
}
template <class T1, class T2>
HPAR_HD constexpr bool operator!=(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return !(a == b);
}
template <class T1, class T2>
HPAR_HD constexpr bool operator<(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return a.first < b.first || (!(b.first < a.first) && a.second < b.second);
}
template <class T1, class T2>
HPAR_HD constexpr bool operator<=(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return !(b < a);
}
template <class T1, class T2>
HPAR_HD constexpr bool operator>(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return b < a;
}
template <class T1, class T2>
HPAR_HD constexpr bool operator>=(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return !(a < b);
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
