// bench/team_mdrange.cpp with its team body calling a helper function (fill_block) that does the
// nested TeamVectorMDRange parallel_for (issue 47); the rest of the program is
// bench/spelled/team_mdrange_run.hpp.
#include <Kokkos_Core.hpp>

#include "team_mdrange_run.hpp"

using member_type = Kokkos::TeamPolicy<>::member_type;

/// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3) over block l of A, by the team.
KOKKOS_INLINE_FUNCTION void fill_block(const member_type& team,
                                       const Kokkos::View<double*****, Kokkos::LayoutRight>& A,
                                       const Kokkos::View<double**, Kokkos::LayoutRight>& B,
                                       const Kokkos::View<double***, Kokkos::LayoutRight>& C,
                                       const int l) {
  constexpr int n = team_mdrange_extent;
  Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, n, n, n, n),
                       [&](const int i0, const int i1, const int i2, const int i3) {
    A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3);
  });
}

/// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3), one team per l.
void fill(const TeamMdrangeViews& v, const int league) {
  const auto A = v.A;
  const auto B = v.B;
  const auto C = v.C;
  using team_policy = Kokkos::TeamPolicy<>;
  Kokkos::parallel_for("team_mdrange", team_policy(league, Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
    fill_block(team, A, B, C, team.league_rank());
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = team_mdrange_options(argc, argv);
  const bool ok = team_mdrange_run(opt, "team_mdrange_helper", fill);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
