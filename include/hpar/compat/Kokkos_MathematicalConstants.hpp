// hpar: drop-in for Kokkos' Kokkos_MathematicalConstants.hpp; every Kokkos header name gives the whole API.
#pragma once

#include "../kokkos.hpp"
