// hpar: TeamPolicy, AUTO, and the team member of the serial build.
//
// A TeamPolicy launches league_size() teams of team_size() threads, each thread with
// vector_length() vector lanes; the team functor runs once on every lane of every thread of
// every team (docs/design.md section 8).
//
// What the sizes resolve to, per build:
//   serial:  a team is one thread of one lane, as in Kokkos' Serial: vector_length() is 1
//            whatever was asked, team_size() 1 for a team size of 1 or AUTO, and a larger team
//            size stops the program at its dispatch, as Kokkos' Serial stops it: no build runs a
//            smaller team than the one asked for (policy_problem).
//   CUDA:    vector_length() is the request rounded down to a power of two, at most 32 (each
//            backend's configuration sets the most, HPAR_IMPL_VECTOR_LENGTH_MAX; 1 by default);
//            team_size() is the request, or with AUTO the launch picks it for the kernel:
//            team_size_recommended() (256 threads per block), or the occupancy API's larger
//            block where that keeps more threads resident (team_auto_block, rt/cuda/team.cuh).
//   OpenMP:  built with clang for an NVIDIA GPU and running there, vector_length() is as on
//            CUDA and each lane is an OpenMP thread of its own; elsewhere (GCC, the host
//            fallback) it is 1, one OpenMP thread per hpar thread running its vector loops
//            itself (hpar/rt/openmp/team.hpp). team_size() is the request, or with AUTO
//            team_size_recommended().
//   A host-parallel space run in the header (Kokkos::OpenMP in the CUDA and OpenMP builds for a
//   device, impl_header_teams): as Kokkos' OpenMP backend, vector_length() 1, team_size() the
//   request (AUTO: 1), at most the OpenMP thread count and 64 (impl/host_threads.hpp).
// The member type of each build: impl::SerialTeamMember here, hpar::rt::cuda::TeamMember and
// hpar::rt::omp::TeamMember in the runtimes, impl::HostTeamMember for the header's host teams;
// each derives its API from impl::TeamMemberApi
// (impl/team_member_api.hpp), which lists the primitives it defines.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "atomics.hpp"
#include "impl/host_team_member.hpp"
#include "impl/team_member_api.hpp"
#include "policies.hpp"
#include "reducers.hpp"
#include "scratch.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN
/// "Let the implementation choose": AUTO and AUTO() both name it.
struct AUTO_t {
  HPAR_HD constexpr const AUTO_t& operator()() const { return *this; }
};
constexpr AUTO_t AUTO{};
HPAR_IMPL_DEVICE_CODE_END

