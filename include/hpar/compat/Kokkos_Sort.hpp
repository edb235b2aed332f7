// hpar: drop-in for Kokkos' Kokkos_Sort.hpp (include/hpar/sort.hpp).
#pragma once

#include "Kokkos_Core.hpp"
#include "../sort.hpp"
