// Per-row exclusive prefix sums with hpar teams: out(row, col) = in(row, 0) + ... + in(row, col-1)
// over a rows x cols matrix of int64 (default 16384 x 4096, 512 MiB per matrix), one team per
// row, a TeamThreadRange parallel_scan over the row's columns.
//
// in and out are View<int64_t**, LayoutRight>, so a row is contiguous and the team's threads read
// and write consecutive columns. The team size is fixed (team_scan_team_size in problems.hpp, the
// baseline's block size).
//
// Timed: one TeamPolicy parallel_for dispatch plus hpar::fence(), per repetition.
// Bytes per run: in read, out written (team_scan_bytes in problems.hpp).
// Check: every element of out, on a host mirror, against running sums on the host, exactly.
// The tuned variant: its launch shape is picked by hand (bench/README.md, "Natural and tuned").
#define BENCH_TUNED 1
#include <hpar/hpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the team_scan benchmark and prints its RESULT line; returns whether the check passed.
bool run_team_scan(const bench::Options& opt) {
  const int rows = int(opt.n), cols = int(opt.m);
  const int64_t elements = int64_t(rows) * cols;
  using Matrix = hpar::View<int64_t**, hpar::LayoutRight>;
  Matrix in(hpar::view_alloc(hpar::WithoutInitializing, "in"), rows, cols);
  Matrix out(hpar::view_alloc(hpar::WithoutInitializing, "out"), rows, cols);

  // One index per element in memory order, so the initialisation writes rows contiguously.
  hpar::parallel_for("team_scan_init", elements, HPAR_LAMBDA(const int64_t e) {
    const int64_t row = e / cols, col = e % cols;
    in(row, col) = team_scan_input(row, col);
    out(row, col) = -1;
  });
  hpar::fence();

  // The input is read-only here (twice per element: once for the contribution, once in the final
  // pass): a const RandomAccess view reads it through the read-only data cache.
  const hpar::View<const int64_t**, hpar::LayoutRight, hpar::MemoryTraits<hpar::RandomAccess>> in_ro = in;
  using Policy = hpar::TeamPolicy<>;
  const int team_size = bench::fitting_team_size<Policy>(team_scan_team_size, 1, hpar::ParallelForTag());
  using Member = Policy::member_type;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    hpar::Timer timer;
    hpar::parallel_for("team_scan", Policy(rows, team_size),
                       HPAR_LAMBDA(const Member& team) {
      const int row = team.league_rank();
      hpar::parallel_scan(hpar::TeamThreadRange(team, cols),
                          [&](const int col, int64_t& update, const bool final) {
        const int64_t value = in_ro(row, col);
        if (final) out(row, col) = update;
        update += value;
      });
    });
    hpar::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = hpar::create_mirror_view(out);
  hpar::deep_copy(h, out);
  const bool ok = check_team_scan(h.data(), rows, cols);
  bench::print_result("team_scan", rows, team_scan_bytes(rows, cols), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
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