namespace impl {

class SerialTeamMember;

// The member of a team kernel on the device: the backend's (its spaces part declares it).
#if defined(HPAR_IMPL_DEVICE)
using TeamMember = DeviceTeamMember;
#else
using TeamMember = SerialTeamMember;
#endif

/// What TeamPolicy::scratch_size_max says on the host, Kokkos' numbers for Serial and OpenMP:
/// 32 KB at level 0, 20 MB at level 1. A size to plan with, not a limit: a host team's scratch
/// is host memory, and a launch takes any size it can allocate.
inline int host_scratch_size_max(int level) { return level == 0 ? 32 * 1024 : 20 * 1024 * 1024; }

// The limits of the device build, defined by its backend's runtime (hpar/rt/cuda/team.cuh,
// hpar/rt/openmp/team.hpp): the largest team size for a vector length, and the recommended one.
// The most scratch bytes per team the build offers at a level.
#if defined(HPAR_IMPL_DEVICE)
int backend_team_size_max(int vector_length);
int backend_team_size_recommended(int vector_length);
int backend_scratch_size_max(int level);
size_t backend_scratch_bytes_max(int level);
/// What sets backend_team_size_max() on the device the kernels run on, and what raises it where
/// the environment does, as words that follow the limit in the message of a team size above it
/// (" (...)"), or "" (asked on the host only).
const char* backend_team_size_limit();
/// The largest team size a dispatch runs, when a backend runs more than team_size_max() says (the
/// OpenMP build for the host: HPAR_IMPL_BACKEND_TEAM_SIZE_RUNS); else team_size_max()'s.
#if defined(HPAR_IMPL_BACKEND_TEAM_SIZE_RUNS)
int backend_team_size_runs(int vector_length);
#else
inline int backend_team_size_runs(int vector_length) { return backend_team_size_max(vector_length); }
#endif
#else
inline int backend_team_size_runs(int) { return 1; }
inline int backend_team_size_max(int) { return 1; }
inline int backend_team_size_recommended(int) { return 1; }
inline int backend_scratch_size_max(int level) { return host_scratch_size_max(level); }
inline size_t backend_scratch_bytes_max(int) { return SIZE_MAX; }  // host memory
#endif

/// The vector length a request resolves to (see the file comment); 0 and negative requests stay
/// as they are so that policy_problem() can report them.
HPAR_HD constexpr int resolved_vector_length(int requested) {
  if (requested < 1) return requested;
  int v = 1;
  while (v * 2 <= requested && v < HPAR_IMPL_VECTOR_LENGTH_MAX) v *= 2;
  return v;
}

// The lanes a resolved vector length gets on the device the kernels run on. A backend whose
// answer depends on that device, known at run time only, defines HPAR_IMPL_RUNTIME_VECTOR_LENGTH
// and the function (the OpenMP build: hpar/rt/openmp/team.hpp); it is then asked on the host only.
#if defined(HPAR_IMPL_DEVICE) && defined(HPAR_IMPL_RUNTIME_VECTOR_LENGTH)
int backend_vector_length(int resolved);
#else
HPAR_HD constexpr int backend_vector_length(int resolved) { return resolved; }
#endif

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN

/// A league of teams. Template arguments as for RangePolicy: an execution space, a work tag,
/// Schedule<...>, IndexType<...>, LaunchBounds<...>, in any order.
namespace impl {
/// The bytes of a team functor's reduction value (its value_type, else its operator()'s second
/// parameter), for team_size_max.
template <class F>
constexpr size_t team_reduce_value_bytes() {
  if constexpr (has_value_type<F>::value) {
    return sizeof(std::remove_extent_t<typename F::value_type>);
  } else {
    using V = std::remove_cv_t<std::remove_reference_t<typename call_parameter<F, 1>::type>>;
    if constexpr (std::is_void<V>::value)
      return 0;
    else
      return sizeof(V);
  }
}

}  // namespace impl

template <class... Args>
class HPAR_ANNOTATE("hpar::policy::team") TeamPolicy {
 public:
  using traits = impl::PolicyTraits<Args...>;
  using execution_space = typename traits::execution_space;
  using index_type = typename traits::index_type;
  using work_tag = typename traits::work_tag;
  using schedule_type = typename traits::schedule_type;
  using launch_bounds = typename traits::launch_bounds;
  /// Whether the teams run on the device of this build. A policy over a host execution space
  /// is not translated: the header runs it, one thread per team (Serial), or on several threads
  /// per team (impl_header_teams).
  static constexpr bool impl_device_teams =
#if defined(HPAR_IMPL_DEVICE)
      execution_space::impl_on_device;
#else
      false;
#endif
  /// Whether the header runs the teams on several host threads (a host-parallel space in a
  /// build for a device: impl/host_threads.hpp), with Kokkos' OpenMP team sizes.
  static constexpr bool impl_header_teams = !impl_device_teams && execution_space::impl_header_threads;
  using member_type = std::conditional_t<
      impl_device_teams, impl::TeamMember,
      std::conditional_t<impl_header_teams, impl::HostTeamMember, impl::SerialTeamMember>>;
  using policy = TeamPolicy;

  TeamPolicy() = default;
  TeamPolicy(int league, int team, int vector = 1) { set(league, team, vector); }
  TeamPolicy(int league, AUTO_t, int vector = 1) { set(league, kAuto, vector); }
  TeamPolicy(int league, AUTO_t, AUTO_t) { set(league, kAuto, kAuto); }
  TeamPolicy(int league, int team, AUTO_t) { set(league, team, kAuto); }
  TeamPolicy(const execution_space& space, int league, int team, int vector = 1)
      : TeamPolicy(league, team, vector) { m_space = space; }
  TeamPolicy(const execution_space& space, int league, AUTO_t, int vector = 1)
      : TeamPolicy(league, AUTO, vector) { m_space = space; }
  TeamPolicy(const execution_space& space, int league, AUTO_t, AUTO_t)
      : TeamPolicy(league, AUTO, AUTO) { m_space = space; }
  TeamPolicy(const execution_space& space, int league, int team, AUTO_t)
      : TeamPolicy(league, team, AUTO) { m_space = space; }

