// hpar runtime: one tile of the single-pass range scan on a GPU (decoupled look-back, as Merrill
// and Garland describe it), written once for both GPU backends over a warp primitive policy:
// the CUDA runtime's scan kernel (cuda/scan.cuh, CudaWarp) and the OpenMP runtime's scan region
// on an NVIDIA GPU built by clang (openmp/scan.hpp, NvptxWarp). What differs between them is
// outside this file: how a block or team comes by its tile (CUDA: blockIdx.x, blocks starting in
// index order; OpenMP: a ticket, teams looping over tiles), where the team's shared arrays live
// (static __shared__ arrays; the team's dynamic memory), and how a tile's state and value travel
// to the others (each backend's Tiles type, below).
//
// Mapping. A tile is THREADS x ITEMS consecutive indices, scanned by one block (team) of THREADS
// threads, whole warps. Warp w owns the 32 x ITEMS indices from w x 32 x ITEMS in the tile and
// visits them warp-striped: item k of lane l is index k x 32 + l of the warp's part, so every
// functor call of a warp touches 32 consecutive indices (coalesced).
//   1. each thread calls body(i, value, false) on each of its items, each from the identity
//      (spec.init): the item's contribution, kept in a register;
//   2. through the warp's slice of the exchange the items take the blocked arrangement (lane l
//      holds l x ITEMS + [0, ITEMS) of the warp's part); each thread folds its items, the warp
//      scans the folds with shuffles, the warps' totals meet in shared memory, and warp 0 finds
//      the tile's prefix: tile 0 starts from the identity; a later tile publishes its aggregate,
//      looks back over the tiles before it (look_back) and publishes its inclusive prefix; the
//      last tile hands the whole range's total to Tiles::store_total;
//   3. each item's exclusive prefix goes back to the warp-striped arrangement and each thread
//      calls body(i, value, true) on each item from it, while the first call's loads are still in
//      the cache.
//
// Contracts.
//   Warp (all lanes of the warp call each function together, the whole warp taking part):
//     static T up(const T& v, int delta)    v of lane - delta (a lane below delta: its own)
//     static T down(const T& v, int delta)  v of lane + delta (a lane above 31 - delta: its own)
//     static T from_lane0(const T& v)       v of lane 0
//     static unsigned ballot(bool p)        the lanes where p holds, lane l as bit l
//     static bool any(bool p)               whether p holds in some lane
//     static int lowest(unsigned lanes)     the lowest lane of a non-empty set
//     static void sync_warp()               the warp's shared-memory accesses are ordered
//     static void sync_block()              the block's (team's) barrier
//   Each lane joins what a shuffle brought it whether or not it keeps the result, and only the
//   choice of the result depends on the lane (a select, as the OpenMP runtime's warp scans are
//   written, openmp/warp.hpp): with the join inside a branch on the lane, clang's offload build of
//   this file gave wrong prefixes to 4-byte values (kokkos_scan_repeated, on an H200).
//   Tiles (a tile's published state and value; states only grow: tile_empty, then
//   tile_aggregate, then tile_inclusive, each written once per launch):
//     void publish(int64_t t, int state, const T& v) const  tile t's value for `state`, then the
//                                                            state (release order)
//     int read(int64_t t, T& v) const   tile t's state, and when not tile_empty its value for
//                                       that state (acquire order); tile_empty may be answered
//                                       for a tile caught publishing: the reader reads again
//     void store_total(const T& v) const  the inclusive join of the whole range (last tile)
//   Every thread of the block calls scan_tile for each tile, with the same tile, one block per
//   tile at a time; a tile's look-back waits only for tiles that running blocks hold. A range has
//   fewer than 2^31 tiles: the look-back counts them in 32-bit integers, which spares the CUDA
//   scan kernel 7 of its 63 registers (it is compiled for 8 blocks of 128 threads, 64 at most).
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define HPAR_IMPL_TILE_SCAN_FN __device__ inline
#else
#define HPAR_IMPL_TILE_SCAN_FN inline
#endif

