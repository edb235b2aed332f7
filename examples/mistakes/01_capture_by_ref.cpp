// Mistake: a kernel lambda that captures by reference. On a GPU the lambda's copy holds host
// addresses of `a` and `x`.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1000;
  Kokkos::View<double*> x("x", n);
  double a = 2.0;
  Kokkos::parallel_for("scale", n, [&](int i) { x(i) = a * i; });
  double sum = 0;
  Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(int i, double& s) { s += x(i); }, sum);
  std::printf("%s sum = %g\n", sum == 999000.0 ? "PASS" : "FAIL", sum);
  return sum == 999000.0 ? 0 : 1;
}
