// hpar: the parallel loops that hpar's own library code runs where a space's memory lives (the
// containers' and algorithms' fills, merges of duplicates, rehashes; docs/design.md section 13).
// They are not the user's dispatches: hpar-translate never sees them, so each backend provides
// them ready-made.
//
//   library_for<ExecSpace>(label, n, f)   calls f(i) for every i in [0, n), in any order and
//                                         concurrently; returns when all calls are done.
// f is an HPAR_HD functor of hpar's headers whose bytes may be copied to the device (it holds
// Views and values). Over a host execution space, and in the serial build, this is a plain loop
// on the calling thread. Over a backend's device space it is the backend's library_for part
// (HPAR_IMPL_BACKEND_LIBRARY_FOR, named by the backend's config.hpp): a grid-stride CUDA kernel,
// an OpenMP `target teams distribute parallel for`. A failure there names the label.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../memory.hpp"
#include "../spaces.hpp"

#if defined(HPAR_IMPL_DEVICE) && defined(HPAR_IMPL_BACKEND_LIBRARY_FOR)
#include HPAR_IMPL_BACKEND_LIBRARY_FOR
#endif

namespace hpar {
namespace impl {

/// Whether ExecSpace runs on the host (it is not one of the build's translated spaces).
template <class ExecSpace>
constexpr bool is_host_execution_space() {
  return !ExecSpace::impl_on_device;
}

/// Whether ExecSpace's dispatches run on the calling thread alone: a host space the header runs
/// serially (Serial), not one it runs on several threads (impl_header_threads: Kokkos::OpenMP in
/// the builds for a device) nor a translated one. Tokens and random states need no lock there.
template <class ExecSpace>
constexpr bool runs_on_calling_thread() {
  return !ExecSpace::impl_on_device && !ExecSpace::impl_header_threads;
}

template <class ExecSpace, class F>
void library_for(const char* label, size_t n, const F& f) {
#if defined(HPAR_IMPL_DEVICE)
  if constexpr (!is_host_execution_space<ExecSpace>()) {
    backend_library_for(label, n, f);
    return;
  }
#endif
  (void)label;
  for (size_t i = 0; i < n; ++i) f(i);
}

}  // namespace impl
}  // namespace hpar
