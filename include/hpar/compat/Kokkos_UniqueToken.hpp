// hpar: drop-in for Kokkos' Kokkos_UniqueToken.hpp; every Kokkos header name gives the whole API
// (UniqueToken is part of it, as Kokkos_Core.hpp provides it: unique_token.hpp).
#pragma once

#include "../kokkos.hpp"
