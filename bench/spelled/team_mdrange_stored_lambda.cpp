// bench/team_mdrange.cpp with its team body a lambda stored in a variable before the dispatch
// that runs it (issue 47); the rest of the program is bench/spelled/team_mdrange_run.hpp.
#include <Kokkos_Core.hpp>

#include "team_mdrange_run.hpp"

/// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3), one team per l.
void fill(const TeamMdrangeViews& v, const int league) {
  const auto A = v.A;
  const auto B = v.B;
  const auto C = v.C;
  constexpr int n = team_mdrange_extent;
  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  const auto fill_block = KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, n, n, n, n),
                         [&](const int i0, const int i1, const int i2, const int i3) {
      A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3);
    });
  };
  Kokkos::parallel_for("team_mdrange", team_policy(league, Kokkos::AUTO), fill_block);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = team_mdrange_options(argc, argv);
  const bool ok = team_mdrange_run(opt, "team_mdrange_stored_lambda", fill);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
