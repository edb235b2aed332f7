// hpar CUDA runtime: teams. A team is one thread block; TeamMember is what a team functor sees,
// TeamScratch where its scratch lives, team_launch() the shape of a team kernel's launch (called by
// the launchers TeamFor and TeamReduce, launchers.cuh).
// Block shape and collectives: team_collectives.cuh; nested range scans: team_scan.cuh.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include <hpar/rt/cuda/team_collectives.cuh>
#include <hpar/rt/cuda/team_scan.cuh>
#include <hpar/rt/team_shape.hpp>

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

/// A block's thread limit needs no words: team_launch() checks the kernel's own limit too.
inline const char* backend_team_size_limit() { return ""; }

/// The GPU's resident threads: multiprocessors times the threads each keeps (as Kokkos' Cuda).
inline int backend_concurrency() {
  static const int threads = [] {
    int device = 0, sms = 0, per_sm = 0;
    if (cudaGetDevice(&device) != cudaSuccess) return 1;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device);
    return sms * per_sm > 0 ? sms * per_sm : 1;
  }();
  return threads;
}

inline int backend_team_size_recommended(int vector_length) {
  const int v = vector_length < 1 ? 1 : vector_length;
  return 256 / v > 0 ? 256 / v : 1;
}

/// Shared memory per block that scratch_size_max(0) leaves to the kernel's own use.
constexpr size_t kernel_shared_reserve = (1024 + 2) * 8 + 8 + 16;

/// The level-1 limit when `free_bytes` of device memory are free: half of them (one team at a
/// time can use it).
inline size_t scratch_level1_limit(size_t free_bytes) { return free_bytes / 2; }

/// Level 0: the shared memory one block may opt in to; level 1: scratch_level1_limit.
inline size_t backend_scratch_bytes_max(int level) {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) return 0;
  if (level == 0) {
    int optin = 0;
    cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    return optin;
  }
  size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) return 0;
  return scratch_level1_limit(free_bytes);
}
/// What TeamPolicy::scratch_size_max says: backend_scratch_bytes_max as Kokkos' int, at level 0
/// less what a team kernel may use of the block's shared memory itself (its reduction slots and
/// static shared memory), as Kokkos' Cuda backend keeps (1024 + 2) * 8 + 8 bytes back: a
/// program asking for scratch_size_max(0) can then launch (Kokkos' TestTeamTeamSize does).
inline int backend_scratch_size_max(int level) {
  size_t most = backend_scratch_bytes_max(level);
  if (level == 0) most = most > kernel_shared_reserve ? most - kernel_shared_reserve : 0;
  return most > size_t(0x7fffffff) ? 0x7fffffff : int(most);
}

}  // namespace impl

namespace rt {
namespace cuda {


/// Where the teams of a launch keep their scratch (hpar/scratch.hpp): level 0 in the block's
/// dynamic shared memory from `offset0`, level 1 in `pool1`, `bytes1` per block. With scratch,
/// `sync_before` is league_size - gridDim.x: a team below it has a successor in its block.
struct TeamScratch {
  size_t offset0 = 0;
  size_t bytes0 = 0;
  size_t bytes1 = 0;
  char* pool1 = nullptr;
  int sync_before = 0;

