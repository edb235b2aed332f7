// Mistake: a TeamThreadRange pattern (a collective of the whole team) that only some threads
// reach, because it sits in a branch on team_rank().
#include <Kokkos_Core.hpp>
#include <cstdio>

using member_type = Kokkos::TeamPolicy<>::member_type;

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int teams = 8, n = 32;
  Kokkos::View<double**> a("a", teams, n);
  Kokkos::parallel_for("rows", Kokkos::TeamPolicy<>(teams, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    const int t = team.league_rank();
    if (team.team_rank() < 2) {
      double s = 0;
      Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](int j, double& v) { v += j; }, s);
      a(t, 0) = s;
    }
  });
  std::printf("done\n");
  return 0;
}
