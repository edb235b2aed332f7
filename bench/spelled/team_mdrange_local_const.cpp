// bench/team_mdrange.cpp with the four extents local `const int` variables (32), which the team
// lambda names, instead of a constexpr (issue 47); the rest of the program is
// bench/spelled/team_mdrange_run.hpp.
#include <Kokkos_Core.hpp>

#include "team_mdrange_run.hpp"

/// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3), one team per l.
void fill(const TeamMdrangeViews& v, const int league) {
  const auto A = v.A;
  const auto B = v.B;
  const auto C = v.C;
  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  const int n0 = 32, n1 = 32, n2 = 32, n3 = 32;  // team_mdrange_extent, as a user writes it
  Kokkos::parallel_for("team_mdrange", team_policy(league, Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, n0, n1, n2, n3),
                         [&](const int i0, const int i1, const int i2, const int i3) {
      A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3);
    });
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = team_mdrange_options(argc, argv);
  const bool ok = team_mdrange_run(opt, "team_mdrange_local_const", fill);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
