// Mistake: a TeamPolicy functor that takes an int instead of the team member.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> x("x", 16);
  Kokkos::parallel_for("teams", Kokkos::TeamPolicy<>(16, Kokkos::AUTO), KOKKOS_LAMBDA(int i) { x(i) = i; });
  std::printf("done\n");
  return 0;
}
