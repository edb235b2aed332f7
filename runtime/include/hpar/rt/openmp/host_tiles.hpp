// hpar runtime, OpenMP backend, a build for the host: the rows of an MDRange parallel_for of rank
// 3 or more in Kokkos' host tiles.
//
// Kokkos' host backends cut an MDRangePolicy without tile sizes into tiles of 2 along every index
// but the fastest, which a tile spans whole, and hand each thread a contiguous block of tiles.
// A tile's rows are neighbours along the two slowest indices, so a 7-point stencil reads each
// plane's rows while its neighbours' are still in cache: walking whole planes, as a plain
// collapsed loop over the rows does, reads the planes on either side from memory again (512^3:
// 3 reads of every input against 2). host_tiled_rows walks the same tiles, a policy's own tile
// sizes where it gives them; the emitter calls it for MDRange parallel_for of rank 3 or more
// (emit/openmp/OpenMPEmitter.cpp, mdRangeForBody), row(idx) running one row's innermost loop.
#pragma once

#include <omp.h>

#include <cstdint>

namespace hpar {
namespace rt {
namespace omp {

/// In a parallel region, on every thread: row(idx) for the rows of this thread's block of tiles.
/// dims: the N row indices of the policy, slowest first; idx[n] is index dims[n]'s value.
template <int N, class Policy, class Row>
void host_tiled_rows(const Policy& policy, const int (&dims)[N], const Row& row) {
  int64_t lo[N], hi[N], tile[N], tiles[N];
  int64_t total = 1;
  for (int n = 0; n < N; ++n) {
    lo[n] = policy.lower(dims[n]);
    hi[n] = policy.upper(dims[n]);
    if (hi[n] <= lo[n]) return;
    tile[n] = policy.tile(dims[n]) > 0 ? int64_t(policy.tile(dims[n])) : 2;
    tiles[n] = (hi[n] - lo[n] + tile[n] - 1) / tile[n];
    total *= tiles[n];
  }
  // This thread's contiguous block of tiles (the first total % threads get one more).
  const int64_t threads = omp_get_num_threads(), thread = omp_get_thread_num();
  const int64_t size = total / threads, extra = total % threads;
  const int64_t first = size * thread + (thread < extra ? thread : extra);
  const int64_t last = first + size + (thread < extra ? 1 : 0);
  for (int64_t t = first; t < last; ++t) {
    int64_t begin[N], end[N], idx[N];
    int64_t rest = t;
    for (int n = N - 1; n >= 0; --n) {  // the tile's coordinates, the last row index fastest
      begin[n] = lo[n] + (rest % tiles[n]) * tile[n];
      end[n] = begin[n] + tile[n] < hi[n] ? begin[n] + tile[n] : hi[n];
      idx[n] = begin[n];
      rest /= tiles[n];
    }
    while (true) {
      row(static_cast<const int64_t*>(idx));
      int n = N - 1;
      for (; n >= 0; --n) {
        if (++idx[n] < end[n]) break;
        idx[n] = begin[n];
      }
      if (n < 0) break;
    }
  }
}

}  // namespace omp
}  // namespace rt
}  // namespace hpar
