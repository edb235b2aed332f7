// Sparse matrix-vector product, hand-written CUDA baseline: y = A x, A the CSR matrix of the
// 7-point Laplacian on an n^3 grid (default n = 256; see problems.hpp).
//
// Same sizes, inputs, matrix, timing, byte count and check as bench/spmv.cpp, and the same
// mapping as its team policy: one block of 8 x 32 threads per 64 consecutive rows; threadIdx.y
// (32 "threads") walks the block's rows, two each, and the 8 lanes threadIdx.x of a row split its
// nonzeros, each accumulating in a register, then add them up with three xor shuffles within
// their 8-lane segment; lane 0 writes y(row). The lanes of a row are 8 consecutive threads of a
// warp (threadIdx.x is fastest), so a warp covers 4 rows and reads their nonzeros coalesced.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kRowsPerBlock = spmv_rows_per_team;
constexpr int kThreads = spmv_team_size;
constexpr int kLanes = spmv_vector_length;
static_assert(kLanes == 8, "the shuffle reduction below is written for 8 lanes per row");

__global__ void __launch_bounds__(256)
    spmv_init(int* __restrict__ row_begin, int* __restrict__ cols, double* __restrict__ vals,
              double* __restrict__ x, double* __restrict__ y, int64_t n) {
  const int64_t rows = spmv_rows(n);
  for (int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; r < rows;
       r += int64_t(gridDim.x) * blockDim.x) {
    const int64_t begin = spmv_row_begin(n, r);
    row_begin[r] = int(begin);
    if (r == rows - 1) row_begin[rows] = int(spmv_row_begin(n, rows));
    spmv_fill_row(n, r, begin, cols, vals);
    x[r] = spmv_x(r);
    y[r] = spmv_y_unset;
  }
}

__global__ void __launch_bounds__(kLanes * kThreads)
    spmv_kernel(const int* __restrict__ row_begin, const int* __restrict__ cols,
                const double* __restrict__ vals, const double* __restrict__ x,
                double* __restrict__ y, int rows) {
  const int lane = threadIdx.x;
  // The 8 lanes of this row within the warp: threadIdx.x is fastest, so they are the aligned
  // group of 8 consecutive warp lanes containing this one.
  const int warp_lane = (threadIdx.y * kLanes + threadIdx.x) % 32;
  const unsigned row_mask = 0xffu << (warp_lane & ~(kLanes - 1));
  const int first = blockIdx.x * kRowsPerBlock;
  const int count = min(kRowsPerBlock, rows - first);
  for (int t = threadIdx.y; t < count; t += kThreads) {
    const int row = first + t;
    const int end = row_begin[row + 1];
    double sum = 0.0;
    for (int e = row_begin[row] + lane; e < end; e += kLanes) sum += vals[e] * x[cols[e]];
    sum += __shfl_xor_sync(row_mask, sum, 4, kLanes);
    sum += __shfl_xor_sync(row_mask, sum, 2, kLanes);
    sum += __shfl_xor_sync(row_mask, sum, 1, kLanes);
    if (lane == 0) y[row] = sum;
  }
}

bool run_spmv(const bench::Options& opt) {
  const int64_t n = opt.n;
  const int rows = int(spmv_rows(n));
  const int64_t nnz = spmv_nnz(n);
  baseline::DeviceArray<int> row_begin(int64_t(rows) + 1), cols(nnz);
  baseline::DeviceArray<double> vals(nnz), x(rows), y(rows);
  spmv_init<<<baseline::grid_stride_blocks(spmv_init, 256, rows), 256>>>(
      row_begin.data(), cols.data(), vals.data(), x.data(), y.data(), n);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());

  const dim3 block(kLanes, kThreads);
  const int grid = (rows + kRowsPerBlock - 1) / kRowsPerBlock;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    spmv_kernel<<<grid, block>>>(row_begin.data(), cols.data(), vals.data(), x.data(), y.data(),
                                 rows);
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }

  std::vector<double> h(static_cast<size_t>(rows));
  BASELINE_CHECK(cudaMemcpy(h.data(), y.data(), size_t(rows) * sizeof(double), cudaMemcpyDeviceToHost));
  const bool ok = check_spmv(h.data(), n);
  bench::print_result("spmv", n, spmv_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, 256, "grid edge length");
  if (!spmv_size_ok(opt.n)) {
    std::fprintf(stderr, "spmv: --n must be at most 674 (nonzeros must fit an int)\n");
    return 2;
  }
  const bool ok = run_spmv(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
