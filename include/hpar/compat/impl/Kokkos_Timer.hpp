// hpar: Kokkos 3's path of the Kokkos::Timer header, which programs written for it still include.
#pragma once

#include "../../kokkos.hpp"
