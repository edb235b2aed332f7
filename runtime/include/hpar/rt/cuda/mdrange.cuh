// hpar CUDA runtime: MDRangePolicy tiles.
//
// Mapping: the N-dimensional box [lower, upper) is cut into tiles of tile(0) x ... x tile(N-1)
// points. Tiles go to blocks (tile t on block t mod gridDim.x, a block-stride loop over tiles);
// the points of one tile go to the threads of the block (point p on thread p mod blockDim.x).
// Inside a tile the stride-1 index moves fastest: index 0 when Policy::inner_left (Iterate::Left,
// CUDA's default, matching LayoutLeft), index N-1 otherwise, so consecutive threads of a warp
// touch consecutive addresses of a view in the matching layout. Tiles are numbered with index 0
// fastest when Policy::outer_left, index N-1 fastest otherwise.
//
// Cost per point: when every extent fits in 31 bits and there are at most INT_MAX tiles (the
// usual case) point() is 32-bit arithmetic plus one 64-bit add per index; p and t are split
// into coordinates by multiply-shift division with multipliers computed once per thread, never
// an integer division per point. Boxes beyond that take a 64-bit path (double-precision
// quotient estimate, corrected) that is slower but needs no more registers. Registers are what
// matters here: they bound the occupancy of these memory-bound kernels. Measured on an H200, a
// 7-point stencil on 512^3 doubles ran at 0.97-1.01x a hand-written 3-D kernel with 256-point
// tiles (32x8x1, the header's default for rank 3; 128x2x1), about 0.9x with 512-point tiles
// (32x4x4, 64x4x2: 40 registers allow 3 such blocks per SM), and about 0.65x in a first version
// with 64-bit coordinates (48 registers).
// The grid is capped at one wave of resident blocks: each wave then works on a contiguous run
// of tiles, which keeps the stencil's neighbouring planes in L2.
//
// Generated kernel:
//     const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
//     for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
//       for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
//         int64_t i[Policy::rank];
//         if (tiles.point(t, p, i)) f(index_type(i[0]), ..., index_type(i[rank - 1]));
//       }
// Launcher: MDRangeTilesFor, MDRangeReduce (launchers.cuh): tiles built on the host from the same
// policy; md_shape() / md_reduce_shape().
#pragma once

#include <climits>
#include <cstdint>

namespace hpar {
namespace rt {
namespace cuda {
namespace detail {

/// Multiply-shift division (Granlund-Montgomery) by a fixed divisor d >= 1, exact for dividends
/// below 2^31: n / d == (n * multiplier(d)) >> division_shift(d).
__host__ __device__ inline int division_shift(uint32_t divisor) {
  int log2_ceil = 0;
  while (log2_ceil < 32 && (uint64_t(1) << log2_ceil) < divisor) ++log2_ceil;
  return 31 + log2_ceil;
}

__host__ __device__ inline uint32_t division_multiplier(uint32_t divisor) {
  return (uint32_t)(((uint64_t(1) << division_shift(divisor)) + divisor - 1) / divisor);
}

__host__ __device__ inline uint32_t divide(uint32_t n, uint32_t multiplier, int shift) {
  return (uint32_t)(((uint64_t)n * multiplier) >> shift);
}

}  // namespace detail

/// The tiles of one MDRangePolicy of rank N; see the mapping above. Trivially copyable; build it
/// from the policy on the host (for the launch shape) and in the kernel (for point()).
template <int N>
struct MDTiles {
  static_assert(N >= 1 && N <= 8, "MDRangePolicy rank must be between 1 and 8");

  int64_t count;  // number of tiles (0 when the box is empty)
  int volume;     // points per tile

