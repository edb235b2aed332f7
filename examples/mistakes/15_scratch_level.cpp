// Mistake: scratch level 2 (there are levels 0 and 1).
#include <Kokkos_Core.hpp>
#include <cstdio>

using member_type = Kokkos::TeamPolicy<>::member_type;
using scratch_view = Kokkos::View<double*, Kokkos::DefaultExecutionSpace::scratch_memory_space>;

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<double*> x("x", 16);
  auto policy = Kokkos::TeamPolicy<>(16, Kokkos::AUTO).set_scratch_size(2, Kokkos::PerTeam(1024));
  Kokkos::parallel_for("stage", policy, KOKKOS_LAMBDA(const member_type& team) {
    scratch_view s(team.team_scratch(2), 128);
    s(0) = team.league_rank();
    x(team.league_rank()) = s(0);
  });
  std::printf("done\n");
  return 0;
}
