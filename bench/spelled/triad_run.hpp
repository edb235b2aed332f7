// Everything of bench/triad.cpp but its timed dispatch, for the spellings of that dispatch in
// bench/spelled/triad_*.cpp (issue 47): the Views and their initialisation, the timing loop, the
// check and the RESULT line, as bench/triad.cpp writes them.
//
// a(i) = b(i) + s * c(i) over N doubles (default N = 2^28), s = triad_s.
// Timed: the spelling's dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: read b and c, write a (triad_bytes in problems.hpp).
// Check: every element of a, on a host mirror, against the same formula evaluated on the host.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

#include "problems.hpp"

/// The Views of triad.
struct TriadViews {
  Kokkos::View<double*> a;  // written
  Kokkos::View<double*> b;
  Kokkos::View<double*> c;
};

/// A spelling's timed dispatch over the n elements (the caller fences).
using TriadDispatch = void (*)(const TriadViews& v, int64_t n);

/// The options of triad (--n doubles per array, default 2^28).
inline bench::Options triad_options(int argc, char* argv[]) {
  return bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per array");
}

/// Runs the benchmark with `dispatch` as its timed dispatch and prints its RESULT line under
/// `result_name`; returns whether the check passed.
inline bool triad_run(const bench::Options& opt, const char* result_name, TriadDispatch dispatch) {
  const int64_t n = opt.n;
  Kokkos::View<double*> a(Kokkos::view_alloc(Kokkos::WithoutInitializing, "a"), n);
  Kokkos::View<double*> b(Kokkos::view_alloc(Kokkos::WithoutInitializing, "b"), n);
  Kokkos::View<double*> c(Kokkos::view_alloc(Kokkos::WithoutInitializing, "c"), n);

  Kokkos::parallel_for("triad_init", n, KOKKOS_LAMBDA(const int64_t i) {
    a(i) = -1.0;
    b(i) = triad_b(i);
    c(i) = triad_c(i);
  });
  Kokkos::fence();

  const TriadViews views{a, b, c};
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    dispatch(views, n);
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(a);
  Kokkos::deep_copy(h, a);
  const bool ok = check_triad(h.data(), n);
  bench::print_result(result_name, n, triad_bytes(n), seconds, ok);
  return ok;
}
