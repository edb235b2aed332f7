// y^T A x, hand-written CUDA baseline: sum over rows of y(row) * (A(row, :) . x), A an n x n
// row-major matrix of doubles (default n = 2^14).
//
// Same sizes, inputs, timing, byte count and check as bench/yax.cpp. One launch, one block of
// yax_team_size threads per row (the hpar version's team): the block's threads walk the row in
// double2 steps (16-byte loads; scalar loads when n is odd, where rows are not 16-byte aligned),
// reduce with warp shuffles and shared memory, and thread 0 writes y(row) times the row's dot
// product as the block's partial. The last block to finish (ticket counter) adds the partials in a
// fixed order, so the result is deterministic. The timed region includes copying the sum back to
// the host, as the hpar version's scalar result does.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kBlock = yax_team_size;

__global__ void __launch_bounds__(256) yax_init(double* __restrict__ A, double* __restrict__ x,
                                                double* __restrict__ y, int n) {
  const int64_t elements = int64_t(n) * n;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < elements;
       e += int64_t(gridDim.x) * blockDim.x) {
    const int64_t row = e / n, col = e % n;
    A[e] = yax_a(row, col);
    if (row == 0) {
      x[col] = yax_x(col);
      y[col] = yax_y(col);
    }
  }
}

/// One block per row. kPairs: the row is read as double2 (n even, so every row is 16-byte aligned;
/// cudaMalloc returns 256-byte aligned memory).
template <bool kPairs>
__global__ void __launch_bounds__(kBlock)
    yax_kernel(const double* __restrict__ A, const double* __restrict__ x,
               const double* __restrict__ y, int n, double* __restrict__ partials,
               unsigned int* __restrict__ tickets, double* __restrict__ result) {
  const int row = blockIdx.x;
  const double* __restrict__ a = A + int64_t(row) * n;
  double dot = 0.0;
  if (kPairs) {
    const double2* __restrict__ a2 = reinterpret_cast<const double2*>(a);
    const double2* __restrict__ x2 = reinterpret_cast<const double2*>(x);
#pragma unroll 4
    for (int p = threadIdx.x; p < n / 2; p += kBlock) {
      const double2 av = a2[p];
      const double2 xv = x2[p];
      dot += av.x * xv.x;
      dot += av.y * xv.y;
    }
  } else {
#pragma unroll 4
    for (int col = threadIdx.x; col < n; col += kBlock) dot += a[col] * x[col];
  }

  __shared__ bool last_block;
  dot = baseline::block_sum<kBlock>(dot);
  if (threadIdx.x == 0) {
    partials[row] = y[row] * dot;
    __threadfence();  // the partial is visible device-wide before the ticket is taken
    last_block = atomicAdd(tickets, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last_block) return;

  double total = 0.0;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += kBlock) total += __ldcg(partials + b);
  total = baseline::block_sum<kBlock>(total);
  if (threadIdx.x == 0) {
    *result = total;
    *tickets = 0;  // ready for the next launch
  }
}

bool run_yax(const bench::Options& opt) {
  const int n = int(opt.n);
  baseline::DeviceArray<double> A(int64_t(n) * n), x(n), y(n);
  yax_init<<<baseline::grid_stride_blocks(yax_init, 256, int64_t(n) * n), 256>>>(
      A.data(), x.data(), y.data(), n);
  BASELINE_CHECK(cudaGetLastError());

  baseline::DeviceArray<double> partials(n), result(1);
  baseline::DeviceArray<unsigned int> tickets(1);
  BASELINE_CHECK(cudaMemset(tickets.data(), 0, sizeof(unsigned int)));
  BASELINE_CHECK(cudaDeviceSynchronize());
  const auto kernel = n % 2 == 0 ? yax_kernel<true> : yax_kernel<false>;

  std::vector<double> seconds, sums;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    double sum = 0.0;
    const double start = bench::now_seconds();
    kernel<<<n, kBlock>>>(A.data(), x.data(), y.data(), n, partials.data(), tickets.data(),
                          result.data());
    BASELINE_CHECK(cudaMemcpy(&sum, result.data(), sizeof(double), cudaMemcpyDeviceToHost));
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    sums.push_back(sum);
    if (r >= opt.warmup) seconds.push_back(t);
  }

  const bool ok = check_yax(sums, n);
  bench::print_result("yax", n, yax_bytes(n), seconds, ok);
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
