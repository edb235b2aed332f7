// hpar CUDA runtime: single-pass range scan with decoupled look-back.
//
// Mapping: the range is cut into tiles of TILE = BLOCK_THREADS x ITEMS consecutive indices, one
// tile per block, tile t = blockIdx.x (like cub::DeviceScan: blocks of lower index are scheduled
// no later than those of higher index, so a tile only ever waits on tiles already running).
// Inside a tile, warp w owns the 32 x ITEMS indices starting at w * 32 * ITEMS, and visits them
// warp-striped: item k of lane l is index base + k * 32 + l, so every functor call of a warp
// touches 32 consecutive indices (coalesced, like cub's BLOCK_LOAD_WARP_TRANSPOSE).
//   1. each thread calls the functor with final=false on each of its items, starting each item
//      from the identity (spec.init): items[k] = that index's contribution;
//   2. cub::BlockExchange turns the warp-striped items into the blocked arrangement (lane l of
//      warp w holds indices w * 32 * ITEMS + l * ITEMS + [0, ITEMS)), cub::BlockScan scans them
//      exclusively with spec.join; tile 0 starts from the identity and publishes its aggregate,
//      later tiles get their prefix from cub::TilePrefixCallbackOp (decoupled look-back over
//      cub::ScanTileState);
//   3. the exclusive prefixes go back to the warp-striped arrangement and each thread calls the
//      functor with final=true on each item, starting from that item's exclusive prefix.
// The last tile writes the inclusive total to the state's total slot. The second functor call
// re-reads what the first read, while it is still in L1/L2.
//
// Contract with the generated kernel (all threads of every block call it once):
//     hpar::rt::cuda::scan_tiles(spec, state, policy.begin(), policy.end(),
//         [&](int64_t i, value_type& update, bool final) { spec.call(f, update, final, index_type(i)); });
// Launcher: scan_shape(), ScanState<Spec>::acquire() (resets the tile descriptors on the device),
// the launch with shape.block.x == ScanTiling<value_type>::block_threads, check_launch(),
// store_total().
#pragma once

#include <hpar/rt/cuda.cuh>

#include <cub/block/block_exchange.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/agent/single_pass_scan_operators.cuh>

#include <cstdint>
#include <type_traits>

namespace hpar {
namespace rt {
namespace cuda {

/// Tile shape of a scan over values of type T: BLOCK_THREADS x ITEMS consecutive indices.
template <class T>
struct ScanTiling {
  static constexpr int block_threads = sizeof(T) <= 16 ? 256 : 128;
  static constexpr int items = sizeof(T) <= 4 ? 16 : sizeof(T) <= 8 ? 12 : sizeof(T) <= 16 ? 6 : 3;
  static constexpr int tile = block_threads * items;
};

namespace detail {

/// spec.join as a binary operator: a (earlier) joined with b (later), returned by value.
template <class Spec>
struct ScanJoin {
  using value_type = typename Spec::value_type;
  std::remove_cv_t<Spec> spec;
  __device__ value_type operator()(const value_type& a, const value_type& b) const {
    value_type joined = a;
    spec.join(joined, b);
    return joined;
  }
};

/// Resets `tiles` descriptors before a scan launch (cub's DeviceScanInitKernel).
template <class TileState>
__global__ void reset_scan_tiles(TileState tiles, int count) {
  tiles.InitializeStatus(count);
}

}  // namespace detail

/// Launch state of one scan: tile descriptors and the total slot; trivially copyable.
template <class Spec>
struct ScanState {
  using value_type = typename Spec::value_type;
  using TileState = cub::ScanTileState<value_type>;

  TileState tiles;
  value_type* total;  // inclusive total of the whole range, written by the last tile

