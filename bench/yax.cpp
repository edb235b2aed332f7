// y^T A x with Kokkos teams, written as the Kokkos tutorial writes it (the natural variant; the
// hand-shaped one is bench/tuned/yax.cpp): TeamPolicy(n, AUTO), one team per row of A, a nested
// parallel_reduce over TeamThreadRange(team, n) of A(row, col) * x(col), then single(PerTeam)
// adds y(row) times the row's sum into the top-level parallel_reduce. Default n = 2^14, A n x n
// doubles, LayoutRight (2 GiB). The team size is left to the implementation (AUTO).
//
// Timed: one TeamPolicy parallel_reduce into a host double plus Kokkos::fence(), per repetition.
// Bytes per run: A, x and y read (yax_bytes in problems.hpp).
// Check: every repetition's sum against the host sum within 1e-12 (relative).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the yax benchmark and prints its RESULT line; returns whether the check passed.
bool run_yax(const bench::Options& opt) {
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

  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  std::vector<double> seconds, sums;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    double result = 0.0;
    Kokkos::Timer timer;
    Kokkos::parallel_reduce("yax", team_policy(n, Kokkos::AUTO),
                            KOKKOS_LAMBDA(const member_type& team, double& update) {
      const int row = team.league_rank();
      double temp = 0.0;
      Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](const int col, double& inner) {
        inner += A(row, col) * x(col);
      }, temp);
      Kokkos::single(Kokkos::PerTeam(team), [&]() { update += y(row) * temp; });
    }, result);
    Kokkos::fence();
    const double t = timer.seconds();
    sums.push_back(result);
    if (r >= opt.warmup) seconds.push_back(t);
  }
  const bool ok = check_yax(sums, n);
  bench::print_result("yax", n, yax_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
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
