// Dot product, hand-written CUDA baseline: sum over i of x(i) * y(i), N doubles (default 2^28).
//
// Same sizes, inputs, timing, byte count and check as bench/dot.cpp. One launch: a grid-stride
// loop over pairs of doubles accumulates in registers; each block reduces with warp shuffles and
// shared memory and writes one partial; the last block to finish (ticket counter) adds the
// partials in a fixed order, so the result is deterministic. The timed region includes copying
// the sum back to the host, as the hpar version's scalar result does.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <cmath>
#include <vector>

// Measured on an H200 at 2^28 doubles: 512 threads and 8 waves of resident blocks is the best
// of 128 to 1024 threads and 1 to 32 waves, by at most 2%.
constexpr int kBlock = 512;
constexpr int kWaves = 8;

__global__ void __launch_bounds__(kBlock) dot_init(double* x, double* y, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    x[i] = dot_x(i);
    y[i] = dot_y(i);
  }
}

// cudaMalloc returns 256-byte aligned memory, so the double2 views are aligned.
__global__ void __launch_bounds__(kBlock)
    dot_kernel(const double* __restrict__ x, const double* __restrict__ y, int64_t n,
               double* __restrict__ partials, unsigned int* __restrict__ tickets,
               double* __restrict__ result) {
  const int64_t first = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  const int64_t pairs = n / 2;
  const double2* __restrict__ x2 = reinterpret_cast<const double2*>(x);
  const double2* __restrict__ y2 = reinterpret_cast<const double2*>(y);
  double sum = 0.0;
  for (int64_t p = first; p < pairs; p += stride) {
    const double2 xv = x2[p];
    const double2 yv = y2[p];
    sum += xv.x * yv.x;
    sum += xv.y * yv.y;
  }
  if (first == 0 && (n & 1)) sum += x[n - 1] * y[n - 1];

  __shared__ bool last_block;
  sum = baseline::block_sum<kBlock>(sum);
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = sum;
    __threadfence();  // the partial is visible device-wide before the ticket is taken
    last_block = atomicAdd(tickets, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last_block) return;

  double total = 0.0;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x) total += __ldcg(partials + b);
  total = baseline::block_sum<kBlock>(total);
  if (threadIdx.x == 0) {
    *result = total;
    *tickets = 0;  // ready for the next launch
  }
}

bool run_dot(const bench::Options& opt) {
  const int64_t n = opt.n;
  baseline::DeviceArray<double> x(n), y(n);
  dot_init<<<baseline::grid_stride_blocks(dot_init, kBlock, n), kBlock>>>(x.data(), y.data(), n);
  BASELINE_CHECK(cudaGetLastError());

  const int grid = baseline::grid_stride_blocks(dot_kernel, kBlock, (n + 1) / 2, kWaves);
  baseline::DeviceArray<double> partials(grid), result(1);
  baseline::DeviceArray<unsigned int> tickets(1);
  BASELINE_CHECK(cudaMemset(tickets.data(), 0, sizeof(unsigned int)));
  BASELINE_CHECK(cudaDeviceSynchronize());

  std::vector<double> seconds, sums;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    double sum = 0.0;
    const double start = bench::now_seconds();
    dot_kernel<<<grid, kBlock>>>(x.data(), y.data(), n, partials.data(), tickets.data(),
                                 result.data());
    BASELINE_CHECK(cudaMemcpy(&sum, result.data(), sizeof(double), cudaMemcpyDeviceToHost));
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    sums.push_back(sum);
    if (r >= opt.warmup) seconds.push_back(t);
  }

  const bool ok = check_dot(sums, n);
  bench::print_result("dot", n, dot_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per vector");
  const bool ok = run_dot(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
