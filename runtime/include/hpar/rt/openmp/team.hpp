// hpar runtime, OpenMP backend: teams. TeamMember is what a team functor sees; TeamLaunch
// (team_launch.hpp) sizes a team launch and owns its team-shared buffers.
//
// Mapping (docs/design.md section 8):
//   one hpar thread = `lanes` consecutive OpenMP threads of a parallel region, its vector lanes.
//   lanes is the policy's vector_length(): with clang on an NVIDIA GPU the vector length asked
//   for (a power of two up to 32; a thread's lanes share a warp and meet by shuffles), elsewhere
//   1, a vector loop then running in the thread that reaches it. A team is the set of
//   T = team_size x lanes threads of one parallel region: `target teams num_teams(teams)
//   thread_limit(T)` whose only statement is `parallel num_threads(T)`; team t of the league runs
//   in OpenMP team t % teams. On the host fallback there is one OpenMP team, which runs the whole
//   league in turn. In a build for the host (no target construct) one `parallel` region of
//   teams x T threads runs `teams` teams at once, each T consecutive threads of it with a
//   contiguous block of the league, as Kokkos' OpenMP backend runs a league; its collectives meet
//   at the team's own barrier (HostBarrier), not the region's.
//   The region checks that it got exactly T threads; when the implementation gives fewer, no
//   functor runs and TeamLaunch::finish() reports it, naming the kernel. team_size_max() is what
//   the device grants (asked once) over the lanes: 1,024 threads with clang on an NVIDIA GPU,
//   where teams of more than 256 run a second compilation of their launcher (team_launch.hpp);
//   GCC's nvptx offload gives each team at most one thread per warp slot (28 measured on an
//   H100 for a small kernel); libomp on the host gives a team in a `teams` region at most the
//   processors (more with OMP_NUM_THREADS and KMP_TEAMS_THREAD_LIMIT), as Kokkos' OpenMP
//   backend gives a team at most its thread pool; libgomp on the host 1,024 (the most the probe
//   asks for), fewer with OMP_DYNAMIC=true. A policy asking for more stops at its dispatch
//   (impl::policy_problem), its message saying what raises the limit (backend_team_size_limit).
//
// Team collectives (barrier, broadcast, reduce, scan, and the nested ones of hpar/nested.hpp)
// go through a team-shared buffer: a slot of team_slot_bytes per OpenMP thread (per warp when
// T is whole warps), for each OpenMP team: the team's shared memory with clang on a GPU when it
// fits, else device memory (team_launch.hpp). Each collective starts with a barrier (the
// previous collective's readers are done), writes its slot, meets a second barrier and reads
// every slot, combining in rank order, so every thread holds the same bits. Vector collectives
// are shuffles within the thread's segment of its warp, and need no barrier: a thread's lanes
// meet them alone. A nested scan over the team's threads stages its values in the team's shared
// memory when the launch gave it room there (TeamMember::staged_scan, TeamLaunch::team_staging).
#pragma once

#include <omp.h>

#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>
#include <hpar/rt/openmp/team_limits.hpp>
#include <hpar/rt/team_shape.hpp>
#pragma omp declare target
#include <hpar/rt/warp_tiled_scan.hpp>
#pragma omp end declare target

#include <cstddef>
#include <cstring>
#include <type_traits>

#if defined(HPAR_IMPL_OMP_HOST_ONLY)
#include <hpar/impl/host_barrier.hpp>
#endif

