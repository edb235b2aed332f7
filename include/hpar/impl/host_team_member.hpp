// hpar: the team member of a host-parallel execution space whose dispatches the header runs on
// several threads (Kokkos::OpenMP in the builds for a device; impl/host_threads.hpp runs them).
//
// A team is `size` threads of one parallel region, one lane each, as in Kokkos' OpenMP backend;
// several teams run in the region at once. The team's threads meet at the team's own barrier
// (impl::HostBarrier), not the region's. A collective (reduce, scan, broadcast) goes through
// the team's HostTeamShared: each thread writes the address of its value into its entry,
// meets the barrier, reads the others' values where they are, and meets the barrier again
// before anyone changes them, so values of any size and type move, in rank order, and every
// thread computes the same bits. Its functions are HPAR_HD only because TeamMemberApi's are:
// they run on the host.
#pragma once

#include <type_traits>

#include "host_barrier.hpp"
#include "host_parallel.hpp"
#include "team_member_api.hpp"

namespace hpar {
namespace impl {

/// What the threads of one host team share: its barrier and one value address per thread.
struct HostTeamShared {
  HostBarrier barrier{};
  const void** values = nullptr;  // `size` entries
  /// barrier.wait, reached through a pointer: a member's functions are compiled for an offload
  /// device too (TeamMemberApi is device code, and GCC compiles what it calls), and the wait is
  /// host code (x86's pause, sched_yield) that an nvptx compile cannot take.
  void (*wait)(HostBarrier&, int) = [](HostBarrier& barrier, int threads) { barrier.wait(threads); };
};

class HostTeamMember : public TeamMemberApi<HostTeamMember> {
 public:
  HPAR_HD HostTeamMember(int league_rank, int league_size, int rank, int size, HostTeamShared* shared,
                 const TeamScratchState& scratch)
      : TeamMemberApi(league_rank, league_size, scratch),
        m_rank(rank),
        m_size(size),
        m_shared(shared) {}

  // ---- the primitives of impl::TeamMemberApi -------------------------------------------------
  template <class Level>
  HPAR_HD int impl_rank(Level) const { return is_vector<Level>() ? 0 : m_rank; }
  template <class Level>
  HPAR_HD int impl_size(Level) const { return is_vector<Level>() ? 1 : m_size; }

  HPAR_HD void impl_barrier() const {
    if (m_size > 1) m_shared->wait(m_shared->barrier, m_size);
  }

  template <class Level, class T, class Join>
  HPAR_HD void impl_reduce(Level, T& value, const Join& op) const {
    if (is_vector<Level>() || m_size == 1) return;
    publish(value);
    T joined = join_pairwise<T>(m_size, [&](int r, T& v) { v = at<T>(r); }, op);
    impl_barrier();  // every thread has read the others' values
    value = joined;
  }

  template <class Level, class T, class Join>
  HPAR_HD T impl_exclusive_scan(Level, const T& value, const Join& op, const T& identity,
                        T& total) const {
    if (is_vector<Level>() || m_size == 1) {
      total = value;
      return identity;
    }
    publish(value);
    T prefix = identity;
    for (int r = 0; r < m_rank; ++r) op.join(prefix, at<T>(r));
    T sum = prefix;
    for (int r = m_rank; r < m_size; ++r) op.join(sum, at<T>(r));
    impl_barrier();
    total = sum;
    return prefix;
  }

  template <class Level, class T>
  HPAR_HD void impl_broadcast(Level, T& value, int root) const {
    if (is_vector<Level>() || m_size == 1) return;
    if (m_rank == root) m_shared->values[0] = &value;
    impl_barrier();
    if (m_rank != root) value = at<T>(0);
    impl_barrier();
  }

  HPAR_HD bool impl_team_leader() const { return m_rank == 0; }
  HPAR_HD bool impl_lane_leader() const { return true; }
  HPAR_HD void impl_lane_sync() const {}
  HPAR_HD bool impl_is_root(int root) const { return m_rank == root; }

 private:
  template <class Level>
  static constexpr bool is_vector() {
    return std::is_same<Level, VectorLevel>::value;
  }
  /// This thread's value where the others can read it, once all have written theirs.
  template <class T>
  HPAR_HD void publish(const T& value) const {
    m_shared->values[m_rank] = &value;
    impl_barrier();
  }
  template <class T>
  HPAR_HD const T& at(int r) const {
    return *static_cast<const T*>(m_shared->values[r]);
  }

  int m_rank;
  int m_size;
  HostTeamShared* m_shared;
};

}  // namespace impl
}  // namespace hpar
