// Batched small matrix products with the matrices' dimension a run-time value, hand-written CUDA
// baseline of bench/spelled/batched_gemm_runtime.cpp: the kernel of batched_gemm.cu with the
// dimension a kernel argument (--m, default 16; the check needs 16), so its shared matrices are
// dynamic shared memory and its product loop has a run-time trip count, as a CUDA programmer
// writes it who does not know the size at compile time.
//
// Same sizes, inputs, timing, byte count and check as batched_gemm.cu.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

__global__ void __launch_bounds__(256) gemm_init(double* __restrict__ a, double* __restrict__ b,
                                                 double* __restrict__ c, int64_t batch) {
  const int64_t total = batch * gemm_dim * gemm_dim;
  for (int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; t < total;
       t += int64_t(gridDim.x) * blockDim.x) {
    const int64_t e = t / (gemm_dim * gemm_dim), i = t / gemm_dim % gemm_dim, j = t % gemm_dim;
    a[t] = gemm_a(e, i, j);
    b[t] = gemm_b(e, i, j);
    c[t] = bench_unset;
  }
}

__global__ void batched_gemm_kernel(const double* __restrict__ a, const double* __restrict__ b,
                                    double* __restrict__ c, const int dim) {
  extern __shared__ double shared[];
  double* as = shared;              // dim x dim, row-major
  double* bs = shared + dim * dim;  // dim x dim
  const int64_t base = int64_t(blockIdx.x) * dim * dim;
  const int t = threadIdx.x, i = t / dim, j = t % dim;
  as[t] = a[base + t];
  bs[t] = b[base + t];
  __syncthreads();
  double sum = 0.0;
  for (int k = 0; k < dim; ++k) sum += as[i * dim + k] * bs[k * dim + j];
  c[base + t] = sum;
}

bool run_batched_gemm(const bench::Options& opt) {
  const int64_t batch = opt.n;
  const int dim = int(opt.m);
  const int64_t elements = batch * dim * dim;
  baseline::DeviceArray<double> a(elements), b(elements), c(elements);
  gemm_init<<<baseline::grid_stride_blocks(gemm_init, 256, elements), 256>>>(a.data(), b.data(),
                                                                              c.data(), batch);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());
  const size_t shared_bytes = 2 * size_t(dim) * dim * sizeof(double);
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    batched_gemm_kernel<<<unsigned(batch), dim * dim, shared_bytes>>>(a.data(), b.data(), c.data(), dim);
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }
  std::vector<double> h(static_cast<size_t>(elements));
  BASELINE_CHECK(cudaMemcpy(h.data(), c.data(), size_t(elements) * sizeof(double), cudaMemcpyDeviceToHost));
  const bool ok = check_gemm(h.data(), batch);
  bench::print_result("batched_gemm_runtime", batch, gemm_bytes(batch), seconds, ok);
  bench::print_gflops("batched_gemm_runtime", gemm_flops(batch), seconds);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "matrices", gemm_dim,
                                                  "matrix dimension (16)");
  if (opt.n > (int64_t(1) << 24)) {
    std::fprintf(stderr, "batched_gemm: --n must be at most 2^24\n");
    return 2;
  }
  if (opt.m != gemm_dim) {
    std::fprintf(stderr, "batched_gemm: the check needs --m %d\n", gemm_dim);
    return 2;
  }
  const bool ok = run_batched_gemm(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