/// In a team region whose policy's team size or vector length the translator read as constants,
/// the generated code states them, `HPAR_OMP_ASSUME(team_size == 16)`, `HPAR_OMP_ASSUME(lanes ==
/// 16)`, for clang's device code for an NVIDIA GPU, where the lanes are the vector length: nested
/// ranges of as many indices as threads or lanes then become straight-line code, as in the CUDA
/// output (team_assume_block; batched_gemm's 16 x 16 teams: 213 PTX instructions instead of 377).
/// The launcher checks the policy first (rt::check_team_shape, rt::check_team_lanes). Written
/// in the region itself: clang 19 kept neither assumption made through an inline function.
/// Elsewhere (the lanes are 1 there) nothing is assumed, but the condition is still named: the
/// variables a target region uses first are its kernel's first arguments, and the host's
/// compilation must capture them in the order the device's does.
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
#define HPAR_OMP_ASSUME(condition) __builtin_assume(condition)
#else
#define HPAR_OMP_ASSUME(condition) ((void)(condition))
#endif

namespace hpar {
namespace rt {
namespace omp {

/// Bytes of one thread's slot in the team-shared buffer: the largest value a team collective
/// moves on this backend.
#pragma omp declare target
constexpr std::size_t team_slot_bytes = 256;
#pragma omp end declare target


namespace detail {

/// `p`, which points to team memory that starts 16-byte aligned (a team's slots, its level-0
/// scratch: shared memory, or blocks of device memory; TeamLaunch), as clang is told so.
template <class T>
inline T* aligned16(T* p) {
#if defined(__clang__)
  return static_cast<T*>(__builtin_assume_aligned(p, 16));
#else
  return p;
#endif
}

}  // namespace detail

#if defined(HPAR_IMPL_OMP_HOST_ONLY)
/// The barrier of one team in a build for the host, where a parallel region runs several teams
/// at once, each `threads` consecutive threads of it (TeamLaunch), and `omp barrier` would wait
/// for the whole region (include/hpar/impl/host_barrier.hpp). It lives in the slot after the
/// team's own (TeamLaunch::team_shared), zero before the launch.
using impl::HostBarrier;
static_assert(sizeof(HostBarrier) <= team_slot_bytes, "a team's barrier is one slot");
#endif

#pragma omp declare target

/// Bytes of one warp's tile of a staged team scan (TeamMember::staged_scan; TeamLaunch gives a
/// team one per warp): 32 x 8 values of 8 bytes and one of padding per 16, which also holds 32 x
/// 16 smaller values and their padding.
constexpr std::size_t stage_warp_bytes = (32 * 8 + 32 * 8 / 16) * 8;

/// The team member of the OpenMP build: an hpar thread is `lanes` consecutive OpenMP threads of
/// one team, its vector lanes (one lane, except with clang on an NVIDIA GPU: TeamLaunch::lanes).
/// Its public API is impl::TeamMemberApi's (hpar/impl/team_member_api.hpp); this class defines
/// the primitives.
class TeamMember : public impl::TeamMemberApi<TeamMember> {
 public:
  TeamMember(int league_rank, int league_size, int team_size, int lanes, unsigned char* shared,
             const impl::TeamScratchState& scratch = {}, unsigned char* staging = nullptr)
      : TeamMemberApi(league_rank, league_size, scratch),
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
        m_id(thread_num() % (team_size * lanes)),
#else
        m_id(thread_num()),
#endif
        m_thread(m_id / lanes),
        m_lane(m_id % lanes),
        m_team_size(team_size),
        m_lanes(lanes),
        m_shared(shared),
        m_staging(staging) {
    // The region runs a team only with all its threads (TeamLaunch), so that a range of as
    // many indices as threads compiles to straight-line code when the shape is known.
    HPAR_OMP_ASSUME(m_id < team_size * lanes);
  }

  /// omp_get_thread_num() in a team region (on the host, where a region holds several teams,
  /// the team's threads are consecutive: the member is this modulo the team's threads). With clang on an NVIDIA GPU the region is SPMD and
  /// runs only when its parallel region has the block's every thread (TeamLaunch), so the number
  /// is the thread's index in the block, read without the device runtime's team state (which
  /// kept two loads of shared memory in each team's pass of the league loop).
  static int thread_num() {
#if defined(__clang__) && defined(__NVPTX__)
    return int(__nvvm_read_ptx_sreg_tid_x());
#else
    return omp_get_thread_num();
#endif
  }

