// hpar CUDA runtime: teams. A team is one thread block; TeamMember is what a team functor sees.
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
namespace impl {

inline int backend_team_size_max(int vector_length) {
  int device = 0, threads = 1024;
  if (cudaGetDevice(&device) == cudaSuccess)
    cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, device);
  if (threads > 1024) threads = 1024;
  const int v = vector_length < 1 ? 1 : vector_length;
  return threads / v > 0 ? threads / v : 1;
}

inline int backend_team_size_recommended(int vector_length) {
  const int v = vector_length < 1 ? 1 : vector_length;
  return 256 / v > 0 ? 256 / v : 1;
}

/// Level 0: the shared memory one block may opt in to; level 1: half the free device memory
/// (one team at a time can use it), at most 2^31 - 1.
inline int backend_scratch_size_max(int level) {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) return 0;
  if (level == 0) {
    int optin = 0;
    cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    return optin;
  }
  size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) return 0;
  return free_bytes / 2 > size_t(0x7fffffff) ? 0x7fffffff : int(free_bytes / 2);
}

}  // namespace impl

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
      T inclusive = value[k];
#pragma unroll
      for (int offset = 1; offset < 32; offset <<= 1) {
        if (offset < stride) continue;
        const T before =
            shuffle_words(inclusive, [&](unsigned w) { return __shfl_up_sync(mask, w, offset); });
        if (lane >= offset) inclusive = before + inclusive;
      }
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
    T inclusive = mine_total;
#pragma unroll
    for (int offset = 1; offset < 32; offset <<= 1) {
      const T before =
          shuffle_words(inclusive, [&](unsigned w) { return __shfl_up_sync(mask, w, offset); });
      if (lane >= offset) inclusive = before + inclusive;
    }
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
/// block is whole warps: each step of the range is K * 32 consecutive indices per warp (K =
/// warp_tile_items). A warp calls the closure for its indices in striped order (coalesced),
/// stages the contributions in its own tile of the staging buffer, and each lane takes K
/// consecutive ones: the lane scans them in registers, the warp scans the lane totals with
/// shuffles, and the warps meet once per step, at one barrier, for the scan of the warp totals
/// (two sets of warp slots, used in turn, so no second barrier is needed before they are
/// rewritten). Steps that lie wholly inside the range run without bounds checks.
template <class T>
constexpr int warp_tile_items() {
  return sizeof(T) <= 4 ? 16 : 8;
}
template <class T>
constexpr int warp_tile_pad() {  // one padding value per this many (see blocked_slot)
  return sizeof(T) >= 8 ? 16 : 32;
}
template <class T>
constexpr int warp_tile_slots() {
  return 32 * warp_tile_items<T>() + 32 * warp_tile_items<T>() / warp_tile_pad<T>();
}
template <class T>
__device__ inline bool warp_tiled_scan_fits() {
  const int threads = team_threads();
  return threads % 32 == 0 &&
         (size_t)(threads / 32) * warp_tile_slots<T>() * sizeof(T) <= (size_t)blocked_scan_bytes;
}

/// One pass of a warp over its tile: Final == false calls f(i, value, false) and stages each
/// contribution; Final == true calls f(i, prefix, true) with the staged prefixes. `offset` is
/// the warp's first position in the step, `remaining` the indices left from `base`.
template <bool Final, bool Checked, class I, class F, class T>
__device__ inline void warp_tile_pass(I base, int offset, std::make_unsigned_t<I> remaining,
                                      int lane, const F& f, T* tile) {
  constexpr int K = warp_tile_items<T>(), pad = warp_tile_pad<T>();
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const int at = k * 32 + lane;
    const int pos = offset + at;
    T& slot = tile[at + at / pad];
    if (Checked && std::make_unsigned_t<I>(pos) >= remaining) {
      if (!Final) slot = T();
      continue;
    }
    if (Final) {
      T update = slot;
      f(base + I(pos), update, true);
    } else {
      T value = T();
      f(base + I(pos), value, false);
      slot = value;
    }
  }
}

