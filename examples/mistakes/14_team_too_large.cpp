// Mistake: 512 threads times a vector length of 4 is 2048 threads per team (at most 1024).
#include <Kokkos_Core.hpp>
#include <cstdio>

using member_type = Kokkos::TeamPolicy<>::member_type;

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> x("x", 16);
  Kokkos::parallel_for("big", Kokkos::TeamPolicy<>(16, 512, 4), KOKKOS_LAMBDA(const member_type& team) {
    x(team.league_rank()) = team.league_rank();
  });
  std::printf("done\n");
  return 0;
}