  /// This member, for a kernel that runs knowing that the Views its lambda only reads overlap
  /// none of the others (hpar/rt/read_only.hpp): the generated region calls the functor twice
  /// over, `if (reads_apart) fn(team.reading_apart()); else fn(team);`, so that each call,
  /// inlined, sees a constant.
  TeamMember reading_apart() const {
    TeamMember apart = *this;
    apart.m_views_read_only = true;
    return apart;
  }
  bool impl_views_read_only() const { return m_views_read_only; }

  // ---- the primitives of impl::TeamMemberApi -------------------------------------------------
  /// Every thread of the team must reach it (sync()).
  void impl_barrier() const { sync(); }

  /// The barrier of a team: `omp barrier` where a parallel region is one team; in a build for the
  /// host, where a region holds several teams at once (TeamLaunch), the team's own HostBarrier,
  /// after its slots (nothing for a team of one thread).
  void sync() const {
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
    const int threads = m_team_size * m_lanes;
    if (threads > 1) host_barrier(m_shared, threads).wait(threads);
#else
#pragma omp barrier
#endif
  }
  bool impl_is_root(int root) const { return m_thread == root; }

  // ---- the nested levels (hpar/nested.hpp) ---------------------------------------------------
  int impl_rank(impl::ThreadLevel) const { return m_thread; }
  int impl_size(impl::ThreadLevel) const { return m_team_size; }
  int impl_rank(impl::TeamVectorLevel) const { return m_id; }
  int impl_size(impl::TeamVectorLevel) const { return m_team_size * m_lanes; }
  int impl_rank(impl::VectorLevel) const { return m_lane; }
  int impl_size(impl::VectorLevel) const { return m_lanes; }

  template <class Level, class T, class Join>
  void impl_reduce(Level, T& value, const Join& op) const {
    check_size<T>();
    if constexpr (is_vector<Level>()) {
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
      // The lanes of one thread (a segment of its warp: other threads need not take part),
      // joined in lane order into lane 0, then lane 0's value to all of them.
      // One case per vector length, so that each tree is unrolled for its width.
      const unsigned mask = lane_mask();
      switch (m_lanes) {
        case 2: warp_reduce_tree(value, op, 1, 2, mask); break;
        case 4: warp_reduce_tree(value, op, 1, 4, mask); break;
        case 8: warp_reduce_tree(value, op, 1, 8, mask); break;
        case 16: warp_reduce_tree(value, op, 1, 16, mask); break;
        case 32: warp_reduce_tree(value, op, 1, 32, mask); break;
        default: return;  // one lane
      }
      value = warp_shuffle_index(value, 0, m_lanes, mask);
#endif
      return;
    } else {
      // ThreadLevel: one value per thread (its lane 0's); TeamVectorLevel: every lane's.
      const int step = is_thread<Level>() ? m_lanes : 1;
      const int participants = m_team_size * m_lanes / step;
      if (participants == 1) return;
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
      if (m_team_size * m_lanes % 32 == 0) {
        // Each warp joins its participants in order (offsets step, 2 step, ...: lane 0 ends with
        // them all), its lane 0 publishes, and every thread joins the warps' values in order.
        const int lane = m_id % 32;
        warp_reduce_tree(value, op, step);
#pragma omp barrier
        if (lane == 0)
          std::memcpy(m_shared + std::size_t(m_id / 32) * team_slot_bytes,
                      static_cast<const void*>(&value), sizeof(T));
#pragma omp barrier
        read_slot(value, 0);
        for (int w = 1; w < m_team_size * m_lanes / 32; ++w) {
          T other;
          read_slot(other, w);
          op.join(value, other);
        }
        return;
      }
#endif
      publish(value);
      if constexpr (sizeof(T) <= 32) {
        value = pairwise_slots<T>(participants, step, op);
      } else {
        read_slot(value, 0);
        for (int r = 1; r < participants; ++r) {
          T other;
          read_slot(other, r * step);
          op.join(value, other);
        }
      }
    }
  }

