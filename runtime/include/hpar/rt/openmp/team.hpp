// hpar runtime, OpenMP backend: teams. TeamMember is what a team functor sees; TeamLaunch sizes
// a team launch and owns its team-shared buffers.
//
// Mapping (docs/design.md section 8):
//   one hpar thread = one OpenMP thread of a parallel region, and the vector length is 1: a
//   vector loop runs in the thread that reaches it. A team is the set of threads of one
//   parallel region: `target teams num_teams(teams) thread_limit(T)` whose only statement is
//   `parallel num_threads(T)`; team t of the league runs in OpenMP team t % teams. On the host
//   fallback there is one OpenMP team, which runs the whole league in turn.
//   The region checks that it got exactly T threads; when the implementation gives fewer, no
//   functor runs and TeamLaunch::finish() reports it, naming the kernel. team_size_max() is what
//   the device grants (asked once): GCC's nvptx offload gives each team at most one thread per
//   warp slot (28 measured on an H100 for a small kernel); libomp on the host gives a team in a
//   `teams` region at most the processors (more with OMP_NUM_THREADS and KMP_TEAMS_THREAD_LIMIT),
//   as Kokkos' OpenMP backend gives a team at most its thread pool.
//
// Team collectives (barrier, broadcast, reduce, scan, and the nested ones of hpar/nested.hpp)
// go through a team-shared buffer: T slots of slot_bytes, one per thread, for each OpenMP team.
// Built with clang for a GPU, the buffer and the team's level-0 scratch are the team's dynamic
// shared memory (`ompx_dyn_cgroup_mem`, HPAR_OMP_TEAM_MEMORY) when they fit in 48 KB; otherwise,
// and with GCC, they are device memory from the runtime's pool. Each collective starts with a
// barrier (the previous collective's readers are
// done), writes its slot, meets a second barrier and reads every slot, combining in rank order,
// so every thread holds the same bits.
#pragma once

#include <omp.h>

#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>

#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>

namespace hpar {
namespace rt {
namespace omp {

/// Bytes of one thread's slot in the team-shared buffer: the largest value a team collective
/// moves on this backend.
#pragma omp declare target
constexpr std::size_t team_slot_bytes = 256;
#pragma omp end declare target


namespace detail {

/// Threads one team of the device gets when it asks for many (asked once per device).
inline int granted_team_threads(int dev) {
  static std::mutex mutex;
  static std::map<int, int>* known = new std::map<int, int>();  // never destroyed (device.hpp)
  std::lock_guard<std::mutex> lock(mutex);
  const auto found = known->find(dev);
  if (found != known->end()) return found->second;
  int granted = 1;
#pragma omp target teams num_teams(1) thread_limit(1024) device(dev) map(tofrom : granted)
#pragma omp parallel num_threads(1024)
  {
    if (omp_get_thread_num() == 0) granted = omp_get_num_threads();
  }
  (*known)[dev] = granted;
  return granted;
}

}  // namespace detail
}  // namespace omp
}  // namespace rt

namespace impl {

inline int backend_team_size_max(int) { return rt::omp::detail::granted_team_threads(rt::omp::device()); }

/// The threads of the device's launch shape (rt::omp::partial_shape): on the host fallback, the
/// processors.
inline int backend_concurrency() {
  const rt::omp::LaunchShape shape = rt::omp::partial_shape(rt::omp::device());
  return shape.teams * shape.threads > 0 ? shape.teams * shape.threads : 1;
}

/// Both scratch levels come from a device pool: bounded by the device's memory only.
inline int backend_scratch_size_max(int) { return 0x7fffffff; }

/// AUTO: 256 threads on a GPU (a team's threads share the rows of its TeamThreadRange loops, and
/// its vector loops run in each thread), at most what the device grants a team; the processors on
/// the host fallback.
inline int backend_team_size_recommended(int) {
  const int dev = rt::omp::device();
  const int most = backend_team_size_max(1);
  const int good = rt::omp::device_is_gpu(dev) ? 256 : (omp_get_num_procs() > 0 ? omp_get_num_procs() : 1);
  return good < most ? good : most;
}

}  // namespace impl

namespace rt {
namespace omp {

#pragma omp declare target

/// The team member of the OpenMP build: one OpenMP thread of one team. Its public API is
/// impl::TeamMemberApi's (hpar/impl/team_member_api.hpp); this class defines the primitives.
class TeamMember : public impl::TeamMemberApi<TeamMember> {
 public:
  TeamMember(int league_rank, int league_size, int team_size, unsigned char* shared,
             const impl::TeamScratchState& scratch = {})
      : TeamMemberApi(league_rank, league_size, scratch),
        m_team_rank(omp_get_thread_num()),
        m_team_size(team_size),
        m_shared(shared) {}

  // ---- the primitives of impl::TeamMemberApi -------------------------------------------------
  /// `omp barrier`: every thread of the team must reach it.
  void impl_barrier() const {
#pragma omp barrier
  }
  bool impl_is_root(int root) const { return m_team_rank == root; }

