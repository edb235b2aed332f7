// hpar: how many threads a host-parallel space that the header runs on several threads has
// (Kokkos::OpenMP in the builds for a device: impl/host_parallel_space.hpp,
// impl/host_threads.hpp). Self-contained: the backend's spaces part includes it while
// include/hpar/spaces.hpp is still being read.
#pragma once

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace hpar {
namespace impl {

/// The threads a header-run dispatch of a host-parallel space runs on (its concurrency()): the
/// OpenMP runtime's, 1 without an OpenMP compile.
inline int header_threads_max() {
#if defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
  const int n = omp_get_max_threads();
  return n > 0 ? n : 1;
#else
  return 1;
#endif
}

/// Whether the caller already runs in a parallel region (a dispatch from it runs there).
inline bool header_threads_in_parallel() {
#if defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
  return omp_in_parallel() != 0;
#else
  return false;
#endif
}

/// The largest team of such a space (TeamPolicy::team_size_max), as Kokkos' OpenMP backend's:
/// the threads of its pool, at most 64 (HostThreadTeamData::max_team_members).
inline int header_team_size_max() {
  const int threads = header_threads_max();
  return threads < 64 ? threads : 64;
}

}  // namespace impl
}  // namespace hpar
