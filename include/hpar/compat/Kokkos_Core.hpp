// hpar: drop-in for Kokkos' main header; put include/hpar/compat on the include path.
#pragma once

#include "../kokkos.hpp"