  /// The team's scratch state. Level 0 starts 16-byte aligned (the dynamic shared memory is, and
  /// offset0 is a multiple of 16), which the compiler is told: with the bump offsets it knows, it
  /// can then read two doubles of a scratch row with one 16-byte shared load, as it does for a
  /// `__shared__` array (batched_gemm: 24 shared loads per element of C instead of 32).
  __device__ impl::TeamScratchState state() const {
    char* base0 = static_cast<char*>(__builtin_assume_aligned(
        reinterpret_cast<char*>(detail::dynamic_shared()) + offset0, 16));
    return impl::TeamScratchState(base0, bytes0, pool1 + size_t(blockIdx.x) * bytes1, bytes1);
  }
  /// Ends team `league` of the block's league loop: when the teams use scratch and another team
  /// of the block follows, the block's threads wait for each other before it reuses the scratch.
  /// (One comparison with a launch constant: a test of the scratch sizes here made the loop
  /// invariant and cost batched_gemm 5 registers per thread, a quarter of its resident blocks.)
  __device__ void end_team(int league) const {
    if (league < sync_before) __syncthreads();
  }
};

/// The team member of the CUDA build: one thread (one lane) of one team. Its public API is
/// impl::TeamMemberApi's (hpar/impl/team_member_api.hpp); this class defines the primitives.
class TeamMember
    : public impl::TeamMemberApi<TeamMember> {
 public:
  /// `views_read_only`: the kernel was launched knowing that the Views its lambda only reads
  /// overlap none of the others (read_only below); a constant of the kernel's variant.
  __host__ __device__ TeamMember(int league_rank, int league_size,
                                 const impl::TeamScratchState& scratch = {},
                                 bool views_read_only = false)
      : TeamMemberApi(league_rank, league_size, scratch), m_views_read_only(views_read_only) {}

  __host__ __device__ bool impl_views_read_only() const { return m_views_read_only; }

  // ---- the primitives of impl::TeamMemberApi and the nested levels (hpar/nested.hpp) -------
  /// __syncthreads(): every thread of the team must reach it.
  __host__ __device__ void impl_barrier() const {
#if defined(__CUDA_ARCH__)
    __syncthreads();
#endif
  }
  __host__ __device__ bool impl_is_root(int root) const { return team_rank() == root; }
  __host__ __device__ int impl_rank(impl::ThreadLevel) const {
#if defined(__CUDA_ARCH__)
    return (int)threadIdx.y;
#else
    return 0;
#endif
  }
  __host__ __device__ int impl_size(impl::ThreadLevel) const {
#if defined(__CUDA_ARCH__)
    return (int)blockDim.y;
#else
    return 1;
#endif
  }
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
    // scan through shared memory; otherwise chunks of team_size indices. Values of at most 8
    // bytes always fit the blocked scan's buffer (at least 2 per thread of 1024), so a kernel
    // that knows its vector length is 1 (team_assume_lanes) compiles no chunked scan for them.
    if constexpr (std::is_arithmetic<T>::value) {
      if (blockDim.x == 1 && detail::warp_tiled_scan_fits<T>()) {
        detail::warp_tiled_scan_range(begin, end, f, total);
        return;
      }
      // At most `most` values per thread fit; spread the range evenly over the fewest steps.
      int most = (int)(detail::blocked_scan_bytes / sizeof(T) * 15 / 16) / (int)blockDim.y;
      if (most > 16) most = 16;
      constexpr bool always_fits =
          sizeof(T) <= 8 && detail::blocked_scan_bytes / 8 * 15 / 16 >= 2 * 1024;
      if (blockDim.x == 1 && (always_fits || most >= 2)) {
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
  /// The lanes of this thread (its threadIdx.x group) meet, and each sees the others' writes
  /// before (__syncwarp orders memory among the threads it synchronises).
  __host__ __device__ void impl_lane_sync() const {
#if defined(__CUDA_ARCH__)
    if (blockDim.x > 1) __syncwarp(detail::lane_group_mask());
#endif
  }

 private:
  bool m_views_read_only;
};

/// Threads per block an AUTO team size prefers: team size 256 / vector length, unless the
/// occupancy API's block keeps more threads resident on a multiprocessor (large level-0 scratch
/// or many registers per thread), in which case that block. The occupancy API alone picks the
/// largest block of the best occupancy, 1024 threads for most kernels, and a team that large
/// leaves threads idle on short team ranges and makes every team barrier and team scan wait
/// for 32 warps: on an H100, a 4096-column team scan ran 3.2x slower with teams of 1024 than of
/// 256, and an spmv of 64 rows per team with vector length 8 1.7x slower with teams of 96 than
/// of 32 (docs/performance.md).
constexpr int team_auto_block = 256;

/// The most threads a team kernel is compiled for: the policy's LaunchBounds, else 1024, so every
/// team size up to team_size_max() launches whatever registers the functor needs (as Kokkos
/// compiles its team kernels).
///
/// A team kernel whose shape is known only at run time is compiled twice (the Narrow template
/// argument): for blocks of at most team_auto_block threads, with nvcc's own register budget,
/// and for any block. team_launch takes the narrow one whenever the block fits it: the spmv
/// benchmark's kernel takes 36 registers per thread compiled for 1024 threads (six teams of
/// 256 resident per multiprocessor) and 32 compiled for 256 (eight).
template <class Policy, bool Narrow = false>
constexpr int team_max_threads() {
  return Policy::launch_bounds::maxTperB > 0 ? int(Policy::launch_bounds::maxTperB)
                                             : (Narrow ? team_auto_block : 1024);
}
template <class Policy, bool Narrow = false>
constexpr int team_min_blocks() {
  return Policy::launch_bounds::minBperSM > 0 ? int(Policy::launch_bounds::minBperSM)
                                              : (Narrow ? 0 : 1);
}

/// A team kernel whose team size and vector length the translator read as constants from its
/// policy (`TeamPolicy(E, 16, 16)`) is compiled for exactly that block: at most Team x Vector
/// threads (unless the policy's LaunchBounds say otherwise), and told the block's shape
/// (team_assume_block), so that a nested range of as many indices as threads or lanes becomes
/// straight-line code. bench/batched_gemm.cpp (16 x 16 teams) took 56 registers per thread
/// compiled for any team size and 30 compiled for its own, which keeps twice the teams resident.
HPAR_HD constexpr int team_fixed_threads(int team, int vector) {
  const int threads = team * impl::resolved_vector_length(vector);
  return threads < 1 ? 1 : (threads > 1024 ? 1024 : threads);
}
template <class Policy>
constexpr int team_max_threads(int team, int vector) {
  return Policy::launch_bounds::maxTperB > 0 ? team_max_threads<Policy>()
                                             : team_fixed_threads(team, vector);
}

/// The fewest resident blocks a kernel compiled for one shape asks for: the policy's
/// LaunchBounds, else 0, which leaves the register budget to nvcc's own occupancy heuristic
/// (an explicit 1 lets it spend up to 255 registers; batched_gemm's 16 x 16 kernel took 46
/// registers with 1 and 30 without).
template <class Policy>
constexpr int team_fixed_min_blocks() {
  return team_min_blocks<Policy, true>();
}

/// In a team kernel compiled for one shape: the block is (Vector, Team) threads.
template <int Team, int Vector>
__device__ __forceinline__ void team_assume_block() {
  constexpr int lanes = impl::resolved_vector_length(Vector);
  __builtin_assume(blockDim.x == lanes);
  __builtin_assume(blockDim.y == Team);
  __builtin_assume(threadIdx.x < lanes);
  __builtin_assume(threadIdx.y < Team);
}

/// In a team parallel_for kernel whose vector length the translator read as a constant but whose
/// team size it did not (`TeamPolicy(E, AUTO)`, vector length 1): the block is Vector lanes wide,
/// so that vector-level code and the collectives' lane tests fold away (a TeamThreadRange scan
/// of a number then compiles no chunked fallback, TeamMember::impl_scan_range). Not for team
/// reductions: yax's ran 3 to 5 % slower with it.
template <int Vector>
__device__ __forceinline__ void team_assume_lanes() {
  constexpr int lanes = impl::resolved_vector_length(Vector);
  __builtin_assume(blockDim.x == lanes);
  __builtin_assume(threadIdx.x < lanes);
}

/// The launch's checks for team_assume_lanes and team_assume_block (rt/team_shape.hpp; called by
/// TeamKernelBlock, launchers.cuh).
using rt::check_team_lanes;
using rt::check_team_shape;

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
  bool narrow;  // launch the kernel compiled for at most team_auto_block threads
};

/// The level-1 scratch pool of team launches: one grow-only device allocation per device and
/// stream.
inline detail::GrowOnlyBuffer& team_scratch_pool() {
  static detail::GrowOnlyBuffer pool;
  return pool;
}

namespace detail {

/// What a team launch asks for, read from its policy and functor by team_launch, so that the
/// plan (plan_team_launch) is compiled once per file rather than once per kernel.
struct TeamRequest {
  int vector = 1;
  int64_t league = 0;
  int team = 1;
  bool auto_team = false;
  size_t thread_scratch0 = 0, team_scratch0 = 0;  // the policy's level-0 requests
  size_t functor_shmem_auto = 0;  // the functor's team_shmem_size for the largest team
  int narrow_max_threads = 0;     // the block the narrow kernel is compiled for
  /// The bytes of scratch `level` one team of `team` threads takes (impl::team_scratch_bytes).
  size_t (*scratch_bytes)(const void* policy, const void* functor, int level, int team) = nullptr;
  const void* policy = nullptr;
  const void* functor = nullptr;
  cudaStream_t stream = nullptr;  // the stream the launch goes to (its level-1 pool is that stream's)
};

template <class Policy, class Functor>
size_t team_scratch_bytes_of(const void* policy, const void* functor, int level, int team) {
  return impl::team_scratch_bytes(*static_cast<const Policy*>(policy),
                                  *static_cast<const Functor*>(functor), level, team);
}

inline TeamLaunch plan_team_launch(const void* narrow, const void* wide, const TeamRequest& r,
                                   size_t shared_per_thread, bool at_least_one,
                                   const KernelSite& site) {
  using Kernel = const void*;
  const int vector = r.vector;
  const int device = detail::current_device(site);
  const detail::KernelLimits wide_limits = detail::kernel_limits(wide, device, site);
  const int64_t league = r.league;
  int team = r.team;
  if (r.auto_team) {
    const size_t per_lane = shared_per_thread + impl::scratch_round(r.thread_scratch0) /
                                                    size_t(vector);
    const size_t fixed = 16 + impl::scratch_round(r.team_scratch0) +
                         impl::scratch_round(r.functor_shmem_auto);
    // Threads the device holds at once with teams of t, and whether a block of them fits.
    const size_t shared_optin = detail::device_limits(device, site).shared_optin;
    auto fits = [&](Kernel k, int t) {
      const size_t threads = size_t(t) * size_t(vector);
      const detail::KernelLimits l = detail::kernel_limits(k, device, site);
      return int(threads) <= l.max_threads &&
             fixed + per_lane * threads + l.static_shared <= shared_optin;
    };
    auto resident_threads = [&](Kernel k, int t) {
      const int threads = t * vector;
      return detail::resident_blocks(k, threads, fixed + per_lane * size_t(threads), site) *
             threads;
    };
    const int block = detail::recommended_block(wide, per_lane, fixed, 1024, site);
    const int occupancy_team = block / vector > 0 ? block / vector : 1;
    const int preferred = team_auto_block / vector > 0 ? team_auto_block / vector : 1;
    team = occupancy_team;
    if (preferred < occupancy_team && fits(narrow, preferred)) {
      const int64_t held = resident_threads(narrow, preferred);
      if (league * preferred * vector < held) {
        // Too few teams to fill the device with small ones: each team takes as many threads
        // as a block may have (team_mdrange, 64 teams of a 32^4 box).
        const int most = wide_limits.max_threads / vector;
        for (int t = most; t > occupancy_team; t /= 2)
          if (fits(wide, t)) {
            team = t;
            break;
          }
      } else if (held >= resident_threads(wide, occupancy_team)) {
        team = preferred;
      }
    }
  }
  const Kernel kernel = team * vector <= r.narrow_max_threads ? narrow : wide;
  const detail::KernelLimits limits = detail::kernel_limits(kernel, device, site);
  const int threads = team * vector;
  if (threads > limits.max_threads)
    fail_with(site,
              "team size %d with vector length %d needs %d threads per block; this kernel can "
              "launch at most %d",
              team, vector, threads, limits.max_threads);
  TeamScratch scratch;
  scratch.offset0 = detail::align_up(shared_per_thread * size_t(threads), 16);
  scratch.bytes0 = r.scratch_bytes(r.policy, r.functor, 0, team);
  scratch.bytes1 = r.scratch_bytes(r.policy, r.functor, 1, team);
  // Level 1 is bounded by the free device memory, queried once (cudaMemGetInfo costs
  // microseconds) and only for launches that use it.
  size_t free_bytes = 0;
  if (scratch.bytes1 > 0) {
    size_t total = 0;
    detail::check_cuda(cudaMemGetInfo(&free_bytes, &total), site, "cannot query device memory");
  }
  for (int level = 0; level < 2; ++level) {
    const size_t asked = level == 0 ? scratch.bytes0 : scratch.bytes1;
    if (asked == 0) continue;  // the level-0 limit is a device query too: only with scratch
    const size_t device_most = level == 0 ? impl::backend_scratch_bytes_max(0)
                                          : impl::scratch_level1_limit(free_bytes);
    const size_t used = level == 0 ? limits.static_shared + scratch.offset0 : 0;
    const size_t most = device_most > used ? device_most - used : 0;
    if (asked > most)
      fail_with(site,
                "team scratch level %d: %zu bytes per team asked (team size %d); the device "
                "allows %zu%s",
                level, asked, team, most,
                level == 0 ? " (shared memory per block, less what the kernel uses itself)" : "");
  }
  const size_t shared = scratch.offset0 + scratch.bytes0;
  if (shared > 0) detail::reserve_shared(kernel, shared, site);
  if (league == 0 && !at_least_one)
    return TeamLaunch{LaunchShape{dim3(0), dim3(vector, team), shared}, scratch, kernel == narrow};
  const int64_t resident = detail::resident_blocks(kernel, threads, shared, site);
  int64_t cap = league >= resident * team_ordered_min_teams ? resident
                                                           : resident * team_waves_short;
  if (scratch.bytes1 > 0) {
    const int64_t fit = int64_t(free_bytes / 2 / scratch.bytes1);
    cap = resident < cap ? resident : cap;
    cap = fit < cap ? fit : cap;
  }
  int64_t grid = league < cap ? league : cap;
  if (grid < 1) grid = 1;
  if (scratch.bytes0 + scratch.bytes1 > 0) scratch.sync_before = int(league - grid);
  if (scratch.bytes1 > 0) {
    bool fresh = false;
    scratch.pool1 = static_cast<char*>(
        team_scratch_pool().get(size_t(grid) * scratch.bytes1, fresh, r.stream, site));
  }
  if (detail::explain_launches())
    detail::explain_launch(site,
                           "league %lld, team size %d%s, vector length %d; %lld blocks of %d x %d "
                           "threads (%lld resident), %zu bytes of shared memory per block",
                           (long long)league, team, r.auto_team ? " (AUTO)" : "", vector,
                           (long long)grid, vector, team, (long long)resident, shared);
  return TeamLaunch{LaunchShape{dim3((unsigned)grid), dim3((unsigned)vector, (unsigned)team), shared},
                    scratch, kernel == narrow};
}

}  // namespace detail

/// Plans a team launch: blocks of (vector_length, team_size) threads, one or team_waves_short
/// waves of resident blocks (at most the league), `shared_per_thread` bytes of dynamic shared
/// memory per thread for the launch's own use, then the team's level-0 scratch (the policy's,
/// plus the functor's team_shmem_size). `narrow` and `wide` are the kernel compiled for blocks of
/// at most team_auto_block threads and for any (the same kernel where the shape is fixed); the
/// launch takes the narrow one when the block fits it. AUTO team size: team_auto_block threads;
/// the occupancy API's block size for the kernel with that shared memory where it keeps more
/// threads resident; and when the league is too short to fill the device with teams of
/// team_auto_block threads, the largest block the kernel can launch (in whole teams). Level-1
/// scratch takes one slice of a device pool per block, so the grid is then at most one wave (and
/// what half the free memory holds). A reduction (at_least_one) always launches one block so that
/// an empty league still yields the identity. Scratch beyond what the device offers stops the
/// program before the launch. `stream` is the one the launch goes to.
template <class Kernel, class Policy, class Functor>
TeamLaunch team_launch(Kernel narrow, Kernel wide, const Policy& policy, const Functor& f,
                       size_t shared_per_thread, bool at_least_one, cudaStream_t stream,
                       const KernelSite& site) {
  detail::TeamRequest r;
  r.vector = policy.vector_length();
  r.league = policy.league_size();
  r.team = policy.team_size();
  r.auto_team = policy.impl_auto_team_size();
  r.thread_scratch0 = policy.thread_scratch_size(0);
  r.team_scratch0 = policy.team_scratch_size(0);
  r.functor_shmem_auto = impl::functor_team_shmem_size(f, 1024 / r.vector);
  r.narrow_max_threads = team_max_threads<Policy, true>();
  r.scratch_bytes = detail::team_scratch_bytes_of<Policy, Functor>;
  r.policy = &policy;
  r.functor = &f;
  r.stream = stream;
  return detail::plan_team_launch(reinterpret_cast<const void*>(narrow),
                                  reinterpret_cast<const void*>(wide), r, shared_per_thread,
                                  at_least_one, site);
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
