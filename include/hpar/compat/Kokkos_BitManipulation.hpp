// hpar: drop-in for Kokkos' Kokkos_BitManipulation.hpp; every Kokkos header name gives the whole API.
#pragma once

#include "../kokkos.hpp"
