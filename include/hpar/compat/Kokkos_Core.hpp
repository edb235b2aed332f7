// hpar: drop-in for Kokkos' main header; put include/hpar/compat on the include path.
//
// Besides the whole API, it brings in the standard headers that a program including Kokkos'
// Kokkos_Core.hpp can rely on: every one that Kokkos 4.6's includes in every build, directly or
// through its own headers (with the Serial backend, which every hpar build has), and <iostream>,
// which Kokkos brought up to 4.1; and the conversions between Kokkos::complex and std::complex
// (complex_std.hpp). They are kept out of hpar.hpp, which stays light for hpar-translate's parse
// of programs written against it.
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
// The order is analysis' preference (it keeps the first header that reaches what the program
// uses): those below, which programs seldom take from Kokkos, come last, so that they are kept
// only for what the ones above do not reach.
#include <array>
#include <cassert>
#include <chrono>
#include <cstring>
#include <initializer_list>
#include <iosfwd>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <tuple>
#include <typeinfo>
#include <unordered_map>

#include "../complex_std.hpp"
#endif
#include "../kokkos.hpp"
