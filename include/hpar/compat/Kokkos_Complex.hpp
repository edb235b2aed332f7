// hpar: drop-in for Kokkos' Kokkos_Complex.hpp; every Kokkos header name gives the whole API, and
// this one also the conversions between Kokkos::complex and std::complex (needs <complex>).
#pragma once

#include "../complex_std.hpp"
#include "../kokkos.hpp"