template <class I, class F, class T>
__device__ inline void warp_tiled_scan_range(I begin, I end, const F& f, T* total) {
  using U = std::make_unsigned_t<I>;
  constexpr int K = warp_tile_items<T>(), pad = warp_tile_pad<T>();
  const int l = team_linear(), lane = l & 31, warp = l >> 5, warps = team_threads() >> 5;
  T* tile = reinterpret_cast<T*>(blocked_scan_buffer()) + warp * warp_tile_slots<T>();
  RawValue<T>* slots = scan_slots<T, 2>();
  const int mine = lane * K + lane * K / pad;  // this lane's K consecutive values in the tile
  const int offset = warp * 32 * K;
  const U step = U(K) * U(team_threads());
  // An earlier scan of this kernel may still be reading the buffer or the slots.
  if (warps > 1) __syncthreads(); else __syncwarp();
  T carry = T();
  int parity = 0;
  for (I base = begin; base < end;) {
    const U remaining = U(end) - U(base);
    const bool full = remaining >= step;
    if (full)
      warp_tile_pass<false, false>(base, offset, remaining, lane, f, tile);
    else
      warp_tile_pass<false, true>(base, offset, remaining, lane, f, tile);
    __syncwarp();
    T v[K];
    T sum = T();
#pragma unroll
    for (int k = 0; k < K; ++k) {
      v[k] = tile[mine + k];
      sum = sum + v[k];
    }
    T inclusive = sum;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
      const T before =
          shuffle_words(inclusive, [&](unsigned w) { return __shfl_up_sync(0xffffffffu, w, d); });
      if (lane >= d) inclusive = before + inclusive;
    }
    T exclusive =
        shuffle_words(inclusive, [&](unsigned w) { return __shfl_up_sync(0xffffffffu, w, 1); });
    if (lane == 0) exclusive = T();
    const T warp_total =
        shuffle_words(inclusive, [&](unsigned w) { return __shfl_sync(0xffffffffu, w, 31); });
    T before_warp = T(), step_total = warp_total;
    if (warps > 1) {
      RawValue<T>* set = slots + parity * 32;
      if (lane == 0) std::memcpy(&set[warp], &warp_total, sizeof(T));
      __syncthreads();
      add_warp_totals(set, warps, warp, before_warp, step_total);
      parity ^= 1;
    }
    T running = carry + before_warp + exclusive;
#pragma unroll
    for (int k = 0; k < K; ++k) {
      tile[mine + k] = running;
      running = running + v[k];
    }
    __syncwarp();
    if (full)
      warp_tile_pass<true, false>(base, offset, remaining, lane, f, tile);
    else
      warp_tile_pass<true, true>(base, offset, remaining, lane, f, tile);
    __syncwarp();  // the tile is read before the next step rewrites it
    carry = carry + step_total;
    if (!full) break;
    base = I(U(base) + step);
  }
  if (total) *total = carry;
}

/// Lanes of the calling thread's lane group (blockDim.x consecutive lanes of the warp).
__device__ inline unsigned lane_group_mask() {
  const unsigned width = blockDim.x;
  if (width == 32) return 0xffffffffu;
  return ((1u << width) - 1u) << ((unsigned)team_linear() & 31u & ~(width - 1u));
}

}  // namespace detail

/// Where the teams of a launch keep their scratch (hpar/scratch.hpp): level 0 in the block's
/// dynamic shared memory from `offset0`, level 1 in `pool1`, `bytes1` per block.
struct TeamScratch {
  size_t offset0 = 0;
  size_t bytes0 = 0;
  size_t bytes1 = 0;
  char* pool1 = nullptr;

  __device__ impl::TeamScratchState state() const {
    return impl::TeamScratchState(reinterpret_cast<char*>(detail::dynamic_shared()) + offset0,
                                  bytes0, pool1 + size_t(blockIdx.x) * bytes1, bytes1);
  }
  /// Ends a team of the block's league loop: with scratch, the block's threads wait for each
  /// other before the next team reuses it.
  __device__ void end_team() const {
    if (bytes0 + bytes1 > 0) __syncthreads();
  }
};

/// The team member of the CUDA build: one thread (one lane) of one team.
class TeamMember {
 public:
  using execution_space = DefaultExecutionSpace;
  using scratch_memory_space = ScratchMemorySpace<DefaultExecutionSpace>;

  __host__ __device__ TeamMember(int league_rank, int league_size,
                                 const impl::TeamScratchState& scratch = {})
      : m_league_rank(league_rank), m_league_size(league_size), m_scratch(scratch) {}

