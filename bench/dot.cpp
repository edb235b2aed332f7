// Dot product as a Kokkos program: sum over i of x(i) * y(i), N doubles per vector
// (default N = 2^28).
//
// Timed: one parallel_reduce dispatch into a host scalar plus Kokkos::fence(), per repetition (the
// scalar result already implies waiting for the device and copying the sum back).
// Bytes per run: x and y read (dot_bytes in problems.hpp).
// Check: the sum of every repetition against a host sum, relative tolerance 1e-12. The inputs are
// small multiples of 1/4, so every partial sum is exact and any correct order gives the host sum.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the dot benchmark and prints its RESULT line; returns whether the check passed.
bool run_dot(const bench::Options& opt) {
  const int64_t n = opt.n;
  Kokkos::View<double*> x(Kokkos::view_alloc(Kokkos::WithoutInitializing, "x"), n);
  Kokkos::View<double*> y(Kokkos::view_alloc(Kokkos::WithoutInitializing, "y"), n);

  Kokkos::parallel_for("dot_init", n, KOKKOS_LAMBDA(const int64_t i) {
    x(i) = dot_x(i);
    y(i) = dot_y(i);
  });
  Kokkos::fence();

  std::vector<double> seconds, sums;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    double sum = 0.0;
    Kokkos::Timer timer;
    Kokkos::parallel_reduce("dot", n, KOKKOS_LAMBDA(const int64_t i, double& partial) {
      partial += x(i) * y(i);
    }, sum);
    Kokkos::fence();
    const double t = timer.seconds();
    sums.push_back(sum);
    if (r >= opt.warmup) seconds.push_back(t);
  }

  const bool ok = check_dot(sums, n);
  bench::print_result("dot", n, dot_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per vector");
  const bool ok = run_dot(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
