// hpar runtime, OpenMP backend: TeamLaunch, which sizes a team launch (team size, OpenMP teams,
// lanes) and owns the buffers its region uses: the teams' collective slots, their scratch, the
// staging of nested scans and the count of threads a team got; and the set-up of a TeamPolicy
// dispatch around its region, as launch.hpp's for the other policies: TeamOptions and
// TeamDispatch (the policy checked against the shape the region assumes, and the choice among the
// launcher's compilations), then TeamFor / TargetTeamFor and TeamReduce / TargetTeamReduce (the
// buffers, the functor's bytes, finish()). The team member those buffers serve, and the mapping
// of hpar teams to OpenMP teams, are in team.hpp.
//
// Usage (the generated code, a team parallel_for on a device):
//
//   hpar::rt::omp::TeamOptions options;  // what the region was compiled for
//   options.assumed_vector_length = 1;
//   options.scans_over_threads = false;
//   const hpar::rt::omp::TeamDispatch<PolicyOrCount, Functor> dispatch({label, "hpar_rows_L81",
//       "team.cpp", 81}, policy_or_count, f, options);
//   if constexpr (hpar::rt::omp::bounded_wide_teams && MaxTeamThreads == 0) {
//     if (dispatch.wide()) return hpar_rows_L81<1024>(label, policy_or_count, f);
//   }
//   using Launch = hpar::rt::omp::TargetTeamFor<PolicyOrCount, Functor>;
//   Launch launch(dispatch);
//   const int league_size = launch.league_size, team_size = launch.team_size, nteams = launch.teams;
//   ...  // the other values the region names, each a local copy of the member of its name
//   #pragma omp target teams num_teams(nteams) thread_limit(...) ... is_device_ptr(shared, scratch, granted)
//   #pragma omp parallel num_threads(team_threads)
//   { ... }
//   launch.finish();
//
// Team memory. Built with clang for a GPU, a team's slots, then its level-0 scratch, then (for a
// kernel whose closure scans over the team's threads) the staging of TeamMember::staged_scan are
// the team's dynamic shared memory (`ompx_dyn_cgroup_mem`, HPAR_OMP_TEAM_MEMORY) when they fit in
// 48 KB; the staging is left out when only it does not fit. Otherwise, and with GCC, the slots
// and the scratch are device memory from the runtime's pool, and nested scans need no staging.
// With clang the launcher of a kernel whose policy asks for scratch is compiled once more, for
// team memory in device memory (team_memory_in_device), so that the compilation that runs where
// it fits reads it as shared memory: a pointer chosen at run time between the two is a generic
// one, read by generic loads with 64-bit addresses (batched_gemm: 48 registers against 40, 0.207
// against 0.164 ms on an H200; docs/performance.md). Other kernels choose in the region.
//
// Two compilations (clang). A GPU starts a team only as many threads as its kernel's registers
// allow, and clang's kernels have no register budget but the 255 a thread may have: any kernel
// starts 256 threads, not every one 1,024. So each team launcher is compiled twice, as CUDA's
// is: as written, for teams of at most narrow_team_threads OpenMP threads, and with its
// region's thread_limit a constant 1,024 (`.maxntid 1024`: ptxas then keeps to 64 registers a
// thread), for larger teams. team_size_max() is then 1,024 over the lanes on such a GPU, and
// an AUTO team size takes 1,024 threads where the CUDA output's occupancy choice takes large
// blocks: for a league too short to fill the device with teams of 256 (team_mdrange: 64 teams
// of a 32^4 box), unless the team's slots and level-0 scratch would then leave its shared
// memory; and for level-0 scratch too large for shared memory, which is then device memory:
// fewer teams at once keep their scratch in the L2 cache (big_scratch's 64 KB a team: 1.08 to
// 0.79 ms on an H200). Not for a kernel that scans over the team's threads (a team scan waits
// for every warp of the team; CUDA measured 3.2 times slower with teams of 1,024).
#pragma once

#include <omp.h>

