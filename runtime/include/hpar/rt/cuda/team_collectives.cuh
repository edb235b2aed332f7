// hpar CUDA runtime: team collectives — the block-wide and lane-group reductions, scans and
// broadcasts the team member (team.cuh) and the nested range scans (team_scan.cuh) build on.
//
// Block shape and invariants (every function below relies on them):
//   blockDim = (vector_length, team_size, 1); vector_length is a power of two <= 32.
//   threadIdx.x is the vector lane, threadIdx.y the team rank. The linear thread index
//   l = x + vector_length * y orders warps, so a warp holds 32 / vector_length whole threads and
//   the lanes of one thread are vector_length consecutive lanes of one warp. Only the last warp
//   may be partial (team_size * vector_length not a multiple of 32).
//   Blocks loop over the league: team t runs in block t % gridDim.x (league-stride loop in the
//   generated kernel), so league sizes up to 2^31 - 1 need only a resident grid.
//
// Collectives, per nested level (see hpar/nested.hpp for the contract):
//   VectorLevel       lanes of one thread: shuffles within the lane group, no barrier;
//   ThreadLevel       threads of the team (lanes hold identical copies): shuffles across the
//                     threads of a warp, then, when the team spans several warps, one shared
//                     slot per warp between two __syncthreads();
//   TeamVectorLevel   every lane of the team: as ThreadLevel with every lane a participant.
// A multi-warp collective starts with __syncthreads(), so the slots of the previous collective
// are free; every thread then reads every warp's slot and combines them in warp order, so all
// participants hold bit-identical results (no per-lane combination orders).
#pragma once

#include <cstring>
#include <type_traits>

namespace hpar {
namespace rt {
namespace cuda {
namespace detail {

/// Linear thread index within the block and threads per block.
__device__ inline int team_linear() { return (int)(threadIdx.x + blockDim.x * threadIdx.y); }
__device__ inline int team_threads() { return (int)(blockDim.x * blockDim.y); }

/// Lanes of the calling warp that exist in this block.
__device__ inline int warp_population() {
  const int rest = team_threads() - (team_linear() & ~31);
  return rest < 32 ? rest : 32;
}
__device__ inline unsigned population_mask(int population) {
  return population == 32 ? 0xffffffffu : ((1u << population) - 1u);
}

/// One shared slot per warp for values of type T (one array per T in a kernel).
template <class T>
__device__ inline RawValue<T>* warp_slots() {
  __shared__ RawValue<T> slots[32];
  return slots;
}

/// Combines `value` across the block's lanes whose index is a multiple of `stride` (stride =
/// vector_length: one copy per thread; stride = 1: every lane); every thread gets the result.
template <class T, class Join>
__device__ inline void block_reduce(T& value, const Join& op, int stride) {
  const int l = team_linear(), lane = l & 31, population = warp_population();
  const unsigned mask = population_mask(population);
#pragma unroll
  for (int offset = 16; offset >= 1; offset >>= 1) {
    if (offset < stride) break;
    T other = shuffle_words(value, [&](unsigned w) { return __shfl_down_sync(mask, w, offset); });
    if (lane + offset < population) op.join(value, other);
  }
  if (team_threads() <= 32) {
    value = shuffle_words(value, [&](unsigned w) { return __shfl_sync(mask, w, 0); });
    return;
  }
  RawValue<T>* slots = warp_slots<T>();
  __syncthreads();
  if (lane == 0) std::memcpy(&slots[l >> 5], &value, sizeof(T));
  __syncthreads();
  const int warps = (team_threads() + 31) >> 5;
  std::memcpy(&value, &slots[0], sizeof(T));
  for (int w = 1; w < warps; ++w) {
    T other;
    std::memcpy(&other, &slots[w], sizeof(T));
    op.join(value, other);
  }
}

/// Exclusive scan across the block's lanes at multiples of `stride` (see block_reduce), in
/// linear order; returns this participant's prefix and sets `total`.
template <class T, class Join>
__device__ inline T block_exclusive_scan(const T& value, const Join& op, const T& identity,
                                         T& total, int stride) {
  const int l = team_linear(), lane = l & 31, population = warp_population();
  const unsigned mask = population_mask(population);
  T inclusive = value;
#pragma unroll
  for (int offset = 1; offset < 32; offset <<= 1) {
    if (offset < stride) continue;
    T before = shuffle_words(inclusive, [&](unsigned w) { return __shfl_up_sync(mask, w, offset); });
    if (lane >= offset) {
      op.join(before, inclusive);
      inclusive = before;
    }
  }
  T prefix = shuffle_words(inclusive, [&](unsigned w) { return __shfl_up_sync(mask, w, stride); });
  if (lane < stride) prefix = identity;
  const T warp_total =
      shuffle_words(inclusive, [&](unsigned w) { return __shfl_sync(mask, w, population - 1); });
  if (team_threads() <= 32) {
    total = warp_total;
    return prefix;
  }
  RawValue<T>* slots = warp_slots<T>();
  __syncthreads();
  if (lane == 0) std::memcpy(&slots[l >> 5], &warp_total, sizeof(T));
  __syncthreads();
  const int warps = (team_threads() + 31) >> 5, mine = l >> 5;
  T base = identity;
  for (int w = 0; w < mine; ++w) {
    T other;
    std::memcpy(&other, &slots[w], sizeof(T));
    op.join(base, other);
  }
  total = base;
  for (int w = mine; w < warps; ++w) {
    T other;
    std::memcpy(&other, &slots[w], sizeof(T));
    op.join(total, other);
  }
  op.join(base, prefix);
  return base;
}

/// The value of linear thread `source` on every thread of the block.
template <class T>
__device__ inline void block_broadcast(T& value, int source) {
  if (team_threads() <= 32) {
    const unsigned mask = population_mask(warp_population());
    value = shuffle_words(value, [&](unsigned w) { return __shfl_sync(mask, w, source); });
    return;
  }
  RawValue<T>* slots = warp_slots<T>();
  __syncthreads();
  if (team_linear() == source) std::memcpy(&slots[0], &value, sizeof(T));
  __syncthreads();
  std::memcpy(&value, &slots[0], sizeof(T));
}

/// Combines `value` over the Width lanes of the calling lane group by a butterfly: every lane
/// gets the same bits, because each step joins the same two values on both partners (reducers
/// are commutative, as in Kokkos).
template <int Width, class T, class Join>
__device__ inline void lane_group_reduce(T& value, const Join& op, unsigned mask) {
#pragma unroll
  for (int offset = Width >> 1; offset > 0; offset >>= 1) {
    T other = shuffle_words(value, [&](unsigned w) { return __shfl_xor_sync(mask, w, offset, Width); });
    op.join(value, other);
  }
}

/// Lanes of the calling thread's lane group (blockDim.x consecutive lanes of the warp).
__device__ inline unsigned lane_group_mask() {
  const unsigned width = blockDim.x;
  if (width == 32) return 0xffffffffu;
  return ((1u << width) - 1u) << ((unsigned)team_linear() & 31u & ~(width - 1u));
}

}  // namespace detail
}  // namespace cuda
}  // namespace rt
}  // namespace hpar
