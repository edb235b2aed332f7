// Per-row exclusive prefix sums with Kokkos teams (the natural variant; the hand-shaped one is
// bench/tuned/team_scan.cpp): out(row, col) = in(row, 0) + ... + in(row, col - 1) over a
// rows x cols matrix of int64 (default 16384 x 4096, LayoutRight, 512 MiB per matrix).
// TeamPolicy(rows, AUTO), one team per row, a parallel_scan over TeamThreadRange(team, cols).
//
// Timed: one TeamPolicy parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: in read, out written (team_scan_bytes in problems.hpp).
// Check: every element of out against running sums on the host, exactly.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the team_scan benchmark and prints its RESULT line; returns whether the check passed.
bool run_team_scan(const bench::Options& opt) {
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

  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("team_scan", team_policy(rows, Kokkos::AUTO),
                         KOKKOS_LAMBDA(const member_type& team) {
      const int row = team.league_rank();
      Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, cols),
                            [&](const int col, int64_t& update, const bool final) {
        const int64_t value = in(row, col);
        if (final) out(row, col) = update;
        update += value;
      });
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  const bool ok = check_team_scan(h.data(), rows, cols);
  bench::print_result("team_scan", rows, team_scan_bytes(rows, cols), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 14, "rows",
                                                  int64_t(1) << 12, "columns");
  if (opt.n > 0x7fffffff || opt.m > 0x7fffffff) {
    std::fprintf(stderr, "team_scan: --n and --m must be below 2^31\n");
    return 2;
  }
  const bool ok = run_team_scan(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