#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>
#include <hpar/rt/openmp/launch.hpp>
#include <hpar/rt/openmp/occupancy.hpp>
#include <hpar/rt/openmp/reduce.hpp>
#include <hpar/rt/openmp/team.hpp>
#include <hpar/rt/team_shape.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace hpar {
namespace rt {
namespace omp {

/// The shape of one team launch and its team-shared buffers (see the file comment). The generated
/// code uses it through TeamDispatch and the team launches below:
///   hpar::rt::omp::TeamDispatch<PolicyOrCount, Functor> dispatch(site, policy_or_count, f, options);
///   if (dispatch.wide()) return <the launcher compiled for 1,024 threads>;
///   if (dispatch.team_memory_in_device())
///     return <the launcher compiled for team memory in device memory>;
///   hpar::rt::omp::TargetTeamFor<PolicyOrCount, Functor> launch(dispatch);  // TeamLaunch(...)
///   target teams num_teams(nteams) thread_limit(team_threads, or 1,024 in that compilation)
///       + parallel num_threads(team_threads) ...   (nteams, team_threads: launch.teams, ...)
///   launch.finish();
class TeamLaunch {
 public:
  /// `scans`: the kernel runs a nested scan over the team's threads, whose staging then goes to
  /// the team's shared memory when it fits beside the slots and the level-0 scratch.
  /// `compiled_for`: the launcher's leading template arguments (TeamOptions), which name its
  /// kernel among the device image's (resident_teams).
  template <class Policy, class Functor>
  TeamLaunch(const Policy& policy, const Functor& f, const KernelSite& site, bool scans = false,
             const std::string& compiled_for = std::string())
      : site_(site),
        device_(device()),
        gpu_(device_is_gpu(device_)),
        team_size_(team_size_for(policy, f, scans)),
        lanes_(policy.vector_length()),
        scratch0_(impl::team_scratch_bytes(policy, f, 0, team_size_)),
        scratch1_(impl::team_scratch_bytes(policy, f, 1, team_size_)),
        team_memory_(launch_team_memory(gpu_, team_size_ * lanes_, scratch0_, scans)),
        resident_(gpu_ ? resident_teams(device_, site.kernel, compiled_for, team_size_ * lanes_, team_memory_)
                       : 0),
        teams_(teams_for(policy.league_size(), gpu_, team_size_ * lanes_, resident_)),
        shared_(device_, std::size_t(teams_) * team_slot_count(team_size_ * lanes_) * team_slot_bytes, site),
        scratch_purpose_(scratch0_ + scratch1_ > 0 ? scratch_purpose(teams_, scratch0_, scratch1_) : std::string()),
        scratch_(device_, scratch_total(teams_, scratch0_, scratch1_, site, scratch_purpose_), site,
                 scratch_purpose_.empty() ? nullptr : scratch_purpose_.c_str()),
        granted_(device_, sizeof(int), site) {
    const int asked = team_size_ * lanes_;
    granted_.fill(&asked, sizeof asked);
    if (gpu_ && detail::explain_launches())
      detail::explain_once(site, std::to_string(teams_) + " OpenMP teams of " + std::to_string(asked) +
                                     " threads for a league of " + std::to_string(policy.league_size()) +
                                     (resident_ > 0 ? ", " + std::to_string(resident_) +
                                                          " at once by the kernel's registers and shared memory"
                                                    : ": the kernel's resources not known, the default") +
                                     ", " + std::to_string(team_memory_) + " bytes of team memory a team");
    // The teams' barriers start at zero (host memory in a build for the host).
    if (host_only) std::memset(shared_.get(), 0, std::size_t(teams_) * team_slot_count(asked) * team_slot_bytes);
  }

  /// Whether a launch of this policy and functor takes the compilation for teams of more than
  /// narrow_team_threads OpenMP threads (see the file comment).
  template <class Policy, class Functor>
  static bool wide(const Policy& policy, const Functor& f, bool scans) {
    return team_size_for(policy, f, scans) * policy.vector_length() > narrow_team_threads;
  }

