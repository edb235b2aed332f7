// hpar: drop-in for Kokkos' Kokkos_ScatterView.hpp: the whole API, as Kokkos_Core.hpp gives it,
// and Kokkos::Experimental::ScatterView (scatter_view.hpp), which only this header provides.
#pragma once

#include "Kokkos_Core.hpp"
#include "../scatter_view.hpp"
