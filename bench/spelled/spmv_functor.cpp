// bench/spmv.cpp with its team body a functor class (MultiplyRows) holding the Views, the rows per
// team a static constexpr member (issue 47); the rest of the program is
// bench/spelled/spmv_run.hpp.
#include <Kokkos_Core.hpp>

#include "spmv_run.hpp"

/// y(row) = A(row, :) . x for the team's rows_per_team rows.
struct MultiplyRows {
  using member_type = Kokkos::TeamPolicy<>::member_type;
  static constexpr int rows_per_team = 64;
  Kokkos::View<int*> row_map;
  Kokkos::View<int*> entries;
  Kokkos::View<double*> values;
  Kokkos::View<double*> x;
  Kokkos::View<double*> y;
  int rows;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
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
  }
};

/// y = A x over the matrix's rows.
void spmv(const SpmvViews& m, const int rows) {
  const auto row_map = m.row_map;
  const auto entries = m.entries;
  const auto values = m.values;
  const auto x = m.x;
  const auto y = m.y;
  using team_policy = Kokkos::TeamPolicy<>;
  constexpr int rows_per_team = MultiplyRows::rows_per_team;
  const int league = (rows + rows_per_team - 1) / rows_per_team;
  Kokkos::parallel_for("spmv", team_policy(league, Kokkos::AUTO, 8),
                       MultiplyRows{row_map, entries, values, x, y, rows});
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = spmv_options(argc, argv);
  const bool ok = spmv_run(opt, "spmv_functor", spmv);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
