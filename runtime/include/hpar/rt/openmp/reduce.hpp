// hpar runtime, OpenMP backend: reductions that the `reduction` clause cannot express.
//
// Mapping. A launch of `target teams num_teams(T) thread_limit(N)` whose only statement is
// `parallel num_threads(N)` gives each OpenMP thread one accumulator ("slot") of value_count()
// elements in device memory: slot (team * N + thread). ReducePartials allocates T * N slots and
// initialises every one with spec.init before the launch, so slots of teams or threads that the
// implementation did not start still hold the identity. finish() copies the slots back and joins
// them in slot order on the host (deterministic for a given shape), then applies final() and
// store().
//
// Usage (the generated code of an MDRange reduction without a `reduction` clause, through its
// launch, MDRangeReducePartials in launch.hpp, which holds the ReducePartials; `total` is the
// box's points, `fn` and `sp` the functor and spec as each thread reads them):
//
//   using Launch = hpar::rt::omp::MDRangeReducePartials<PolicyOrCount, Functor, Results...>;
//   Launch launch(site, policy_or_count, f, results...);
//   value_type* slots = launch.slots;                          // partials.data()
//   const int nteams = launch.teams, nthreads = launch.threads;  // partials.teams(), threads()
//   const int count = launch.count;                            // spec.value_count()
//   #pragma omp target teams num_teams(nteams) thread_limit(nthreads) \
//       device(hpar::rt::omp::device()) map(to: f_bytes[...], spec_bytes[...]) is_device_ptr(slots)
//   #pragma omp parallel num_threads(nthreads)
//   {
//     const int64_t team = omp_get_team_num(), thread = omp_get_thread_num();
//     const int64_t team_stride = (int64_t)omp_get_num_teams() * nthreads;
//     const int team_threads = omp_get_num_threads();
//     value_type* acc = slots + (team * nthreads + thread) * count;
//     for (int64_t block = team * nthreads; block < total; block += team_stride)
//       for (int64_t lin = block + thread; lin < total && lin < block + nthreads; lin += team_threads)
//         sp.call(fn, acc, <the point of lin>);
//   }
//   launch.finish();  // partials.finish()
//
// Each team walks blocks of `nthreads` consecutive positions, and its threads share a block
// however many of them the implementation started; every position is therefore covered exactly
// once even when teams run with different thread counts, and consecutive threads touch
// consecutive positions.
//
// Preconditions: Spec::value_type is trivially copyable in practice (slots are copied as bytes)
// and default-constructible; one ReducePartials serves one launch, and finish() is called once.
#pragma once

#include <omp.h>

#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
#include <hpar/rt/openmp/team.hpp>
#endif

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

namespace hpar {
namespace rt {
namespace omp {

template <class Spec>
class ReducePartials {
 public:
  using value_type = typename Spec::value_type;

  /// Chooses the shape for device(), leases the slots and initialises every one with spec.init.
  ReducePartials(const Spec& spec, const KernelSite& site)
      : ReducePartials(spec, partial_shape(device()), site) {}

  /// The same with a given shape (a team launch: OpenMP teams x team size).
  ReducePartials(const Spec& spec, LaunchShape shape, const KernelSite& site)
      : spec_(spec),
        site_(site),
        device_(device()),
        shape_(shape),
        count_(spec.value_count() > 0 ? spec.value_count() : 1),
        elements_(std::size_t(shape_.teams) * std::size_t(shape_.threads) * count_),
        slots_(device_, elements_ * sizeof(value_type), site),
        host_(host_array<value_type>(elements_, site)) {
    for (std::size_t slot = 0; slot < elements_; slot += count_) spec_.init(host_.get() + slot);
    copy_to_device(slots_.get(), host_.get(), elements_ * sizeof(value_type), device_, site_);
  }

  ReducePartials(const ReducePartials&) = delete;
  ReducePartials& operator=(const ReducePartials&) = delete;

