// hpar: drop-in for Kokkos' main header; put include/hpar/compat on the include path.
//
// Besides the whole API, it brings in the standard headers that a program including Kokkos'
// Kokkos_Core.hpp can rely on (Kokkos includes them directly or through its own headers), and the
// conversions between Kokkos::complex and std::complex (complex_std.hpp). They are kept out of
// hpar.hpp, which stays light for hpar-translate's parse of programs written against it.
#pragma once

// hpar-translate's output defines HPAR_IMPL_CHOSEN_STD_HEADERS and includes, before this header,
// those of the following standard headers the program uses (analysis/StdHeaders.h): each costs
// every translated file its parse in nvcc's three front ends.
#ifndef HPAR_IMPL_CHOSEN_STD_HEADERS
#include <algorithm>
#include <cfloat>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../complex_std.hpp"
#endif
#include "../kokkos.hpp"
