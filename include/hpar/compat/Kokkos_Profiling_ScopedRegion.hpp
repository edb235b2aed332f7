// hpar: drop-in for Kokkos' Kokkos_Profiling_ScopedRegion.hpp; every Kokkos header name gives the
// whole API (Profiling::ScopedRegion is part of it: profiling.hpp).
#pragma once

#include "../kokkos.hpp"