  /// Whether a launch of this policy and functor keeps its team memory (slots, level-0 scratch)
  /// in device memory on a GPU, where it does not fit in a team's shared memory: it then takes
  /// the launcher's compilation for that (see the file comment).
  template <class Policy, class Functor>
  static bool team_memory_in_device(const Policy& policy, const Functor& f, bool scans) {
    if (!device_is_gpu(device())) return false;
    const int team = team_size_for(policy, f, scans);
    return team_memory_of(true, team * policy.vector_length(),
                          impl::team_scratch_bytes(policy, f, 0, team)) == 0;
  }

  int team_size() const { return team_size_; }
  /// OpenMP threads per hpar thread (its vector lanes; see the file comment).
  int lanes() const { return lanes_; }
  /// OpenMP teams to ask for; on the host, the teams one parallel region runs at once, each
  /// team_size() x lanes() consecutive threads of it: as many as the OpenMP runtime's threads
  /// hold (at least one), at most the league.
  int teams() const { return teams_; }
  /// Device memory: teams() x team_size() slots of team_slot_bytes.
  unsigned char* shared() const { return static_cast<unsigned char*>(shared_.get()); }
  /// Bytes of shared memory each team of the GPU region asks for (HPAR_OMP_TEAM_MEMORY): its
  /// slots, its level-0 scratch and, when it fits, its scan staging; or 0 when the slots and the
  /// scratch live in device memory (see the file comment).
  std::size_t team_memory() const { return team_memory_; }
  /// The slots of OpenMP team `team` (called in the region): the team's shared memory when the
  /// launch gave it some (team_memory), else device memory.
  static unsigned char* team_shared(unsigned char* shared, std::size_t team_memory, int team,
                                    int team_size) {
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
    if (team_memory > 0) return shared_slots();
#endif
    (void)team_memory;
    return device_slots(shared, team, team_size);
  }
  /// The same in a launcher compiled for where its team memory is (a kernel whose policy asks for
  /// scratch; see the file comment): on an NVIDIA GPU (clang's device code) the team's shared
  /// memory, unless the compilation is the one for team memory in device memory (InDevice);
  /// elsewhere device memory.
  template <bool InDevice>
  static unsigned char* team_shared(unsigned char* shared, int team, int team_size) {
#if defined(HPAR_IMPL_OMP_SHARED_TEAM_MEMORY)
    if constexpr (!InDevice) return shared_slots();
#endif
    return device_slots(shared, team, team_size);
  }