  /// The same teams under other properties (Kokkos' converting constructor; require()).
  template <class... Other,
            class = std::enable_if_t<std::is_same<typename TeamPolicy<Other...>::execution_space,
                                                  execution_space>::value>>
  TeamPolicy(const TeamPolicy<Other...>& other)
      : m_league(other.m_league),
        m_team_requested(other.m_team_requested),
        m_vector_requested(other.m_vector_requested),
        m_chunk(other.m_chunk),
        m_bad_level(other.m_bad_level),
        m_team_scratch{other.m_team_scratch[0], other.m_team_scratch[1]},
        m_thread_scratch{other.m_thread_scratch[0], other.m_thread_scratch[1]},
        m_space(other.m_space) {}

  HPAR_HD int league_size() const { return m_league; }
  /// The team size the launch uses. With AUTO: team_size_recommended(); the CUDA launch then
  /// picks its own from the occupancy API, and team.team_size() in the functor is the real one.
  int team_size() const {
    if (m_team_requested == kAuto) return team_size_recommended_for(vector_length());
    if (impl_device_teams || impl_header_teams) return m_team_requested;
    return m_team_requested < 1 ? m_team_requested : 1;
  }
  HPAR_HD int vector_length() const {
    if (m_vector_requested == kAuto) return 1;
    if (!impl_device_teams) return m_vector_requested < 1 ? m_vector_requested : 1;
    if (m_vector_requested < 1) return m_vector_requested;
    return impl::backend_vector_length(impl::resolved_vector_length(m_vector_requested));
  }
  HPAR_HD int chunk_size() const { return m_chunk; }
  TeamPolicy& set_chunk_size(int chunk) {
    m_chunk = chunk;
    return *this;
  }
  execution_space space() const { return m_space; }

  /// Scratch memory per team at `level` (0 or 1): PerTeam(bytes) once per team, PerThread(bytes)
  /// for each of its threads, or both, in either order. Updates the policy and returns it.
  TeamPolicy& set_scratch_size(int level, impl::PerTeamValue team) {
    if (check_level(level)) m_team_scratch[level] = team.value;
    return *this;
  }
  TeamPolicy& set_scratch_size(int level, impl::PerThreadValue thread) {
    if (check_level(level)) m_thread_scratch[level] = thread.value;
    return *this;
  }
  TeamPolicy& set_scratch_size(int level, impl::PerTeamValue team, impl::PerThreadValue thread) {
    set_scratch_size(level, team);
    return set_scratch_size(level, thread);
  }
  TeamPolicy& set_scratch_size(int level, impl::PerThreadValue thread, impl::PerTeamValue team) {
    return set_scratch_size(level, team, thread);
  }
  /// The bytes per team at `level` for teams of `team_size` threads (default: team_size()).
  size_t scratch_size(int level, int team_size = -1) const {
    if (level != 0 && level != 1) return 0;
    if (team_size < 0) team_size = this->team_size();
    return m_team_scratch[level] + m_thread_scratch[level] * size_t(team_size < 0 ? 0 : team_size);
  }
  size_t team_scratch_size(int level) const {
    return level == 0 || level == 1 ? m_team_scratch[level] : 0;
  }
  size_t thread_scratch_size(int level) const {
    return level == 0 || level == 1 ? m_thread_scratch[level] : 0;
  }
  /// The scratch bytes per team to plan with at `level` (Kokkos' int): on CUDA what the device
  /// offers (its opt-in shared memory, half its free memory up to 2^31 - 1); on the host and the
  /// OpenMP backend Kokkos' 32 KB and 20 MB, which a launch may exceed.
  static int scratch_size_max(int level) {
    return impl_device_teams ? impl::backend_scratch_size_max(level)
                             : impl::host_scratch_size_max(level);
  }
  /// The most a launch accepts: what the device offers on CUDA, what can be allocated elsewhere.
  static size_t impl_scratch_bytes_max(int level) {
    return impl_device_teams ? impl::backend_scratch_bytes_max(level) : SIZE_MAX;
  }
  /// The bytes a team's scratch level occupies: every allocation is rounded up to 8 bytes, so
  /// the per-team and per-thread requests are too.
  size_t impl_scratch_bytes(int level, int team_size) const {
    return impl::scratch_round(m_team_scratch[level]) +
           impl::scratch_round(m_thread_scratch[level]) * size_t(team_size);
  }
  /// A level other than 0 or 1 given to set_scratch_size (reported before launch), else -1.
  int impl_bad_scratch_level() const { return m_bad_level; }

  /// Whether the team size (or the vector length) was left to the implementation.
  HPAR_HD bool impl_auto_team_size() const { return m_team_requested == kAuto; }
  HPAR_HD bool impl_auto_vector_length() const { return m_vector_requested == kAuto; }
  /// The sizes as the user asked for them (AUTO is -1).
  HPAR_HD int impl_requested_team_size() const { return m_team_requested; }
  HPAR_HD int impl_requested_vector_length() const { return m_vector_requested; }