  /// The team's scratch at `level` (team-wide allocations), this thread's share (its lanes share
  /// it), and team_scratch(0) under its Kokkos name.
  __host__ __device__ ScratchMemorySpace<DefaultExecutionSpace> team_scratch(int level) const {
    return m_scratch.team(level);
  }
  __host__ __device__ ScratchMemorySpace<DefaultExecutionSpace> thread_scratch(int level) const {
    return m_scratch.thread(level, team_size(), team_rank());
  }
  __host__ __device__ ScratchMemorySpace<DefaultExecutionSpace> team_shmem() const {
    return m_scratch.team(0);
  }

  __host__ __device__ int league_rank() const { return m_league_rank; }
  __host__ __device__ int league_size() const { return m_league_size; }
  __host__ __device__ int team_rank() const {
#if defined(__CUDA_ARCH__)
    return (int)threadIdx.y;
#else
    return 0;
#endif
  }
  __host__ __device__ int team_size() const {
#if defined(__CUDA_ARCH__)
    return (int)blockDim.y;
#else
    return 1;
#endif
  }
  /// __syncthreads(): every thread of the team must reach it.
  __host__ __device__ void team_barrier() const {
#if defined(__CUDA_ARCH__)
    __syncthreads();
#endif
  }

  /// `value` of thread `root` (its lane 0) on every thread and lane.
  template <class T>
  __host__ __device__ void team_broadcast(T& value, int root) const {
    impl_broadcast(impl::ThreadLevel(), value, root);
  }
  template <class Closure, class T>
  __host__ __device__ void team_broadcast(const Closure& f, T& value, int root) const {
    if (team_rank() == root) f(value);
    impl_broadcast(impl::ThreadLevel(), value, root);
  }
  /// reducer.reference() combined over the team's threads, on every thread.
  template <class Reducer>
  __host__ __device__ std::enable_if_t<is_reducer<Reducer>::value> team_reduce(
      const Reducer& reducer) const {
    typename Reducer::value_type value = reducer.reference();
    impl_reduce(impl::ThreadLevel(), value, reducer);
    reducer.reference() = value;
  }
  template <class Reducer>
  __host__ __device__ std::enable_if_t<is_reducer<Reducer>::value> team_reduce(
      const Reducer& reducer, const typename Reducer::value_type& contribution) const {
    typename Reducer::value_type value = contribution;
    impl_reduce(impl::ThreadLevel(), value, reducer);
    reducer.reference() = value;
  }
  /// Exclusive prefix sum of `value` over the team's threads in rank order.
  template <class T>
  __host__ __device__ T team_scan(const T& value) const {
    T total;
    return impl_exclusive_scan(impl::ThreadLevel(), value, impl::ScanSum<T>(), T(), total);
  }
  /// As team_scan(value); thread 0 adds the team total to *global atomically and every prefix
  /// starts from the value *global had before.
  template <class T>
  __host__ __device__ T team_scan(const T& value, T* global) const {
    T total;
    T prefix = impl_exclusive_scan(impl::ThreadLevel(), value, impl::ScanSum<T>(), T(), total);
    if (!global) return prefix;
    T base = T();
    if (impl_team_leader()) base = atomic_fetch_add(global, total);
    impl_broadcast(impl::ThreadLevel(), base, 0);
    return base + prefix;
  }

  // ---- the nested levels (hpar/nested.hpp) --------------------------------------------------
  __host__ __device__ int impl_rank(impl::ThreadLevel) const { return team_rank(); }
  __host__ __device__ int impl_size(impl::ThreadLevel) const { return team_size(); }
  __host__ __device__ int impl_rank(impl::VectorLevel) const {
#if defined(__CUDA_ARCH__)
    return (int)threadIdx.x;
#else
    return 0;
#endif
  }
  __host__ __device__ int impl_size(impl::VectorLevel) const {
#if defined(__CUDA_ARCH__)
    return (int)blockDim.x;
#else
    return 1;
#endif
  }
  __host__ __device__ int impl_rank(impl::TeamVectorLevel) const {
#if defined(__CUDA_ARCH__)
    return detail::team_linear();
#else
    return 0;
#endif
  }
  __host__ __device__ int impl_size(impl::TeamVectorLevel) const {
#if defined(__CUDA_ARCH__)
    return detail::team_threads();
#else
    return 1;
#endif
  }

