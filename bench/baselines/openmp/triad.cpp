// STREAM triad, hand-written OpenMP baseline for the host CPU: a(i) = b(i) + s * c(i) over N
// doubles (default 2^28).
//
// Same sizes, inputs, timing, byte count and check as bench/triad.cpp. One `parallel for simd`
// with a static schedule: each thread streams one contiguous block of the three arrays. The
// arrays are allocated uninitialised and first touched by an initialisation loop of the same
// construct over the same range, so each thread's block lies in memory near it (on a NUMA host,
// with the threads bound: OMP_PROC_BIND, see README.md). Plain stores, no non-temporal hints, as
// in the copy that the result is compared with (bench/common.hpp).
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The initialisation and the timed loop are the same construct over the same range, so the
// static schedule gives every thread the same block in both.
void triad_init(double* __restrict__ a, double* __restrict__ b, double* __restrict__ c,
                int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    a[i] = -1.0;
    b[i] = triad_b(i);
    c[i] = triad_c(i);
  }
}

void triad_kernel(double* __restrict__ a, const double* __restrict__ b,
                  const double* __restrict__ c, double s, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
}

bool run_triad(const bench::Options& opt) {
  const int64_t n = opt.n;
  const double s = triad_s;
  double* a = baseline::allocate<double>(n);
  double* b = baseline::allocate<double>(n);
  double* c = baseline::allocate<double>(n);
  triad_init(a, b, c, n);

  const std::vector<double> seconds = bench::time_reps(opt, [&] { triad_kernel(a, b, c, s, n); });

  const bool ok = check_triad(a, n);
  bench::print_result("triad", n, triad_bytes(n), seconds, ok);
  std::free(c);
  std::free(b);
  std::free(a);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per array");
  const bool ok = run_triad(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
