// bench/yax.cpp with its team body calling a helper function (row_dot) that does the nested
// parallel_reduce over the team's row (issue 47); the rest of the program is
// bench/spelled/yax_run.hpp.
#include <Kokkos_Core.hpp>

#include "yax_run.hpp"

using member_type = Kokkos::TeamPolicy<>::member_type;

/// A(row, :) . x, summed by the team's threads over the n columns.
KOKKOS_INLINE_FUNCTION double row_dot(const member_type& team,
                                      const Kokkos::View<double**, Kokkos::LayoutRight>& A,
                                      const Kokkos::View<double*>& x, const int row, const int n) {
  double sum = 0.0;
  Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](const int col, double& inner) {
    inner += A(row, col) * x(col);
  }, sum);
  return sum;
}

/// y^T A x for n x n A, one team per row.
double yax(const YaxViews& v, const int n) {
  const auto A = v.A;
  const auto x = v.x;
  const auto y = v.y;
  using team_policy = Kokkos::TeamPolicy<>;
  double result = 0.0;
  Kokkos::parallel_reduce("yax", team_policy(n, Kokkos::AUTO),
                          KOKKOS_LAMBDA(const member_type& team, double& update) {
    const int row = team.league_rank();
    const double temp = row_dot(team, A, x, row, n);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { update += y(row) * temp; });
  }, result);
  return result;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = yax_options(argc, argv);
  const bool ok = yax_run(opt, "yax_helper", yax);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
