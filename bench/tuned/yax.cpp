// y^T A x with hpar teams: sum over rows of y(row) * (sum over cols of A(row, col) * x(col)), A an
// n x n matrix of doubles (default n = 2^14, 2 GiB), one team per row.
//
// A is a View<double**, LayoutRight> so that a row is contiguous and the team's threads, which
// TeamThreadRange gives consecutive columns, read it coalesced (hpar's default device layout,
// LayoutLeft, would make them stride by n). The team size is fixed (yax_team_size in
// problems.hpp, the baseline's block size) rather than AUTO, so both versions reduce a row with
// the same number of threads.
//
// Timed: one TeamPolicy parallel_reduce dispatch into a host scalar plus hpar::fence(), per
// repetition (the scalar result already implies waiting for the device and copying the sum back).
// Bytes per run: A, x and y read (yax_bytes in problems.hpp).
// Check: the sum of every repetition against a host sum, relative tolerance 1e-12 (the inputs make
// every partial sum exact, so any correct order gives the host sum).
// The tuned variant: its launch shape is picked by hand (bench/README.md, "Natural and tuned").
#define BENCH_TUNED 1
#include <hpar/hpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the yax benchmark and prints its RESULT line; returns whether the check passed.
bool run_yax(const bench::Options& opt) {
  const int n = int(opt.n);
  const int64_t elements = int64_t(n) * n;
  hpar::View<double**, hpar::LayoutRight> A(hpar::view_alloc(hpar::WithoutInitializing, "A"), n,
                                            n);
  hpar::View<double*> x(hpar::view_alloc(hpar::WithoutInitializing, "x"), n);
  hpar::View<double*> y(hpar::view_alloc(hpar::WithoutInitializing, "y"), n);

  // One index per element of A in memory order, so the initialisation writes rows contiguously.
  hpar::parallel_for("yax_init_A", elements, HPAR_LAMBDA(const int64_t e) {
    const int64_t row = e / n, col = e % n;
    A(row, col) = yax_a(row, col);
  });
  hpar::parallel_for("yax_init_xy", n, HPAR_LAMBDA(const int64_t i) {
    x(i) = yax_x(i);
    y(i) = yax_y(i);
  });
  hpar::fence();

  // Read-only in the product: const RandomAccess views load through the read-only data cache, as
  // the baseline's const __restrict__ pointers do.
  using ReadOnly = hpar::MemoryTraits<hpar::RandomAccess>;
  const hpar::View<const double**, hpar::LayoutRight, ReadOnly> A_in = A;
  const hpar::View<const double*, ReadOnly> x_in = x, y_in = y;
  using Policy = hpar::TeamPolicy<>;
  const int team_size = bench::fitting_team_size<Policy>(yax_team_size, 1, hpar::ParallelForTag());
  using Member = Policy::member_type;
  std::vector<double> seconds, sums;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    double sum = 0.0;
    hpar::Timer timer;
    hpar::parallel_reduce("yax", Policy(n, team_size), HPAR_LAMBDA(const Member& team,
                                                                        double& update) {
      const int row = team.league_rank();
      double row_dot = 0.0;
      hpar::parallel_reduce(hpar::TeamThreadRange(team, n), [&](const int col, double& partial) {
        partial += A_in(row, col) * x_in(col);
      }, row_dot);
      hpar::single(hpar::PerTeam(team), [&]() { update += y_in(row) * row_dot; });
    }, sum);
    hpar::fence();
    const double t = timer.seconds();
    sums.push_back(sum);
    if (r >= opt.warmup) seconds.push_back(t);
  }

  const bool ok = check_yax(sums, n);
  bench::print_result("yax", n, yax_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 14, "rows and columns of A");
  if (opt.n > (int64_t(1) << 16)) {
    std::fprintf(stderr, "yax: --n must be at most 2^16\n");
    return 2;
  }
  const bool ok = run_yax(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
