// Mistake: a parallel_reduce whose lambda takes only the index (no accumulator).
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1000;
  Kokkos::View<double*> x("x", n);
  double sum = 0;
  Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(int i) { x(i) = i; }, sum);
  std::printf("sum = %g\n", sum);
  return 0;
}
