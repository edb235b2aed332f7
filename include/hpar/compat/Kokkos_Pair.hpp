// hpar: drop-in for Kokkos' Kokkos_Pair.hpp; every Kokkos header name gives the whole API.
#pragma once

#include "../kokkos.hpp"
