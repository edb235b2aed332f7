// hpar: drop-in for Kokkos' Kokkos_Random.hpp: the whole API (Kokkos_Core.hpp) and the random
// number pools, generators and fill_random of ../random.hpp.
#pragma once

#include "Kokkos_Core.hpp"
#include "../random.hpp"