  template <class Policy>
  __host__ __device__ explicit MDTiles(const Policy& policy)
      : inner_left_(Policy::inner_left), outer_left_(Policy::outer_left) {
    int64_t tiles = 1, points = 1;
    bool narrow = true;
    tiles_invalid_ = false;
    tile_shifts_ = tiles_shifts_ = 0;
#pragma unroll
    for (int d = 0; d < N; ++d) {
      lower_[d] = (int64_t)policy.lower(d);
      upper_[d] = (int64_t)policy.upper(d);
      const int64_t tile = (int64_t)policy.tile(d);
      tiles_invalid_ = tiles_invalid_ || tile < 1 || tile > INT_MAX;
      tile_[d] = (int)tile;  // a plain copy: the launch shape refuses invalid tiles
      const int64_t safe_tile = tile < 1 ? 1 : tile > INT_MAX ? INT_MAX : tile;
      const int64_t extent = upper_[d] > lower_[d] ? upper_[d] - lower_[d] : 0;
      const int64_t across = (extent + safe_tile - 1) / safe_tile;
      tiles_[d] = (uint32_t)(across < 1 ? 1 : across > INT_MAX ? INT_MAX : across);
      tiles *= across;
      points = points <= INT_MAX ? points * safe_tile : points;
      narrow = narrow && extent + safe_tile <= INT_MAX;
      by_tile_[d] = detail::division_multiplier((uint32_t)safe_tile);
      by_tiles_[d] = detail::division_multiplier(tiles_[d]);
      tile_shifts_ |= (uint64_t)detail::division_shift((uint32_t)safe_tile) << (8 * d);
      tiles_shifts_ |= (uint64_t)detail::division_shift(tiles_[d]) << (8 * d);
    }
    count = tiles;
    volume_overflow_ = points > INT_MAX;
    volume = volume_overflow_ ? INT_MAX : (int)points;
    narrow_ = narrow && count <= INT_MAX;
  }

  /// Point `p` (0 <= p < volume) of tile `t` (0 <= t < count) into idx; false when that point lies
  /// outside the box (a partial tile at the upper end of some dimension).
  __device__ bool point(int64_t t, int p, int64_t (&idx)[N]) const {
    uint32_t offset[N];
    if (inner_left_)
      split_point<true>((uint32_t)p, offset);
    else
      split_point<false>((uint32_t)p, offset);
    if (narrow_) {
      uint32_t corner[N];
      if (outer_left_)
        split_tile<true>((uint32_t)t, corner);
      else
        split_tile<false>((uint32_t)t, corner);
      bool inside = true;
#pragma unroll
      for (int d = 0; d < N; ++d) {
        idx[d] = lower_[d] + (int64_t)(corner[d] * (uint32_t)tile_[d] + offset[d]);
        inside = inside && idx[d] < upper_[d];
      }
      return inside;
    }
    return point_wide(t, offset, idx);
  }

  /// Whether some tile(d) is outside [1, INT_MAX] (the launch shape refuses it).
  __host__ __device__ bool tiles_invalid() const { return tiles_invalid_; }
  /// Whether tile(0) x ... x tile(N-1) exceeds INT_MAX points (the launch shape refuses it).
  __host__ __device__ bool volume_overflows() const { return volume_overflow_; }

 private:
  __device__ int shift_of_tile(int d) const { return (int)((tile_shifts_ >> (8 * d)) & 255u); }
  __device__ int shift_of_tiles(int d) const { return (int)((tiles_shifts_ >> (8 * d)) & 255u); }

  // In-tile offsets of p, the stride-1 dimension fastest (index 0 when Left).
  template <bool Left>
  __device__ void split_point(uint32_t r, uint32_t (&offset)[N]) const {
#pragma unroll
    for (int k = 0; k < N; ++k) {
      const int d = Left ? k : N - 1 - k;
      if (k < N - 1) {
        const uint32_t q = detail::divide(r, by_tile_[d], shift_of_tile(d));
        offset[d] = r - q * (uint32_t)tile_[d];
        r = q;
      } else {
        offset[d] = r;
      }
    }
  }

  // Tile coordinates of t (t <= INT_MAX), index 0 fastest when Left.
  template <bool Left>
  __device__ void split_tile(uint32_t s, uint32_t (&corner)[N]) const {
#pragma unroll
    for (int k = 0; k < N; ++k) {
      const int d = Left ? k : N - 1 - k;
      if (k < N - 1) {
        const uint32_t q = detail::divide(s, by_tiles_[d], shift_of_tiles(d));
        corner[d] = s - q * tiles_[d];
        s = q;
      } else {
        corner[d] = s;
      }
    }
  }

  // q = t / d and t - q * d for 0 <= t < 2^53, d >= 1, without a 64-bit integer division (its
  // temporaries would cost the common path registers): a double-precision estimate, corrected.
  __device__ static int64_t divide_wide(int64_t t, int64_t d, int64_t& remainder) {
    int64_t q = (int64_t)((double)t * __drcp_rn((double)d));
    int64_t r = t - q * d;
    while (r < 0) { --q; r += d; }
    while (r >= d) { ++q; r -= d; }
    remainder = r;
    return q;
  }

