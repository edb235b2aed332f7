// hpar runtime, OpenMP backend: the set-up of the launch of a RangePolicy or MDRangePolicy
// dispatch, one typed template per pattern and policy kind; the team kinds are in
// team_launch.hpp. The generated function of a dispatch keeps its OpenMP region(s) (the
// pragmas are the mapping of the range onto teams and threads); everything before and after
// them is here.
//
// Mapping. Each kind comes in the variant for a build for the host, whose region is a
// `parallel` region of the OpenMP runtime's threads, and where its region differs, the variant
// for a device (`Target...`), whose region is `target teams` whose only statement is
// `parallel`: that variant adds the OpenMP teams and puts the functor in the GPU's constant
// memory for the launch (ConstantFunctor, with clang).
//   RangeFor, TargetRangeFor          parallel_for over a range: a contiguous block per thread
//                                     on the host, a grid-stride loop over every thread of
//                                     partial_shape()'s teams on a device;
//   RangeReduce, TargetRangeReduce    parallel_reduce over a range: TeamPartials (reduce.hpp);
//   RangeScan, TargetRangeScan        parallel_scan over a range: ScanChunks (scan.hpp);
//   MDRangeFor                        parallel_for over a box on the host: its rows among the
//                                     threads when there are enough of them (by_rows), else
//                                     its points;
//   TargetMDRangeFor                  the same on a device: a block of the box's rows per team
//                                     (row_teams);
//   MDRangeReduceClause               parallel_reduce over a box with the `reduction` clause;
//   MDRangeReducePartials             parallel_reduce over a box, one slot per thread
//                                     (ReducePartials).
//
// Usage (the generated code, a RangePolicy parallel_reduce for a device):
//
//   using Launch = hpar::rt::omp::TargetRangeReduce<PolicyOrCount, Functor, Results...>;
//   Launch launch({label, "hpar_sum_L31", "sum.cpp", 31}, policy_or_count, f, results...);
//   using Policy = typename Launch::Policy; using index_type = typename Launch::index_type;
//   using Spec = typename Launch::Spec; using value_type = typename Launch::value_type;
//   const int64_t begin = launch.begin, end = launch.end;
//   const int nteams = launch.teams, nthreads = launch.threads;
//   ...  // the other values the region names, each a local copy of the member of its name
//   #pragma omp target teams num_teams(nteams) thread_limit(nthreads) ... is_device_ptr(staging, team_results)
//   #pragma omp parallel num_threads(nthreads)
//   { ... }
//   launch.finish();
//
// Why local copies. A target region reads what it is given: the scalars it names are
// firstprivate, device pointers are is_device_ptr, and a class object it named would be mapped
// (copied to the device and back, with its buffers and locks). So a region names plain locals
// that copy the launch's members, never the launch itself; a host region does too, so that its
// loops keep their bounds in registers across the functor's calls.
//
// Order. A constructor makes the runtime calls that come before the region (the policy
// normalised and checked, the spec, the buffers, the functor in constant memory), in member
// declaration order; finish() makes those after it. The destructor releases in the reverse order:
// the functor's constant memory first, then the buffers.
#pragma once

#include <omp.h>

#include <hpar/hpar.hpp>
#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>
#include <hpar/rt/openmp/reduce.hpp>
#include <hpar/rt/openmp/scan.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace hpar {
namespace rt {
namespace omp {

/// The bytes of an object a region copies to the device (the functor, the spec), as CUDA kernel
/// parameters are: mapping the class itself is refused by GCC for classes with static members and
/// warned about by clang for classes that are not trivially copyable.
template <class T>
const unsigned char* bytes_of(const T& object) {
  return reinterpret_cast<const unsigned char*>(&object);
}

/// The type of make_reduce_spec(policy, f, results...) for the launcher's arguments.
template <class Policy, class Functor, class... Results>
using reduce_spec_of = std::remove_const_t<decltype(impl::make_reduce_spec(
    std::declval<const Policy&>(), std::declval<const Functor&>(), std::declval<Results&>()...))>;
/// The type of make_scan_spec(policy, f, results...) for the launcher's arguments.
template <class Policy, class Functor, class... Results>
using scan_spec_of = std::remove_const_t<decltype(impl::make_scan_spec(
    std::declval<const Policy&>(), std::declval<const Functor&>(), std::declval<Results&>()...))>;

/// What every launch starts with: the dispatch's policy, normalised (a count is a RangePolicy)
/// and checked, and its site, which runtime failures name. An invalid policy ends the program
/// here, naming the kernel and its source line.
template <class PolicyOrCount>
class Dispatch {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;
  using index_type = typename Policy::index_type;

