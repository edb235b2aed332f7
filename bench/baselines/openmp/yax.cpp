// y^T A x, hand-written OpenMP baseline for the host CPU: sum over rows of
// y(row) * (A(row, :) . x), A an n x n row-major matrix of doubles (default n = 2^14).
//
// Same sizes, inputs, timing, byte count and check as bench/yax.cpp. The rows are divided among
// the threads by a static `parallel for` with `reduction(+ : result)`; each thread computes its
// rows' dot products one after the other with an `omp simd` reduction over the columns (the
// contiguous row of A against x, which every thread reads and which stays in its caches: 128 KiB
// at n = 2^14), and adds y(row) times each into its partial result; OpenMP adds the threads'
// partials at the end of the loop. A is allocated uninitialised and first touched by a loop with
// the same static schedule over the rows, so each thread's rows lie in memory near it. The sum
// is a host scalar when the loop ends, as the CUDA baseline's is after its copy back.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The same static schedule over the rows as yax_kernel, so every thread first touches the rows
// of A that it later reads. x and y are small and read by every thread; where they lie does not
// matter.
void yax_init(double* __restrict__ A, double* __restrict__ x, double* __restrict__ y,
              int64_t n) {
#pragma omp parallel for schedule(static)
  for (int64_t row = 0; row < n; ++row) {
    double* __restrict__ a = A + row * n;
    for (int64_t col = 0; col < n; ++col) a[col] = yax_a(row, col);
  }
  for (int64_t i = 0; i < n; ++i) {
    x[i] = yax_x(i);
    y[i] = yax_y(i);
  }
}

// The simd reduction lets the compiler keep several partial sums per row (the vector lanes),
// which it may not reorder a plain `dot +=` loop into; the inputs make every order exact.
double yax_kernel(const double* __restrict__ A, const double* __restrict__ x,
                  const double* __restrict__ y, int64_t n) {
  double result = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : result)
  for (int64_t row = 0; row < n; ++row) {
    const double* __restrict__ a = A + row * n;
    double dot = 0.0;
#pragma omp simd reduction(+ : dot)
    for (int64_t col = 0; col < n; ++col) dot += a[col] * x[col];
    result += y[row] * dot;
  }
  return result;
}

bool run_yax(const bench::Options& opt) {
  const int64_t n = opt.n;
  double* A = baseline::allocate<double>(n * n);
  double* x = baseline::allocate<double>(n);
  double* y = baseline::allocate<double>(n);
  yax_init(A, x, y, n);

  std::vector<double> sums;
  sums.reserve(size_t(opt.warmup + opt.reps));  // no allocation in the timed runs
  const std::vector<double> seconds =
      bench::time_reps(opt, [&] { sums.push_back(yax_kernel(A, x, y, n)); });

  const bool ok = check_yax(sums, n);
  bench::print_result("yax", n, yax_bytes(n), seconds, ok);
  std::free(y);
  std::free(x);
  std::free(A);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 14, "rows and columns of A");
  if (opt.n > (int64_t(1) << 16)) {
    std::fprintf(stderr, "yax: --n must be at most 2^16\n");
    return 2;
  }
  const bool ok = run_yax(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
