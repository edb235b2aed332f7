// hpar: drop-in for Kokkos' Kokkos_UnorderedMap.hpp (include/hpar/unordered_map.hpp), which also
// has Kokkos_Functional.hpp's pod_hash and pod_equal_to.
#pragma once

#include "Kokkos_Core.hpp"
#include "../unordered_map.hpp"
