// Everything of bench/stencil3d.cpp but its timed dispatch, for the spellings of that dispatch in
// bench/spelled/stencil3d_*.cpp (issue 47): the Views and their initialisation, the timing loop,
// the check and the RESULT line, as bench/stencil3d.cpp writes them.
//
// 7-point Jacobi sweep u -> v on an n^3 grid of doubles (default n = 512), n a run-time value:
//   v(i,j,k) = c0 * u(i,j,k) + c1 * (u(i-1,j,k) + u(i+1,j,k) + u(i,j-1,k) + u(i,j+1,k)
//                                    + u(i,j,k-1) + u(i,j,k+1))
// over the interior points 1 <= i,j,k < n-1, c0 = stencil_c0, c1 = stencil_c1; u is read through
// a const RandomAccess View, `in` (bench/spelled/stencil3d_plain.cpp: through `u` itself).
// Timed: the spelling's dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: u read once and v written once per interior point (stencil_bytes in problems.hpp).
// Check: every point of v (the interior against the stencil evaluated on the host, the boundary
// against its initial value), on a host mirror.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "problems.hpp"

/// The Views of stencil3d.
struct StencilGrids {
  Kokkos::View<const double***, Kokkos::MemoryTraits<Kokkos::RandomAccess>> in;  // u, read
  Kokkos::View<double***> v;                                                     // written
  Kokkos::View<double***> u;  // u as allocated, for a spelling that reads it as it is
};

/// A spelling's timed dispatch, one sweep over the interior of the n^3 grid (the caller fences).
using StencilDispatch = void (*)(const StencilGrids& g, int64_t n);

/// The options of stencil3d (--n grid edge length, default 512, at least 3); exits with status 2
/// on a bad one.
inline bench::Options stencil3d_options(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, 512, "grid edge length");
  if (opt.n < 3) {
    std::fprintf(stderr, "stencil3d: --n must be at least 3\n");
    std::exit(2);
  }
  return opt;
}

/// Runs the benchmark with `dispatch` as its timed dispatch and prints its RESULT line under
/// `result_name`; returns whether the check passed.
inline bool stencil3d_run(const bench::Options& opt, const char* result_name,
                          StencilDispatch dispatch) {
  const int64_t n = opt.n;
  using Grid = Kokkos::View<double***>;
  Grid u(Kokkos::view_alloc(Kokkos::WithoutInitializing, "u"), n, n, n);
  Grid v(Kokkos::view_alloc(Kokkos::WithoutInitializing, "v"), n, n, n);

  using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<3>>;
  Kokkos::parallel_for("stencil_init", Policy({0, 0, 0}, {n, n, n}),
                     KOKKOS_LAMBDA(const int64_t i, const int64_t j, const int64_t k) {
    u(i, j, k) = stencil_input(i, j, k);
    v(i, j, k) = stencil_input(i, j, k);
  });
  Kokkos::fence();

  const StencilGrids grids{u, v, u};
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    dispatch(grids, n);
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(h, v);
  const bool ok = check_stencil([&](int64_t i, int64_t j, int64_t k) { return h(i, j, k); }, n);
  bench::print_result(result_name, n, stencil_bytes(n), seconds, ok);
  return ok;
}
