// STREAM triad, hand-written CUDA baseline: a(i) = b(i) + s * c(i) over N doubles (default 2^28).
//
// Same sizes, inputs, timing, byte count and check as bench/triad.cpp. The kernel is a
// grid-stride loop over pairs of doubles (16-byte loads and stores) whose grid covers the whole
// range, so each thread handles one pair at the default size. Measured on an H200 at 2^28
// doubles, a grid of one pair per thread beats a grid of 1 to 32 waves of resident blocks
// (1.46 ms against 1.52 to 1.56 ms), and pairs beat single doubles (1.56 ms at full grid).
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kBlock = 256;

__global__ void __launch_bounds__(kBlock) triad_init(double* a, double* b, double* c, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    a[i] = -1.0;
    b[i] = triad_b(i);
    c[i] = triad_c(i);
  }
}

// cudaMalloc returns 256-byte aligned memory, so the double2 views are aligned.
__global__ void __launch_bounds__(kBlock)
    triad_kernel(double* __restrict__ a, const double* __restrict__ b,
                 const double* __restrict__ c, double s, int64_t n) {
  const int64_t first = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  const int64_t pairs = n / 2;
  double2* __restrict__ a2 = reinterpret_cast<double2*>(a);
  const double2* __restrict__ b2 = reinterpret_cast<const double2*>(b);
  const double2* __restrict__ c2 = reinterpret_cast<const double2*>(c);
  for (int64_t p = first; p < pairs; p += stride) {
    const double2 bv = b2[p];
    const double2 cv = c2[p];
    a2[p] = make_double2(bv.x + s * cv.x, bv.y + s * cv.y);
  }
  if (first == 0 && (n & 1)) a[n - 1] = b[n - 1] + s * c[n - 1];
}

bool run_triad(const bench::Options& opt) {
  const int64_t n = opt.n;
  const double s = triad_s;
  baseline::DeviceArray<double> a(n), b(n), c(n);

  triad_init<<<baseline::grid_stride_blocks(triad_init, kBlock, n), kBlock>>>(a.data(), b.data(),
                                                                               c.data(), n);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());

  const int grid = baseline::covering_blocks(kBlock, (n + 1) / 2);
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    triad_kernel<<<grid, kBlock>>>(a.data(), b.data(), c.data(), s, n);
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }

  std::vector<double> h(static_cast<size_t>(n));
  BASELINE_CHECK(cudaMemcpy(h.data(), a.data(), size_t(n) * sizeof(double), cudaMemcpyDeviceToHost));
  const bool ok = check_triad(h.data(), n);
  bench::print_result("triad", n, triad_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per array");
  const bool ok = run_triad(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
