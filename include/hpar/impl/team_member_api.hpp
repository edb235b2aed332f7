// The team member's public API, written once for every build.
//
// What a team functor calls on its member -- league_rank, team_rank, team_size, team_barrier,
// team_broadcast, team_reduce, team_scan, team_scratch, thread_scratch, team_shmem -- is defined
// here, in impl::TeamMemberApi<Member>, a base that also holds what every build keeps alike (the
// league rank and size, the team's scratch state). The member of each build derives from it and
// defines only its primitives, the ones the nested patterns (nested.hpp) use as well:
//
//   int  impl_rank(Level), impl_size(Level)   this participant's rank and the participants of
//                                             a level (ThreadLevel: the team's threads;
//                                             VectorLevel: the calling thread's lanes;
//                                             TeamVectorLevel: every lane of every thread)
//   void impl_barrier()                       every thread of the team waits for the others
//   void impl_reduce(Level, T& value, join)   value joined over the level, on every participant
//   T    impl_exclusive_scan(Level, value, join, identity, T& total)
//   void impl_broadcast(Level, T& value, root)
//   bool impl_team_leader(), impl_lane_leader()
//   void impl_lane_sync()                     the calling thread's lanes wait for each other, and
//                                             each sees what the others wrote before (CUDA's
//                                             __syncwarp of the thread's lanes); nothing where a
//                                             thread has one lane
//   bool impl_is_root(int root)               whether this thread runs a closure broadcast's
//                                             closure
//
// The members: impl::SerialTeamMember (team.hpp), where every level has one participant;
// rt::cuda::TeamMember (rt/cuda/team.cuh), threads on threadIdx.y and lanes on threadIdx.x of a
// block; rt::omp::TeamMember (rt/openmp/team.hpp), consecutive OpenMP threads as a thread's
// lanes with clang on an NVIDIA GPU, else OpenMP threads of one lane each. There are no
// virtual functions: every call below is a direct call of the member's primitive, and inlines.
// Collectives (barrier, broadcast, reduce, scan) must be reached by every thread of the team.
//
// The level tags and NestedRange are annotated: hpar-translate recognises a nested range by them
// (rewriter/analysis/Constructs.cpp), and a call such as team.team_barrier() by the annotation of
// the class that declares the method (this one), never by spelled names.
#pragma once

#include <type_traits>

#include "../atomics.hpp"
#include "../reducers.hpp"
#include "../scratch.hpp"
#include "../spaces.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

struct HPAR_ANNOTATE("hpar::level::thread") ThreadLevel {};
struct HPAR_ANNOTATE("hpar::level::vector") VectorLevel {};
struct HPAR_ANNOTATE("hpar::level::team_vector") TeamVectorLevel {};

/// The sum a scan combines contributions with (team_scan, nested scans).
template <class T>
struct ScanSum {
  HPAR_HD void join(T& dst, const T& src) const { dst += src; }
};

/// The `count` values of a team collective, read(r, value) giving the r-th, joined pairwise in
/// order, ((v0 v1)(v2 v3))..., the tree the warp paths and Kokkos' host teams reduce in: a sum of
/// equal values is then exact for power-of-two teams, where joining one value at a time rounds
/// from the third on (Kokkos' team_broadcast tests compare with value * team_size). Blocks of
/// 2^k values are kept until their partner block is complete. At most 2^12 - 1 values.
template <class T, class Read, class Join>
HPAR_HD T join_pairwise(int count, const Read& read, const Join& op) {
  T partial[12];
  unsigned filled = 0;  // bit k: partial[k] holds the join of a block of 2^k values
  for (int r = 0; r < count; ++r) {
    T v;
    read(r, v);
    int k = 0;
    while (filled & (1u << k)) {  // the earlier block on the left
      T left = partial[k];
      op.join(left, v);
      v = left;
      filled &= ~(1u << k);
      ++k;
    }
    partial[k] = v;
    filled |= 1u << k;
  }
  // What is left, the largest (earliest) block first.
  T result{};
  bool started = false;
  for (int k = 11; k >= 0; --k) {
    if (!(filled & (1u << k))) continue;
    if (!started)
      result = partial[k];
    else
      op.join(result, partial[k]);
    started = true;
  }
  return result;
}

