// hpar: drop-in for Kokkos' Kokkos_CopyViews.hpp; every Kokkos header name gives the whole API.
#pragma once

#include "../kokkos.hpp"