  /// The `count` published values (slots 0, step, 2 step, ...) joined pairwise in order, in
  /// impl::join_pairwise's order: each aligned block of 2^k values that the binary decomposition
  /// of `count` makes joined as a tree, ((v0 v1)(v2 v3))..., then the blocks left to right. The
  /// trees are joined in the slots, level by level: the participant at the start of each complete
  /// block of twice the level's width joins its two halves into its own slot; then every thread
  /// joins the blocks' values, and all compute the same. Not in registers: joined there (a stack of
  /// block partials indexed at run time), this path, which a team of whole warps never takes with
  /// clang on an NVIDIA GPU, raised yax's kernel from 63 to 70 registers and took it from 0.54 to
  /// 0.84 ms on an H200 (docs/performance.md, 2026-11-30 20:20 UTC).
  template <class T, class Join>
  T pairwise_slots(int count, int step, const Join& op) const {
    const int rank = m_id / step;
    const bool participant = m_id % step == 0;
    for (int half = 1; half < count; half *= 2) {
      if (participant && rank % (2 * half) == 0 && rank + 2 * half <= count) {
        T left, right;
        read_slot(left, rank * step);
        read_slot(right, (rank + half) * step);
        op.join(left, right);
        std::memcpy(m_shared + std::size_t(rank) * step * team_slot_bytes,
                    static_cast<const void*>(&left), sizeof(T));
      }
      sync();
    }
    int size = 1;
    while (2 * size <= count) size *= 2;
    T result;
    read_slot(result, 0);
    for (int start = size, block = size / 2; block > 0; block /= 2) {
      if (!(count & block)) continue;
      T value;
      read_slot(value, start * step);
      op.join(result, value);
      start += block;
    }
    return result;
  }

  template <class Level, class T, class Join>
  T impl_exclusive_scan(Level, const T& value, const Join& op, const T& identity,
                        T& total) const {
    check_size<T>();
    if constexpr (is_vector<Level>()) {
      total = value;
      if (m_lanes == 1) return identity;
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
      const unsigned mask = lane_mask();
      const T inclusive = warp_inclusive_scan(value, op, m_lane, 1, m_lanes, mask);
      const T before = warp_shuffle_up(inclusive, 1, m_lanes, mask);
      total = warp_shuffle_index(inclusive, m_lanes - 1, m_lanes, mask);
      return m_lane > 0 ? before : identity;
#else
      return identity;
#endif
    } else {
      const int step = is_thread<Level>() ? m_lanes : 1;
      const int participants = m_team_size * m_lanes / step;
      const int rank = m_id / step;
      if (participants == 1) {
        total = value;
        return identity;
      }
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
      if (m_team_size * m_lanes % 32 == 0) {
        // An inclusive scan of each warp's participants in order, the warps' totals published by
        // their last lanes, then each thread's prefix: the warps before its own, then the
        // participants of its warp before it.
        const int lane = m_id % 32, warp = m_id / 32;
        const T inclusive = warp_inclusive_scan(value, op, lane, step);
        const T in_warp_before = warp_shuffle_up(inclusive, step);
#pragma omp barrier
        if (lane == 31)
          std::memcpy(m_shared + std::size_t(warp) * team_slot_bytes,
                      static_cast<const void*>(&inclusive), sizeof(T));
#pragma omp barrier
        T prefix = identity;
        total = identity;
        for (int w = 0; w < m_team_size * m_lanes / 32; ++w) {
          T other;
          read_slot(other, w);
          if (w < warp) op.join(prefix, other);
          op.join(total, other);
        }
        if (lane >= step) op.join(prefix, in_warp_before);
        return prefix;
      }
#endif
      publish(value);
      T prefix = identity;
      for (int r = 0; r < rank; ++r) {
        T other;
        read_slot(other, r * step);
        op.join(prefix, other);
      }
      total = prefix;
      for (int r = rank; r < participants; ++r) {
        T other;
        read_slot(other, r * step);
        op.join(total, other);
      }
      return prefix;
    }
  }