  /// Device memory for the teams' scratch: per OpenMP team, level 0 then level 1.
  char* scratch() const { return static_cast<char*>(scratch_.get()); }
  std::size_t scratch0() const { return scratch0_; }
  std::size_t scratch1() const { return scratch1_; }
  /// The scratch of OpenMP team `team` (called in the region). Level 0 starts 16-byte aligned in
  /// shared memory (the dynamic shared memory is, after slots of 256 bytes) and in device memory
  /// (scratch_stride), which clang is told: with the bump offsets it knows, it can then read two
  /// doubles of a scratch row with one 16-byte load, as the CUDA output does (batched_gemm: 24
  /// loads per element of C instead of 32).
  static impl::TeamScratchState team_scratch(char* scratch, std::size_t team_memory, int team,
                                             int team_size, std::size_t bytes0, std::size_t bytes1) {
    char* base = scratch + std::size_t(team) * scratch_stride(bytes0, bytes1);
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
    if (team_memory > 0) return impl::TeamScratchState(shared_scratch(team_size), bytes0, base + bytes0, bytes1);
#endif
    (void)team_memory;
    (void)team_size;
    return impl::TeamScratchState(detail::aligned16(base), bytes0, base + bytes0, bytes1);
  }
  /// The same in a launcher compiled for where its team memory is (team_shared<InDevice>).
  template <bool InDevice>
  static impl::TeamScratchState team_scratch(char* scratch, int team, int team_size,
                                             std::size_t bytes0, std::size_t bytes1) {
    char* base = scratch + std::size_t(team) * scratch_stride(bytes0, bytes1);
#if defined(HPAR_IMPL_OMP_SHARED_TEAM_MEMORY)
    if constexpr (!InDevice)
      return impl::TeamScratchState(shared_scratch(team_size), bytes0, base + bytes0, bytes1);
#endif
    (void)team_size;
    return impl::TeamScratchState(detail::aligned16(base), bytes0, base + bytes0, bytes1);
  }
  /// The staging of the nested scans of OpenMP team `team_threads` threads (called in the
  /// region): in the team's shared memory after its slots and level-0 scratch (`bytes0`) when the
  /// launch gave it room there (clang, NVIDIA GPU), else null.
  static unsigned char* team_staging(std::size_t team_memory, int team_threads, std::size_t bytes0) {
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY) && defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    const std::size_t at = team_slots(team_threads) * team_slot_bytes + bytes0;
    const std::size_t staging = staging_bytes(team_threads);
    if (staging > 0 && team_memory >= at + staging)
      return static_cast<unsigned char*>(llvm_omp_target_dynamic_shared_alloc()) + at;
#endif
    (void)team_memory;
    (void)team_threads;
    (void)bytes0;
    return nullptr;
  }
  /// Ends a team of the league loop: with scratch, the team's threads wait for each other before
  /// the next team reuses it (called in the region, by every thread).
  static void end_team(std::size_t scratch_bytes) {
    if (scratch_bytes > 0) {
#pragma omp barrier
    }
  }
  /// The same on the host, where a region runs several teams at once: the team's own barrier.
  static void end_team(const TeamMember& team, std::size_t scratch_bytes) {
    if (scratch_bytes > 0) team.sync();
  }

  /// Where a team that gets fewer threads than asked writes how many it got (the region's
  /// `granted`, team_size() x lanes() until then): host memory the device writes, with clang.
  int* granted() const { return static_cast<int*>(granted_.get()); }

  /// After the region: reports a team that got fewer threads than asked.
  void finish() const {
    int granted = 0;
    granted_.read(&granted, sizeof granted);
    if (granted == team_size_ * lanes_) return;
    // On a GPU the kernel's registers decide; on the host the OpenMP runtime and its environment.
    const std::string message = "OpenMP started " + std::to_string(granted) +
                                " threads for a team of " + std::to_string(team_size_) +
                                (lanes_ > 1 ? " threads of " + std::to_string(lanes_) + " lanes" : std::string()) +
                                (gpu_ ? " (the most this device gives this kernel)"
                                 : host_only && omp_in_parallel()
                                     ? " (dispatched inside an OpenMP parallel region, whose nested regions "
                                       "get one thread)"
                                     : impl::backend_team_size_limit()) +
                                "; choose a team size of at most team_size_max() or AUTO";
    fail(site_, message.c_str());
  }