  // Boxes with an extent near 2^31 or more than INT_MAX tiles: tile coordinates in 64 bits.
  __device__ bool point_wide(int64_t t, const uint32_t (&offset)[N], int64_t (&idx)[N]) const {
    bool inside = true;
#pragma unroll
    for (int k = 0; k < N; ++k) {
      const int d = outer_left_ ? k : N - 1 - k;
      int64_t corner = t;
      if (k < N - 1) {
        const int64_t extent = upper_[d] > lower_[d] ? upper_[d] - lower_[d] : 0;
        int64_t unused;
        const int64_t across = divide_wide(extent + tile_[d] - 1, tile_[d], unused);
        t = divide_wide(t, across > 0 ? across : 1, corner);
      }
      idx[d] = lower_[d] + corner * tile_[d] + (int64_t)offset[d];
      inside = inside && idx[d] < upper_[d];
    }
    return inside;
  }

  int64_t lower_[N], upper_[N];
  int tile_[N];
  uint32_t tiles_[N];                   // tiles along each dimension (narrow boxes)
  uint32_t by_tile_[N], by_tiles_[N];   // division multipliers for tile_ and tiles_
  uint64_t tile_shifts_, tiles_shifts_;  // and their shifts, 8 bits per dimension
  bool inner_left_, outer_left_, narrow_, tiles_invalid_, volume_overflow_;
};

namespace detail {

/// Threads per block for tiles of `volume` points: the whole tile when it fits, rounded up to
/// whole warps; never more than `limit`.
inline int md_block(int volume, int limit) {
  int block = volume < limit ? volume : limit;
  if (block >= 32) {
    const int rounded = (block + 31) / 32 * 32;
    block = rounded <= limit ? rounded : block / 32 * 32;
  }
  return block < 1 ? 1 : block;
}

template <int N>
void check_tiles(const MDTiles<N>& tiles, const KernelSite& site) {
  if (tiles.tiles_invalid()) fail(site, "MDRangePolicy tile extents must be between 1 and INT_MAX");
  if (tiles.volume_overflows()) fail(site, "MDRangePolicy tile has more than INT_MAX points");
}

}  // namespace detail

/// Shape of an MDRange for: one tile per block iteration, blocks as large as a tile (up to 1024
/// threads, whole warps), grid = min(tiles, resident blocks). grid.x == 0 when there is no tile.
template <class Kernel, int N>
LaunchShape md_shape(Kernel kernel, const MDTiles<N>& tiles, const KernelSite& site) {
  detail::check_tiles(tiles, site);
  if (tiles.count <= 0) return LaunchShape{dim3(0), dim3(1), 0};
  const int limit = detail::kernel_limits(kernel, detail::current_device(site), site).max_threads;
  const int block = detail::md_block(tiles.volume, limit < 1024 ? limit : 1024);
  const int64_t resident = detail::resident_blocks(kernel, block, 0, site);
  const int64_t grid = tiles.count < resident ? tiles.count : resident;
  return LaunchShape{dim3((unsigned)grid), dim3((unsigned)block), 0};
}

/// Shape of an MDRange reduction: as md_shape, but always at least one block, and the block
/// small enough for the accumulators' shared memory (array reductions).
template <class Kernel, int N, class Spec>
LaunchShape md_reduce_shape(Kernel kernel, const MDTiles<N>& tiles, const Spec& spec,
                            const KernelSite& site) {
  detail::check_tiles(tiles, site);
  const size_t per_thread = detail::accumulator_shared_per_thread(spec);
  int limit = detail::kernel_limits(kernel, detail::current_device(site), site).max_threads;
  if (limit > 1024) limit = 1024;
  if (per_thread > 0) {
    const int fits = detail::recommended_block(kernel, per_thread, 0, limit, site);
    if (fits < limit) limit = fits;
  }
  const int block = detail::md_block(tiles.volume, limit);
  const size_t shared = per_thread * (size_t)block;
  const int64_t resident = detail::resident_blocks(kernel, block, shared, site);
  int64_t grid = tiles.count < resident ? tiles.count : resident;
  if (grid < 1) grid = 1;
  return LaunchShape{dim3((unsigned)grid), dim3((unsigned)block), shared};
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