  /// Device state for a launch of `shape`: grows the cached buffer and resets the tile
  /// descriptors on the device (stream-ordered before the scan launch).
  static ScanState acquire(const LaunchShape& shape, const Spec&, const KernelSite& site) {
    static detail::GrowOnlyBuffer buffer;
    const int count = shape.grid.x > 0 ? (int)shape.grid.x : 1;
    size_t tile_bytes = 0;
    detail::check_cuda(TileState::AllocationSize(count, tile_bytes), site,
                       "cannot size scan state");
    const size_t total_offset = detail::align_up(tile_bytes, 256);
    bool fresh = false;
    unsigned char* base = static_cast<unsigned char*>(
        buffer.get(total_offset + sizeof(value_type), fresh, site));
    ScanState state;
    detail::check_cuda(state.tiles.Init(count, base, tile_bytes), site, "cannot set up scan state");
    state.total = reinterpret_cast<value_type*>(base + total_offset);
    if (count > 1) {  // a single tile never looks back
      constexpr int threads = 256;
      detail::reset_scan_tiles<<<(count + threads - 1) / threads, threads>>>(state.tiles, count);
      detail::check_cuda(cudaGetLastError(), site, "cannot reset scan state");
    }
    return state;
  }
};

/// Shape of a scan over `n` indices: one block of ScanTiling::block_threads per tile, at least
/// one block (an empty range still writes the identity as its total).
template <class Kernel, class Spec>
LaunchShape scan_shape(Kernel kernel, int64_t n, const Spec&, const KernelSite& site) {
  using tiling = ScanTiling<typename Spec::value_type>;
  const int64_t tiles = n > 0 ? detail::ceil_div(n, tiling::tile) : 1;
  if (tiles > (int64_t)INT32_MAX) fail(site, "scan range too long for one launch");
  const int limit = detail::kernel_limits(kernel, detail::current_device(site), site).max_threads;
  if (limit < tiling::block_threads)
    fail(site, "scan kernel uses too many registers for its block of threads");
  return LaunchShape{dim3((unsigned)tiles), dim3(tiling::block_threads), 0};
}

/// Scans [begin, end) with spec.join; see the mapping above. body(i, update, final) adds index
/// i's contribution to update (and, when final, may use the running value). Every thread of
/// every block calls it once; blockDim.x must be ScanTiling<value_type>::block_threads.
template <class Spec, class StateSpec, class Body>
__device__ void scan_tiles(const Spec& spec, const ScanState<StateSpec>& state, int64_t begin,
                           int64_t end, Body body) {
  static_assert(std::is_same<std::remove_cv_t<Spec>, std::remove_cv_t<StateSpec>>::value,
                "scan_tiles: state of another scan");
  using value_type = typename Spec::value_type;
  using tiling = ScanTiling<value_type>;
  constexpr int threads = tiling::block_threads;
  constexpr int items = tiling::items;
  using Join = detail::ScanJoin<Spec>;
  using TileState = typename ScanState<StateSpec>::TileState;
  using Exchange = cub::BlockExchange<value_type, threads, items>;
  using BlockScan = cub::BlockScan<value_type, threads, cub::BLOCK_SCAN_WARP_SCANS>;
  using TilePrefix = cub::TilePrefixCallbackOp<value_type, Join, TileState>;

  struct ScanStorage {
    typename BlockScan::TempStorage scan;
    typename TilePrefix::TempStorage prefix;
  };
  union Storage {
    typename Exchange::TempStorage exchange;
    ScanStorage scan;
  };
  __shared__ Storage storage;

  const int tile = (int)blockIdx.x;
  const int lane = (int)(threadIdx.x & 31);
  const int warp = (int)(threadIdx.x >> 5);
  const int64_t first = begin + (int64_t)tile * tiling::tile + (int64_t)warp * 32 * items + lane;

  // 1. Contributions, warp-striped.
  value_type values[items];
#pragma unroll
  for (int k = 0; k < items; ++k) {
    spec.init(values[k]);
    const int64_t i = first + (int64_t)k * 32;
    if (i < end) body(i, values[k], false);
  }

  // 2. Exclusive prefixes, blocked.
  Exchange(storage.exchange).WarpStripedToBlocked(values);
  __syncthreads();
  const Join join{spec};
  TileState tiles = state.tiles;
  if (tile == 0) {
    value_type identity;
    spec.init(identity);
    value_type aggregate;
    BlockScan(storage.scan.scan).ExclusiveScan(values, values, identity, join, aggregate);
    if (threadIdx.x == 0) {
      if (gridDim.x > 1)
        tiles.SetInclusive(0, aggregate);
      else
        *state.total = aggregate;
    }
  } else {
    TilePrefix prefix(tiles, storage.scan.prefix, join, tile);
    BlockScan(storage.scan.scan).ExclusiveScan(values, values, join, prefix);
    if (threadIdx.x == 0 && tile == (int)gridDim.x - 1) *state.total = prefix.GetInclusivePrefix();
  }
  __syncthreads();

  // 3. Final calls, warp-striped again.
  Exchange(storage.exchange).BlockedToWarpStriped(values);
#pragma unroll
  for (int k = 0; k < items; ++k) {
    const int64_t i = first + (int64_t)k * 32;
    if (i < end) body(i, values[k], true);
  }
}

/// Hands the total to the spec (a no-op unless the dispatch asked for one).
template <class Spec, class StateSpec>
void store_total(const Spec& spec, const ScanState<StateSpec>& state) {
  static_assert(std::is_same<std::remove_cv_t<Spec>, std::remove_cv_t<StateSpec>>::value,
                "store_total: state of another scan");
  spec.store_total(state.total, true);
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