 private:
  /// The team size: the policy's, or for AUTO with clang on an NVIDIA GPU 1,024 OpenMP threads
  /// for a league too short to fill it with teams of narrow_team_threads, or for a kernel whose
  /// level-0 scratch is device memory (see the file comment).
  template <class Policy, class Functor>
  static int team_size_for(const Policy& policy, const Functor& f, bool scans) {
    const int team = policy.team_size();
    if (!bounded_wide_teams || !policy.impl_auto_team_size() || scans) return team;
    const int dev = device();
    if (detail::device_kind(dev) != 2) return team;
    const int lanes = policy.vector_length();
    const int wide = wide_team_threads / lanes;
    if (wide <= team) return team;
    const std::size_t scratch0 = impl::team_scratch_bytes(policy, f, 0, team);
    const bool in_shared_memory = team_memory_of(true, team * lanes, scratch0) > 0;
    if (!in_shared_memory && scratch0 > 0)
      return wide;  // scratch in device memory: fewer teams at once keep theirs in the L2 cache
    if (int64_t(policy.league_size()) * team * lanes >= resident_threads(dev)) return team;
    if (in_shared_memory &&
        team_memory_of(true, wide * lanes, impl::team_scratch_bytes(policy, f, 0, wide)) == 0)
      return team;  // would leave shared memory
    return wide;
  }
  /// Bytes of a team's staging for nested scans (TeamMember::staged_scan): a tile per warp for
  /// values of up to 8 bytes, for a team of whole warps; 0 otherwise.
  static std::size_t staging_bytes(int team_threads) {
    return team_threads % 32 == 0 ? std::size_t(team_threads / 32) * stage_warp_bytes : 0;
  }
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
  /// A GPU team's slots in its shared memory (clang's device code), and its level-0 scratch after
  /// them.
  static unsigned char* shared_slots() {
    return static_cast<unsigned char*>(llvm_omp_target_dynamic_shared_alloc());
  }
  static char* shared_scratch(int team_size) {
    return detail::aligned16(reinterpret_cast<char*>(shared_slots()) + team_slots(team_size) * team_slot_bytes);
  }
#endif
  /// OpenMP team `team`'s slots in device memory.
  static unsigned char* device_slots(unsigned char* shared, int team, int team_size) {
    return shared + std::size_t(team) * team_slot_count(team_size) * team_slot_bytes;
  }
  /// Slots of a team of `team_threads` OpenMP threads in device memory: one per thread, and on
  /// the host one more for the team's barrier (HostBarrier).
  static std::size_t team_slot_count(int team_threads) {
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
    return std::size_t(team_threads) + 1;
#else
    return std::size_t(team_threads);
#endif
  }
  /// Bytes of device memory between two teams' scratch: both levels, rounded up to 16.
  static std::size_t scratch_stride(std::size_t bytes0, std::size_t bytes1) {
    return (bytes0 + bytes1 + 15) / 16 * 16;
  }
  /// What the teams' scratch is, for the message of an allocation that fails: the bytes a team
  /// asked for, and how many teams hold theirs at once.
  static std::string scratch_purpose(int teams, std::size_t bytes0, std::size_t bytes1) {
    return "team scratch: " + std::to_string(bytes0) + " bytes of level 0 and " + std::to_string(bytes1) +
           " of level 1 a team, for " + std::to_string(teams) + (teams == 1 ? " team" : " teams at once");
  }
  /// Bytes of the teams' scratch; fails the kernel when they overflow the address space.
  static std::size_t scratch_total(int teams, std::size_t bytes0, std::size_t bytes1, const KernelSite& site,
                                   const std::string& purpose) {
    if (bytes0 > SIZE_MAX / 2 || bytes1 > SIZE_MAX / 2 - bytes0 ||
        scratch_stride(bytes0, bytes1) > SIZE_MAX / std::size_t(teams > 0 ? teams : 1))
      fail(site, (purpose + ": more bytes than the address space holds").c_str());
    return std::size_t(teams) * scratch_stride(bytes0, bytes1);
  }
  /// Slots a team's shared memory holds: one per warp when the team is whole warps (they reduce
  /// and scan with shuffles), else one per thread.
  static std::size_t team_slots(int team_size) {
    return team_size % 32 == 0 ? std::size_t(team_size / 32) : std::size_t(team_size);
  }
  /// The shared memory a team of `team_threads` OpenMP threads asks for to hold its slots and
  /// `scratch0` bytes of level-0 scratch (team_memory_for: 0 when they do not fit).
  static std::size_t team_memory_of(bool gpu, int team_threads, std::size_t scratch0) {
    return team_memory_for(gpu, team_slots(team_threads) * team_slot_bytes + scratch0);
  }
  /// The shared memory a launch's teams ask for: team_memory_of, and the staging of nested scans
  /// (`scans`) when it fits beside them.
  static std::size_t launch_team_memory(bool gpu, int team_threads, std::size_t scratch0, bool scans) {
    std::size_t bytes = team_memory_of(gpu, team_threads, scratch0);
    const std::size_t staging = scans ? staging_bytes(team_threads) : 0;
    if (bytes > 0 && staging > 0 && team_memory_for(gpu, bytes + staging) > 0) bytes += staging;
    return bytes;
  }
  /// OpenMP teams for a league of `league` hpar teams: on a GPU, as many as it holds at once
  /// (`resident`, resident_teams: one wave, each team then taking an equal share of the league),
  /// or 2,048 when that is not known; on the host, the teams one region runs at once.
  static int teams_for(int league, bool gpu, int team_threads, int64_t resident) {
    if (host_only) {
      const int threads = omp_get_max_threads() > 0 ? omp_get_max_threads() : 1;
      const int teams = threads / team_threads < league ? threads / team_threads : league;
      return teams > 0 ? teams : 1;
    }
    if (!gpu) return 1;
    int teams = resident > 0 && resident < (int64_t(1) << 30) ? int(resident) : 2048;
    if (const int forced = detail::positive_env("HPAR_OMP_TEAMS")) teams = forced;
    if (league < teams) teams = league;
    return teams > 0 ? teams : 1;
  }

