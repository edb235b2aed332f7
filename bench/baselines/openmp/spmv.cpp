// Sparse matrix-vector product, hand-written OpenMP baseline for the host CPU: y = A x, A the CSR
// matrix of the 7-point Laplacian on an n^3 grid (default n = 256; see problems.hpp).
//
// Same sizes, inputs, matrix, timing, byte count and check as bench/spmv.cpp. The rows are
// divided among the threads by a static `parallel for`, so each thread walks one contiguous run
// of rows and streams their row offsets, column indices and values; a row's (at most 7) nonzeros
// are summed by a plain loop. x is read at the row's own index and at ±1, ±n and ±n^2 from it,
// all within a plane (8 n^2 bytes, 512 KiB at n = 256) of where the thread is reading, so each
// element comes from memory about once and then from the caches, as spmv_bytes assumes. The
// arrays are allocated uninitialised and first touched by the initialisation loop, which has the
// same static schedule over the rows: each thread builds its own rows of the matrix and its part
// of x and y, in memory near it.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The same static schedule over the rows as spmv_kernel, so every thread first touches the rows
// (offsets, nonzeros, x and y) that it later reads and writes.
void spmv_init(int* __restrict__ row_begin, int* __restrict__ cols, double* __restrict__ vals,
               double* __restrict__ x, double* __restrict__ y, int64_t n) {
  const int64_t rows = spmv_rows(n);
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t begin = spmv_row_begin(n, r);
    row_begin[r] = int(begin);
    if (r == rows - 1) row_begin[rows] = int(spmv_row_begin(n, rows));
    spmv_fill_row(n, r, begin, cols, vals);
    x[r] = spmv_x(r);
    y[r] = spmv_y_unset;
  }
}

// A row has at most 7 nonzeros: too few for a vector loop (a gather of x, a masked remainder) to
// pay for itself, so the inner loop stays scalar and the compiler unrolls it.
void spmv_kernel(const int* __restrict__ row_begin, const int* __restrict__ cols,
                 const double* __restrict__ vals, const double* __restrict__ x,
                 double* __restrict__ y, int64_t rows) {
#pragma omp parallel for schedule(static)
  for (int64_t row = 0; row < rows; ++row) {
    const int end = row_begin[row + 1];
    double sum = 0.0;
    for (int e = row_begin[row]; e < end; ++e) sum += vals[e] * x[cols[e]];
    y[row] = sum;
  }
}

bool run_spmv(const bench::Options& opt) {
  const int64_t n = opt.n;
  const int64_t rows = spmv_rows(n);
  const int64_t nnz = spmv_nnz(n);
  int* row_begin = baseline::allocate<int>(rows + 1);
  int* cols = baseline::allocate<int>(nnz);
  double* vals = baseline::allocate<double>(nnz);
  double* x = baseline::allocate<double>(rows);
  double* y = baseline::allocate<double>(rows);
  spmv_init(row_begin, cols, vals, x, y, n);

  const std::vector<double> seconds = bench::time_reps(opt, [&] { spmv_kernel(row_begin, cols, vals, x, y, rows); });

  const bool ok = check_spmv(y, n);
  bench::print_result("spmv", n, spmv_bytes(n), seconds, ok);
  std::free(y);
  std::free(x);
  std::free(vals);
  std::free(cols);
  std::free(row_begin);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, 256, "grid edge length");
  if (!spmv_size_ok(opt.n)) {
    std::fprintf(stderr, "spmv: --n must be at most 674 (nonzeros must fit an int)\n");
    return 2;
  }
  const bool ok = run_spmv(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
