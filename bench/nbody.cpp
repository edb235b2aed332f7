// All-pairs n-body as a Kokkos program, written the way a Kokkos user writes it first: the
// softened gravitational acceleration of each of N bodies (default N = 2^16) from all N bodies,
// a(i) = sum over j of m(j) (r(j) - r(i)) / (|r(j) - r(i)|^2 + eps^2)^(3/2). A RangePolicy
// parallel_for over the bodies i, each running a serial loop over every body j and accumulating
// its acceleration in three local doubles. The bodies are a View<double*[4], LayoutRight> (x, y, z
// and mass of a body in a row, the hand-written baseline's layout), the accelerations a
// View<double*[3], LayoutRight>. The team version, with tiles of bodies in scratch, is
// bench/nbody_team.cpp.
//
// Timed: one parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: the bodies read, the accelerations written (nbody_bytes in problems.hpp); the
// FLOPS line counts 20 flops per pair, N^2 pairs (nbody_flops).
// Check: every acceleration finite, and those of a sample of bodies against a host sum within a
// tolerance (check_nbody: square roots round, so no exact comparison).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the nbody benchmark and prints its RESULT and FLOPS lines; returns whether the check
/// passed.
bool run_nbody(const bench::Options& opt) {
  const int n = int(opt.n);
  const double eps2 = nbody_softening2;
  Kokkos::View<double*[4], Kokkos::LayoutRight> pos("pos", n);
  Kokkos::View<double*[3], Kokkos::LayoutRight> acc("acc", n);
  Kokkos::parallel_for("nbody_init", n, KOKKOS_LAMBDA(const int i) {
    pos(i, 0) = nbody_x(i);
    pos(i, 1) = nbody_y(i);
    pos(i, 2) = nbody_z(i);
    pos(i, 3) = nbody_m(i);
    acc(i, 0) = bench_unset;
    acc(i, 1) = bench_unset;
    acc(i, 2) = bench_unset;
  });
  Kokkos::fence();

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("nbody", n, KOKKOS_LAMBDA(const int i) {
      const double xi = pos(i, 0), yi = pos(i, 1), zi = pos(i, 2);
      double ax = 0.0, ay = 0.0, az = 0.0;
      for (int j = 0; j < n; ++j) {
        const double dx = pos(j, 0) - xi;
        const double dy = pos(j, 1) - yi;
        const double dz = pos(j, 2) - zi;
        const double r2 = dx * dx + dy * dy + dz * dz + eps2;
        const double inv_r = 1.0 / Kokkos::sqrt(r2);
        const double s = pos(j, 3) * inv_r * inv_r * inv_r;
        ax += dx * s;
        ay += dy * s;
        az += dz * s;
      }
      acc(i, 0) = ax;
      acc(i, 1) = ay;
      acc(i, 2) = az;
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(acc);
  Kokkos::deep_copy(h, acc);
  const bool ok = check_nbody(h.data(), n);
  bench::print_result("nbody", n, nbody_bytes(n), seconds, ok);
  bench::print_gflops("nbody", nbody_flops(n), seconds);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "bodies");
  if (opt.n > nbody_max_bodies) {
    std::fprintf(stderr, "nbody: --n must be at most 2^18\n");
    return 2;
  }
  const bool ok = run_nbody(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