  KernelSite site_;
  int device_;
  bool gpu_;
  int team_size_;
  int lanes_;
  std::size_t scratch0_;
  std::size_t scratch1_;
  std::size_t team_memory_;
  int64_t resident_;  // teams the GPU holds at once (resident_teams), 0 when not known
  int teams_;
  DeviceBuffer shared_;
  std::string scratch_purpose_;
  DeviceBuffer scratch_;
  ResultBuffer granted_;
};

/// What a team launcher's region was compiled for, named at its dispatch (TeamDispatch).
struct TeamOptions {
  /// The team size the region assumes (HPAR_OMP_ASSUME), checked against the policy; 0: none.
  int assumed_team_size = 0;
  /// The vector length the region assumes, checked against the policy; 0: none.
  int assumed_vector_length = 0;
  /// The closure runs a nested scan over the team's threads (TeamLaunch: its staging).
  bool scans_over_threads = false;
  /// The launcher's leading template arguments, mangled (template_args), which name the kernel
  /// of this compilation of it (TeamLaunch: resident_teams); empty when it has none.
  std::string compiled_for;
};

/// The dispatch of a team launcher: the policy normalised and checked (Dispatch), and checked
/// against the shape the region assumes (options); then wide() and team_memory_in_device() tell
/// which compilation of the launcher runs it, before any buffer is taken.
template <class PolicyOrCount, class Functor>
class TeamDispatch : public Dispatch<PolicyOrCount> {
 public:
  TeamDispatch(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
               const TeamOptions& options)
      : Dispatch<PolicyOrCount>(site, policy_or_count), f(f), options(options) {
    if (options.assumed_vector_length > 0) {
      if (options.assumed_team_size > 0)
        check_team_shape(this->policy, options.assumed_team_size, options.assumed_vector_length, site);
      else
        check_team_lanes(this->policy, options.assumed_vector_length, site);
    }
  }

  /// Whether the launch takes the compilation for teams of more than narrow_team_threads.
  bool wide() const { return TeamLaunch::wide(this->policy, f, options.scans_over_threads); }
  /// Whether the launch takes the compilation for team memory in device memory.
  bool team_memory_in_device() const {
    return TeamLaunch::team_memory_in_device(this->policy, f, options.scans_over_threads);
  }

  const Functor& f;
  const TeamOptions options;
};

/// TeamPolicy parallel_for in a build for the host: a `parallel` region of `teams` teams at once,
/// each team_threads consecutive threads of it running a contiguous block of the league. The
/// TeamLaunch's buffers, as the region names them; finish() reports a team that got fewer threads
/// than asked.
template <class PolicyOrCount, class Functor>
class TeamFor {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;

