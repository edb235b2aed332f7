// hpar: the same API spelled Kokkos::, with the KOKKOS_* macros, so that Kokkos programs build
// and translate unchanged.
//
// Kokkos is a namespace of its own that names every hpar entity through a using-directive, so
// `Kokkos::View` is `hpar::View`, and users can reopen it as Kokkos documents: to specialise
// `reduction_identity` (declared in namespace Kokkos itself, see reducers.hpp) or to add their
// own names.
#pragma once

#include "hpar.hpp"

namespace Kokkos {
using namespace ::hpar;
}  // namespace Kokkos

#define KOKKOS_LAMBDA HPAR_LAMBDA
#define KOKKOS_CLASS_LAMBDA HPAR_CLASS_LAMBDA
#define KOKKOS_INLINE_FUNCTION HPAR_INLINE_FUNCTION
#define KOKKOS_FORCEINLINE_FUNCTION HPAR_FORCEINLINE_FUNCTION
#define KOKKOS_FUNCTION HPAR_FUNCTION
#define KOKKOS_DEFAULTED_FUNCTION HPAR_INLINE_FUNCTION
#define KOKKOS_INVALID_INDEX (~size_t(0))

// Enabled as in Kokkos (unless NDEBUG, or with KOKKOS_ENABLE_DEBUG), and by
// HPAR_ENABLE_DEBUG_BOUNDS_CHECK: see HPAR_ASSERT in utility.hpp.
#define KOKKOS_ASSERT(...) HPAR_ASSERT(__VA_ARGS__)
#define KOKKOS_EXPECTS(...) HPAR_ASSERT(__VA_ARGS__)
#define KOKKOS_ENSURES(...) HPAR_ASSERT(__VA_ARGS__)
