// Mistake: an MDRangePolicy of rank 7 (the limit is 6).
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> x("x", 1);
  Kokkos::parallel_for("box", Kokkos::MDRangePolicy<Kokkos::Rank<7>>({0, 0, 0, 0, 0, 0, 0}, {2, 2, 2, 2, 2, 2, 2}),
                       KOKKOS_LAMBDA(int, int, int, int, int, int, int) { Kokkos::atomic_add(&x(0), 1); });
  std::printf("done\n");
  return 0;
}
