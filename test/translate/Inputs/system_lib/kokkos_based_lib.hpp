// A library header on a system include path (std_headers_none.cpp): it includes the Kokkos API
// and, as such headers may, uses std::vector without including <vector>.
#pragma once
#include <Kokkos_Core.hpp>

inline int kokkos_based_lib_count() { return int(std::vector<int>(3).size()); }