  /// The largest team size this build can launch with this vector length (and within the
  /// policy's LaunchBounds).
  /// For a dispatch of F: at most what keeps the policy's level-0 scratch and, for a reduction,
  /// one value per thread (the most a team kernel keeps of it in shared memory) within the
  /// device's shared memory, as Kokkos' team_size_max counts them.
  template <class F>
  int team_size_max(const F&, const ParallelForTag&) const {
    return fitting(team_size_max_for(vector_length()), 0);
  }
  template <class F>
  int team_size_max(const F&, const ParallelReduceTag&) const {
    return fitting(team_size_max_for(vector_length()), impl::team_reduce_value_bytes<F>());
  }
  template <class F, class R>
  int team_size_max(const F&, const R&, const ParallelReduceTag&) const {
    return fitting(team_size_max_for(vector_length()), sizeof(typename R::value_type));
  }
  static int team_size_max_for(int vector) {
    if (impl_header_teams) return within_launch_bounds(impl::header_team_size_max(), vector);
    return impl_device_teams ? within_launch_bounds(impl::backend_team_size_max(vector), vector) : 1;
  }
  /// The largest team size a dispatch of this policy runs: team_size_max_for, or more where the
  /// backend runs larger teams than it advertises (impl::backend_team_size_runs).
  static int team_size_runs_for(int vector) {
    if (impl_header_teams) return team_size_max_for(vector);
    return impl_device_teams ? within_launch_bounds(impl::backend_team_size_runs(vector), vector) : 1;
  }
  /// `most` threads per team, or fewer as the policy's LaunchBounds allow for this vector length.
  static int within_launch_bounds(int most, int vector) {
    const int bound = int(launch_bounds::maxTperB) / (vector > 0 ? vector : 1);
    if (launch_bounds::maxTperB > 0 && bound < most) most = bound > 0 ? bound : 1;
    return most;
  }
  /// A good team size for this build and vector length.
  /// Never above team_size_max for the same dispatch (LaunchBounds, scratch, values).
  template <class F>
  int team_size_recommended(const F& f, const ParallelForTag& tag) const {
    return std::min(team_size_recommended_for(vector_length()), team_size_max(f, tag));
  }
  template <class F>
  int team_size_recommended(const F& f, const ParallelReduceTag& tag) const {
    return std::min(team_size_recommended_for(vector_length()), team_size_max(f, tag));
  }
  template <class F, class R>
  int team_size_recommended(const F& f, const R& r, const ParallelReduceTag& tag) const {
    return std::min(team_size_recommended_for(vector_length()), team_size_max(f, r, tag));
  }
  static int vector_length_max() { return impl_device_teams ? HPAR_IMPL_VECTOR_LENGTH_MAX : 1; }

 private:
  enum : int { kAuto = -1 };

  void set(int league, int team, int vector) {
    m_league = league;
    m_team_requested = team;
    m_vector_requested = vector;
  }
  /// The largest team size up to `most` whose level-0 scratch plus `per_thread` bytes for each
  /// thread and lane (and 1 KB for the kernel's own use) fits the device's level 0.
  int fitting(int most, size_t per_thread) const {
    if (!impl_device_teams) return most;
    const size_t limit = impl_scratch_bytes_max(0);
    const size_t lanes = size_t(vector_length() > 0 ? vector_length() : 1);
    while (most > 1 && impl_scratch_bytes(0, most) + per_thread * size_t(most) * lanes + 1024 > limit)
      --most;
    return most;
  }
  static int team_size_recommended_for(int vector) {
    if (!impl_device_teams) return 1;
    return impl::backend_team_size_recommended(vector < 1 ? 1 : vector);
  }
  bool check_level(int level) {
    if (level == 0 || level == 1) return true;
    m_bad_level = level;
    return false;
  }

  template <class...>
  friend class TeamPolicy;

