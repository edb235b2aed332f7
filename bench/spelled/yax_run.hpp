// Everything of bench/yax.cpp but its timed dispatch, for the spellings of that dispatch in
// bench/spelled/yax_*.cpp (issue 47): the Views and their initialisation, the timing loop, the
// check and the RESULT line, as bench/yax.cpp writes them.
//
// y^T A x (default n = 2^14, A n x n doubles, LayoutRight), one team per row of A.
// Timed: the spelling's dispatch, a TeamPolicy parallel_reduce into a host double, plus
// Kokkos::fence(), per repetition.
// Bytes per run: A, x and y read (yax_bytes in problems.hpp).
// Check: every repetition's sum against the host sum within 1e-12 (relative).
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "problems.hpp"

/// The Views of yax.
struct YaxViews {
  Kokkos::View<double**, Kokkos::LayoutRight> A;
  Kokkos::View<double*> x;
  Kokkos::View<double*> y;
};

/// A spelling's timed dispatch for n x n A: returns y^T A x, reduced into a host double.
using YaxDispatch = double (*)(const YaxViews& v, int n);

/// The options of yax (--n rows and columns of A, default 2^14, at most 2^16); exits with status 2
/// on a bad one.
inline bench::Options yax_options(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 14, "rows and columns of A");
  if (opt.n > (int64_t(1) << 16)) {
    std::fprintf(stderr, "yax: --n must be at most 2^16\n");
    std::exit(2);
  }
  return opt;
}

/// Runs the benchmark with `dispatch` as its timed dispatch and prints its RESULT line under
/// `result_name`; returns whether the check passed.
inline bool yax_run(const bench::Options& opt, const char* result_name, YaxDispatch dispatch) {
  const int n = int(opt.n);
  Kokkos::View<double**, Kokkos::LayoutRight> A("A", n, n);
  Kokkos::View<double*> x("x", n);
  Kokkos::View<double*> y("y", n);
  Kokkos::parallel_for("yax_init_A", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {n, n}),
                       KOKKOS_LAMBDA(const int row, const int col) {
    A(row, col) = yax_a(row, col);
  });
  Kokkos::parallel_for("yax_init_xy", n, KOKKOS_LAMBDA(const int i) {
    x(i) = yax_x(i);
    y(i) = yax_y(i);
  });
  Kokkos::fence();

  const YaxViews views{A, x, y};
  std::vector<double> seconds, sums;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    const double result = dispatch(views, n);
    Kokkos::fence();
    const double t = timer.seconds();
    sums.push_back(result);
    if (r >= opt.warmup) seconds.push_back(t);
  }
  const bool ok = check_yax(sums, n);
  bench::print_result(result_name, n, yax_bytes(n), seconds, ok);
  return ok;
}
