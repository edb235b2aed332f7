// hpar: drop-in for Kokkos' Kokkos_DualView.hpp (include/hpar/dual_view.hpp).
#pragma once

#include "Kokkos_Core.hpp"
#include "../dual_view.hpp"
