// hpar: the OpenMP threads the header runs host work on: how many (the concurrency of
// Kokkos::OpenMP in the builds for a device: impl/host_parallel_space.hpp), whether the caller is
// already in a parallel region, and one region over contiguous blocks of a range, which the
// header-run dispatches (impl/host_threads.hpp) and the large host fills and copies
// (memory.hpp) share. Without an OpenMP compile everything runs on the calling thread.
// Self-contained: the backend's spaces part includes it while include/hpar/spaces.hpp is still
// being read.
#pragma once

#include <cstdint>

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

/// The threads a dispatch made here runs on: header_threads_max(), or 1 inside a region.
inline int header_dispatch_threads() {
  return header_threads_in_parallel() ? 1 : header_threads_max();
}

/// Runs run(thread, threads) on every thread of one parallel region of `want` threads (on the
/// calling thread alone, run(0, 1), for want == 1 or without OpenMP). Returns the threads the
/// region had.
template <class Run>
int header_parallel(int want, const Run& run) {
#if defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
  if (want > 1) {
    int got = 1;
#pragma omp parallel num_threads(want)
    {
      const int running = omp_get_num_threads();
      if (omp_get_thread_num() == 0) got = running;
      run(omp_get_thread_num(), running);
    }
    return got;
  }
#endif
  (void)want;
  run(0, 1);
  return 1;
}

/// The b-th of `blocks` contiguous blocks of [0, n): [first, last).
/// (The first n % blocks blocks have one index more.)
inline void block_of(int64_t n, int blocks, int b, int64_t& first, int64_t& last) {
  const int64_t size = n / blocks, extra = n % blocks;
  first = size * b + (b < extra ? b : extra);
  last = first + size + (b < extra ? 1 : 0);
}

/// body(b, first, last) for each of `blocks` contiguous blocks [first, last) of [0, n), on the
/// threads of one region of `blocks` threads: each block once, whatever number of threads the
/// region got.
template <class Body>
void for_blocks(int64_t n, int blocks, const Body& body) {
  header_parallel(blocks, [&](int thread, int running) {
    for (int b = thread; b < blocks; b += running) {
      int64_t first, last;
      block_of(n, blocks, b, first, last);
      body(b, first, last);
    }
  });
}

}  // namespace impl
}  // namespace hpar
