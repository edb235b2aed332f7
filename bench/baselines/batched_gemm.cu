// Batched small matrix products, hand-written CUDA baseline: C_e = A_e B_e for E independent
// 16 x 16 double matrices (default E = 65536), row-major per matrix.
//
// Same sizes, inputs, timing, byte count and check as bench/batched_gemm.cpp, and the same
// mapping: one block of 256 threads per matrix copies A_e and B_e into shared memory, meets at
// __syncthreads(), and each thread computes one element of C_e.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kDim = gemm_dim;

__global__ void __launch_bounds__(256) gemm_init(double* __restrict__ a, double* __restrict__ b,
                                                 double* __restrict__ c, int64_t batch) {
  const int64_t total = batch * kDim * kDim;
  for (int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; t < total;
       t += int64_t(gridDim.x) * blockDim.x) {
    const int64_t e = t / (kDim * kDim), i = t / kDim % kDim, j = t % kDim;
    a[t] = gemm_a(e, i, j);
    b[t] = gemm_b(e, i, j);
    c[t] = bench_unset;
  }
}

__global__ void __launch_bounds__(kDim * kDim)
    batched_gemm_kernel(const double* __restrict__ a, const double* __restrict__ b,
                        double* __restrict__ c) {
  __shared__ double as[kDim][kDim];
  __shared__ double bs[kDim][kDim];
  const int64_t base = int64_t(blockIdx.x) * kDim * kDim;
  const int t = threadIdx.x, i = t / kDim, j = t % kDim;
  as[i][j] = a[base + t];
  bs[i][j] = b[base + t];
  __syncthreads();
  double sum = 0.0;
#pragma unroll
  for (int k = 0; k < kDim; ++k) sum += as[i][k] * bs[k][j];
  c[base + t] = sum;
}

bool run_batched_gemm(const bench::Options& opt) {
  const int64_t batch = opt.n;
  const int64_t elements = batch * kDim * kDim;
  baseline::DeviceArray<double> a(elements), b(elements), c(elements);
  gemm_init<<<baseline::grid_stride_blocks(gemm_init, 256, elements), 256>>>(a.data(), b.data(),
                                                                              c.data(), batch);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    batched_gemm_kernel<<<unsigned(batch), kDim * kDim>>>(a.data(), b.data(), c.data());
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }
  std::vector<double> h(static_cast<size_t>(elements));
  BASELINE_CHECK(cudaMemcpy(h.data(), c.data(), size_t(elements) * sizeof(double), cudaMemcpyDeviceToHost));
  const bool ok = check_gemm(h.data(), batch);
  bench::print_result("batched_gemm", batch, gemm_bytes(batch), seconds, ok);
  bench::print_gflops("batched_gemm", gemm_flops(batch), seconds);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "matrices");
  if (opt.n > (int64_t(1) << 24)) {
    std::fprintf(stderr, "batched_gemm: --n must be at most 2^24\n");
    return 2;
  }
  const bool ok = run_batched_gemm(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
