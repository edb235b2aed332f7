// Everything of bench/dot.cpp but its timed dispatch, for the spellings of that dispatch in
// bench/spelled/dot_*.cpp (issue 47): the Views and their initialisation, the timing loop, the
// check and the RESULT line, as bench/dot.cpp writes them.
//
// The sum over i of x(i) * y(i), N doubles per vector (default N = 2^28).
// Timed: the spelling's dispatch, a parallel_reduce into a host double, plus Kokkos::fence(), per
// repetition.
// Bytes per run: x and y read (dot_bytes in problems.hpp).
// Check: the sum of every repetition against a host sum, relative tolerance 1e-12.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

#include "problems.hpp"

/// The Views of dot.
struct DotViews {
  Kokkos::View<double*> x;
  Kokkos::View<double*> y;
};

/// A spelling's timed dispatch over the n elements: returns the sum, reduced into a host double.
using DotDispatch = double (*)(const DotViews& v, int64_t n);

/// The options of dot (--n doubles per vector, default 2^28).
inline bench::Options dot_options(int argc, char* argv[]) {
  return bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per vector");
}

/// Runs the benchmark with `dispatch` as its timed dispatch and prints its RESULT line under
/// `result_name`; returns whether the check passed.
inline bool dot_run(const bench::Options& opt, const char* result_name, DotDispatch dispatch) {
  const int64_t n = opt.n;
  Kokkos::View<double*> x(Kokkos::view_alloc(Kokkos::WithoutInitializing, "x"), n);
  Kokkos::View<double*> y(Kokkos::view_alloc(Kokkos::WithoutInitializing, "y"), n);

  Kokkos::parallel_for("dot_init", n, KOKKOS_LAMBDA(const int64_t i) {
    x(i) = dot_x(i);
    y(i) = dot_y(i);
  });
  Kokkos::fence();

  const DotViews views{x, y};
  std::vector<double> seconds, sums;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    const double sum = dispatch(views, n);
    Kokkos::fence();
    const double t = timer.seconds();
    sums.push_back(sum);
    if (r >= opt.warmup) seconds.push_back(t);
  }

  const bool ok = check_dot(sums, n);
  bench::print_result(result_name, n, dot_bytes(n), seconds, ok);
  return ok;
}