  /// Device memory of teams() * threads() slots of spec.value_count() elements each.
  value_type* data() const { return static_cast<value_type*>(slots_.get()); }
  /// The teams to ask for (num_teams).
  int teams() const { return shape_.teams; }
  /// The threads per team to ask for (thread_limit and num_threads).
  int threads() const { return shape_.threads; }

  /// After the launch: joins every slot in order, applies final() and stores the result.
  void finish() {
    copy_to_host(host_.get(), slots_.get(), elements_ * sizeof(value_type), device_, site_);
    value_type* result = host_.get();
    for (std::size_t slot = count_; slot < elements_; slot += count_)
      spec_.join(result, host_.get() + slot);
    spec_.final(result);
    spec_.store(result, false);
  }

 private:
  // A copy: a spec only refers to the results, so a copy stores to the same place.
  std::remove_cv_t<Spec> spec_;
  KernelSite site_;
  int device_;
  LaunchShape shape_;
  std::size_t count_;     // elements per slot
  std::size_t elements_;  // slots * count_
  DeviceBuffer slots_;
  std::unique_ptr<value_type[]> host_;  // the slots' host copy
};

/// Whether a thread keeps a scalar reduction value in a local variable (a register) rather than
/// in its staging slot in device memory: with clang, and in every build for the host (where
/// neighbouring threads' slots share cache lines: g++'s dot product ran at 0.68 of Kokkos' OpenMP
/// backend on 16 cores with the value in its slot). With GCC for a GPU it stays in the slot, as in the one slot per
/// thread of the code before: GCC's offload is kept for correctness, and that is the path its
/// GPU runs passed with (the misaligned addresses first blamed on the local were the spec's).
#if defined(__clang__) || defined(HPAR_IMPL_OMP_HOST_ONLY)
constexpr bool local_reduce_value = true;
#else
constexpr bool local_reduce_value = false;
#endif

/// The partial results of a flat (range) reduction: each OpenMP team joins its threads' values in
/// thread order and leaves one value per team; finish() joins those in team order on the host.
/// The threads' values meet in the team's shared memory on a GPU built with clang
/// (HPAR_OMP_TEAM_MEMORY), else in device memory (staging()). Generated code, through the launch
/// of a range or team reduction (RangeReduce in launch.hpp, TeamReduce in team_launch.hpp, which
/// hold the TeamPartials and name its members):
///   Launch launch(...);  // TeamPartials<Spec> partials(spec, site)
///   target teams num_teams(launch.teams) thread_limit(launch.threads) HPAR_OMP_TEAM_MEMORY(launch.team_memory)
///     parallel: accumulate, then team_join(...)   (each through a local copy of the member)
///   launch.finish();  // partials.finish()
template <class Spec>
class TeamPartials {
 public:
  using value_type = typename Spec::value_type;

  /// The shape of a range reduction on device().
  TeamPartials(const Spec& spec, const KernelSite& site)
      : TeamPartials(spec, partial_shape(device()), site) {}

  /// A given shape (a team launch: OpenMP teams x team size; team_join with team_memory 0).
  TeamPartials(const Spec& spec, LaunchShape shape, const KernelSite& site)
      : spec_(spec),
        site_(site),
        device_(device()),
        shape_(shape),
        count_(spec.value_count() > 0 ? spec.value_count() : 1),
        team_memory_(team_memory_for(device_is_gpu(device_), std::size_t(shape_.threads) * count_ * sizeof(value_type))),
        staging_(device_, std::size_t(shape_.teams) * shape_.threads * count_ * sizeof(value_type), site),
        results_(device_, std::size_t(shape_.teams) * count_ * sizeof(value_type), site),
        host_(host_array<value_type>(std::size_t(shape_.teams) * count_, site)) {
    // Teams the implementation does not start leave their result as the identity.
    for (int team = 0; team < shape_.teams; ++team) spec_.init(host_.get() + team * count_);
    results_.fill(host_.get(), std::size_t(shape_.teams) * count_ * sizeof(value_type));
  }

  TeamPartials(const TeamPartials&) = delete;
  TeamPartials& operator=(const TeamPartials&) = delete;

