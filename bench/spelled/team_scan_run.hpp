// Everything of bench/team_scan.cpp but its timed dispatch, for the spellings of that dispatch in
// bench/spelled/team_scan_*.cpp (issue 47): the Views and their initialisation, the timing loop,
// the check and the RESULT line, as bench/team_scan.cpp writes them.
//
// out(row, col) = in(row, 0) + ... + in(row, col - 1) over a rows x cols matrix of int64 (default
// 16384 x 4096, LayoutRight), one team per row.
// Timed: the spelling's dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: in read, out written (team_scan_bytes in problems.hpp).
// Check: every element of out against running sums on the host, exactly.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "problems.hpp"

/// The Views of team_scan.
struct TeamScanViews {
  Kokkos::View<int64_t**, Kokkos::LayoutRight> in;
  Kokkos::View<int64_t**, Kokkos::LayoutRight> out;  // written
};

/// A spelling's timed dispatch over the rows x cols matrices (the caller fences).
using TeamScanDispatch = void (*)(const TeamScanViews& v, int rows, int cols);

/// The options of team_scan (--n rows, default 2^14, --m columns, default 2^12, both below 2^31);
/// exits with status 2 on a bad one.
inline bench::Options team_scan_options(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 14, "rows",
                                                  int64_t(1) << 12, "columns");
  if (opt.n > 0x7fffffff || opt.m > 0x7fffffff) {
    std::fprintf(stderr, "team_scan: --n and --m must be below 2^31\n");
    std::exit(2);
  }
  return opt;
}

/// Runs the benchmark with `dispatch` as its timed dispatch and prints its RESULT line under
/// `result_name`; returns whether the check passed.
inline bool team_scan_run(const bench::Options& opt, const char* result_name,
                          TeamScanDispatch dispatch) {
  const int rows = int(opt.n), cols = int(opt.m);
  using Matrix = Kokkos::View<int64_t**, Kokkos::LayoutRight>;
  Matrix in("in", rows, cols);
  Matrix out("out", rows, cols);
  Kokkos::parallel_for("team_scan_init",
                       Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {rows, cols}),
                       KOKKOS_LAMBDA(const int row, const int col) {
    in(row, col) = team_scan_input(row, col);
    out(row, col) = -1;
  });
  Kokkos::fence();

  const TeamScanViews views{in, out};
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    dispatch(views, rows, cols);
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  const bool ok = check_team_scan(h.data(), rows, cols);
  bench::print_result(result_name, rows, team_scan_bytes(rows, cols), seconds, ok);
  return ok;
}
