// hpar: drop-in for Kokkos' sorting/Kokkos_BinSortPublicAPI.hpp, which Kokkos_Sort.hpp includes:
// BinSort with its binning operators (include/hpar/bin_sort.hpp).
#pragma once

#include "../Kokkos_Core.hpp"
#include "../../bin_sort.hpp"
