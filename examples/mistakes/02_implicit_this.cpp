// Mistake: a kernel lambda in a member function that uses members through the implicitly
// captured `this` pointer, which points to host memory.
#include <Kokkos_Core.hpp>
#include <cstdio>

struct Solver {
  Kokkos::View<double*> x;
  double factor = 3.0;
  explicit Solver(int n) : x("x", n) {}
  void scale() {
    Kokkos::parallel_for("scale", x.extent(0), KOKKOS_LAMBDA(int i) { x(i) = factor * i; });
  }
};

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Solver s(1000);
  s.scale();
  double sum = 0;
  auto x = s.x;
  Kokkos::parallel_reduce("sum", 1000, KOKKOS_LAMBDA(int i, double& v) { v += x(i); }, sum);
  std::printf("%s sum = %g\n", sum == 1498500.0 ? "PASS" : "FAIL", sum);
  return sum == 1498500.0 ? 0 : 1;
}
