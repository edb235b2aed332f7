// hpar: drop-in for Kokkos' Kokkos_MinMaxClamp.hpp (Kokkos 4.0 and 4.1; later Kokkos_MinMax.hpp
// and Kokkos_Clamp.hpp); every Kokkos header name gives the whole API.
#pragma once

#include "../kokkos.hpp"
