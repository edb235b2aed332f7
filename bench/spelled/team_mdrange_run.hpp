// Everything of bench/team_mdrange.cpp but its timed dispatch, for the spellings of that dispatch
// in bench/spelled/team_mdrange_*.cpp (issue 47): the Views and their initialisation, the timing
// loop, the check and the RESULT line, as bench/team_mdrange.cpp writes them.
//
// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3) over a league of L teams (default L = 64), each
// team filling its 32 x 32 x 32 x 32 block of A; the views are LayoutRight.
// Timed: the spelling's dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: A written, B and C read once (team_mdrange_bytes in problems.hpp).
// Check: every element of A against B + C on the host, exactly.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "problems.hpp"

/// The Views of team_mdrange.
struct TeamMdrangeViews {
  Kokkos::View<double*****, Kokkos::LayoutRight> A;  // L x 32^4, written
  Kokkos::View<double**, Kokkos::LayoutRight> B;     // L x 32, read
  Kokkos::View<double***, Kokkos::LayoutRight> C;    // 32^3, read
};

/// A spelling's timed dispatch over `league` teams (the caller fences).
using TeamMdrangeDispatch = void (*)(const TeamMdrangeViews& v, int league);
/// The same for a spelling that takes the extent as a run-time argument (--m, which must be 32).
using TeamMdrangeExtentDispatch = void (*)(const TeamMdrangeViews& v, int league, int extent);

/// The options of team_mdrange (--n teams, default 64, at most team_mdrange_max_league), and --m
/// when `m_meaning` is given (default team_mdrange_extent); exits with status 2 on a bad one.
inline bench::Options team_mdrange_options(int argc, char* argv[],
                                           const char* m_meaning = nullptr) {
  const bench::Options opt =
      bench::parse_options(argc, argv, 64, "teams", team_mdrange_extent, m_meaning);
  if (opt.n > team_mdrange_max_league) {
    std::fprintf(stderr, "team_mdrange: --n must be at most %d\n", team_mdrange_max_league);
    std::exit(2);
  }
  if (m_meaning && opt.m != team_mdrange_extent) {
    std::fprintf(stderr, "team_mdrange: the check needs --m %d\n", team_mdrange_extent);
    std::exit(2);
  }
  return opt;
}

/// Runs the benchmark with `dispatch` (or `extent_dispatch`, given --m) as its timed dispatch and
/// prints its RESULT line under `result_name`; returns whether the check passed.
inline bool team_mdrange_run_either(const bench::Options& opt, const char* result_name,
                                    TeamMdrangeDispatch dispatch,
                                    TeamMdrangeExtentDispatch extent_dispatch) {
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

  const TeamMdrangeViews views{A, B, C};
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    if (dispatch)
      dispatch(views, league);
    else
      extent_dispatch(views, league, int(opt.m));
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(A);
  Kokkos::deep_copy(h, A);
  const bool ok = check_team_mdrange(h.data(), league);
  bench::print_result(result_name, league, team_mdrange_bytes(league), seconds, ok);
  return ok;
}

/// Runs the benchmark with a spelling's dispatch (team_mdrange_run_either).
inline bool team_mdrange_run(const bench::Options& opt, const char* result_name,
                             TeamMdrangeDispatch dispatch) {
  return team_mdrange_run_either(opt, result_name, dispatch, nullptr);
}
inline bool team_mdrange_run(const bench::Options& opt, const char* result_name,
                             TeamMdrangeExtentDispatch dispatch) {
  return team_mdrange_run_either(opt, result_name, nullptr, dispatch);
}
