// 7-point Jacobi stencil, hand-written CUDA baseline, on an n^3 grid of doubles (default 512):
//   v = c0 * u + c1 * (sum of the six neighbours of u), at the interior points.
//
// Same sizes, inputs, timing, byte count and check as bench/stencil3d.cpp. The layout is hpar's
// default device layout (LayoutLeft): u(i,j,k) lives at i + n*(j + n*k), i is stride-1.
// One thread per point, a 3-D grid of 32 x 8 x 1 blocks, x fastest (threadIdx.x walks i). The
// blocks tile the whole grid starting at i = 0, so every warp's loads and stores are 256-byte
// aligned rows; threads on the boundary do nothing. Neighbour reuse comes from L1 within a block
// and from L2 across blocks. Measured on an H200 at 512^3: 32x8x1 and 64x4x1 are the best of 14
// shapes from 32x1x8 to 256x1x1 (0.635 ms; 32x4x4 0.711 ms), and starting the blocks at i = 0
// instead of i = 1 gains about 5%.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kBX = 32, kBY = 8, kBZ = 1;

__global__ void __launch_bounds__(kBX * kBY * kBZ)
    stencil_init(double* __restrict__ u, double* __restrict__ v, int n) {
  const int i = blockIdx.x * kBX + threadIdx.x;
  const int j = blockIdx.y * kBY + threadIdx.y;
  const int k = blockIdx.z * kBZ + threadIdx.z;
  if (i >= n || j >= n || k >= n) return;
  const int64_t p = i + int64_t(n) * (j + int64_t(n) * k);
  u[p] = stencil_input(i, j, k);
  v[p] = stencil_input(i, j, k);
}

__global__ void __launch_bounds__(kBX * kBY * kBZ)
    stencil_kernel(const double* __restrict__ u, double* __restrict__ v, int n, double c0,
                   double c1) {
  const int i = blockIdx.x * kBX + threadIdx.x;
  const int j = blockIdx.y * kBY + threadIdx.y;
  const int k = blockIdx.z * kBZ + threadIdx.z;
  if (i < 1 || j < 1 || k < 1 || i >= n - 1 || j >= n - 1 || k >= n - 1) return;
  const int64_t sj = n, sk = int64_t(n) * n;
  const int64_t p = i + sj * j + sk * k;
  v[p] = c0 * u[p] + c1 * (u[p - 1] + u[p + 1] + u[p - sj] + u[p + sj] + u[p - sk] + u[p + sk]);
}

bool run_stencil(const bench::Options& opt) {
  const int n = int(opt.n);
  const int64_t points = int64_t(n) * n * n;
  baseline::DeviceArray<double> u(points), v(points);
  const dim3 block(kBX, kBY, kBZ);
  const dim3 grid((n + kBX - 1) / kBX, (n + kBY - 1) / kBY, (n + kBZ - 1) / kBZ);
  stencil_init<<<grid, block>>>(u.data(), v.data(), n);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    stencil_kernel<<<grid, block>>>(u.data(), v.data(), n, stencil_c0, stencil_c1);
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }

  std::vector<double> h(static_cast<size_t>(points));
  BASELINE_CHECK(cudaMemcpy(h.data(), v.data(), size_t(points) * sizeof(double), cudaMemcpyDeviceToHost));
  const bool ok = check_stencil([&](int64_t i, int64_t j, int64_t k) { return h[size_t(i + n * (j + n * k))]; }, n);
  bench::print_result("stencil3d", n, stencil_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, 512, "grid edge length");
  if (opt.n < 3 || opt.n > 65535) {
    std::fprintf(stderr, "stencil3d: --n must be between 3 and 65535\n");
    return 2;
  }
  const bool ok = run_stencil(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
