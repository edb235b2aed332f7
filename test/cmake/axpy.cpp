// y = a*x + y with a reduction check; prints PASSED on success.
#include <hpar/hpar.hpp>
#include <cstdio>
#include "scale.hpp"

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  const int n = 100000;
  hpar::View<double*> x("x", n), y("y", n);
  hpar::parallel_for("init", n, HPAR_LAMBDA(int i) { x(i) = i; y(i) = 1; });
  hpar::parallel_for("axpy", n, HPAR_LAMBDA(int i) { y(i) += scale_factor() * x(i); });
  double sum = 0;
  hpar::parallel_reduce("sum", n, HPAR_LAMBDA(int i, double& s) { s += y(i); }, sum);
  const double expected = n + 2.0 * (double(n) * (n - 1) / 2);
  if (sum != expected) {
    std::printf("FAILED: sum %.17g, expected %.17g\n", sum, expected);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
