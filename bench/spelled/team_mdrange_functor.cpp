// bench/team_mdrange.cpp spelled another way (issue 47): the team body is a functor class
// (FillBlock) holding the Views. Otherwise the same program:
// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3) over a league of L teams (default L = 64), each
// team filling its 32 x 32 x 32 x 32 block of A. TeamPolicy(L, AUTO), and
// TeamVectorMDRange(team, 32, 32, 32, 32) with its default Rank. The views are LayoutRight, the
// data layout of the hand-written baseline, so a team's block of A is contiguous.
//
// Timed: one TeamPolicy parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: A written, B and C read once (team_mdrange_bytes in problems.hpp).
// Check: every element of A against B + C on the host, exactly.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3) over team l's block.
struct FillBlock {
  using member_type = Kokkos::TeamPolicy<>::member_type;
  static constexpr int n = team_mdrange_extent;
  Kokkos::View<double*****, Kokkos::LayoutRight> A;
  Kokkos::View<double**, Kokkos::LayoutRight> B;
  Kokkos::View<double***, Kokkos::LayoutRight> C;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int l = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, n, n, n, n),
                         [&](const int i0, const int i1, const int i2, const int i3) {
      A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3);
    });
  }
};

/// Runs the team_mdrange benchmark and prints its RESULT line; returns whether the check passed.
bool run_team_mdrange(const bench::Options& opt) {
  const int league = int(opt.n);
  constexpr int n = team_mdrange_extent;
  Kokkos::View<double*****, Kokkos::LayoutRight> A("A", league, n, n, n, n);
  Kokkos::View<double**, Kokkos::LayoutRight> B("B", league, n);
  Kokkos::View<double***, Kokkos::LayoutRight> C("C", n, n, n);
  using Box3 = Kokkos::MDRangePolicy<Kokkos::Rank<3>>;
  Kokkos::parallel_for("team_mdrange_init_A", Box3({0, 0, 0}, {league, n * n, n * n}),
                       KOKKOS_LAMBDA(const int l, const int i01, const int i23) {
    A(l, i01 / n, i01 % n, i23 / n, i23 % n) = team_mdrange_a_unset;
  });
  Kokkos::parallel_for("team_mdrange_init_B",
                       Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {league, n}),
                       KOKKOS_LAMBDA(const int l, const int i1) {
    B(l, i1) = team_mdrange_b(l, i1);
  });
  Kokkos::parallel_for("team_mdrange_init_C", Box3({0, 0, 0}, {n, n, n}),
                       KOKKOS_LAMBDA(const int i1, const int i2, const int i3) {
    C(i1, i2, i3) = team_mdrange_c(i1, i2, i3);
  });
  Kokkos::fence();

  using team_policy = Kokkos::TeamPolicy<>;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("team_mdrange", team_policy(league, Kokkos::AUTO), FillBlock{A, B, C});
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(A);
  Kokkos::deep_copy(h, A);
  const bool ok = check_team_mdrange(h.data(), league);
  bench::print_result("team_mdrange_functor", league, team_mdrange_bytes(league), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, 64, "teams");
  if (opt.n > team_mdrange_max_league) {
    std::fprintf(stderr, "team_mdrange: --n must be at most %d\n", team_mdrange_max_league);
    return 2;
  }
  const bool ok = run_team_mdrange(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