  // ---- the nested levels (hpar/nested.hpp): threads, and a vector level of one lane ---------
  int impl_rank(impl::ThreadLevel) const { return m_team_rank; }
  int impl_size(impl::ThreadLevel) const { return m_team_size; }
  int impl_rank(impl::TeamVectorLevel) const { return m_team_rank; }
  int impl_size(impl::TeamVectorLevel) const { return m_team_size; }
  int impl_rank(impl::VectorLevel) const { return 0; }
  int impl_size(impl::VectorLevel) const { return 1; }

  template <class Level, class T, class Join>
  void impl_reduce(Level, T& value, const Join& op) const {
    if (is_vector<Level>() || m_team_size == 1) return;
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    if (m_team_size % 32 == 0) {
      // Each warp joins its lanes in order (offsets 1, 2, 4, ...: lane 0 ends with lanes 0..31),
      // its lane 0 publishes, and every thread joins the warps' values in order.
      check_size<T>();
      const int lane = m_team_rank % 32;
      for (int offset = 1; offset < 32; offset *= 2) {
        const T other = warp_shuffle_down(value, offset);
        if (lane % (2 * offset) == 0) op.join(value, other);
      }
#pragma omp barrier
      if (lane == 0) std::memcpy(m_shared + std::size_t(m_team_rank / 32) * team_slot_bytes, &value, sizeof(T));
#pragma omp barrier
      read_slot(value, 0);
      for (int w = 1; w < m_team_size / 32; ++w) {
        T other;
        read_slot(other, w);
        op.join(value, other);
      }
      return;
    }
#endif
    publish(value);
    read_slot(value, 0);
    for (int r = 1; r < m_team_size; ++r) {
      T other;
      read_slot(other, r);
      op.join(value, other);
    }
  }

  template <class Level, class T, class Join>
  T impl_exclusive_scan(Level, const T& value, const Join& op, const T& identity,
                        T& total) const {
    if (is_vector<Level>() || m_team_size == 1) {
      total = value;
      return identity;
    }
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    if (m_team_size % 32 == 0) {
      // An inclusive scan of each warp in lane order, the warps' totals published by their last
      // lanes, then each thread's prefix: the warps before its own, then its lanes before it.
      check_size<T>();
      const int lane = m_team_rank % 32, warp = m_team_rank / 32;
      T inclusive = value;
      for (int offset = 1; offset < 32; offset *= 2) {
        T before = warp_shuffle_up(inclusive, offset);
        if (lane >= offset) {
          op.join(before, inclusive);
          inclusive = before;
        }
      }
      const T lanes_before = warp_shuffle_up(inclusive, 1);
#pragma omp barrier
      if (lane == 31) std::memcpy(m_shared + std::size_t(warp) * team_slot_bytes, &inclusive, sizeof(T));
#pragma omp barrier
      T prefix = identity;
      total = identity;
      for (int w = 0; w < m_team_size / 32; ++w) {
        T other;
        read_slot(other, w);
        if (w < warp) op.join(prefix, other);
        op.join(total, other);
      }
      if (lane > 0) op.join(prefix, lanes_before);
      return prefix;
    }
#endif
    publish(value);
    T prefix = identity;
    for (int r = 0; r < m_team_rank; ++r) {
      T other;
      read_slot(other, r);
      op.join(prefix, other);
    }
    total = prefix;
    for (int r = m_team_rank; r < m_team_size; ++r) {
      T other;
      read_slot(other, r);
      op.join(total, other);
    }
    return prefix;
  }

  template <class Level, class T>
  void impl_broadcast(Level, T& value, int root) const {
    if (is_vector<Level>() || m_team_size == 1) return;
    check_size<T>();
#pragma omp barrier
    if (m_team_rank == root) std::memcpy(m_shared, &value, sizeof(T));
#pragma omp barrier
    std::memcpy(&value, m_shared, sizeof(T));
  }

  bool impl_team_leader() const { return m_team_rank == 0; }
  bool impl_lane_leader() const { return true; }

 private:
  /// The vector level has one lane here: its collectives are the identity.
  template <class Level>
  static constexpr bool is_vector() {
    return std::is_same<Level, impl::VectorLevel>::value;
  }
  template <class T>
  static void check_size() {
    static_assert(sizeof(T) <= team_slot_bytes,
                  "hpar: a team collective on the OpenMP backend moves values of at most "
                  "hpar::rt::omp::team_slot_bytes (256) bytes");
    static_assert(std::is_trivially_copyable<T>::value,
                  "hpar: team collectives need a trivially copyable value type");
  }
  /// Barrier, this thread's value into its slot, barrier.
  template <class T>
  void publish(const T& value) const {
    check_size<T>();
#pragma omp barrier
    std::memcpy(m_shared + std::size_t(m_team_rank) * team_slot_bytes, &value, sizeof(T));
#pragma omp barrier
  }
  template <class T>
  void read_slot(T& value, int rank) const {
    std::memcpy(&value, m_shared + std::size_t(rank) * team_slot_bytes, sizeof(T));
  }