  int m_league = 0;
  int m_team_requested = 1;
  int m_vector_requested = 1;
  int m_chunk = 1;
  int m_bad_level = -1;
  size_t m_team_scratch[2] = {0, 0};
  size_t m_thread_scratch[2] = {0, 0};
  execution_space m_space{};
};

TeamPolicy(int, int)->TeamPolicy<>;
TeamPolicy(int, int, int)->TeamPolicy<>;
TeamPolicy(int, AUTO_t)->TeamPolicy<>;
TeamPolicy(int, AUTO_t, int)->TeamPolicy<>;
TeamPolicy(int, AUTO_t, AUTO_t)->TeamPolicy<>;
TeamPolicy(int, int, AUTO_t)->TeamPolicy<>;

namespace impl {

/// The team member of the serial build: one thread of one lane per team, so every collective
/// is the identity on its single participant. Its API: impl/team_member_api.hpp.
class HPAR_ANNOTATE("hpar::team_member") SerialTeamMember
    : public TeamMemberApi<SerialTeamMember> {
 public:
  SerialTeamMember(int league_rank, int league_size, const TeamScratchState& scratch = {})
      : TeamMemberApi(league_rank, league_size, scratch) {}

  // The participants of each level: always one.
  template <class Level>
  int impl_rank(Level) const { return 0; }
  template <class Level>
  int impl_size(Level) const { return 1; }
  void impl_barrier() const {}
  template <class Level, class T, class Join>
  void impl_reduce(Level, T&, const Join&) const {}
  template <class Level, class T, class Join>
  T impl_exclusive_scan(Level, const T& value, const Join&, const T& identity, T& total) const {
    total = value;
    return identity;
  }
  template <class Level, class T>
  void impl_broadcast(Level, T&, int) const {}
  bool impl_team_leader() const { return true; }
  bool impl_lane_leader() const { return true; }
  void impl_lane_sync() const {}
  /// The one thread runs a closure broadcast's closure whatever the root, as Kokkos' Serial does.
  bool impl_is_root(int) const { return true; }
};

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

template <class T>
struct is_team_policy : std::false_type {};
template <class... A>
struct is_team_policy<TeamPolicy<A...>> : std::true_type {};

namespace impl {

/// What sets the team size limit of TeamPolicy<A...> (backend_team_size_limit).
template <class... A>
const char* team_size_limit() {
#if defined(HPAR_IMPL_DEVICE)
  if (TeamPolicy<A...>::impl_device_teams) return backend_team_size_limit();
#endif
  if (TeamPolicy<A...>::impl_header_teams)
    return " (Kokkos::OpenMP's threads, OMP_NUM_THREADS, at most 64, as in Kokkos' OpenMP "
           "backend)";
  return " (a team on a host execution space runs as one thread, as on Kokkos' Serial)";
}

/// Describes what is wrong with a team policy's values.
template <class... A>
PolicyProblem policy_problem(const TeamPolicy<A...>& p) {
  PolicyProblem why;
  const int vector = p.impl_requested_vector_length();
  const int team = p.impl_requested_team_size();
  if (p.league_size() < 0) {
    why.say("TeamPolicy league size %lld is negative", (long long)p.league_size());
  } else if (!p.impl_auto_vector_length() && vector < 1) {
    why.say("TeamPolicy vector length %d is not positive", vector);
  } else if (!p.impl_auto_team_size() && team < 1) {
    why.say("TeamPolicy team size %d is not positive", team);
  } else if (!p.impl_auto_team_size() &&
             team > TeamPolicy<A...>::team_size_runs_for(p.vector_length())) {
    // The size asked for, not team_size(): a build never runs a smaller team than asked, and the
    // serial build's team_size() is already 1 (Kokkos' Serial stops too: "Requested Team Size
    // is too large!").
    why.say("TeamPolicy team size %d with vector length %d exceeds the maximum team size %d%s; "
            "ask for at most team_size_max() or AUTO",
            team, int(p.vector_length()),
            int(TeamPolicy<A...>::team_size_runs_for(p.vector_length())),
            team_size_limit<A...>());
  } else if (p.chunk_size() < 1) {
    why.say("TeamPolicy chunk size %d is not positive", int(p.chunk_size()));
  } else if (p.impl_bad_scratch_level() != -1) {
    why.say("TeamPolicy scratch level %d does not exist (levels are 0 and 1)",
            int(p.impl_bad_scratch_level()));
  } else {
    for (int level = 0; level < 2 && !why; ++level) {
      const int team_size = p.impl_auto_team_size() ? 1 : p.team_size();
      const size_t asked = p.impl_scratch_bytes(level, team_size);
      if (asked == 0) continue;  // no device query on the launch path of kernels without scratch
      const size_t most = TeamPolicy<A...>::impl_scratch_bytes_max(level);
      if (asked > most)
        why.say("TeamPolicy scratch level %d asks for %zu bytes per team (team size %d); this "
                "device allows at most %zu",
                level, asked, team_size, most);
    }
  }
  return why;
}

}  // namespace impl
}  // namespace hpar
