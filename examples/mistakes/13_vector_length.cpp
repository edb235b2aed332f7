// Mistake: a vector length that is not a power of two.
#include <Kokkos_Core.hpp>
#include <cstdio>

using member_type = Kokkos::TeamPolicy<>::member_type;

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> x("x", 16);
  Kokkos::parallel_for("lanes", Kokkos::TeamPolicy<>(16, 1, 3), KOKKOS_LAMBDA(const member_type& team) {
    x(team.league_rank()) = team.league_rank();
  });
  std::printf("done\n");
  return 0;
}
