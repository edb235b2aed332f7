// Exclusive prefix sum, hand-written OpenMP baseline for the host CPU: out(i) = in(0) + ... +
// in(i-1) over N int64 values (default 2^28).
//
// Same sizes, inputs, timing, byte count and check as bench/scan.cpp. The classic two-pass scan
// in one parallel region: each thread owns one contiguous block of the range (thread_block), sums
// it, and writes the sum to a per-thread slot; after a barrier each thread adds up the slots of
// the threads before it (a handful of values) to get its block's offset and scans its block
// serially from there. The first pass reads `in` and the second reads it again and writes `out`:
// 24 bytes of memory traffic per element for the 16 that scan_bytes counts, the price of a scan
// that is parallel across blocks larger than the caches. `in` and `out` are allocated
// uninitialised and first touched in a parallel region with the same blocks, so each thread's
// block lies in memory near it.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The thread's place in the enclosing parallel region (1 thread when built without OpenMP).
int thread_count() {
#if defined(_OPENMP)
  return omp_get_num_threads();
#else
  return 1;
#endif
}
int thread_index() {
#if defined(_OPENMP)
  return omp_get_thread_num();
#else
  return 0;
#endif
}
int max_threads() {
#if defined(_OPENMP)
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/// The block [first, last) of [0, n) that thread t of `threads` owns: consecutive, covering,
/// sizes differing by at most one. The initialisation and the scan share it, so both give a
/// thread the same pages.
struct Block {
  int64_t first, last;
};
Block thread_block(int64_t n, int t, int threads) {
  return {n * t / threads, n * (t + 1) / threads};
}

void scan_init(int64_t* __restrict__ in, int64_t* __restrict__ out, int64_t n) {
#pragma omp parallel
  {
    const Block block = thread_block(n, thread_index(), thread_count());
    for (int64_t i = block.first; i < block.last; ++i) {
      in[i] = scan_input(i);
      out[i] = -1;
    }
  }
}

/// block_sums: room for max_threads() values, one per thread of the region.
void exclusive_scan(const int64_t* __restrict__ in, int64_t* __restrict__ out, int64_t n,
                    int64_t* block_sums) {
#pragma omp parallel
  {
    const int t = thread_index();
    const Block block = thread_block(n, t, thread_count());
    int64_t sum = 0;
#pragma omp simd reduction(+ : sum)
    for (int64_t i = block.first; i < block.last; ++i) sum += in[i];
    block_sums[t] = sum;
#pragma omp barrier
    int64_t running = 0;
    for (int u = 0; u < t; ++u) running += block_sums[u];
    // A loop-carried dependency, one add per element: about a cycle each, far above one core's
    // share of the memory bandwidth, so there is nothing to gain from vectorising it.
    for (int64_t i = block.first; i < block.last; ++i) {
      out[i] = running;
      running += in[i];
    }
  }
}

bool run_scan(const bench::Options& opt) {
  const int64_t n = opt.n;
  int64_t* in = baseline::allocate<int64_t>(n);
  int64_t* out = baseline::allocate<int64_t>(n);
  scan_init(in, out, n);
  std::vector<int64_t> block_sums(static_cast<size_t>(max_threads()));

  const std::vector<double> seconds = bench::time_reps(opt, [&] { exclusive_scan(in, out, n, block_sums.data()); });

  const bool ok = check_scan(out, n);
  bench::print_result("scan", n, scan_bytes(n), seconds, ok);
  std::free(out);
  std::free(in);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of int64 values");
  const bool ok = run_scan(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
