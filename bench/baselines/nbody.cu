// All-pairs n-body, hand-written CUDA baseline: the softened gravitational acceleration of each of
// N bodies (default N = 2^16) from all N bodies; bodies N x 4 (x, y, z, m), accelerations N x 3,
// both row-major.
//
// Same sizes, inputs, timing, byte and flop counts and check as bench/nbody.cpp and
// bench/nbody_team.cpp (both are compared with this one). The classic shared-memory tiled kernel
// (Nyland, Harris and Prins, GPU Gems 3 ch. 31): one thread per body, blocks of 256 threads; for
// each tile of 256 bodies every thread copies one body into shared memory (two 16-byte loads,
// stored as two double2 arrays), __syncthreads(), each thread adds the tile's 256 terms for its
// own body from registers and shared memory (broadcast reads: every thread reads the same body),
// __syncthreads(). The reciprocal square root is 1.0 / sqrt(r2), the formula of the Kokkos
// versions (a correctly rounded square root and division; CUDA's rsqrt, within 1 ulp, is a
// different computation and much cheaper in FP64), so that the comparison is of the code
// around the same arithmetic. The last
// tile is padded with massless bodies at the origin, whose terms are exactly 0, so the inner
// loop always runs 256 times and unrolls (by 8; fully unrolled it is 256 copies of the body).
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kBlock = nbody_team_size;
constexpr int kTile = nbody_tile;
static_assert(kBlock == kTile, "each thread copies one body of a tile");

__global__ void __launch_bounds__(256) nbody_init(double* __restrict__ pos,
                                                  double* __restrict__ acc, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    pos[4 * i + 0] = nbody_x(i);
    pos[4 * i + 1] = nbody_y(i);
    pos[4 * i + 2] = nbody_z(i);
    pos[4 * i + 3] = nbody_m(i);
    acc[3 * i + 0] = bench_unset;
    acc[3 * i + 1] = bench_unset;
    acc[3 * i + 2] = bench_unset;
  }
}

/// pos: body j's (x, y) at pos[2 j], (z, m) at pos[2 j + 1].
__global__ void __launch_bounds__(kBlock)
    nbody_kernel(const double2* __restrict__ pos, double* __restrict__ acc, int n) {
  __shared__ double2 tile_xy[kTile];
  __shared__ double2 tile_zm[kTile];
  const int i = blockIdx.x * kBlock + threadIdx.x;
  double2 xy = make_double2(0.0, 0.0), zm = make_double2(0.0, 0.0);
  if (i < n) {
    xy = pos[2 * i];
    zm = pos[2 * i + 1];
  }
  double ax = 0.0, ay = 0.0, az = 0.0;
  for (int first = 0; first < n; first += kTile) {
    const int j = first + threadIdx.x;
    if (j < n) {
      tile_xy[threadIdx.x] = pos[2 * j];
      tile_zm[threadIdx.x] = pos[2 * j + 1];
    } else {
      tile_xy[threadIdx.x] = make_double2(0.0, 0.0);
      tile_zm[threadIdx.x] = make_double2(0.0, 0.0);  // no mass: its term is 0
    }
    __syncthreads();
#pragma unroll 8
    for (int k = 0; k < kTile; ++k) {
      const double2 bxy = tile_xy[k], bzm = tile_zm[k];
      const double dx = bxy.x - xy.x, dy = bxy.y - xy.y, dz = bzm.x - zm.x;
      const double r2 = dx * dx + dy * dy + dz * dz + nbody_softening2;
      const double inv_r = 1.0 / sqrt(r2);
      const double s = bzm.y * inv_r * inv_r * inv_r;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n) {
    acc[3 * i + 0] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
  }
}

bool run_nbody(const bench::Options& opt) {
  const int n = int(opt.n);
  baseline::DeviceArray<double> pos(4 * int64_t(n)), acc(3 * int64_t(n));
  nbody_init<<<baseline::grid_stride_blocks(nbody_init, 256, n), 256>>>(pos.data(), acc.data(), n);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());
  const double2* bodies = reinterpret_cast<const double2*>(pos.data());
  const unsigned blocks = unsigned((n + kBlock - 1) / kBlock);
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    nbody_kernel<<<blocks, kBlock>>>(bodies, acc.data(), n);
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }
  std::vector<double> h(size_t(3) * size_t(n));
  BASELINE_CHECK(cudaMemcpy(h.data(), acc.data(), h.size() * sizeof(double), cudaMemcpyDeviceToHost));
  const bool ok = check_nbody(h.data(), n);
  bench::print_result("nbody", n, nbody_bytes(n), seconds, ok);
  bench::print_gflops("nbody", nbody_flops(n), seconds);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "bodies");
  if (opt.n > nbody_max_bodies) {
    std::fprintf(stderr, "nbody: --n must be at most 2^18\n");
    return 2;
  }
  const bool ok = run_nbody(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
