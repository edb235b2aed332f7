// Mistake: the reduction result is an int, the lambda accumulates a double.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1000;
  Kokkos::View<double*> x("x", n);
  Kokkos::deep_copy(x, 0.5);
  int sum = 0;
  Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(int i, double& s) { s += x(i); }, sum);
  std::printf("%s sum = %d (expected 500)\n", sum == 500 ? "PASS" : "FAIL", sum);
  return sum == 500 ? 0 : 1;
}
