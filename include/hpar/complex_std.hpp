// hpar: conversions between complex<T> and std::complex<T> (Kokkos::complex's constructor from
// std::complex and its conversion to it). Separate from complex.hpp because it needs <complex>;
// Kokkos_Core.hpp and Kokkos_Complex.hpp include it.
#pragma once

#include <complex>
#include <type_traits>

#include "complex.hpp"

namespace hpar {
namespace impl {
template <class T>
struct is_std_complex_of<std::complex<T>, T> : std::true_type {};
}  // namespace impl

/// Reads a complex number as std::complex reads one (`re`, `(re)` or `(re,im)`); z is left as it
/// was when the read fails.
template <class CharT, class Traits, class T>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, complex<T>& z) {
  std::complex<T> read;
  if (is >> read) z = complex<T>(read.real(), read.imag());
  return is;
}

/// Kokkos' exp of a std::complex, a Kokkos::complex (host code, as std::complex's functions).
template <class T>
inline complex<T> exp(const std::complex<T>& c) {
  return complex<T>(std::exp(c.real()) * std::cos(c.imag()), std::exp(c.real()) * std::sin(c.imag()));
}

// Kokkos' mixed forms (host code): std::complex times Kokkos::complex, and comparisons either
// way round.
template <class T1, class T2>
inline complex<std::common_type_t<T1, T2>> operator*(const std::complex<T1>& x,
                                                     const complex<T2>& y) {
  return complex<std::common_type_t<T1, T2>>(x.real() * y.real() - x.imag() * y.imag(),
                                             x.real() * y.imag() + x.imag() * y.real());
}
template <class T1, class T2>
inline bool operator==(const std::complex<T1>& x, const complex<T2>& y) {
  using C = std::common_type_t<T1, T2>;
  return C(x.real()) == C(y.real()) && C(x.imag()) == C(y.imag());
}
template <class T1, class T2>
inline bool operator==(const complex<T1>& x, const std::complex<T2>& y) {
  return y == x;
}
template <class T1, class T2>
inline bool operator!=(const std::complex<T1>& x, const complex<T2>& y) {
  return !(x == y);
}
template <class T1, class T2>
inline bool operator!=(const complex<T1>& x, const std::complex<T2>& y) {
  return !(y == x);
}
}  // namespace hpar
