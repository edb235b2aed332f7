// saxpy: y = a * x + y over 2^20 doubles in device memory, checked on the host.
//
// Serial:  g++ -std=c++17 -Iinclude examples/saxpy.cpp -o saxpy && ./saxpy
// CUDA:    hpar-translate --backend=cuda   examples/saxpy.cpp -o saxpy.hpar.cu  -- -std=c++17 -Iinclude
// OpenMP:  hpar-translate --backend=openmp examples/saxpy.cpp -o saxpy.hpar.cpp -- -std=c++17 -Iinclude
#include <hpar/hpar.hpp>

#include <cmath>
#include <cstdio>

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);

  const int n = 1 << 20;
  const double a = 2.5;

  hpar::View<double*> x("x", n);
  hpar::View<double*> y("y", n);
  auto x_host = hpar::create_mirror_view(x);
  auto y_host = hpar::create_mirror_view(y);
  for (int i = 0; i < n; ++i) {
    x_host(i) = 0.5 * (i % 1000);
    y_host(i) = 1.0 + (i % 7);
  }
  hpar::deep_copy(x, x_host);
  hpar::deep_copy(y, y_host);

  hpar::parallel_for("saxpy", n, HPAR_LAMBDA(const int i) { y(i) = a * x(i) + y(i); });

  double checksum = 0.0;
  hpar::parallel_reduce(
      "checksum", n, HPAR_LAMBDA(const int i, double& sum) { sum += y(i); }, checksum);

  hpar::deep_copy(y_host, y);
  double expected = 0.0;
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const double want = a * (0.5 * (i % 1000)) + (1.0 + (i % 7));
    if (y_host(i) != want && ++wrong <= 5)
      std::printf("saxpy: y(%d) = %g, expected %g\n", i, y_host(i), want);
    expected += want;
  }
  const bool sum_ok = std::fabs(checksum - expected) <= 1e-9 * std::fabs(expected);

  if (wrong != 0 || !sum_ok) {
    std::printf("saxpy: FAILED (%d wrong elements, checksum %.17g, expected %.17g)\n", wrong,
                checksum, expected);
    return 1;
  }
  std::printf("saxpy: OK\n");
  return 0;
}
