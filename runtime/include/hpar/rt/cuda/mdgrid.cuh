// hpar CUDA runtime: MDRange parallel_for of rank 2 and 3, mapped onto the grid like a
// hand-written kernel.
//
// Mapping: axis x holds the stride-1 index (index 0 for Iterate::Left, index N-1 for Right),
// axis y the next one, axis z the third (rank 3). A block is one tile: threadIdx.{x,y,z} is the
// position inside the tile, blockIdx.{x,y,z} the tile. No division happens per point: a point is
// lower + tile_index * tile + thread, compared with the upper bound.
//   block = (tile_x, tile_y, tile_z), shrunk to at most 1024 threads (and 64 along z); threads
//           loop when a tile is larger than the block.
//   grid  = tiles along each axis, capped at 2^31-1 (x) and 65535 (y, z); blocks loop beyond.
// The tiling is computed once on the host and passed to the kernel as a parameter.
// Launcher: MDRangeGridFor (launchers.cuh): MDGrid box(policy), md_grid_shape(), which decides
// box.one_point_per_thread, and the launch of the kernel's variant for it.
//
// Generated kernel (rank 3):
//   template <class Policy, class Functor, bool ByValue, bool OnePointPerThread>
//   __global__ void hpar_stencil_L7(const Policy policy,
//       const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
//       const hpar::rt::cuda::MDGrid<Policy::rank, Policy::inner_left> box) {
//     const Functor& f = f_arg.get();
//     if constexpr (OnePointPerThread) { ...one box.point_of_thread(i), f(...)... }
//     for (int64_t bz = blockIdx.z; bz < box.tiles[2]; bz += gridDim.z)
//       ... by, bx, then tz, ty, tx over the tile ...
//             if (box.point(bx, by, bz, tx, ty, tz, i)) f(index_type(i[0]), ...);
//   }
#pragma once

#include <climits>
#include <cstdint>

namespace hpar {
namespace rt {
namespace cuda {

template <int N, bool Left>
struct MDGrid {
  static_assert(N == 2 || N == 3, "MDGrid handles rank 2 and 3");

  /// The policy dimension held by axis a (0: x, 1: y, 2: z).
  static constexpr __host__ __device__ int dim(int a) { return Left ? a : N - 1 - a; }

  int64_t lower[3], upper[3];  // per axis; an absent z axis is [0, 1); see first_x
  int64_t first_x;             // the box's lower bound along x (lower[0] is rounded down to a tile)
  int64_t tile[3];             // tile extent per axis (1 for an absent z)
  int64_t tiles[3];            // tiles per axis (0 along an empty axis)
  bool invalid;                // a tile extent outside [1, INT_MAX]
  bool one_point_per_thread;   // set by md_grid_shape: the grid covers every tile, a block a tile

  template <class Policy>
  explicit MDGrid(const Policy& policy) : invalid(false), one_point_per_thread(false) {
    for (int a = 0; a < 3; ++a) {
      if (a >= N) {
        lower[a] = 0, upper[a] = 1, tile[a] = 1, tiles[a] = 1;
        continue;
      }
      const int d = dim(a);
      lower[a] = (int64_t)policy.lower(d);
      upper[a] = (int64_t)policy.upper(d);
      tile[a] = (int64_t)policy.tile(d);
      if (tile[a] < 1 || tile[a] > INT_MAX) invalid = true, tile[a] = 1;
      if (a == 0) {
        // x tiles start at multiples of the tile extent, so that a warp's row is aligned in memory
        // even when the box starts at 1 (an interior sweep); points before first_x are masked.
        first_x = lower[0];
        if (upper[0] > lower[0]) lower[0] -= ((lower[0] % tile[0]) + tile[0]) % tile[0];
      }
      const int64_t extent = upper[a] > lower[a] ? upper[a] - lower[a] : 0;
      tiles[a] = (extent + tile[a] - 1) / tile[a];
    }
  }

  /// The point of this thread when the grid covers every tile and a block holds a tile
  /// (one_point_per_thread): the offsets from lower fit in 32 bits there (md_grid_shape checks).
  __device__ bool point_of_thread(int64_t (&idx)[N]) const {
    const int64_t x = lower[0] + (int)(blockIdx.x * (unsigned)tile[0] + threadIdx.x);
    const int64_t y = lower[1] + (int)(blockIdx.y * (unsigned)tile[1] + threadIdx.y);
    idx[dim(0)] = x;
    idx[dim(1)] = y;
    bool inside = x >= first_x && x < upper[0] && y < upper[1];
    if constexpr (N == 3) {
      const int64_t z = lower[2] + (int)(blockIdx.z * (unsigned)tile[2] + threadIdx.z);
      idx[dim(2)] = z;
      inside = inside && z < upper[2];
    }
    return inside;
  }

  /// The point at position (tx, ty, tz) of tile (bx, by, bz) into idx; false outside the box.
  __device__ bool point(int64_t bx, int64_t by, int64_t bz, int tx, int ty, int tz,
                        int64_t (&idx)[N]) const {
    const int64_t x = lower[0] + bx * tile[0] + tx;
    const int64_t y = lower[1] + by * tile[1] + ty;
    idx[dim(0)] = x;
    idx[dim(1)] = y;
    bool inside = x >= first_x && x < upper[0] && y < upper[1];
    if constexpr (N == 3) {
      const int64_t z = lower[2] + bz * tile[2] + tz;
      idx[dim(2)] = z;
      inside = inside && z < upper[2];
    }
    return inside;
  }
};

/// Shape of a rank-2/3 MDRange for: one block per tile (see the mapping above); grid.x == 0 when
/// the box is empty.
/// Also decides box.one_point_per_thread, which lets the kernel skip its loops (loops around the
/// functor cost a stencil about half its speed).
template <class Kernel, int N, bool Left>
LaunchShape md_grid_shape(Kernel kernel, MDGrid<N, Left>& box, const KernelSite& site) {
  if (box.invalid) fail(site, "MDRangePolicy tile extents must be between 1 and INT_MAX");
  if (box.tiles[0] == 0 || box.tiles[1] == 0 || box.tiles[2] == 0)
    return LaunchShape{dim3(0), dim3(1), 0};
  const int limit = detail::kernel_limits(kernel, detail::current_device(site), site).max_threads;
  const int64_t cap = limit < 1024 ? limit : 1024;
  const int64_t bx = box.tile[0] < cap ? box.tile[0] : cap;
  const int64_t by = box.tile[1] < cap / bx ? box.tile[1] : cap / bx;
  const int64_t zcap = cap / (bx * by) < 64 ? cap / (bx * by) : 64;
  const int64_t bz = box.tile[2] < zcap ? box.tile[2] : zcap;
  auto clamp = [](int64_t v, int64_t hi) { return (unsigned)(v < hi ? v : hi); };
  box.one_point_per_thread = bx == box.tile[0] && by == box.tile[1] && bz == box.tile[2] &&
                             box.tiles[0] <= INT_MAX && box.tiles[1] <= 65535 &&
                             box.tiles[2] <= 65535 && box.tiles[0] * box.tile[0] <= INT_MAX &&
                             box.tiles[1] * box.tile[1] <= INT_MAX &&
                             box.tiles[2] * box.tile[2] <= INT_MAX;
  return LaunchShape{dim3(clamp(box.tiles[0], INT_MAX), clamp(box.tiles[1], 65535),
                          clamp(box.tiles[2], 65535)),
                     dim3((unsigned)bx, (unsigned)by, (unsigned)bz), 0};
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