  Dispatch(const KernelSite& site, const PolicyOrCount& policy_or_count)
      : policy(impl::to_policy(policy_or_count)), site(site) {
    if (const impl::PolicyProblem why = impl::policy_problem(policy)) fail(site, why.c_str());
  }
  Dispatch(const Dispatch&) = delete;
  Dispatch& operator=(const Dispatch&) = delete;

  const Policy policy;
  const KernelSite site;
};

/// RangePolicy parallel_for in a build for the host: `parallel`, a contiguous block of
/// [begin, end) per thread.
template <class PolicyOrCount, class Functor>
class RangeFor : public Dispatch<PolicyOrCount> {
 public:
  RangeFor(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f)
      : Dispatch<PolicyOrCount>(site, policy_or_count),
        begin(this->policy.begin()),
        end(this->policy.end()),
        f_bytes(bytes_of(f)) {}

  const int64_t begin, end;
  const unsigned char* const f_bytes;  // the functor, which each thread reads (kernel_functor)
};

/// The teams of a range region of `shape` over `n` indices: no more than cover the range with one
/// index per thread (unless HPAR_OMP_TEAMS set them). A GPU places the teams it starts first
/// together, so teams without an index would leave the multiprocessors that hold them idle while
/// the others run two or three teams with indices: nbody (2^16 bodies on an H200) ran 256 teams
/// with work among 1,056 in 17.1 ms against 11.4 ms for the CUDA output's 256 blocks, with the
/// multiprocessors busy 68% of the time (docs/performance.md, 2026-11-30 19:31 UTC).
inline LaunchShape range_shape(LaunchShape shape, int64_t n) {
  if (shape.teams_forced || shape.threads <= 0) return shape;
  const int64_t wanted = (n + shape.threads - 1) / shape.threads;
  if (wanted < shape.teams) shape.teams = int(wanted > 0 ? wanted : 1);
  return shape;
}

/// RangePolicy parallel_for on a device: `target teams` of partial_shape() + `parallel`, a
/// grid-stride loop over every thread of every team.
template <class PolicyOrCount, class Functor>
class TargetRangeFor : public RangeFor<PolicyOrCount, Functor> {
 public:
  TargetRangeFor(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f)
      : RangeFor<PolicyOrCount, Functor>(site, policy_or_count, f),
        shape_(range_shape(partial_shape(device()), this->end - this->begin)),
        teams(shape_.teams),
        threads(shape_.threads),
        in_constant(f) {}

 private:
  const LaunchShape shape_;

 public:
  const int teams, threads;  // num_teams, and thread_limit and num_threads
  /// With clang, the functor in constant memory until the launch ends; the region's maps
  /// (mapped_bytes, constant_bytes) copy it there.
  const ConstantFunctor<Functor> in_constant;
};

/// RangePolicy parallel_reduce in a build for the host: each thread's value, joined in thread
/// order (TeamPartials of one team), and finish() stores the result.
template <class PolicyOrCount, class Functor, class... Results>
class RangeReduce : public Dispatch<PolicyOrCount> {
 public:
  using Spec = reduce_spec_of<typename Dispatch<PolicyOrCount>::Policy, Functor, Results...>;
  using value_type = typename Spec::value_type;

  RangeReduce(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
              Results&... results)
      : Dispatch<PolicyOrCount>(site, policy_or_count),
        spec(impl::make_reduce_spec(this->policy, f, results...)),
        begin(this->policy.begin()),
        end(this->policy.end()),
        partials_(spec, this->site),
        staging(partials_.staging()),
        team_results(partials_.results()),
        teams(partials_.teams()),
        threads(partials_.threads()),
        team_memory(partials_.team_memory()),
        f_bytes(bytes_of(f)),
        spec_bytes(bytes_of(spec)) {}

  /// After the region: joins the teams' values, applies final() and stores the result.
  void finish() { partials_.finish(); }

  const Spec spec;
  const int64_t begin, end;

 private:
  TeamPartials<Spec> partials_;