  int m_team_rank;
  int m_team_size;
  unsigned char* m_shared;  // this OpenMP team's slots
};

#pragma omp end declare target

/// The shape of one team launch and its team-shared buffers (see the file comment). Generated
/// code:
///   hpar::rt::omp::TeamLaunch launch(policy, site);
///   target teams num_teams(launch.teams()) thread_limit(launch.team_size()) + parallel ...
///   launch.finish(granted);
class TeamLaunch {
 public:
  template <class Policy, class Functor>
  TeamLaunch(const Policy& policy, const Functor& f, const KernelSite& site)
      : site_(site),
        device_(device()),
        gpu_(device_is_gpu(device_)),
        team_size_(policy.team_size()),
        teams_(teams_for(policy.league_size(), gpu_)),
        shared_(device_, std::size_t(teams_) * std::size_t(team_size_) * team_slot_bytes, site),
        scratch0_(impl::team_scratch_bytes(policy, f, 0, team_size_)),
        scratch1_(impl::team_scratch_bytes(policy, f, 1, team_size_)),
        scratch_(device_, std::size_t(teams_) * (scratch0_ + scratch1_), site),
        team_memory_(team_memory_for(gpu_, team_slots(team_size_) * team_slot_bytes + scratch0_)) {}

  int team_size() const { return team_size_; }
  /// OpenMP teams to ask for: 1 on the host (one team runs the league).
  int teams() const { return teams_; }
  /// Device memory: teams() x team_size() slots of team_slot_bytes.
  unsigned char* shared() const { return static_cast<unsigned char*>(shared_.get()); }
  /// Bytes of shared memory each team of the GPU region asks for (HPAR_OMP_TEAM_MEMORY): its
  /// slots and its level-0 scratch, or 0 when they live in device memory (see the file comment).
  std::size_t team_memory() const { return team_memory_; }
  /// The slots of OpenMP team `team` (called in the region).
  static unsigned char* team_shared(unsigned char* shared, std::size_t team_memory, int team,
                                    int team_size) {
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
    if (team_memory > 0) return static_cast<unsigned char*>(llvm_omp_target_dynamic_shared_alloc());
#endif
    (void)team_memory;
    return shared + std::size_t(team) * std::size_t(team_size) * team_slot_bytes;
  }

  /// Device memory for the teams' scratch: per OpenMP team, level 0 then level 1.
  char* scratch() const { return static_cast<char*>(scratch_.get()); }
  std::size_t scratch0() const { return scratch0_; }
  std::size_t scratch1() const { return scratch1_; }
  /// The scratch of OpenMP team `team` (called in the region).
  static impl::TeamScratchState team_scratch(char* scratch, std::size_t team_memory, int team,
                                             int team_size, std::size_t bytes0, std::size_t bytes1) {
    char* base = scratch + std::size_t(team) * (bytes0 + bytes1);
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
    if (team_memory > 0)
      return impl::TeamScratchState(static_cast<char*>(llvm_omp_target_dynamic_shared_alloc()) +
                                        team_slots(team_size) * team_slot_bytes,
                                    bytes0, base + bytes0, bytes1);
#endif
    (void)team_memory;
    (void)team_size;
    return impl::TeamScratchState(base, bytes0, base + bytes0, bytes1);
  }
  /// Ends a team of the league loop: with scratch, the team's threads wait for each other before
  /// the next team reuses it (called in the region, by every thread).
  static void end_team(std::size_t scratch_bytes) {
    if (scratch_bytes > 0) {
#pragma omp barrier
    }
  }

  /// After the region: `granted` is the smallest thread count a team got (team_size() when all
  /// got what they asked).
  void finish(int granted) const {
    if (granted == team_size_) return;
    const std::string message = "OpenMP started " + std::to_string(granted) +
                                " threads for a team of " + std::to_string(team_size_) +
                                " (the most this device gives this kernel); choose a team size "
                                "of at most team_size_max() or AUTO";
    fail(site_, message.c_str());
  }

 private:
  /// Slots a team's shared memory holds: one per warp when the team is whole warps (they reduce
  /// and scan with shuffles), else one per thread.
  static std::size_t team_slots(int team_size) {
    return team_size % 32 == 0 ? std::size_t(team_size / 32) : std::size_t(team_size);
  }
  static int teams_for(int league, bool gpu) {
    if (!gpu) return 1;
    int teams = 2048;
    if (const int forced = detail::positive_env("HPAR_OMP_TEAMS")) teams = forced;
    if (league < teams) teams = league;
    return teams > 0 ? teams : 1;
  }

  KernelSite site_;
  int device_;
  bool gpu_;
  int team_size_;
  int teams_;
  DeviceBuffer shared_;
  std::size_t scratch0_;
  std::size_t scratch1_;
  DeviceBuffer scratch_;
  std::size_t team_memory_;
};

}  // namespace omp
}  // namespace rt
}  // namespace hpar
