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
}  // namespace hpar
