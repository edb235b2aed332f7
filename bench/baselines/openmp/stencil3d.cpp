// 7-point Jacobi stencil, hand-written OpenMP baseline for the host CPU, on an n^3 grid of
// doubles (default 512):
//   v = c0 * u + c1 * (sum of the six neighbours of u), at the interior points.
//
// Same sizes, inputs, timing, byte count and check as bench/stencil3d.cpp. The layout is the CUDA
// baseline's: u(i,j,k) lives at i + n*(j + n*k), i is stride-1. The two outer loops (k, j) over
// the interior are collapsed into one static `parallel for`, so each thread takes a contiguous
// run of rows; the innermost loop walks a row along the stride-1 index i as `omp simd`. Row
// (k, j) reads its neighbour rows (k, j±1) one row after the thread first loaded them (from L1
// or L2) and (k±1, j) one plane (8 n^2 bytes, 2 MiB at n = 512) after (mostly from the last-level
// cache), so u streams from memory about once, as stencil_bytes assumes. The grids are allocated
// uninitialised and first touched by a loop with the same collapsed static schedule (each thread
// also initialises the boundary rows next to its interior rows), so each thread's rows lie in
// memory near it.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The same collapsed loop over the interior rows as stencil_kernel, so the static schedule gives
// every thread the same rows. The boundary rows belong to no interior iteration: the iteration
// next to them (j == 1 or n - 2, k == 1 or n - 2) initialises them too, since its thread is the
// one that reads them as neighbours.
void stencil_init(double* __restrict__ u, double* __restrict__ v, int64_t n) {
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t k = 1; k < n - 1; ++k)
    for (int64_t j = 1; j < n - 1; ++j) {
      const int64_t k_lo = k == 1 ? 0 : k, k_hi = k == n - 2 ? n - 1 : k;
      const int64_t j_lo = j == 1 ? 0 : j, j_hi = j == n - 2 ? n - 1 : j;
      for (int64_t kk = k_lo; kk <= k_hi; ++kk)
        for (int64_t jj = j_lo; jj <= j_hi; ++jj) {
          const int64_t row = n * (jj + n * kk);
          for (int64_t i = 0; i < n; ++i) {
            u[row + i] = stencil_input(i, jj, kk);
            v[row + i] = stencil_input(i, jj, kk);
          }
        }
    }
}

void stencil_kernel(const double* __restrict__ u, double* __restrict__ v, int64_t n, double c0,
                    double c1) {
  const int64_t sj = n, sk = n * n;
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t k = 1; k < n - 1; ++k)
    for (int64_t j = 1; j < n - 1; ++j) {
      const int64_t row = sj * j + sk * k;
#pragma omp simd
      for (int64_t i = 1; i < n - 1; ++i) {
        const int64_t p = row + i;
        v[p] = c0 * u[p] +
               c1 * (u[p - 1] + u[p + 1] + u[p - sj] + u[p + sj] + u[p - sk] + u[p + sk]);
      }
    }
}

bool run_stencil(const bench::Options& opt) {
  const int64_t n = opt.n;
  const int64_t points = n * n * n;
  double* u = baseline::allocate<double>(points);
  double* v = baseline::allocate<double>(points);
  stencil_init(u, v, n);

  const std::vector<double> seconds = bench::time_reps(opt, [&] { stencil_kernel(u, v, n, stencil_c0, stencil_c1); });

  const bool ok =
      check_stencil([&](int64_t i, int64_t j, int64_t k) { return v[i + n * (j + n * k)]; }, n);
  bench::print_result("stencil3d", n, stencil_bytes(n), seconds, ok);
  std::free(v);
  std::free(u);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, 512, "grid edge length");
  // The CUDA baseline's upper bound (65535) is its grid's; here the grid only has to fit memory.
  if (opt.n < 3) {
    std::fprintf(stderr, "stencil3d: --n must be at least 3\n");
    return 2;
  }
  const bool ok = run_stencil(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
