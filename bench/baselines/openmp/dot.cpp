// Dot product, hand-written OpenMP baseline for the host CPU: sum over i of x(i) * y(i), N
// doubles (default 2^28).
//
// Same sizes, inputs, timing, byte count and check as bench/dot.cpp. One `parallel for simd`
// with a static schedule and `reduction(+ : sum)`: each thread accumulates one contiguous block
// in vector registers, and OpenMP adds the threads' partial sums at the end of the loop. The
// vectors are allocated uninitialised and first touched by an initialisation loop of the same
// construct over the same range, so each thread's block lies in memory near it. The sum is a
// host scalar when the loop ends, as the CUDA baseline's is after its copy back.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The initialisation and the timed loop are the same construct over the same range, so the
// static schedule gives every thread the same block in both.
void dot_init(double* __restrict__ x, double* __restrict__ y, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    x[i] = dot_x(i);
    y[i] = dot_y(i);
  }
}

// The reduction lets the compiler keep several partial sums per thread (the simd lanes), which a
// plain `sum +=` loop may not reorder into; the inputs make every order exact (problems.hpp).
double dot_kernel(const double* __restrict__ x, const double* __restrict__ y, int64_t n) {
  double sum = 0.0;
#pragma omp parallel for simd schedule(static) reduction(+ : sum)
  for (int64_t i = 0; i < n; ++i) sum += x[i] * y[i];
  return sum;
}

bool run_dot(const bench::Options& opt) {
  const int64_t n = opt.n;
  double* x = baseline::allocate<double>(n);
  double* y = baseline::allocate<double>(n);
  dot_init(x, y, n);

  std::vector<double> sums;
  sums.reserve(size_t(opt.warmup + opt.reps));  // no allocation in the timed runs
  const std::vector<double> seconds =
      bench::time_reps(opt, [&] { sums.push_back(dot_kernel(x, y, n)); });

  const bool ok = check_dot(sums, n);
  bench::print_result("dot", n, dot_bytes(n), seconds, ok);
  std::free(y);
  std::free(x);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per vector");
  const bool ok = run_dot(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
