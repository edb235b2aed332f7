// Per-row exclusive prefix sums, hand-written CUDA baseline: out(row, col) = in(row, 0) + ... +
// in(row, col-1) over a rows x cols row-major matrix of int64 (default 16384 x 4096).
//
// Same sizes, inputs, timing, byte count and check as bench/team_scan.cpp. One block of
// team_scan_team_size (256) threads per row, CUB's block primitives: the row is processed in
// tiles of 256 x 16 = 4096 values (one tile at the default size); each tile is loaded with
// cub::BlockLoad (warp-transposed, so the global loads are coalesced and each thread then holds
// 16 consecutive values), scanned with cub::BlockScan::ExclusiveSum (BLOCK_SCAN_WARP_SCANS) with
// a running-prefix callback that carries the sum of the previous tiles, and stored with
// cub::BlockStore. A partial last tile is loaded and stored with a valid-item count.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

#include <vector>

constexpr int kBlock = team_scan_team_size;
constexpr int kItems = 16;
constexpr int kTile = kBlock * kItems;

__global__ void __launch_bounds__(256) team_scan_init(int64_t* __restrict__ in,
                                                      int64_t* __restrict__ out, int64_t rows,
                                                      int64_t cols) {
  const int64_t elements = rows * cols;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < elements;
       e += int64_t(gridDim.x) * blockDim.x) {
    in[e] = team_scan_input(e / cols, e % cols);
    out[e] = -1;
  }
}

/// The block-wide prefix of the next tile: the sum of all earlier tiles of the row. CUB calls it
/// from the first warp with the tile's total and uses lane 0's return value.
struct RunningPrefix {
  int64_t total;
  __device__ int64_t operator()(int64_t tile_total) {
    const int64_t before = total;
    total += tile_total;
    return before;
  }
};

__global__ void __launch_bounds__(kBlock)
    team_scan_kernel(const int64_t* __restrict__ in, int64_t* __restrict__ out, int cols) {
  using Load = cub::BlockLoad<int64_t, kBlock, kItems, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Scan = cub::BlockScan<int64_t, kBlock, cub::BLOCK_SCAN_WARP_SCANS>;
  using Store = cub::BlockStore<int64_t, kBlock, kItems, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Scan::TempStorage scan;
    typename Store::TempStorage store;
  } temp;

  const int64_t* __restrict__ row_in = in + int64_t(blockIdx.x) * cols;
  int64_t* __restrict__ row_out = out + int64_t(blockIdx.x) * cols;
  RunningPrefix prefix{0};
  for (int tile = 0; tile < cols; tile += kTile) {
    const int valid = min(kTile, cols - tile);
    int64_t items[kItems];
    if (valid == kTile)
      Load(temp.load).Load(row_in + tile, items);
    else
      Load(temp.load).Load(row_in + tile, items, valid, int64_t(0));
    __syncthreads();  // temp is reused by the scan
    Scan(temp.scan).ExclusiveSum(items, items, prefix);
    __syncthreads();  // and by the store
    if (valid == kTile)
      Store(temp.store).Store(row_out + tile, items);
    else
      Store(temp.store).Store(row_out + tile, items, valid);
    __syncthreads();  // and by the next tile's load
  }
}

bool run_team_scan(const bench::Options& opt) {
  const int rows = int(opt.n), cols = int(opt.m);
  const int64_t elements = int64_t(rows) * cols;
  baseline::DeviceArray<int64_t> in(elements), out(elements);
  team_scan_init<<<baseline::grid_stride_blocks(team_scan_init, 256, elements), 256>>>(
      in.data(), out.data(), rows, cols);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    team_scan_kernel<<<rows, kBlock>>>(in.data(), out.data(), cols);
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }

  std::vector<int64_t> h(static_cast<size_t>(elements));
  BASELINE_CHECK(cudaMemcpy(h.data(), out.data(), size_t(elements) * sizeof(int64_t),
                            cudaMemcpyDeviceToHost));
  const bool ok = check_team_scan(h.data(), rows, cols);
  bench::print_result("team_scan", rows, team_scan_bytes(rows, cols), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 14, "rows",
                                                  int64_t(1) << 12, "columns");
  if (opt.n > 0x7fffffff || opt.m > 0x7fffffff) {
    std::fprintf(stderr, "team_scan: --n and --m must be below 2^31\n");
    return 2;
  }
  const bool ok = run_team_scan(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
