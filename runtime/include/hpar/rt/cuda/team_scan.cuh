// hpar CUDA runtime: whole nested scans over a team-wide range (TeamThreadRange,
// TeamVectorRange), the three strategies TeamMember::impl_scan_range chooses from: warp tiles
// (whole warps, arithmetic values; rt/warp_tiled_scan.hpp, written once for both GPU backends),
// a block-wide blocked staging (one lane per thread), and chunks of the participant count
// scanned across the block (everything else). Block shape and
// collectives: team_collectives.cuh.
#pragma once

#include <cstring>
#include <type_traits>

#include <hpar/rt/cuda/team_collectives.cuh>
#include <hpar/rt/cuda/warp.cuh>
#include <hpar/rt/warp_tiled_scan.hpp>

namespace hpar {
namespace rt {
namespace cuda {
namespace detail {

/// Inclusive sum across the warp's lanes at multiples of `stride` (in lane order), by shuffles.
template <class T>
__device__ inline T warp_inclusive_sum(T value, unsigned mask, int lane, int stride) {
#pragma unroll
  for (int offset = 1; offset < 32; offset <<= 1) {
    if (offset < stride) continue;
    const T before = shuffle_words(value, [&](unsigned w) { return __shfl_up_sync(mask, w, offset); });
    if (lane >= offset) value = before + value;
  }
  return value;
}

/// Shared slots for the multi-chunk scan: Chunks x 32 warps values of type T.
template <class T, int Chunks>
__device__ inline RawValue<T>* scan_slots() {
  __shared__ RawValue<T> slots[Chunks * 32];
  return slots;
}

/// The sum scan of a nested TeamThreadRange / TeamVectorRange (see TeamMember::impl_scan_range).
/// Participants are the lanes at multiples of `stride`; `rank` / `size` their position and count.
template <int Chunks, class I, class F, class T>
__device__ inline void block_scan_range(I begin, I end, I rank, I size, int stride, const F& f,
                                        T* total) {
  const int l = team_linear(), lane = l & 31, population = warp_population();
  const unsigned mask = population_mask(population);
  const int warps = (team_threads() + 31) >> 5, mine = l >> 5;
  RawValue<T>* slots = scan_slots<T, Chunks>();
  T carry = T();
  for (I base = begin; base < end; base += size * I(Chunks)) {
    T value[Chunks], prefix[Chunks];
#pragma unroll
    for (int k = 0; k < Chunks; ++k) {
      value[k] = T();
      const I i = base + I(k) * size + rank;
      if (i < end) f(i, value[k], false);
    }
    // Per chunk: inclusive scan across the warp, its exclusive form, the warp's total.
#pragma unroll
    for (int k = 0; k < Chunks; ++k) {
      const T inclusive = warp_inclusive_sum(value[k], mask, lane, stride);
      prefix[k] = shuffle_words(inclusive, [&](unsigned w) { return __shfl_up_sync(mask, w, stride); });
      if (lane < stride) prefix[k] = T();
      value[k] = shuffle_words(inclusive, [&](unsigned w) { return __shfl_sync(mask, w, population - 1); });
    }
    if (warps > 1) {
      __syncthreads();  // the previous readers of the slots are done
      if (lane == 0)
#pragma unroll
        for (int k = 0; k < Chunks; ++k) std::memcpy(&slots[k * 32 + mine], &value[k], sizeof(T));
      __syncthreads();
    }
#pragma unroll
    for (int k = 0; k < Chunks; ++k) {
      T before = T(), chunk_total = value[k];
      if (warps > 1) {
        chunk_total = T();
        for (int w = 0; w < warps; ++w) {
          T s;
          std::memcpy(&s, &slots[k * 32 + w], sizeof(T));
          if (w < mine) before = before + s;
          chunk_total = chunk_total + s;
        }
      }
      const I i = base + I(k) * size + rank;
      if (i < end) {
        T update = carry + before + prefix[k];
        f(i, update, true);
      }
      carry = carry + chunk_total;
    }
  }
  if (total) *total = carry;
}

/// Bytes of the shared staging buffer of a blocked team scan (static shared memory of every
/// kernel that scans over TeamThreadRange; HPAR_CUDA_TEAM_SCAN_BYTES overrides it).
#if defined(HPAR_CUDA_TEAM_SCAN_BYTES)
constexpr int blocked_scan_bytes = HPAR_CUDA_TEAM_SCAN_BYTES;
#else
constexpr int blocked_scan_bytes = 17920;  // 8 int64 values per thread of 256, with pads
#endif

/// The shared staging buffer of blocked team scans: one per kernel, whatever the value types (a
/// non-template function, so all scans of a kernel share its one static array).
__device__ inline unsigned char* blocked_scan_buffer() {
  __shared__ __align__(16) unsigned char buffer[blocked_scan_bytes];
  return buffer;
}
__device__ inline int blocked_slot(int index, int per_pad) { return index + index / per_pad; }

/// Adds the warp totals of `slots` (one per warp, in warp order) of the warps before `mine` to
/// `before`, and sets `all` to the sum of all of them.
template <class T>
__device__ inline void add_warp_totals(const RawValue<T>* slots, int warps, int mine, T& before,
                                       T& all) {
  all = T();
  for (int w = 0; w < warps; ++w) {
    T s;
    std::memcpy(&s, &slots[w], sizeof(T));
    if (w < mine) before = before + s;
    all = all + s;
  }
}

/// The sum scan of a nested TeamThreadRange with one lane per thread, K = items / team_size
/// values per thread per step (K >= 2): the contributions go through shared memory from the
/// striped order the closure is called in (coalesced) to a blocked order, where each thread
/// scans its K consecutive values in registers, so a step of K * team_size indices costs one
/// warp scan per thread instead of one per chunk.
template <class I, class F, class T>
__device__ inline void blocked_scan_range(I begin, I end, int per_thread, const F& f, T* total) {
  const int y = (int)threadIdx.y, threads = (int)blockDim.y;
  const int lane = y & 31, population = warp_population();
  const unsigned mask = population_mask(population);
  const int warps = (threads + 31) >> 5, mine = y >> 5;
  const int per_pad = sizeof(T) >= 8 ? 16 : 32;
  T* buffer = reinterpret_cast<T*>(blocked_scan_buffer());
  RawValue<T>* slots = warp_slots<T>();
  const I step = I(per_thread) * I(threads);
  T carry = T();
  for (I base = begin; base < end; base += step) {
    __syncthreads();  // the previous step's readers are done
#pragma unroll 4
    for (int k = 0; k < per_thread; ++k) {
      const int at = k * threads + y;
      T value = T();
      const I i = base + I(at);
      if (i < end) f(i, value, false);
      buffer[blocked_slot(at, per_pad)] = value;
    }
    __syncthreads();
    T mine_total = T();
    for (int k = 0; k < per_thread; ++k) mine_total = mine_total + buffer[blocked_slot(y * per_thread + k, per_pad)];
    // Exclusive scan of the per-thread totals across the team.
    const T inclusive = warp_inclusive_sum(mine_total, mask, lane, 1);
    const T warp_total =
        shuffle_words(inclusive, [&](unsigned w) { return __shfl_sync(mask, w, population - 1); });
    T prefix = inclusive - mine_total;
    T step_total = warp_total;
    if (warps > 1) {
      if (lane == 0) std::memcpy(&slots[mine], &warp_total, sizeof(T));
      __syncthreads();
      add_warp_totals(slots, warps, mine, prefix, step_total);
    }
    // This thread's values become their exclusive prefixes within the step.
    T running = prefix;
    for (int k = 0; k < per_thread; ++k) {
      T& slot = buffer[blocked_slot(y * per_thread + k, per_pad)];
      const T value = slot;
      slot = running;
      running = running + value;
    }
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < per_thread; ++k) {
      const int at = k * threads + y;
      const I i = base + I(at);
      if (i < end) {
        T update = carry + buffer[blocked_slot(at, per_pad)];
        f(i, update, true);
      }
    }
    carry = carry + step_total;
    if (warps > 1) __syncthreads();  // the warp slots are read before the next step writes them
  }
  if (total) *total = carry;
}

/// The warp-tiled sum scan of a nested range whose participants are every lane of the block
/// (TeamVectorRange, or TeamThreadRange with one lane per thread), for arithmetic T, when the
/// block is whole warps: warp_tiled_scan::scan_range (rt/warp_tiled_scan.hpp, the algorithm the
/// OpenMP runtime shares) over CudaWarp and WarpTiledTeam: the warps' tiles in the blocked scans'
/// staging buffer, the warps' totals in two sets of static shared slots.
template <class T>
__device__ inline bool warp_tiled_scan_fits() {
  const int threads = team_threads();
  return threads % 32 == 0 &&
         (size_t)(threads / 32) * warp_tiled_scan::tile_values<T>() * sizeof(T) <=
             (size_t)blocked_scan_bytes;
}

/// The block as warp_tiled_scan::scan_range sees it (its Team contract).
struct WarpTiledTeam {
  __device__ int lane() const { return team_linear() & 31; }
  __device__ int warp() const { return team_linear() >> 5; }
  __device__ int warps() const { return team_threads() >> 5; }
  template <class T>
  __device__ T* tile() const {
    return reinterpret_cast<T*>(blocked_scan_buffer()) + warp() * warp_tiled_scan::tile_values<T>();
  }
  __device__ void before_scan() const {
    if (warps() > 1) __syncthreads(); else __syncwarp();
  }
  __device__ void barrier() const { __syncthreads(); }
  template <class T>
  __device__ void store_warp_total(int warp, int set, const T& v) const {
    std::memcpy(&scan_slots<T, 2>()[set * 32 + warp], &v, sizeof(T));
  }
  template <class T>
  __device__ T warp_total(int warp, int set) const {
    T v;
    std::memcpy(&v, &scan_slots<T, 2>()[set * 32 + warp], sizeof(T));
    return v;
  }
};

template <class I, class F, class T>
__device__ inline void warp_tiled_scan_range(I begin, I end, const F& f, T* total) {
  warp_tiled_scan::scan_range<CudaWarp>(WarpTiledTeam(), begin, end, f, total);
}

}  // namespace detail
}  // namespace cuda
}  // namespace rt
}  // namespace hpar
