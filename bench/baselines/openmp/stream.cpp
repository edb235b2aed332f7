// The STREAM memory-bandwidth benchmark, hand-written OpenMP baseline for the host CPU: arrays a, b
// and c of N doubles (default 2^28), and per repetition copy c = a, mul b = s c, add c = a + b,
// triad a = b + s c and dot sum a b, each timed alone.
//
// Same sizes, inputs, timing, byte counts, RESULT names and check as bench/stream.cpp. Each kernel
// is one `parallel for simd` with a static schedule over the whole range, so every thread streams
// the same contiguous block of the three arrays in every kernel; the dot adds with
// `reduction(+ : sum)`. The arrays are allocated uninitialised and first touched by an
// initialisation loop of the same construct over the same range, so each thread's block lies in
// memory near it (on a NUMA host, with the threads bound: OMP_PROC_BIND, see README.md). Plain
// stores, no non-temporal hints, as in the copy that the results are compared with
// (bench/common.hpp).
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The initialisation and the timed loops are the same construct over the same range, so the
// static schedule gives every thread the same block in all of them.
void stream_init(double* __restrict__ a, double* __restrict__ b, double* __restrict__ c,
                 int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    a[i] = stream_a0(i);
    b[i] = bench_unset;
    c[i] = bench_unset;
  }
}

void stream_copy(double* __restrict__ c, const double* __restrict__ a, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) c[i] = a[i];
}

void stream_mul(double* __restrict__ b, const double* __restrict__ c, double s, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) b[i] = s * c[i];
}

void stream_add(double* __restrict__ c, const double* __restrict__ a,
                const double* __restrict__ b, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

void stream_triad(double* __restrict__ a, const double* __restrict__ b,
                  const double* __restrict__ c, double s, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
}

// The reduction lets the compiler keep several partial sums per thread (the simd lanes); every
// order gives the same sum exactly (problems.hpp).
double stream_dot(const double* __restrict__ a, const double* __restrict__ b, int64_t n) {
  double sum = 0.0;
#pragma omp parallel for simd schedule(static) reduction(+ : sum)
  for (int64_t i = 0; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

bool run_stream(const bench::Options& opt) {
  const int64_t n = opt.n;
  const double s = stream_s;
  double* a = baseline::allocate<double>(n);
  double* b = baseline::allocate<double>(n);
  double* c = baseline::allocate<double>(n);
  stream_init(a, b, c, n);

  const int runs = opt.warmup + opt.reps;
  std::vector<double> copy_seconds, mul_seconds, add_seconds, triad_seconds, dot_seconds, dots;
  dots.reserve(size_t(runs));  // no allocation in the timed runs
  // measure(SECONDS, TIMED, KERNEL): one kernel, timed alone, kept when past the warm-up.
  auto measure = [&](std::vector<double>& seconds, bool timed, auto&& kernel) {
    const double start = bench::now_seconds();
    kernel();
    const double t = bench::now_seconds() - start;
    if (timed) seconds.push_back(t);
  };
  for (int r = 0; r < runs; ++r) {
    const bool timed = r >= opt.warmup;
    measure(copy_seconds, timed, [&] { stream_copy(c, a, n); });
    measure(mul_seconds, timed, [&] { stream_mul(b, c, s, n); });
    measure(add_seconds, timed, [&] { stream_add(c, a, b, n); });
    measure(triad_seconds, timed, [&] { stream_triad(a, b, c, s, n); });
    measure(dot_seconds, timed, [&] { dots.push_back(stream_dot(a, b, n)); });
  }

  const bool ok = check_stream(a, b, c, dots, n, runs);
  bench::print_result("stream_copy", n, stream_copy_bytes(n), copy_seconds, ok);
  bench::print_result("stream_mul", n, stream_mul_bytes(n), mul_seconds, ok);
  bench::print_result("stream_add", n, stream_add_bytes(n), add_seconds, ok);
  bench::print_result("stream_triad", n, stream_triad_bytes(n), triad_seconds, ok);
  bench::print_result("stream_dot", n, stream_dot_bytes(n), dot_seconds, ok);
  std::free(c);
  std::free(b);
  std::free(a);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per array");
  if (!stream_size_ok(opt.n, opt.warmup + opt.reps)) {
    std::fprintf(stderr, "stream: --n must be at most 2^40 and --warmup plus --reps at most %d\n",
                 stream_max_runs);
    return 2;
  }
  const bool ok = run_stream(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
