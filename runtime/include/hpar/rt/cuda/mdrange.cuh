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
// Cost per point: the decomposition of p into in-tile offsets and of t into a tile origin uses
// multiply-shift division by precomputed magic numbers (no integer division per point), and each
// thread keeps the last decomposition it made: when blockDim.x == volume (the usual shape) the
// in-tile offsets of a thread are computed once per launch and only the tile origin changes.
//
// Generated kernel:
//     const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
//     for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
//       for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
//         int64_t i[Policy::rank];
//         if (tiles.point(t, p, i)) f(index_type(i[0]), ..., index_type(i[rank - 1]));
//       }
// Launcher: tiles built on the host from the same policy; md_shape() / md_reduce_shape().
#pragma once

#include <climits>
#include <cstdint>

namespace hpar {
namespace rt {
namespace cuda {
namespace detail {

/// Unsigned division by a fixed divisor d >= 1 as a multiply and a shift (Granlund-Montgomery):
/// exact for dividends below 2^31.
struct FastDivision {
  uint32_t multiplier = 1u << 31;
  int shift = 31;

  FastDivision() = default;
  __host__ __device__ explicit FastDivision(uint32_t divisor) {
    int log2_ceil = 0;  // ceil(log2(divisor))
    while (log2_ceil < 32 && (uint64_t(1) << log2_ceil) < divisor) ++log2_ceil;
    shift = 31 + log2_ceil;
    multiplier = (uint32_t)(((uint64_t(1) << shift) + divisor - 1) / divisor);
  }

  __host__ __device__ uint32_t divide(uint32_t n) const {
    return (uint32_t)(((uint64_t)n * multiplier) >> shift);
  }
};

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
#pragma unroll
    for (int d = 0; d < N; ++d) {
      lower_[d] = (int64_t)policy.lower(d);
      upper_[d] = (int64_t)policy.upper(d);
      const int64_t tile = (int64_t)policy.tile(d) > 0 ? (int64_t)policy.tile(d) : 1;
      const int64_t extent = upper_[d] > lower_[d] ? upper_[d] - lower_[d] : 0;
      tile_[d] = tile;
      tiles_[d] = (extent + tile - 1) / tile;
      tiles *= tiles_[d];
      points = points <= INT_MAX ? points * tile : points;
    }
    count = tiles;
    volume_overflow_ = points > INT_MAX;
    volume = volume_overflow_ ? INT_MAX : (int)points;
    small_count_ = count <= INT_MAX;
#pragma unroll
    for (int d = 0; d < N; ++d) {
      by_tile_[d] = detail::FastDivision((uint32_t)(tile_[d] <= INT_MAX ? tile_[d] : INT_MAX));
      by_tiles_[d] = detail::FastDivision(
          (uint32_t)(tiles_[d] < 1 ? 1 : tiles_[d] <= INT_MAX ? tiles_[d] : INT_MAX));
    }
  }

  /// Point `p` (0 <= p < volume) of tile `t` (0 <= t < count) into idx; false when that point lies
  /// outside the box (a partial tile at the upper end of some dimension).
  __device__ bool point(int64_t t, int p, int64_t (&idx)[N]) const {
    if (t != cached_tile_) {
      locate_tile(t);
      cached_tile_ = t;
    }
    if (p != cached_point_) {
      locate_point(p);
      cached_point_ = p;
    }
    bool inside = true;
#pragma unroll
    for (int d = 0; d < N; ++d) {
      idx[d] = origin_[d] + offset_[d];
      inside = inside && idx[d] < upper_[d];
    }
    return inside;
  }

  /// Whether tile(0) x ... x tile(N-1) exceeds INT_MAX points (the launch shape refuses it).
  __host__ __device__ bool volume_overflows() const { return volume_overflow_; }

 private:
  // Tile coordinates of t, index 0 fastest (outer_left) or index N-1 fastest, into origin_.
  __device__ void locate_tile(int64_t t) const {
    if (outer_left_) {
#pragma unroll
      for (int d = 0; d < N - 1; ++d) t = peel_tile(t, d);
      origin_[N - 1] = lower_[N - 1] + t * tile_[N - 1];
    } else {
#pragma unroll
      for (int d = N - 1; d > 0; --d) t = peel_tile(t, d);
      origin_[0] = lower_[0] + t * tile_[0];
    }
  }

  // Sets origin_[d] from t mod tiles_[d]; returns t / tiles_[d].
  __device__ int64_t peel_tile(int64_t t, int d) const {
    const int64_t q = small_count_ ? (int64_t)by_tiles_[d].divide((uint32_t)t) : t / tiles_[d];
    origin_[d] = lower_[d] + (t - q * tiles_[d]) * tile_[d];
    return q;
  }

  // In-tile offsets of p, stride-1 index fastest, into offset_.
  __device__ void locate_point(int p) const {
    uint32_t r = (uint32_t)p;
    if (inner_left_) {
#pragma unroll
      for (int d = 0; d < N - 1; ++d) {
        const uint32_t q = by_tile_[d].divide(r);
        offset_[d] = (int64_t)(r - q * (uint32_t)tile_[d]);
        r = q;
      }
      offset_[N - 1] = r;
    } else {
#pragma unroll
      for (int d = N - 1; d > 0; --d) {
        const uint32_t q = by_tile_[d].divide(r);
        offset_[d] = (int64_t)(r - q * (uint32_t)tile_[d]);
        r = q;
      }
      offset_[0] = r;
    }
  }

  int64_t lower_[N], upper_[N], tile_[N], tiles_[N];
  detail::FastDivision by_tile_[N], by_tiles_[N];
  bool inner_left_, outer_left_, small_count_, volume_overflow_;
  // The last decomposition this thread made (each thread owns its copy of the object).
  mutable int64_t cached_tile_ = -1;
  mutable int cached_point_ = -1;
  mutable int64_t origin_[N] = {};
  mutable int64_t offset_[N] = {};
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