  int teams() const { return shape_.teams; }
  int threads() const { return shape_.threads; }
  /// Shared memory per team for the threads' values, or 0 when they meet in staging().
  std::size_t team_memory() const { return team_memory_; }
  value_type* staging() const { return static_cast<value_type*>(staging_.get()); }
  value_type* results() const { return static_cast<value_type*>(results_.get()); }

  /// In the region, by every thread of a team after its loop: `value` (count elements) joins the
  /// team's values in thread order into results[team]. Starts and ends with a barrier.
  static void team_join(const Spec& spec, const value_type* value, value_type* staging,
                        value_type* results, std::size_t team_memory) {
    const int team = omp_get_team_num(), threads = omp_get_num_threads();
    const int count = spec.value_count() > 0 ? spec.value_count() : 1;
    value_type* slots = staging + std::size_t(team) * threads * count;
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
    if (team_memory > 0) slots = static_cast<value_type*>(llvm_omp_target_dynamic_shared_alloc());
#endif
    (void)team_memory;
    join_in_team(spec, value, slots, results, DeviceTeam{team, omp_get_thread_num(), threads});
#pragma omp barrier
  }

#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  /// team_join in a build for the host, where a parallel region runs several teams at once: team
  /// `team` is `threads` consecutive threads of the region, whose slots start at `team_shared`
  /// (TeamLaunch), and they meet at the team's own barrier.
  static void host_team_join(const Spec& spec, const value_type* value, value_type* staging,
                             value_type* results, int team, int threads, unsigned char* team_shared) {
    const int count = spec.value_count() > 0 ? spec.value_count() : 1;
    value_type* slots = staging + std::size_t(team) * threads * count;
    join_in_team(spec, value, slots, results,
                 HostTeam{team, omp_get_thread_num() % threads, threads,
                          TeamMember::host_barrier(team_shared, threads)});
  }
#endif

 private:
  /// Who the calling thread is in its team, and how the team's threads meet: an OpenMP team of a
  /// device region, at OpenMP barriers.
  struct DeviceTeam {
    int team, thread, threads;
    void barrier() const {
#pragma omp barrier
    }
  };
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  /// The same for one team of a host region: consecutive threads of the region, at the team's own
  /// barrier.
  struct HostTeam {
    int team, thread, threads;
    HostBarrier& shared;
    void barrier() const {
      if (threads > 1) shared.wait(threads);
    }
  };
#endif

  /// The join of a team's values, one implementation for both: every thread of the team puts its
  /// `value` in its slot (unless it is there already), and the team's first thread joins the slots
  /// in thread order and writes the team's result.
  template <class Team>
  static void join_in_team(const Spec& spec, const value_type* value, value_type* slots,
                           value_type* results, const Team& team) {
    const int count = spec.value_count() > 0 ? spec.value_count() : 1;
    team.barrier();
    if (value != slots + team.thread * count)
      for (int k = 0; k < count; ++k) slots[team.thread * count + k] = value[k];
    team.barrier();
    if (team.thread == 0) {
      for (int t = 1; t < team.threads; ++t) spec.join(slots, slots + t * count);
      for (int k = 0; k < count; ++k) results[std::size_t(team.team) * count + k] = slots[k];
    }
  }

 public:
  /// After the launch: joins the teams' results in order, applies final() and stores the result.
  void finish() {
    results_.read(host_.get(), std::size_t(shape_.teams) * count_ * sizeof(value_type));
    value_type* result = host_.get();
    for (int team = 1; team < shape_.teams; ++team) spec_.join(result, host_.get() + team * count_);
    spec_.final(result);
    spec_.store(result, false);
  }

 private:
  std::remove_cv_t<Spec> spec_;
  KernelSite site_;
  int device_;
  LaunchShape shape_;
  std::size_t count_;
  std::size_t team_memory_;
  DeviceBuffer staging_;
  ResultBuffer results_;  // one value per team, read by the host
  std::unique_ptr<value_type[]> host_;
};

}  // namespace omp
}  // namespace rt
}  // namespace hpar
