// bench/yax.cpp with its team body a functor class (RowTimesX) holding the Views, its call
// operator `operator()(team, update)` (issue 47); the rest of the program is
// bench/spelled/yax_run.hpp.
#include <Kokkos_Core.hpp>

#include "yax_run.hpp"

/// update += y(row) * (A(row, :) . x) for the team's row.
struct RowTimesX {
  using member_type = Kokkos::TeamPolicy<>::member_type;
  Kokkos::View<double**, Kokkos::LayoutRight> A;
  Kokkos::View<double*> x;
  Kokkos::View<double*> y;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team, double& update) const {
    const int row = team.league_rank();
    double temp = 0.0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](const int col, double& inner) {
      inner += A(row, col) * x(col);
    }, temp);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { update += y(row) * temp; });
  }
};

/// y^T A x for n x n A, one team per row.
double yax(const YaxViews& v, const int n) {
  const auto A = v.A;
  const auto x = v.x;
  const auto y = v.y;
  using team_policy = Kokkos::TeamPolicy<>;
  double result = 0.0;
  Kokkos::parallel_reduce("yax", team_policy(n, Kokkos::AUTO), RowTimesX{A, x, y, n}, result);
  return result;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = yax_options(argc, argv);
  const bool ok = yax_run(opt, "yax_functor", yax);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
