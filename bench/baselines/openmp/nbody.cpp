// All-pairs n-body, hand-written OpenMP baseline for the host CPU: the softened gravitational
// acceleration of each of N bodies (default N = 2^16) from all N bodies; bodies N x 4 (x, y, z,
// m), accelerations N x 3, both row-major.
//
// Same sizes, inputs, timing, byte and flop counts and check as bench/nbody.cpp. A body is the
// unit of work: a static `parallel for` divides the bodies i among the threads, and each thread
// runs the loop over every body j as a vector loop (`omp simd` with a sum reduction of the three
// components), its terms computed as in the Kokkos version (1.0 / std::sqrt). No tiling: the
// bodies (32 B each, 2 MiB at the default size) stay in each core's L2 or the shared L3, and every
// thread walks them in the same order. The arrays are allocated uninitialised and first touched
// with the same static schedule.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

void nbody_init(double* __restrict__ pos, double* __restrict__ acc, int64_t n) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    pos[4 * i + 0] = nbody_x(i);
    pos[4 * i + 1] = nbody_y(i);
    pos[4 * i + 2] = nbody_z(i);
    pos[4 * i + 3] = nbody_m(i);
    acc[3 * i + 0] = bench_unset;
    acc[3 * i + 1] = bench_unset;
    acc[3 * i + 2] = bench_unset;
  }
}

void nbody_kernel(const double* __restrict__ pos, double* __restrict__ acc, int64_t n) {
  const double eps2 = nbody_softening2;
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    const double xi = pos[4 * i + 0], yi = pos[4 * i + 1], zi = pos[4 * i + 2];
    double ax = 0.0, ay = 0.0, az = 0.0;
#pragma omp simd reduction(+ : ax, ay, az)
    for (int64_t j = 0; j < n; ++j) {
      const double dx = pos[4 * j + 0] - xi;
      const double dy = pos[4 * j + 1] - yi;
      const double dz = pos[4 * j + 2] - zi;
      const double r2 = dx * dx + dy * dy + dz * dz + eps2;
      const double inv_r = 1.0 / std::sqrt(r2);
      const double s = pos[4 * j + 3] * inv_r * inv_r * inv_r;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    acc[3 * i + 0] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
  }
}

bool run_nbody(const bench::Options& opt) {
  const int64_t n = opt.n;
  double* pos = baseline::allocate<double>(4 * n);
  double* acc = baseline::allocate<double>(3 * n);
  nbody_init(pos, acc, n);

  const std::vector<double> seconds = bench::time_reps(opt, [&] { nbody_kernel(pos, acc, n); });

  const bool ok = check_nbody(acc, n);
  bench::print_result("nbody", n, nbody_bytes(n), seconds, ok);
  bench::print_gflops("nbody", nbody_flops(n), seconds);
  std::free(acc);
  std::free(pos);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "bodies");
  if (opt.n > nbody_max_bodies) {
    std::fprintf(stderr, "nbody: --n must be at most 2^18\n");
    return 2;
  }
  const bool ok = run_nbody(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
