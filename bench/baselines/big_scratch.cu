// A kernel that needs more than 48 KB of shared memory, hand-written CUDA baseline: each block of
// 512 threads stages a row of 8192 doubles (64 KiB of dynamic shared memory, opted in with
// cudaFuncSetAttribute) and writes it back reversed and doubled.
//
// Same sizes, inputs, timing, byte count and check as bench/big_scratch.cpp, and the same
// mapping: one block per row, a striped copy in, __syncthreads(), a striped copy out.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kCols = big_scratch_cols;
constexpr int kBlock = big_scratch_team_size;

__global__ void __launch_bounds__(256) big_scratch_init(double* __restrict__ in,
                                                        double* __restrict__ out, int64_t rows) {
  const int64_t total = rows * kCols;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    in[e] = big_scratch_input(e / kCols, e % kCols);
    out[e] = bench_unset;
  }
}

__global__ void __launch_bounds__(kBlock)
    big_scratch_kernel(const double* __restrict__ in, double* __restrict__ out) {
  extern __shared__ double stage[];
  const int64_t base = int64_t(blockIdx.x) * kCols;
  for (int j = threadIdx.x; j < kCols; j += kBlock) stage[j] = in[base + j];
  __syncthreads();
  for (int j = threadIdx.x; j < kCols; j += kBlock) out[base + j] = 2.0 * stage[kCols - 1 - j];
}

bool run_big_scratch(const bench::Options& opt) {
  const int64_t rows = opt.n;
  baseline::DeviceArray<double> in(rows * kCols), out(rows * kCols);
  big_scratch_init<<<baseline::grid_stride_blocks(big_scratch_init, 256, rows * kCols), 256>>>(
      in.data(), out.data(), rows);
  BASELINE_CHECK(cudaGetLastError());
  const int shared = kCols * int(sizeof(double));
  BASELINE_CHECK(cudaFuncSetAttribute(big_scratch_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
  BASELINE_CHECK(cudaDeviceSynchronize());
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    big_scratch_kernel<<<unsigned(rows), kBlock, shared>>>(in.data(), out.data());
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }
  std::vector<double> h(static_cast<size_t>(rows * kCols));
  BASELINE_CHECK(cudaMemcpy(h.data(), out.data(), h.size() * sizeof(double), cudaMemcpyDeviceToHost));
  const bool ok = check_big_scratch(h.data(), rows);
  bench::print_result("big_scratch", rows, big_scratch_bytes(rows), seconds, ok);
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
