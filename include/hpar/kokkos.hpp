// hpar: the same API spelled Kokkos::, with the KOKKOS_* macros, so that Kokkos programs build
// and translate unchanged.
//
// Kokkos is an alias of hpar, so a Kokkos template is specialised with its qualified name at
// namespace scope: `template <> struct Kokkos::reduction_identity<MyType> { ... };`.
#pragma once

#include "hpar.hpp"

namespace Kokkos = hpar;

#define KOKKOS_LAMBDA HPAR_LAMBDA
#define KOKKOS_CLASS_LAMBDA HPAR_CLASS_LAMBDA
#define KOKKOS_INLINE_FUNCTION HPAR_INLINE_FUNCTION
#define KOKKOS_FORCEINLINE_FUNCTION HPAR_FORCEINLINE_FUNCTION
#define KOKKOS_FUNCTION HPAR_FUNCTION
#define KOKKOS_DEFAULTED_FUNCTION HPAR_INLINE_FUNCTION
#define KOKKOS_INVALID_INDEX (~size_t(0))

#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
#define KOKKOS_ASSERT(cond) \
  ((cond) ? (void)0 : ::hpar::abort("assertion failed: " #cond))
#else
#define KOKKOS_ASSERT(cond) ((void)0)
#endif
