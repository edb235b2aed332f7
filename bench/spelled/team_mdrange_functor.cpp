// bench/team_mdrange.cpp with its team body a functor class (FillBlock) holding the Views
// (issue 47); the rest of the program is bench/spelled/team_mdrange_run.hpp.
#include <Kokkos_Core.hpp>

#include "team_mdrange_run.hpp"

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

void fill(const TeamMdrangeViews& v, const int league) {
  const auto A = v.A;
  const auto B = v.B;
  const auto C = v.C;
  using team_policy = Kokkos::TeamPolicy<>;
  Kokkos::parallel_for("team_mdrange", team_policy(league, Kokkos::AUTO), FillBlock{A, B, C});
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = team_mdrange_options(argc, argv);
  const bool ok = team_mdrange_run(opt, "team_mdrange_functor", fill);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
