// Device code of the user's, found by team_kernel.hpp beside it (a quoted #include).
#pragma once

#include <Kokkos_Core.hpp>

KOKKOS_INLINE_FUNCTION double scaled(double x) { return 2 * x; }
