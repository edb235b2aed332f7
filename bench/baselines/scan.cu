// Exclusive prefix sum, CUDA baseline: cub::DeviceScan::ExclusiveSum over N int64 values
// (default 2^28).
//
// Same sizes, inputs, timing, byte count and check as bench/scan.cpp. CUB's temporary storage
// is allocated once, outside the timed region.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <cub/device/device_scan.cuh>

#include <vector>

constexpr int kBlock = 256;

__global__ void __launch_bounds__(kBlock) scan_init(int64_t* in, int64_t* out, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    in[i] = scan_input(i);
    out[i] = -1;
  }
}

bool run_scan(const bench::Options& opt) {
  const int64_t n = opt.n;
  baseline::DeviceArray<int64_t> in(n), out(n);
  scan_init<<<baseline::grid_stride_blocks(scan_init, kBlock, n), kBlock>>>(in.data(), out.data(), n);
  BASELINE_CHECK(cudaGetLastError());

  size_t temp_bytes = 0;
  BASELINE_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, in.data(), out.data(), n));
  baseline::DeviceArray<unsigned char> temp(static_cast<int64_t>(temp_bytes));
  BASELINE_CHECK(cudaDeviceSynchronize());

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    BASELINE_CHECK(
        cub::DeviceScan::ExclusiveSum(temp.data(), temp_bytes, in.data(), out.data(), n));
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    if (r >= opt.warmup) seconds.push_back(t);
  }

  std::vector<int64_t> h(static_cast<size_t>(n));
  BASELINE_CHECK(cudaMemcpy(h.data(), out.data(), size_t(n) * sizeof(int64_t), cudaMemcpyDeviceToHost));
  const bool ok = check_scan(h.data(), n);
  bench::print_result("scan", n, scan_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of int64 values");
  const bool ok = run_scan(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