  template <class Level, class T>
  void impl_broadcast(Level, T& value, int root) const {
    check_size<T>();
    if constexpr (is_vector<Level>()) {
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
      if (m_lanes > 1) value = warp_shuffle_index(value, root, m_lanes, lane_mask());
#endif
      return;
    } else {
      // ThreadLevel: thread root's lane 0; TeamVectorLevel: participant root.
      const int from = is_thread<Level>() ? root * m_lanes : root;
      if (m_team_size * m_lanes == 1) return;
      sync();
      if (m_id == from) std::memcpy(m_shared, static_cast<const void*>(&value), sizeof(T));
      sync();
      std::memcpy(static_cast<void*>(&value), m_shared, sizeof(T));
    }
  }

  /// A whole nested scan over the team's threads (or every lane). With clang on an NVIDIA GPU,
  /// one lane per thread, whole warps and arithmetic values: warp tiles (below); otherwise the
  /// chunk loop of hpar/nested.hpp, one team scan per team_size indices.
  template <class I, class F, class T>
  void impl_scan_range(impl::ThreadLevel, I begin, I end, const F& f, T* total) const {
    scan_range<impl::ThreadLevel>(begin, end, f, total);
  }
  template <class I, class F, class T>
  void impl_scan_range(impl::TeamVectorLevel, I begin, I end, const F& f, T* total) const {
    scan_range<impl::TeamVectorLevel>(begin, end, f, total);
  }

  bool impl_team_leader() const { return m_id == 0; }
  bool impl_lane_leader() const { return m_lane == 0; }
  /// The lanes of this hpar thread (consecutive OpenMP threads of one warp, with clang on an
  /// NVIDIA GPU) meet, and each sees the others' writes before (bar.warp.sync orders memory
  /// among the threads it synchronises). Nothing where a thread has one lane.
  void impl_lane_sync() const {
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    if (m_lanes > 1)
      __nvvm_bar_warp_sync(m_lanes >= 32 ? 0xffffffffu
                                         : ((1u << m_lanes) - 1u) << (m_id % 32 - m_lane));
#endif
  }

 private:
  template <class Level>
  static constexpr bool is_vector() {
    return std::is_same<Level, impl::VectorLevel>::value;
  }
  template <class Level>
  static constexpr bool is_thread() {
    return std::is_same<Level, impl::ThreadLevel>::value;
  }
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
  /// The mask of a vector collective's shuffles: the whole warp when every lane of it is here
  /// together (the common case: ptxas then shuffles on its fast path, which CUDA 11.8's ptxas
  /// takes only for a mask that is the same in every lane), else this thread's segment. If one
  /// lane reads a full active mask, all 32 read it together, so every lane picks the same.
  unsigned lane_mask() const {
    if (m_lanes >= 32 || __nvvm_activemask() == 0xffffffffu) return 0xffffffffu;
    return ((1u << m_lanes) - 1u) << (m_id % 32 - m_lane);
  }
#endif
  template <class Level, class I, class F, class T>
  void scan_range(I begin, I end, const F& f, T* total) const {
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    if constexpr (std::is_arithmetic<T>::value && sizeof(T) <= 8) {
      if (m_lanes == 1 && m_team_size % 32 == 0 && m_staging) {
        staged_scan(begin, end, f, total);
        return;
      }
    }
#endif
    impl::chunked_scan<Level>(*this, begin, end, f, total);
  }
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
  /// The team as warp_tiled_scan::scan_range sees it (its Team contract): the warps' tiles in
  /// the team's staging, the warps' totals in the first values of the team's slots, which start
  /// 16-byte aligned (shared memory, or a block of device memory; TeamLaunch): told so, clang
  /// moves each total with one load or store instead of byte by byte, as it must for a pointer of
  /// unknown alignment (team_scan's kernel: 168 M instructions to 119 M; docs/performance.md).
  struct StagedTeam {
    const TeamMember& member;
    unsigned char* totals;  // detail::aligned16(member.m_shared)
    int lane() const { return member.m_id % 32; }
    int warp() const { return member.m_id / 32; }
    int warps() const { return member.m_team_size / 32; }
    template <class T>
    T* tile() const {
      return reinterpret_cast<T*>(member.m_staging + std::size_t(warp()) * stage_warp_bytes);
    }
    void before_scan() const {
#pragma omp barrier
    }
    void barrier() const {
#pragma omp barrier
    }
    template <class T>
    void store_warp_total(int w, int set, const T& v) const {
      std::memcpy(totals + std::size_t(w) * team_slot_bytes + std::size_t(set) * sizeof(T),
                  static_cast<const void*>(&v), sizeof(T));
    }
    template <class T>
    T warp_total(int w, int set) const {
      T v;
      std::memcpy(static_cast<void*>(&v),
                  totals + std::size_t(w) * team_slot_bytes + std::size_t(set) * sizeof(T), sizeof(T));
      return v;
    }
  };

