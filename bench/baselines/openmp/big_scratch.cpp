// Reversing and doubling rows of 8192 doubles, hand-written OpenMP baseline for the host CPU:
// out(row, j) = 2 * in(row, 8191 - j) (default 2^14 rows), the problem the GPU versions solve by
// staging each row in 64 KiB of shared memory / level-0 scratch.
//
// Same sizes, inputs, timing, byte count and check as bench/big_scratch.cpp. A row is the unit of
// work, as a team is on the GPU: a static `parallel for` divides the rows among the threads, and
// each thread writes its rows one after the other, reading the input row backwards (`omp simd`:
// vector loads whose lanes are then reversed). No staging copy: the GPU stages a row so that
// both its loads and its stores are coalesced, while a CPU core reads a row backwards as fast as
// forwards (its prefetchers follow descending streams), so a copy into a buffer would only add
// traffic. The matrices are allocated uninitialised and first touched by a loop with the same
// static schedule, so each thread's rows lie in memory near it.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int64_t kCols = big_scratch_cols;

// The same static schedule over the rows as big_scratch_kernel, so every thread first touches
// the rows that it later reads and writes.
void big_scratch_init(double* __restrict__ in, double* __restrict__ out, int64_t rows) {
#pragma omp parallel for schedule(static)
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t col = 0; col < kCols; ++col) {
      in[row * kCols + col] = big_scratch_input(row, col);
      out[row * kCols + col] = bench_unset;
    }
}

void big_scratch_kernel(const double* __restrict__ in, double* __restrict__ out, int64_t rows) {
#pragma omp parallel for schedule(static)
  for (int64_t row = 0; row < rows; ++row) {
    const double* __restrict__ row_in = in + row * kCols;
    double* __restrict__ row_out = out + row * kCols;
#pragma omp simd
    for (int64_t j = 0; j < kCols; ++j) row_out[j] = 2.0 * row_in[kCols - 1 - j];
  }
}

bool run_big_scratch(const bench::Options& opt) {
  const int64_t rows = opt.n;
  double* in = baseline::allocate<double>(rows * kCols);
  double* out = baseline::allocate<double>(rows * kCols);
  big_scratch_init(in, out, rows);

  const std::vector<double> seconds = bench::time_reps(opt, [&] { big_scratch_kernel(in, out, rows); });

  const bool ok = check_big_scratch(out, rows);
  bench::print_result("big_scratch", rows, big_scratch_bytes(rows), seconds, ok);
  std::free(out);
  std::free(in);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 14, "rows");
  if (opt.n > (int64_t(1) << 20)) {
    std::fprintf(stderr, "big_scratch: --n must be at most 2^20\n");
    return 2;
  }
  const bool ok = run_big_scratch(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
