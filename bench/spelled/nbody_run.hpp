// Everything of bench/nbody.cpp but its timed dispatch, for the spellings of that dispatch in
// bench/spelled/nbody_*.cpp (issue 47): the Views and their initialisation, the timing loop, the
// check and the RESULT and FLOPS lines, as bench/nbody.cpp writes them.
//
// All-pairs softened gravitational accelerations of N bodies (default N = 2^16): the bodies a
// View<double*[4], LayoutRight> (x, y, z, mass), the accelerations a View<double*[3], LayoutRight>.
// Timed: the spelling's dispatch plus Kokkos::fence(), per repetition.
// Bytes per run and flops: nbody_bytes and nbody_flops in problems.hpp.
// Check: check_nbody (problems.hpp), a sample of bodies against a host sum within a tolerance.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "problems.hpp"

/// The bodies (x, y, z, mass in a row) and their accelerations.
using NBodyPositions = Kokkos::View<double*[4], Kokkos::LayoutRight>;
using NBodyAccelerations = Kokkos::View<double*[3], Kokkos::LayoutRight>;

/// A spelling's timed dispatch over the n bodies (the caller fences).
using NBodyDispatch = void (*)(const NBodyPositions& pos, const NBodyAccelerations& acc, int n);

/// The options of nbody (--n bodies, default 2^16, at most nbody_max_bodies); exits on a larger n.
inline bench::Options nbody_options(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "bodies");
  if (opt.n > nbody_max_bodies) {
    std::fprintf(stderr, "nbody: --n must be at most 2^18\n");
    std::exit(2);
  }
  return opt;
}

/// Runs the benchmark with `dispatch` as its timed dispatch and prints its RESULT and FLOPS lines
/// under `result_name`; returns whether the check passed.
inline bool nbody_run(const bench::Options& opt, const char* result_name, NBodyDispatch dispatch) {
  const int n = int(opt.n);
  NBodyPositions pos("pos", n);
  NBodyAccelerations acc("acc", n);
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
    dispatch(pos, acc, n);
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(acc);
  Kokkos::deep_copy(h, acc);
  const bool ok = check_nbody(h.data(), n);
  bench::print_result(result_name, n, nbody_bytes(n), seconds, ok);
  bench::print_gflops(result_name, nbody_flops(n), seconds);
  return ok;
}
