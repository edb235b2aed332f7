// bench/team_scan.cpp with its team body calling a helper function (scan_row) that does the nested
// parallel_scan over the team's row (issue 47); the rest of the program is
// bench/spelled/team_scan_run.hpp.
#include <Kokkos_Core.hpp>

#include "team_scan_run.hpp"

using member_type = Kokkos::TeamPolicy<>::member_type;
using Matrix = Kokkos::View<int64_t**, Kokkos::LayoutRight>;

/// out(row, col) = in(row, 0) + ... + in(row, col - 1) over the cols columns, by the team.
KOKKOS_INLINE_FUNCTION void scan_row(const member_type& team, const Matrix& in, const Matrix& out,
                                     const int row, const int cols) {
  Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, cols),
                        [&](const int col, int64_t& update, const bool final) {
    const int64_t value = in(row, col);
    if (final) out(row, col) = update;
    update += value;
  });
}

/// Exclusive prefix sums of the rows of in into out, one team per row.
void team_scan(const TeamScanViews& v, const int rows, const int cols) {
  const auto in = v.in;
  const auto out = v.out;
  using team_policy = Kokkos::TeamPolicy<>;
  Kokkos::parallel_for("team_scan", team_policy(rows, Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
    scan_row(team, in, out, team.league_rank(), cols);
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = team_scan_options(argc, argv);
  const bool ok = team_scan_run(opt, "team_scan_helper", team_scan);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
