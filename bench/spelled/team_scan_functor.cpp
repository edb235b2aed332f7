// bench/team_scan.cpp with its team body a functor class (ScanRow) holding the Views (issue 47);
// the rest of the program is bench/spelled/team_scan_run.hpp.
#include <Kokkos_Core.hpp>

#include "team_scan_run.hpp"

/// out(row, col) = in(row, 0) + ... + in(row, col - 1) for the team's row.
struct ScanRow {
  using member_type = Kokkos::TeamPolicy<>::member_type;
  Kokkos::View<int64_t**, Kokkos::LayoutRight> in;
  Kokkos::View<int64_t**, Kokkos::LayoutRight> out;
  int cols;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int row = team.league_rank();
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, cols),
                          [&](const int col, int64_t& update, const bool final) {
      const int64_t value = in(row, col);
      if (final) out(row, col) = update;
      update += value;
    });
  }
};

/// Exclusive prefix sums of the rows of in into out, one team per row.
void team_scan(const TeamScanViews& v, const int rows, const int cols) {
  const auto in = v.in;
  const auto out = v.out;
  using team_policy = Kokkos::TeamPolicy<>;
  Kokkos::parallel_for("team_scan", team_policy(rows, Kokkos::AUTO), ScanRow{in, out, cols});
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = team_scan_options(argc, argv);
  const bool ok = team_scan_run(opt, "team_scan_functor", team_scan);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