 public:
  value_type* const staging;       // device memory: the threads' values where they meet
  value_type* const team_results;  // device memory: one value per team
  const int teams, threads;
  const std::size_t team_memory;  // shared memory per GPU team, or 0
  const unsigned char* const f_bytes;
  const unsigned char* const spec_bytes;
};

/// RangePolicy parallel_reduce on a device: RangeReduce over the teams of partial_shape(), the
/// functor in constant memory.
template <class PolicyOrCount, class Functor, class... Results>
class TargetRangeReduce : public RangeReduce<PolicyOrCount, Functor, Results...> {
 public:
  TargetRangeReduce(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
                    Results&... results)
      : RangeReduce<PolicyOrCount, Functor, Results...>(site, policy_or_count, f, results...),
        in_constant(f) {}

  const ConstantFunctor<Functor> in_constant;  // as TargetRangeFor's
};

/// RangePolicy parallel_scan in a build for the host: the chunks of ScanChunks, one thread's each
/// at a time; finish() stores the total.
template <class PolicyOrCount, class Functor, class... Results>
class RangeScan : public Dispatch<PolicyOrCount> {
 public:
  using Spec = scan_spec_of<typename Dispatch<PolicyOrCount>::Policy, Functor, Results...>;
  using value_type = typename Spec::value_type;

  RangeScan(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
            Results&... results)
      : Dispatch<PolicyOrCount>(site, policy_or_count),
        spec(impl::make_scan_spec(this->policy, f, results...)),
        begin(this->policy.begin()),
        end(this->policy.end()),
        chunks_(spec, begin, end, this->site),
        states(chunks_.states()),
        aggregates(chunks_.aggregates()),
        inclusives(chunks_.inclusives()),
        count(chunks_.count()),
        length(chunks_.length()),
        teams(chunks_.teams()),
        threads(chunks_.threads()),
        team_memory(chunks_.team_memory()),
        f_bytes(bytes_of(f)),
        spec_bytes(bytes_of(spec)) {}

  /// After the region: stores the total, when the call has one.
  void finish() const { chunks_.store_total(); }

  const Spec spec;
  const int64_t begin, end;

 private:
  ScanChunks<Spec> chunks_;

 public:
  int64_t* const states;          // device memory: the ticket and each chunk's state
  value_type* const aggregates;   // device memory: each chunk's join
  value_type* const inclusives;   // device memory: each chunk's inclusive prefix
  const int64_t count, length;    // the chunks, and the indices of each
  const int teams, threads;
  const std::size_t team_memory;  // shared memory per GPU team (a tiled scan), or 0
  const unsigned char* const f_bytes;
  const unsigned char* const spec_bytes;
};

/// RangePolicy parallel_scan on a device: RangeScan, the functor in constant memory.
template <class PolicyOrCount, class Functor, class... Results>
class TargetRangeScan : public RangeScan<PolicyOrCount, Functor, Results...> {
 public:
  TargetRangeScan(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
                  Results&... results)
      : RangeScan<PolicyOrCount, Functor, Results...>(site, policy_or_count, f, results...),
        in_constant(f) {}

  const ConstantFunctor<Functor> in_constant;  // as TargetRangeFor's
};

/// MDRangePolicy parallel_for in a build for the host: the box's rows (every index but the
/// fastest) among the threads when there are at least four a thread (by_rows), each row's
/// fastest loop whole in one thread; else its points. The region reads the bounds from `policy`.
template <class PolicyOrCount, class Functor>
class MDRangeFor : public Dispatch<PolicyOrCount> {
 public:
  using Policy = typename Dispatch<PolicyOrCount>::Policy;

  MDRangeFor(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f)
      : Dispatch<PolicyOrCount>(site, policy_or_count),
        f_bytes(bytes_of(f)),
        by_rows(rows_apart(this->policy)) {}

  const unsigned char* const f_bytes;
  const bool by_rows;

 private:
  static bool rows_apart(const Policy& policy) {
    int64_t points = 1;
    for (int d = 0; d < Policy::rank; ++d)
      points *= policy.upper(d) > policy.lower(d) ? policy.upper(d) - policy.lower(d) : 0;
    const int fast = Policy::inner_left ? 0 : Policy::rank - 1;
    const int64_t inner_extent = policy.upper(fast) - policy.lower(fast);
    return inner_extent > 0 && points / inner_extent >= 4 * (int64_t)omp_get_max_threads();
  }
};

/// MDRangePolicy parallel_for on a device: `target teams` of short runs of the box's rows
/// (row_teams), the fastest index shared by each team's threads (partial_shape()'s).
template <class PolicyOrCount, class Functor>
class TargetMDRangeFor : public Dispatch<PolicyOrCount> {
 public:
  using Policy = typename Dispatch<PolicyOrCount>::Policy;

