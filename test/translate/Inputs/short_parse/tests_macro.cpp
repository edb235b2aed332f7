// Tests a macro that <cfloat>, one of Kokkos_Core.hpp's standard headers, defines: without that
// header this program would define DBL_EPSILON itself, differently.
#include <Kokkos_Core.hpp>
#include <cstdio>
#ifndef DBL_EPSILON
#define DBL_EPSILON 0.5
#endif
int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  double eps = 0;
  Kokkos::parallel_reduce("eps", 1, KOKKOS_LAMBDA(const int, double& e) { e += DBL_EPSILON; }, eps);
  std::printf("%s\n", eps < 1e-10 ? "PASSED" : "FAILED");
  return 0;
}
