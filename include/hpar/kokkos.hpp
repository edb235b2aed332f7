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

// ---- configuration, as Kokkos' generated KokkosCore_config.h spells it ---------------------------
// hpar implements the Kokkos 4.6 API surface that docs/user-guide.md lists.
#define KOKKOS_VERSION_MAJOR 4
#define KOKKOS_VERSION_MINOR 6
#define KOKKOS_VERSION_PATCH 0
#define KOKKOS_VERSION (KOKKOS_VERSION_MAJOR * 10000 + KOKKOS_VERSION_MINOR * 100 + KOKKOS_VERSION_PATCH)
#define KOKKOS_IMPL_VERSION_OF(major, minor, patch) ((major) * 10000 + (minor) * 100 + (patch))
#define KOKKOS_VERSION_LESS(major, minor, patch) (KOKKOS_VERSION < KOKKOS_IMPL_VERSION_OF(major, minor, patch))
#define KOKKOS_VERSION_LESS_EQUAL(major, minor, patch) (KOKKOS_VERSION <= KOKKOS_IMPL_VERSION_OF(major, minor, patch))
#define KOKKOS_VERSION_GREATER(major, minor, patch) (KOKKOS_VERSION > KOKKOS_IMPL_VERSION_OF(major, minor, patch))
#define KOKKOS_VERSION_GREATER_EQUAL(major, minor, patch) (KOKKOS_VERSION >= KOKKOS_IMPL_VERSION_OF(major, minor, patch))
#define KOKKOS_VERSION_EQUAL(major, minor, patch) (KOKKOS_VERSION == KOKKOS_IMPL_VERSION_OF(major, minor, patch))

// The backends of this build (spaces.hpp lists their spaces). The same in the translator's parse
// and in the build of its output, so a program's #ifdef KOKKOS_ENABLE_CUDA takes one branch. A
// backend's configuration (hpar/rt/NAME/config.hpp) defines its own KOKKOS_ENABLE_* and
// KOKKOS_HAS_* macros; the serial build has these.
#define KOKKOS_ENABLE_SERIAL 1
#if !defined(HPAR_IMPL_TARGET)
#define KOKKOS_HAS_SHARED_SPACE 1
#define KOKKOS_HAS_SHARED_HOST_PINNED_SPACE 1
#endif

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
