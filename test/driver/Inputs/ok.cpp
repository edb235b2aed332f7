// A program of one source and one header with a dispatch each, for the driver's tests.
#include <cstdio>

#include "ok_kernels.hpp"

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  bool ok = true;
  {
    const int n = 1000;
    Kokkos::View<int*> x("x", n);
    Kokkos::parallel_for("iota", n, KOKKOS_LAMBDA(const int i) { x(i) = i; });
    int last = 0;
    Kokkos::parallel_reduce(
        "last", n, KOKKOS_LAMBDA(const int i, int& m) { m = x(i) > m ? x(i) : m; },
        Kokkos::Max<int>(last));
    ok = last == n - 1 && sum_of_squares(n) == double(n - 1) * n * (2 * n - 1) / 6;
  }
  Kokkos::finalize();
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
