// hpar: drop-in for Kokkos' sorting/Kokkos_BinOpsPublicAPI.hpp: BinOp1D and BinOp3D (declared
// with BinSort in include/hpar/bin_sort.hpp).
#pragma once

#include "../Kokkos_Core.hpp"
#include "../../bin_sort.hpp"