  TargetMDRangeFor(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f)
      : Dispatch<PolicyOrCount>(site, policy_or_count),
        shape_(partial_shape(device())),
        threads(shape_.threads),
        f_bytes(bytes_of(f)),
        in_constant(f),
        rows(rows_of(this->policy)),
        teams(row_teams(rows, shape_, device())) {}

 private:
  const LaunchShape shape_;

 public:
  const int threads;
  const unsigned char* const f_bytes;
  const ConstantFunctor<Functor> in_constant;  // as TargetRangeFor's
  const int64_t rows;  // the box's rows: the product of the extents of every index but the fastest
  const int teams;     // short runs of rows on a GPU

 private:
  /// The rows, their extents taken from the fastest row index to the slowest.
  static int64_t rows_of(const Policy& policy) {
    int64_t rows = 1;
    for (int k = 1; k < Policy::rank; ++k) {
      const int d = Policy::inner_left ? k : Policy::rank - 1 - k;
      const int64_t l = policy.lower(d), u = policy.upper(d);
      rows *= u > l ? u - l : 0;
    }
    return rows;
  }
};

/// MDRangePolicy parallel_reduce with a built-in arithmetic reducer, through the `reduction`
/// clause, which needs its variable a local of the generated function: init() gives it the
/// identity before the region, finish() stores it after. Either build.
template <class PolicyOrCount, class Functor, class... Results>
class MDRangeReduceClause : public Dispatch<PolicyOrCount> {
 public:
  using Spec = reduce_spec_of<typename Dispatch<PolicyOrCount>::Policy, Functor, Results...>;
  using value_type = typename Spec::value_type;

  MDRangeReduceClause(const KernelSite& site, const PolicyOrCount& policy_or_count,
                      const Functor& f, Results&... results)
      : Dispatch<PolicyOrCount>(site, policy_or_count),
        spec(impl::make_reduce_spec(this->policy, f, results...)),
        f_bytes(bytes_of(f)),
        spec_bytes(bytes_of(spec)) {}

  /// Before the region: the reduction variable's identity.
  void init(value_type& result) const { spec.init(&result); }
  /// After the region: applies final() and stores the result.
  void finish(value_type& result) const {
    spec.final(&result);
    spec.store(&result, false);
  }

  const Spec spec;
  const unsigned char* const f_bytes;
  const unsigned char* const spec_bytes;
};

/// MDRangePolicy parallel_reduce with any other reducer: one slot per thread (ReducePartials),
/// joined on the host by finish(). Either build; `total` is the box's points.
template <class PolicyOrCount, class Functor, class... Results>
class MDRangeReducePartials : public Dispatch<PolicyOrCount> {
 public:
  using Policy = typename Dispatch<PolicyOrCount>::Policy;
  using Spec = reduce_spec_of<Policy, Functor, Results...>;
  using value_type = typename Spec::value_type;

  MDRangeReducePartials(const KernelSite& site, const PolicyOrCount& policy_or_count,
                        const Functor& f, Results&... results)
      : Dispatch<PolicyOrCount>(site, policy_or_count),
        spec(impl::make_reduce_spec(this->policy, f, results...)),
        partials_(spec, this->site),
        slots(partials_.data()),
        teams(partials_.teams()),
        threads(partials_.threads()),
        count(spec.value_count()),
        total(points_of(this->policy)),
        f_bytes(bytes_of(f)),
        spec_bytes(bytes_of(spec)) {}

  /// After the region: joins the slots, applies final() and stores the result.
  void finish() { partials_.finish(); }

  const Spec spec;

 private:
  ReducePartials<Spec> partials_;

 public:
  value_type* const slots;  // device memory: teams x threads slots of count values
  const int teams, threads;
  const int count;
  const int64_t total;
  const unsigned char* const f_bytes;
  const unsigned char* const spec_bytes;

 private:
  static int64_t points_of(const Policy& policy) {
    int64_t points = 1;
    for (int d = 0; d < Policy::rank; ++d) {
      const int64_t l = policy.lower(d), u = policy.upper(d);
      points *= u > l ? u - l : 0;
    }
    return points;
  }
};

}  // namespace omp
}  // namespace rt
}  // namespace hpar
