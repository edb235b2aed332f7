// The STREAM memory-bandwidth benchmark, hand-written CUDA baseline: arrays a, b and c of N doubles
// (default 2^28), and per repetition copy c = a, mul b = s c, add c = a + b, triad a = b + s c and
// dot sum a b, each timed alone.
//
// Same sizes, inputs, timing, byte counts, RESULT names and check as bench/stream.cpp. The kernels
// are the well-written native form of each: a grid-stride loop over single doubles with
// __restrict__ pointers, blocks of 256 threads, a grid of kWaves waves of the blocks that are
// resident at once (the occupancy API, baseline::grid_stride_blocks). The loads and stores are
// scalar doubles, as the Kokkos program's kernels are written: loading pairs of doubles (double2,
// as bench/baselines/triad.cu does) is a different kernel, one that assumes an alignment of the
// arrays which a View's body does not show, and stream compares the kernels element for element.
// The dot is the classic two-kernel reduction: each thread accumulates its grid-stride share in a
// register, each block adds its threads' sums with warp shuffles and shared memory
// (baseline::block_sum) and writes one partial; a second kernel of one block adds the partials in a
// fixed order, so the sum is deterministic; the timed region ends with the sum copied back to the
// host, as the Kokkos version's scalar result does.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <cstdio>
#include <vector>

constexpr int kBlock = 256;
// Waves of resident blocks in each grid: a few, so that every thread runs many iterations of its
// loop and the tail (the last, partly filled wave) is a small part of the work. Not tuned for these
// kernels (bench/baselines/dot.cu measured 8 waves best for its reduction).
constexpr int kWaves = 8;

__global__ void __launch_bounds__(kBlock)
    stream_init(double* __restrict__ a, double* __restrict__ b, double* __restrict__ c,
                int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    a[i] = stream_a0(i);
    b[i] = bench_unset;
    c[i] = bench_unset;
  }
}

__global__ void __launch_bounds__(kBlock)
    stream_copy(double* __restrict__ c, const double* __restrict__ a, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    c[i] = a[i];
}

__global__ void __launch_bounds__(kBlock)
    stream_mul(double* __restrict__ b, const double* __restrict__ c, double s, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    b[i] = s * c[i];
}

__global__ void __launch_bounds__(kBlock)
    stream_add(double* __restrict__ c, const double* __restrict__ a, const double* __restrict__ b,
               int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    c[i] = a[i] + b[i];
}

__global__ void __launch_bounds__(kBlock)
    stream_triad(double* __restrict__ a, const double* __restrict__ b,
                 const double* __restrict__ c, double s, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    a[i] = b[i] + s * c[i];
}

/// First stage of the dot: one partial sum per block.
__global__ void __launch_bounds__(kBlock)
    stream_dot_partials(const double* __restrict__ a, const double* __restrict__ b, int64_t n,
                        double* __restrict__ partials) {
  double sum = 0.0;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    sum += a[i] * b[i];
  sum = baseline::block_sum<kBlock>(sum);
  if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

/// Second stage: one block adds the `count` partials.
__global__ void __launch_bounds__(kBlock)
    stream_dot_total(const double* __restrict__ partials, int count, double* __restrict__ result) {
  double sum = 0.0;
  for (int p = threadIdx.x; p < count; p += kBlock) sum += partials[p];
  sum = baseline::block_sum<kBlock>(sum);
  if (threadIdx.x == 0) *result = sum;
}

/// Seconds since `start` after the device has finished; stops on a launch error.
static double elapsed_after_sync(double start) {
  BASELINE_CHECK(cudaDeviceSynchronize());
  const double t = bench::now_seconds() - start;
  BASELINE_CHECK(cudaGetLastError());
  return t;
}

bool run_stream(const bench::Options& opt) {
  const int64_t n = opt.n;
  const double s = stream_s;
  baseline::DeviceArray<double> a(n), b(n), c(n);

  stream_init<<<baseline::grid_stride_blocks(stream_init, kBlock, n), kBlock>>>(
      a.data(), b.data(), c.data(), n);
  BASELINE_CHECK(cudaGetLastError());

  // The grids, from the occupancy of each kernel (all five have the same shape of loop).
  const int copy_grid = baseline::grid_stride_blocks(stream_copy, kBlock, n, kWaves);
  const int mul_grid = baseline::grid_stride_blocks(stream_mul, kBlock, n, kWaves);
  const int add_grid = baseline::grid_stride_blocks(stream_add, kBlock, n, kWaves);
  const int triad_grid = baseline::grid_stride_blocks(stream_triad, kBlock, n, kWaves);
  const int dot_grid = baseline::grid_stride_blocks(stream_dot_partials, kBlock, n, kWaves);
  baseline::DeviceArray<double> partials(dot_grid), result(1);
  BASELINE_CHECK(cudaDeviceSynchronize());

  std::vector<double> copy_seconds, mul_seconds, add_seconds, triad_seconds, dot_seconds, dots;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const bool timed = r >= opt.warmup;

    double start = bench::now_seconds();
    stream_copy<<<copy_grid, kBlock>>>(c.data(), a.data(), n);
    double t = elapsed_after_sync(start);
    if (timed) copy_seconds.push_back(t);

    start = bench::now_seconds();
    stream_mul<<<mul_grid, kBlock>>>(b.data(), c.data(), s, n);
    t = elapsed_after_sync(start);
    if (timed) mul_seconds.push_back(t);

    start = bench::now_seconds();
    stream_add<<<add_grid, kBlock>>>(c.data(), a.data(), b.data(), n);
    t = elapsed_after_sync(start);
    if (timed) add_seconds.push_back(t);

    start = bench::now_seconds();
    stream_triad<<<triad_grid, kBlock>>>(a.data(), b.data(), c.data(), s, n);
    t = elapsed_after_sync(start);
    if (timed) triad_seconds.push_back(t);

    double sum = 0.0;
    start = bench::now_seconds();
    stream_dot_partials<<<dot_grid, kBlock>>>(a.data(), b.data(), n, partials.data());
    stream_dot_total<<<1, kBlock>>>(partials.data(), dot_grid, result.data());
    BASELINE_CHECK(cudaMemcpy(&sum, result.data(), sizeof(double), cudaMemcpyDeviceToHost));
    t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (timed) dot_seconds.push_back(t);
    dots.push_back(sum);
  }

  std::vector<double> ha(static_cast<size_t>(n)), hb(static_cast<size_t>(n)),
      hc(static_cast<size_t>(n));
  const size_t bytes = size_t(n) * sizeof(double);
  BASELINE_CHECK(cudaMemcpy(ha.data(), a.data(), bytes, cudaMemcpyDeviceToHost));
  BASELINE_CHECK(cudaMemcpy(hb.data(), b.data(), bytes, cudaMemcpyDeviceToHost));
  BASELINE_CHECK(cudaMemcpy(hc.data(), c.data(), bytes, cudaMemcpyDeviceToHost));
  const bool ok = check_stream(ha.data(), hb.data(), hc.data(), dots, n, opt.warmup + opt.reps);
  bench::print_result("stream_copy", n, stream_copy_bytes(n), copy_seconds, ok);
  bench::print_result("stream_mul", n, stream_mul_bytes(n), mul_seconds, ok);
  bench::print_result("stream_add", n, stream_add_bytes(n), add_seconds, ok);
  bench::print_result("stream_triad", n, stream_triad_bytes(n), triad_seconds, ok);
  bench::print_result("stream_dot", n, stream_dot_bytes(n), dot_seconds, ok);
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