  explicit TeamFor(const TeamDispatch<PolicyOrCount, Functor>& dispatch)
      : launch_(dispatch.policy, dispatch.f, dispatch.site, dispatch.options.scans_over_threads,
                dispatch.options.compiled_for),
        league_size(dispatch.policy.league_size()),
        team_size(launch_.team_size()),
        teams(launch_.teams()),
        lanes(launch_.lanes()),
        team_threads(team_size * lanes),
        shared(launch_.shared()),
        scratch(launch_.scratch()),
        scratch0(launch_.scratch0()),
        scratch1(launch_.scratch1()),
        team_memory(launch_.team_memory()),
        granted(launch_.granted()),
        f_bytes(bytes_of(dispatch.f)) {}
  TeamFor(const TeamFor&) = delete;
  TeamFor& operator=(const TeamFor&) = delete;

  /// After the region: reports a team that got fewer threads than asked.
  void finish() const { launch_.finish(); }

 private:
  TeamLaunch launch_;

 public:
  const int league_size, team_size, teams, lanes;
  const int team_threads;  // OpenMP threads per team: team_size x lanes
  unsigned char* const shared;
  char* const scratch;
  const std::size_t scratch0, scratch1;
  const std::size_t team_memory;  // shared memory per GPU team, or 0
  int* const granted;             // the threads of a team that got fewer than asked
  const unsigned char* const f_bytes;
};

/// TeamPolicy parallel_for on a device: `target teams`, one OpenMP team per hpar team at a time,
/// + `parallel` of team_threads; the functor in constant memory.
template <class PolicyOrCount, class Functor>
class TargetTeamFor : public TeamFor<PolicyOrCount, Functor> {
 public:
  explicit TargetTeamFor(const TeamDispatch<PolicyOrCount, Functor>& dispatch)
      : TeamFor<PolicyOrCount, Functor>(dispatch), in_constant(dispatch.f) {}

  const ConstantFunctor<Functor> in_constant;  // as TargetRangeFor's
};

/// TeamPolicy parallel_reduce in a build for the host: TeamFor, and each team's value joined in
/// the region (TeamPartials of teams x team_threads); finish() joins the teams' and stores the
/// result.
template <class PolicyOrCount, class Functor, class... Results>
class TeamReduce : public TeamFor<PolicyOrCount, Functor> {
 public:
  using Spec = reduce_spec_of<typename Dispatch<PolicyOrCount>::Policy, Functor, Results...>;
  using value_type = typename Spec::value_type;

  TeamReduce(const TeamDispatch<PolicyOrCount, Functor>& dispatch, Results&... results)
      : TeamFor<PolicyOrCount, Functor>(dispatch),
        spec(impl::make_reduce_spec(dispatch.policy, dispatch.f, results...)),
        partials_(spec, {this->teams, this->team_threads}, dispatch.site),
        staging(partials_.staging()),
        team_results(partials_.results()),
        spec_bytes(bytes_of(spec)) {}

  /// After the region: TeamFor's report, then the result stored.
  void finish() {
    TeamFor<PolicyOrCount, Functor>::finish();
    partials_.finish();
  }

  const Spec spec;

 private:
  TeamPartials<Spec> partials_;

 public:
  value_type* const staging;       // device memory: the threads' values where they meet
  value_type* const team_results;  // device memory: one value per OpenMP team
  const unsigned char* const spec_bytes;
};

/// TeamPolicy parallel_reduce on a device: TeamReduce, the functor in constant memory.
template <class PolicyOrCount, class Functor, class... Results>
class TargetTeamReduce : public TeamReduce<PolicyOrCount, Functor, Results...> {
 public:
  TargetTeamReduce(const TeamDispatch<PolicyOrCount, Functor>& dispatch, Results&... results)
      : TeamReduce<PolicyOrCount, Functor, Results...>(dispatch, results...), in_constant(dispatch.f) {}

  const ConstantFunctor<Functor> in_constant;  // as TargetRangeFor's
};

}  // namespace omp
}  // namespace rt
}  // namespace hpar
