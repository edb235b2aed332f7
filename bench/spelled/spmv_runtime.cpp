// bench/spmv.cpp with the rows per team a run-time argument of the dispatching function (--m,
// default 64; any value passes the check), which the team lambda captures (issue 47); the rest of
// the program is bench/spelled/spmv_run.hpp.
#include <Kokkos_Core.hpp>

#include "spmv_run.hpp"

/// y = A x over the matrix's rows, rows_per_team rows per team.
void spmv(const SpmvViews& m, const int rows, const int rows_per_team) {
  const auto row_map = m.row_map;
  const auto entries = m.entries;
  const auto values = m.values;
  const auto x = m.x;
  const auto y = m.y;
  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  const int league = (rows + rows_per_team - 1) / rows_per_team;
  Kokkos::parallel_for("spmv", team_policy(league, Kokkos::AUTO, 8),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int first = team.league_rank() * rows_per_team;
    const int last = first + rows_per_team < rows ? first + rows_per_team : rows;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, last), [&](const int row) {
      double sum = 0.0;
      Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, row_map(row), row_map(row + 1)),
                              [&](const int e, double& partial) {
        partial += values(e) * x(entries(e));
      }, sum);
      Kokkos::single(Kokkos::PerThread(team), [&]() { y(row) = sum; });
    });
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = spmv_options(argc, argv, "rows per team (64)");
  const bool ok = spmv_run(opt, "spmv_runtime", spmv);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
