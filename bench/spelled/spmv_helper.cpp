// bench/spmv.cpp with its team body calling a helper function (multiply_rows) that does the nested
// TeamThreadRange parallel_for and ThreadVectorRange parallel_reduce over the team's rows
// (issue 47); the rest of the program is bench/spelled/spmv_run.hpp.
#include <Kokkos_Core.hpp>

#include "spmv_run.hpp"

using member_type = Kokkos::TeamPolicy<>::member_type;

/// y(row) = A(row, :) . x for the rows first <= row < last, by the team's threads and lanes.
KOKKOS_INLINE_FUNCTION void multiply_rows(const member_type& team,
                                          const Kokkos::View<int*>& row_map,
                                          const Kokkos::View<int*>& entries,
                                          const Kokkos::View<double*>& values,
                                          const Kokkos::View<double*>& x,
                                          const Kokkos::View<double*>& y, const int first,
                                          const int last) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, last), [&](const int row) {
    double sum = 0.0;
    Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, row_map(row), row_map(row + 1)),
                            [&](const int e, double& partial) {
      partial += values(e) * x(entries(e));
    }, sum);
    Kokkos::single(Kokkos::PerThread(team), [&]() { y(row) = sum; });
  });
}

/// y = A x over the matrix's rows, 64 rows per team.
void spmv(const SpmvViews& m, const int rows) {
  const auto row_map = m.row_map;
  const auto entries = m.entries;
  const auto values = m.values;
  const auto x = m.x;
  const auto y = m.y;
  constexpr int rows_per_team = 64;
  using team_policy = Kokkos::TeamPolicy<>;
  const int league = (rows + rows_per_team - 1) / rows_per_team;
  Kokkos::parallel_for("spmv", team_policy(league, Kokkos::AUTO, 8),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int first = team.league_rank() * rows_per_team;
    const int last = first + rows_per_team < rows ? first + rows_per_team : rows;
    multiply_rows(team, row_map, entries, values, x, y, first, last);
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = spmv_options(argc, argv);
  const bool ok = spmv_run(opt, "spmv_helper", spmv);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