template <class Member>
class HPAR_ANNOTATE("hpar::team_member") TeamMemberApi {
 public:
  using execution_space = DefaultExecutionSpace;
  using scratch_memory_space = ScratchMemorySpace<DefaultExecutionSpace>;

  HPAR_HD int league_rank() const { return m_league_rank; }
  HPAR_HD int league_size() const { return m_league_size; }
  HPAR_HD int team_rank() const { return self().impl_rank(ThreadLevel()); }
  HPAR_HD int team_size() const { return self().impl_size(ThreadLevel()); }
  /// Every thread of the team must reach it.
  HPAR_HD void team_barrier() const { self().impl_barrier(); }

  /// The team's scratch at `level` (team-wide allocations), this thread's share of it (its lanes
  /// share it), and team_scratch(0) under its Kokkos name.
  HPAR_HD ScratchMemorySpace<DefaultExecutionSpace> team_scratch(int level) const {
    return m_scratch.team(level);
  }
  HPAR_HD ScratchMemorySpace<DefaultExecutionSpace> thread_scratch(int level) const {
    return m_scratch.thread(level, team_size(), team_rank());
  }
  HPAR_HD ScratchMemorySpace<DefaultExecutionSpace> team_shmem() const {
    return m_scratch.team(0);
  }

  /// `value` of thread `root` (its lane 0) on every thread and lane.
  template <class T>
  HPAR_HD void team_broadcast(T& value, int root) const {
    self().impl_broadcast(ThreadLevel(), value, root);
  }
  /// As team_broadcast(value, root), with f(value) run first on thread `root`.
  template <class Closure, class T>
  HPAR_HD void team_broadcast(const Closure& f, T& value, int root) const {
    if (self().impl_is_root(root)) f(value);
    self().impl_broadcast(ThreadLevel(), value, root);
  }
  /// reducer.reference() combined over the team's threads, on every thread.
  template <class Reducer>
  HPAR_HD std::enable_if_t<is_reducer<Reducer>::value> team_reduce(const Reducer& reducer) const {
    typename Reducer::value_type value = reducer.reference();
    self().impl_reduce(ThreadLevel(), value, reducer);
    reducer.reference() = value;
  }
  /// `contribution` combined over the team's threads into reducer.reference(), on every thread.
  template <class Reducer>
  HPAR_HD std::enable_if_t<is_reducer<Reducer>::value> team_reduce(
      const Reducer& reducer, const typename Reducer::value_type& contribution) const {
    typename Reducer::value_type value = contribution;
    self().impl_reduce(ThreadLevel(), value, reducer);
    reducer.reference() = value;
  }
  /// Exclusive prefix sum of `value` over the team's threads in rank order.
  template <class T>
  HPAR_HD T team_scan(const T& value) const {
    T total;
    return self().impl_exclusive_scan(ThreadLevel(), value, ScanSum<T>(), T(), total);
  }
  /// As team_scan(value); thread 0 adds the team total to *global atomically and every prefix
  /// starts from the value *global had before.
  template <class T>
  HPAR_HD T team_scan(const T& value, T* global) const {
    T total;
    T prefix = self().impl_exclusive_scan(ThreadLevel(), value, ScanSum<T>(), T(), total);
    if (!global) return prefix;
    T base = T();
    if (self().impl_team_leader()) base = atomic_fetch_add(global, total);
    self().impl_broadcast(ThreadLevel(), base, 0);
    return base + prefix;
  }

 protected:
  HPAR_HD TeamMemberApi(int league_rank, int league_size, const TeamScratchState& scratch)
      : m_league_rank(league_rank), m_league_size(league_size), m_scratch(scratch) {}

 private:
  HPAR_HD const Member& self() const { return static_cast<const Member&>(*this); }

  int m_league_rank;
  int m_league_size;
  TeamScratchState m_scratch;
};

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
