// hpar runtime: the warp-tiled sum scan of a nested team-wide range (TeamThreadRange with one lane
// per thread, TeamVectorRange), written once for both GPU backends over a warp primitive policy
// (CudaWarp, cuda/warp.cuh; NvptxWarp, openmp/warp.hpp) and a description of the team: the
// CUDA team member's nested scans (cuda/team_scan.cuh) and the OpenMP team member's on an NVIDIA
// GPU built by clang (openmp/team.hpp, staged_scan).
//
// Mapping. The team is W whole warps, each lane a participant; T is arithmetic. Each step of the
// range is K x 32 consecutive indices per warp (K = items<T>()), warp w's from w x 32 x K:
//   1. a warp calls the closure with final == false for its indices in striped order (lane l
//      takes k x 32 + l: coalesced) and stages the contributions in its own tile of the team's
//      shared memory (one value of padding per pad<T>() values, so that lane l's run at l x K
//      falls in different banks);
//   2. each lane takes K consecutive contributions (l x K + [0, K)), sums them in registers, the
//      warp scans the lane sums with shuffles, and the warps meet once per step, at one barrier,
//      for the scan of the warp totals (two sets of slots used in turn, so that no second barrier
//      is needed before they are rewritten);
//   3. the prefixes go back through the tile to the closure's final calls, striped again.
// A pass tests each index against the range unless its step lies wholly inside it (`full`), one
// loop for both: with a second instantiation for full steps, the OpenMP output's team_scan
// benchmark ran 0.368-0.384 ms on an H200 against 0.311-0.322 with one (the CUDA output 0.282-0.286
// either way; docs/performance.md).
//
// Contract of Team (every thread of the team calls scan_range together):
//   int lane() const, warp() const, warps() const   this thread's lane and warp, the warps
//   template <class T> T* tile() const              this warp's tile: tile_values<T>() values
//   void before_scan() const     waits until an earlier collective of the team no longer reads
//                                the tiles or the slots
//   void barrier() const         the team's barrier
//   template <class T> void store_warp_total(int warp, int set, const T& v) const
//   template <class T> T warp_total(int warp, int set) const   the warps' totals, two sets
#pragma once

#include <type_traits>

#if defined(__CUDACC__)
#define HPAR_IMPL_WARP_TILED_FN __device__ inline
#else
#define HPAR_IMPL_WARP_TILED_FN inline
#endif

namespace hpar {
namespace rt {
namespace warp_tiled_scan {

/// Items per lane of a step, and one value of padding per pad<T>() of them.
template <class T>
constexpr int items() {
  return sizeof(T) <= 4 ? 16 : 8;
}
template <class T>
constexpr int pad() {
  return sizeof(T) >= 8 ? 16 : 32;
}
/// Values in one warp's tile.
template <class T>
constexpr int tile_values() {
  return 32 * items<T>() + 32 * items<T>() / pad<T>();
}

/// One pass of a warp over its tile: Final == false calls f(i, value, false) and stages each
/// contribution; Final == true calls f(i, prefix, true) with the staged prefixes. `offset` is the
/// warp's first position in the step, `remaining` the indices left from `base`; a `full` step
/// holds every index of the pass.
template <bool Final, class I, class F, class T>
HPAR_IMPL_WARP_TILED_FN void pass(I base, int offset, std::make_unsigned_t<I> remaining, bool full,
                                  int lane, const F& f, T* tile) {
  constexpr int K = items<T>(), P = pad<T>();
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int at = k * 32 + lane;
    const int pos = offset + at;
    T& slot = tile[at + at / P];
    const bool here = full || std::make_unsigned_t<I>(pos) < remaining;
    if (Final) {
      if (here) {
        T update = slot;
        f(base + I(pos), update, true);
      }
    } else {
      T value = T();
      if (here) f(base + I(pos), value, false);
      slot = value;
    }
  }
}

/// The sum scan of [begin, end) over the team (see the mapping above); *total, when `total` is
/// not null, gets the sum of the whole range.
template <class Warp, class Team, class I, class F, class T>
HPAR_IMPL_WARP_TILED_FN void scan_range(const Team& team, I begin, I end, const F& f, T* total) {
  using U = std::make_unsigned_t<I>;
  constexpr int K = items<T>(), P = pad<T>();
  const int lane = team.lane(), warp = team.warp(), warps = team.warps();
  T* const tile = team.template tile<T>();
  const int mine = lane * K + lane * K / P;  // this lane's K consecutive values in the tile
  const int offset = warp * 32 * K;
  const U step = U(K) * U(warps) * 32u;
  team.before_scan();
  T carry = T();
  int set = 0;
  for (I base = begin; base < end;) {
    const U remaining = U(end) - U(base);
    const bool full = remaining >= step;
    pass<false>(base, offset, remaining, full, lane, f, tile);
    Warp::sync_warp();
    T v[K];
    T sum = T();
#pragma unroll
    for (int k = 0; k < K; ++k) {
      v[k] = tile[mine + k];
      sum = sum + v[k];
    }
    // The warp's inclusive scan of the lane sums: every lane adds, the lane chooses (a select).
    T inclusive = sum;
#pragma unroll
    for (int delta = 1; delta < 32; delta *= 2) {
      const T both = Warp::up(inclusive, delta) + inclusive;
      if (lane >= delta) inclusive = both;
    }
    T exclusive = Warp::up(inclusive, 1);
    if (lane == 0) exclusive = T();
    const T warp_total = Warp::from_lane(inclusive, 31);
    T before = T(), step_total = warp_total;
    if (warps > 1) {
      if (lane == 0) team.store_warp_total(warp, set, warp_total);
      team.barrier();
      step_total = T();
      for (int w = 0; w < warps; ++w) {
        const T other = team.template warp_total<T>(w, set);
        if (w < warp) before = before + other;
        step_total = step_total + other;
      }
      set ^= 1;
    }
    T running = carry + before + exclusive;
#pragma unroll
    for (int k = 0; k < K; ++k) {
      tile[mine + k] = running;
      running = running + v[k];
    }
    Warp::sync_warp();
    pass<true>(base, offset, remaining, full, lane, f, tile);
    Warp::sync_warp();  // the tile is read before the next step rewrites it
    carry = carry + step_total;
    if (!full) break;
    base = I(U(base) + step);
  }
  if (total) *total = carry;
}

}  // namespace warp_tiled_scan
}  // namespace rt
}  // namespace hpar
