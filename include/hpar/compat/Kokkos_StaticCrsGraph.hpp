// hpar: drop-in for Kokkos' Kokkos_StaticCrsGraph.hpp (include/hpar/static_crs_graph.hpp).
#pragma once

#include "Kokkos_Core.hpp"
#include "../static_crs_graph.hpp"