  template <class T, class Join>
  __host__ __device__ void impl_reduce(impl::ThreadLevel, T& value, const Join& op) const {
#if defined(__CUDA_ARCH__)
    if (blockDim.y > 1) detail::block_reduce(value, op, (int)blockDim.x);
#endif
  }
  template <class T, class Join>
  __host__ __device__ void impl_reduce(impl::TeamVectorLevel, T& value, const Join& op) const {
#if defined(__CUDA_ARCH__)
    if (detail::team_threads() > 1) detail::block_reduce(value, op, 1);
#endif
  }
  /// Within the lane group: a butterfly, unrolled for each vector length.
  template <class T, class Join>
  __host__ __device__ void impl_reduce(impl::VectorLevel, T& value, const Join& op) const {
#if defined(__CUDA_ARCH__)
    const unsigned mask = detail::lane_group_mask();
    switch (blockDim.x) {
    case 2: detail::lane_group_reduce<2>(value, op, mask); break;
    case 4: detail::lane_group_reduce<4>(value, op, mask); break;
    case 8: detail::lane_group_reduce<8>(value, op, mask); break;
    case 16: detail::lane_group_reduce<16>(value, op, mask); break;
    case 32: detail::lane_group_reduce<32>(value, op, mask); break;
    default: break;  // one lane
    }
#endif
  }

  template <class T, class Join>
  __host__ __device__ T impl_exclusive_scan(impl::ThreadLevel, const T& value, const Join& op,
                                            const T& identity, T& total) const {
#if defined(__CUDA_ARCH__)
    if (blockDim.y > 1)
      return detail::block_exclusive_scan(value, op, identity, total, (int)blockDim.x);
#endif
    total = value;
    return identity;
  }
  template <class T, class Join>
  __host__ __device__ T impl_exclusive_scan(impl::TeamVectorLevel, const T& value,
                                            const Join& op, const T& identity, T& total) const {
#if defined(__CUDA_ARCH__)
    if (detail::team_threads() > 1)
      return detail::block_exclusive_scan(value, op, identity, total, 1);
#endif
    total = value;
    return identity;
  }
  template <class T, class Join>
  __host__ __device__ T impl_exclusive_scan(impl::VectorLevel, const T& value, const Join& op,
                                            const T& identity, T& total) const {
#if defined(__CUDA_ARCH__)
    const int width = (int)blockDim.x;
    if (width > 1) {
      const unsigned mask = detail::lane_group_mask();
      const int x = (int)threadIdx.x;
      T inclusive = value;
      for (int offset = 1; offset < width; offset <<= 1) {
        T before = detail::shuffle_words(
            inclusive, [&](unsigned w) { return __shfl_up_sync(mask, w, offset, width); });
        if (x >= offset) {
          op.join(before, inclusive);
          inclusive = before;
        }
      }
      total = detail::shuffle_words(
          inclusive, [&](unsigned w) { return __shfl_sync(mask, w, width - 1, width); });
      T prefix = detail::shuffle_words(
          inclusive, [&](unsigned w) { return __shfl_up_sync(mask, w, 1, width); });
      return x == 0 ? identity : prefix;
    }
#endif
    total = value;
    return identity;
  }

  /// A whole nested scan over the team's threads (or every lane): Chunks chunks of size()
  /// indices per pair of barriers instead of one, the closure's contributions kept in registers.
  template <class I, class F, class T>
  __host__ __device__ void impl_scan_range(impl::ThreadLevel, I begin, I end, const F& f,
                                           T* total) const {
#if defined(__CUDA_ARCH__)
    // One lane per thread and arithmetic values (whose difference undoes a prefix): the blocked
    // scan through shared memory; otherwise chunks of team_size indices.
    if constexpr (std::is_arithmetic<T>::value) {
      if (blockDim.x == 1 && detail::warp_tiled_scan_fits<T>()) {
        detail::warp_tiled_scan_range(begin, end, f, total);
        return;
      }
      // At most `most` values per thread fit; spread the range evenly over the fewest steps.
      int most = (int)(detail::blocked_scan_bytes / sizeof(T) * 15 / 16) / (int)blockDim.y;
      if (most > 16) most = 16;
      if (blockDim.x == 1 && most >= 2) {
        const int64_t length = end > begin ? int64_t(end - begin) : 0;
        const int64_t threads = blockDim.y;
        const int64_t steps = (length + most * threads - 1) / (most * threads);
        int64_t per_thread = steps > 0 ? (length + steps * threads - 1) / (steps * threads) : 1;
        if (per_thread < 1) per_thread = 1;
        detail::blocked_scan_range(begin, end, (int)per_thread, f, total);
        return;
      }
    }
    detail::block_scan_range<8>(begin, end, I(threadIdx.y), I(blockDim.y), (int)blockDim.x, f, total);
#endif
  }
  template <class I, class F, class T>
  __host__ __device__ void impl_scan_range(impl::TeamVectorLevel, I begin, I end, const F& f,
                                           T* total) const {
#if defined(__CUDA_ARCH__)
    if constexpr (std::is_arithmetic<T>::value) {
      if (detail::warp_tiled_scan_fits<T>()) {
        detail::warp_tiled_scan_range(begin, end, f, total);
        return;
      }
    }
    detail::block_scan_range<8>(begin, end, I(detail::team_linear()), I(detail::team_threads()), 1,
                                f, total);
#endif
  }