namespace hpar {
namespace rt {
namespace tile_scan {

/// What a tile has published (Tiles above).
constexpr int tile_empty = 0, tile_aggregate = 1, tile_inclusive = 2;

/// a (earlier) joined with b (later).
template <class Spec, class T>
HPAR_IMPL_TILE_SCAN_FN T joined(const Spec& spec, const T& a, const T& b) {
  T out = a;
  spec.join(out, b);
  return out;
}

/// The exclusive prefix of tile `tile` (> 0), by one warp (`lane` its lane): lane l reads the
/// state of tile `last - l` for windows of 32 tiles going back from tile - 1, reading again
/// until no lane of the window finds tile_empty; the window's values, up to the nearest tile that
/// published its inclusive prefix, are joined in tile order by a tree of shuffles (higher lanes
/// are earlier tiles), and the next window is read only when the window holds no inclusive
/// prefix. Every lane returns the prefix.
template <class Warp, class Spec, class Tiles>
HPAR_IMPL_TILE_SCAN_FN typename Spec::value_type look_back(const Spec& spec, const Tiles& tiles,
                                                          int tile, int lane) {
  using value_type = typename Spec::value_type;
  value_type prefix;
  spec.init(prefix);
  for (int last = tile - 1;; last -= 32) {
    const int t = last - lane;
    value_type v;
    spec.init(v);
    int s = t < 0 ? tile_inclusive : tiles.read(t, v);
    while (Warp::any(s == tile_empty))
      if (s == tile_empty) s = tiles.read(t, v);
    const unsigned inclusive = Warp::ballot(s == tile_inclusive);
    const int nearest = inclusive ? Warp::lowest(inclusive) : 32;  // lanes beyond it: not needed
    if (t < 0 || lane > nearest) spec.init(v);
#pragma unroll
    for (int offset = 1; offset < 32; offset *= 2) {
      const value_type both = joined(spec, Warp::down(v, offset), v);  // every lane: a select
      if ((lane & (2 * offset - 1)) == 0) v = both;
    }
    prefix = joined(spec, Warp::from_lane0(v), prefix);  // lane 0: the window's join
    if (inclusive) return prefix;
  }
}

/// The team's shared arrays for tiles of WARPS warps of ITEMS items of type T: each warp's slice
/// of the exchange (32 x ITEMS values and one value of padding per 32, so that lane l's blocked
/// accesses at l x ITEMS + k fall in different banks; none for one item), the warps' totals, and
/// the tile's prefix.
template <class T, int Warps, int Items>
struct SharedArrays {
  static constexpr int slice = Items > 1 ? 32 * Items + Items : 0;
  static constexpr int values = Warps * slice + Warps + 1;
  T* exchange;     // Warps x slice
  T* warp_totals;  // Warps
  T* tile_prefix;  // 1
  /// The arrays in `values` values from `memory`, in the order above.
  HPAR_IMPL_TILE_SCAN_FN static SharedArrays in(T* memory) {
    return SharedArrays{memory, memory + Warps * slice, memory + Warps * slice + Warps};
  }
};

/// Scans tile `tile` of `tiles_in_range` tiles of [begin, end), tiles of Warps x 32 x Items
/// consecutive indices from `begin`: see the mapping above. `thread` is the thread's index in
/// the block; body(i, update, final) adds index i's contribution to update (and, when final,
/// may use the running value).
template <class Warp, int Warps, int Items, class Spec, class Tiles, class Body>
HPAR_IMPL_TILE_SCAN_FN void scan_tile(const Spec& spec, const Tiles& tiles,
                                      const SharedArrays<typename Spec::value_type, Warps, Items>& shared,
                                      int64_t tile, int64_t tiles_in_range, int64_t begin,
                                      int64_t end, int thread, const Body& body) {
  using value_type = typename Spec::value_type;
  using Arrays = SharedArrays<value_type, Warps, Items>;
  constexpr int64_t tile_length = int64_t(Warps) * 32 * Items;
  const int lane = thread & 31, warp = thread >> 5;
  const int64_t first = begin + tile * tile_length + int64_t(warp) * 32 * Items + lane;
  value_type* const exchange = shared.exchange + warp * Arrays::slice;
  auto at = [](int p) { return p + p / 32; };

  // 1. Contributions, warp-striped.
  value_type values[Items];
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    spec.init(values[k]);
    const int64_t i = first + int64_t(k) * 32;
    if (i < end) body(i, values[k], false);
  }

  // 2. Blocked: fold, scan in the warp, then across the warps and the tiles.
  if constexpr (Items > 1) {
#pragma unroll
    for (int k = 0; k < Items; ++k) exchange[at(k * 32 + lane)] = values[k];
    Warp::sync_warp();
#pragma unroll
    for (int k = 0; k < Items; ++k) values[k] = exchange[at(lane * Items + k)];
  }
  value_type fold = values[0];
#pragma unroll
  for (int k = 1; k < Items; ++k) spec.join(fold, values[k]);
  value_type inclusive = fold;  // over the lanes up to this one
#pragma unroll
  for (int offset = 1; offset < 32; offset *= 2) {
    const value_type both = joined(spec, Warp::up(inclusive, offset), inclusive);  // a select
    if (lane >= offset) inclusive = both;
  }
  value_type exclusive = Warp::up(inclusive, 1);
  if (lane == 0) spec.init(exclusive);
  if (lane == 31) shared.warp_totals[warp] = inclusive;
  Warp::sync_block();
  value_type warp_prefix, aggregate;
  spec.init(warp_prefix);
  spec.init(aggregate);
#pragma unroll
  for (int w = 0; w < Warps; ++w) {
    if (w == warp) warp_prefix = aggregate;
    spec.join(aggregate, shared.warp_totals[w]);
  }
  if (warp == 0) {
    value_type prefix;
    if (tile == 0) {
      spec.init(prefix);
    } else {
      if (lane == 0) tiles.publish(tile, tile_aggregate, aggregate);
      prefix = look_back<Warp>(spec, tiles, int(tile), lane);
    }
    if (lane == 0) {
      *shared.tile_prefix = prefix;
      const value_type through = joined(spec, prefix, aggregate);
      if (tiles_in_range > 1) tiles.publish(tile, tile_inclusive, through);
      if (tile == tiles_in_range - 1) tiles.store_total(through);
    }
  }
  Warp::sync_block();
  // Each item's exclusive prefix. `running` is replaced by a joined copy rather than joined in
  // place: clang 19's offload build of `spec.join(running, own)` here dropped the joins, leaving
  // every item of a lane the lane's prefix (double and int64_t values, range_scan, on an H200).
  value_type running = joined(spec, joined(spec, *shared.tile_prefix, warp_prefix), exclusive);
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const value_type own = values[k];
    values[k] = running;
    running = joined(spec, running, own);
  }

  // 3. Final calls, warp-striped again.
  if constexpr (Items > 1) {
    Warp::sync_warp();
#pragma unroll
    for (int k = 0; k < Items; ++k) exchange[at(lane * Items + k)] = values[k];
    Warp::sync_warp();
#pragma unroll
    for (int k = 0; k < Items; ++k) values[k] = exchange[at(k * 32 + lane)];
  }
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const int64_t i = first + int64_t(k) * 32;
    if (i < end) body(i, values[k], true);
  }
}

}  // namespace tile_scan
}  // namespace rt
}  // namespace hpar
