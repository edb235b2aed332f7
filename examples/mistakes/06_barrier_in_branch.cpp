// Mistake: a team barrier that only thread 0 of each team reaches. On a GPU the team hangs or
// the barrier synchronises nothing.
#include <Kokkos_Core.hpp>
#include <cstdio>

using member_type = Kokkos::TeamPolicy<>::member_type;

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int teams = 8;
  Kokkos::View<int*> x("x", teams);
  Kokkos::parallel_for("leader", Kokkos::TeamPolicy<>(teams, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    if (team.team_rank() == 0) {
      x(team.league_rank()) = 1;
      team.team_barrier();
    }
  });
  int sum = 0;
  Kokkos::parallel_reduce("sum", teams, KOKKOS_LAMBDA(int i, int& s) { s += x(i); }, sum);
  std::printf("%s sum = %d\n", sum == teams ? "PASS" : "FAIL", sum);
  return sum == teams ? 0 : 1;
}