  template <class T>
  __host__ __device__ void impl_broadcast(impl::ThreadLevel, T& value, int root) const {
#if defined(__CUDA_ARCH__)
    if (detail::team_threads() > 1) detail::block_broadcast(value, root * (int)blockDim.x);
#endif
  }
  template <class T>
  __host__ __device__ void impl_broadcast(impl::TeamVectorLevel, T& value, int root) const {
#if defined(__CUDA_ARCH__)
    if (detail::team_threads() > 1) detail::block_broadcast(value, root);
#endif
  }
  template <class T>
  __host__ __device__ void impl_broadcast(impl::VectorLevel, T& value, int root) const {
#if defined(__CUDA_ARCH__)
    const int width = (int)blockDim.x;
    if (width == 1) return;
    const unsigned mask = detail::lane_group_mask();
    value = detail::shuffle_words(value, [&](unsigned w) { return __shfl_sync(mask, w, root, width); });
#endif
  }

  __host__ __device__ bool impl_team_leader() const {
#if defined(__CUDA_ARCH__)
    return threadIdx.x == 0 && threadIdx.y == 0;
#else
    return true;
#endif
  }
  __host__ __device__ bool impl_lane_leader() const {
#if defined(__CUDA_ARCH__)
    return threadIdx.x == 0;
#else
    return true;
#endif
  }

 private:
  int m_league_rank;
  int m_league_size;
  impl::TeamScratchState m_scratch;
};

/// The most threads a team kernel is compiled for: the policy's LaunchBounds, else 1024, so every
/// team size up to team_size_max() launches whatever registers the functor needs (as Kokkos
/// compiles its team kernels).
template <class Policy>
constexpr int team_max_threads() {
  return Policy::launch_bounds::maxTperB > 0 ? int(Policy::launch_bounds::maxTperB) : 1024;
}
template <class Policy>
constexpr int team_min_blocks() {
  return Policy::launch_bounds::minBperSM > 0 ? int(Policy::launch_bounds::minBperSM) : 1;
}

/// Waves of resident blocks a team grid may hold: blocks loop over the league beyond that
/// (block b runs teams b, b + grid, b + 2 grid, ...).
///
/// One wave keeps the teams in flight a contiguous, advancing window of the league, the order in
/// which the hardware would start one block per team, so neighbouring teams that share data
/// (the rows of x that adjacent spmv teams read) find it in L2; with several waves the later
/// waves' blocks revisit every part of the league after the first wave has moved on (spmv on an
/// H100: 0.82 ms with one wave against 0.92 ms with four). But with one wave every block runs
/// ceil(league / grid) teams while the average is league / grid, which costs up to 1 / (league /
/// grid) at the end; short leagues launch team_waves_short waves instead, and the hardware hands
/// the later waves' blocks to whichever multiprocessor frees up first (team_scan, 31 teams per
/// resident block: 0.381 ms with four waves against 0.398 ms with one).
constexpr int64_t team_ordered_min_teams = 64;  // teams per resident block for one wave
constexpr int64_t team_waves_short = 4;

/// Shape of a team launch and where its teams keep their scratch.
struct TeamLaunch {
  LaunchShape shape;
  TeamScratch scratch;
};

/// The level-1 scratch pool of team launches: one grow-only device allocation per device.
inline detail::GrowOnlyBuffer& team_scratch_pool() {
  static detail::GrowOnlyBuffer pool;
  return pool;
}