  /// A nested sum scan over every thread of a team of whole warps, one lane each, for arithmetic
  /// values of up to 8 bytes, through the team's staging in shared memory: the CUDA output's
  /// warp-tiled scan, written once in rt/warp_tiled_scan.hpp, over NvptxWarp and StagedTeam.
  template <class I, class F, class T>
  void staged_scan(I begin, I end, const F& f, T* total) const {
    static_assert(std::size_t(warp_tiled_scan::tile_values<T>()) * sizeof(T) <= stage_warp_bytes,
                  "a warp's tile of a staged scan overflows its share of the staging");
    warp_tiled_scan::scan_range<NvptxWarp>(StagedTeam{*this, detail::aligned16(m_shared)}, begin,
                                           end, f, total);
  }
#endif
  template <class T>
  static void check_size() {
    static_assert(sizeof(T) <= team_slot_bytes,
                  "hpar: a team collective on the OpenMP backend moves values of at most "
                  "hpar::rt::omp::team_slot_bytes (256) bytes");
    // Moved as bytes through the team's slots, as Kokkos moves reduction values between
    // threads: a copy constructor of its own is fine, resources owned are not.
    static_assert(std::is_trivially_destructible<T>::value,
                  "hpar: team collectives need a trivially destructible value type");
  }
  /// Barrier, this OpenMP thread's value into its slot, barrier.
  template <class T>
  void publish(const T& value) const {
    sync();
    std::memcpy(m_shared + std::size_t(m_id) * team_slot_bytes, static_cast<const void*>(&value), sizeof(T));
    sync();
  }
  template <class T>
  void read_slot(T& value, int slot) const {
    std::memcpy(static_cast<void*>(&value), m_shared + std::size_t(slot) * team_slot_bytes, sizeof(T));
  }

#if defined(HPAR_IMPL_OMP_HOST_ONLY)
 public:
  /// The barrier of the team whose slots start at `shared` (`threads` slots; TeamLaunch).
  static HostBarrier& host_barrier(unsigned char* shared, int threads) {
    return *reinterpret_cast<HostBarrier*>(shared + std::size_t(threads) * team_slot_bytes);
  }

 private:
#endif
  int m_id;       // the OpenMP thread: m_thread * m_lanes + m_lane
  int m_thread;   // the hpar thread
  int m_lane;     // its lane
  int m_team_size;
  int m_lanes;
  unsigned char* m_shared;  // this OpenMP team's slots
  unsigned char* m_staging;  // its staging of nested scans in shared memory, or null (TeamLaunch)
  bool m_views_read_only = false;  // see reading_apart()
};

#pragma omp end declare target

}  // namespace omp
}  // namespace rt
}  // namespace hpar
