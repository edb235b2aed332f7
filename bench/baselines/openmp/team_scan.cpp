// Per-row exclusive prefix sums, hand-written OpenMP baseline for the host CPU: out(row, col) =
// in(row, 0) + ... + in(row, col-1) over a rows x cols row-major matrix of int64 (default
// 16384 x 4096).
//
// Same sizes, inputs, timing, byte count and check as bench/team_scan.cpp. A row is the unit of
// work, as a team is on the GPU: a static `parallel for` divides the rows among the threads, and
// each thread scans its rows one after the other with a serial running sum, reading `in` and
// writing `out` once each. (Scanning one row with several threads, as a GPU team does, would
// only pay when there are fewer rows than threads.) The matrices are allocated uninitialised and
// first touched by a loop with the same static schedule over the rows, so each thread's rows lie
// in memory near it.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The same static schedule over the rows as team_scan_kernel, so every thread first touches the
// rows that it later scans.
void team_scan_init(int64_t* __restrict__ in, int64_t* __restrict__ out, int64_t rows,
                    int64_t cols) {
#pragma omp parallel for schedule(static)
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t col = 0; col < cols; ++col) {
      in[row * cols + col] = team_scan_input(row, col);
      out[row * cols + col] = -1;
    }
}

// The running sum is a loop-carried dependency, one add per element: about a cycle each, far
// above one core's share of the memory bandwidth, so there is nothing to gain from vectorising
// the inner loop.
void team_scan_kernel(const int64_t* __restrict__ in, int64_t* __restrict__ out, int64_t rows,
                      int64_t cols) {
#pragma omp parallel for schedule(static)
  for (int64_t row = 0; row < rows; ++row) {
    const int64_t* __restrict__ row_in = in + row * cols;
    int64_t* __restrict__ row_out = out + row * cols;
    int64_t running = 0;
    for (int64_t col = 0; col < cols; ++col) {
      row_out[col] = running;
      running += row_in[col];
    }
  }
}

bool run_team_scan(const bench::Options& opt) {
  const int64_t rows = opt.n, cols = opt.m;
  const int64_t elements = rows * cols;
  int64_t* in = baseline::allocate<int64_t>(elements);
  int64_t* out = baseline::allocate<int64_t>(elements);
  team_scan_init(in, out, rows, cols);

  const std::vector<double> seconds = bench::time_reps(opt, [&] { team_scan_kernel(in, out, rows, cols); });

  const bool ok = check_team_scan(out, rows, cols);
  bench::print_result("team_scan", rows, team_scan_bytes(rows, cols), seconds, ok);
  std::free(out);
  std::free(in);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 14, "rows",
                                                  int64_t(1) << 12, "columns");
  if (opt.n > 0x7fffffff || opt.m > 0x7fffffff) {
    std::fprintf(stderr, "team_scan: --n and --m must be below 2^31\n");
    return 2;
  }
  const bool ok = run_team_scan(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