/// Plans a team launch: blocks of (vector_length, team_size) threads, one or team_waves_short
/// waves of resident blocks (at most the league), `shared_per_thread` bytes of dynamic shared
/// memory per thread for the launch's own use, then the team's level-0 scratch (the policy's,
/// plus the functor's team_shmem_size). AUTO team size: the occupancy API's block size for the
/// kernel with that shared memory, in whole teams. Level-1 scratch takes one slice of a device
/// pool per block, so the grid is then at most one wave (and what half the free memory holds).
/// A reduction (at_least_one) always launches one block so that an empty league still yields
/// the identity. Scratch beyond what the device offers stops the program before the launch.
template <class Kernel, class Policy, class Functor>
TeamLaunch team_launch(Kernel kernel, const Policy& policy, const Functor& f,
                       size_t shared_per_thread, bool at_least_one, const KernelSite& site) {
  const int vector = policy.vector_length();
  const int device = detail::current_device(site);
  const detail::KernelLimits limits = detail::kernel_limits(kernel, device, site);
  int team = policy.team_size();
  if (policy.impl_auto_team_size()) {
    const size_t per_lane = shared_per_thread + impl::scratch_round(policy.thread_scratch_size(0)) /
                                                    size_t(vector);
    const size_t fixed = 16 + impl::scratch_round(policy.team_scratch_size(0)) +
                         impl::scratch_round(impl::functor_team_shmem_size(f, 1024 / vector));
    const int block = detail::recommended_block(kernel, per_lane, fixed, 1024, site);
    team = block / vector > 0 ? block / vector : 1;
  }
  const int threads = team * vector;
  if (threads > limits.max_threads) {
    const std::string message = "team size " + std::to_string(team) + " with vector length " +
                                std::to_string(vector) + " needs " + std::to_string(threads) +
                                " threads per block; this kernel can launch at most " +
                                std::to_string(limits.max_threads);
    fail(site, message.c_str());
  }
  TeamScratch scratch;
  scratch.offset0 = detail::align_up(shared_per_thread * size_t(threads), 16);
  scratch.bytes0 = policy.impl_scratch_bytes(0, team) +
                   impl::scratch_round(impl::functor_team_shmem_size(f, team));
  scratch.bytes1 = policy.impl_scratch_bytes(1, team);
  for (int level = 0; level < 2; ++level) {
    const size_t asked = level == 0 ? scratch.bytes0 : scratch.bytes1;
    const size_t most = size_t(impl::backend_scratch_size_max(level)) -
                        (level == 0 ? limits.static_shared + scratch.offset0 : 0);
    if (asked > most) {
      const std::string message =
          "team scratch level " + std::to_string(level) + ": " + std::to_string(asked) +
          " bytes per team asked (team size " + std::to_string(team) + "); the device allows " +
          std::to_string(most) +
          (level == 0 ? " (shared memory per block, less what the kernel uses itself)" : "");
      fail(site, message.c_str());
    }
  }
  const size_t shared = scratch.offset0 + scratch.bytes0;
  if (shared > 0) detail::reserve_shared(kernel, shared, site);
  const int64_t league = policy.league_size();
  if (league == 0 && !at_least_one)
    return TeamLaunch{LaunchShape{dim3(0), dim3(vector, team), shared}, scratch};
  const int64_t resident = detail::resident_blocks(kernel, threads, shared, site);
  int64_t cap = league >= resident * team_ordered_min_teams ? resident
                                                           : resident * team_waves_short;
  if (scratch.bytes1 > 0) {
    size_t free_bytes = 0, total = 0;
    detail::check_cuda(cudaMemGetInfo(&free_bytes, &total), site, "cannot query device memory");
    const int64_t fit = int64_t(free_bytes / 2 / scratch.bytes1);
    cap = resident < cap ? resident : cap;
    cap = fit < cap ? fit : cap;
  }
  int64_t grid = league < cap ? league : cap;
  if (grid < 1) grid = 1;
  if (scratch.bytes1 > 0) {
    bool fresh = false;
    scratch.pool1 = static_cast<char*>(
        team_scratch_pool().get(size_t(grid) * scratch.bytes1, fresh, site));
  }
  return TeamLaunch{LaunchShape{dim3((unsigned)grid), dim3((unsigned)vector, (unsigned)team), shared},
                    scratch};
}

/// Ends a top-level team reduction: the functor ran on every lane, but each thread contributes
/// once, so lanes other than 0 drop their accumulator before the block combine.
template <class Spec, class StateSpec>
__device__ void finish_team_reduce(const Spec& spec, const ReduceState<StateSpec>& state,
                                   typename Spec::value_type* acc) {
  if (threadIdx.x != 0) spec.init(acc);
  finish_reduce(spec, state, acc);
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
