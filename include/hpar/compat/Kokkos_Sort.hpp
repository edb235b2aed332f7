// hpar: drop-in for Kokkos' Kokkos_Sort.hpp: sort (include/hpar/sort.hpp) and BinSort, BinOp1D,
// BinOp3D (include/hpar/bin_sort.hpp).
#pragma once

#include "Kokkos_Core.hpp"
#include "../sort.hpp"
#include "../bin_sort.hpp"
