// hpar CUDA runtime: the host side of each dispatch, one launcher per pattern and policy kind.
//
// The translator writes a __global__ kernel template per dispatch and a launcher of three lines
// that names one of the classes below, builds it from the dispatch's site, policy (or count),
// functor and results, and runs it with the kernel instantiated for the types the class exposes:
//
//   template <class Label, class PolicyOrCount, class Functor>
//   void hpar_saxpy_L28_launch(const Label& label, const PolicyOrCount& policy_or_count,
//                              const Functor& f) {
//     using Launch = hpar::rt::cuda::RangeFor<PolicyOrCount, Functor>;
//     const Launch launch({hpar::impl::label_c_str(label), "hpar_saxpy_L28", "saxpy.cpp", 28},
//                         policy_or_count, f);
//     launch.run(hpar_saxpy_L28<typename Launch::Policy, Functor, Launch::by_value>);
//   }
//
//   class            dispatch                                   kernel parameters
//   RangeFor         parallel_for over a RangePolicy or a count (policy, f)
//   MDRangeGridFor   parallel_for over an MDRangePolicy, rank 2-3 (policy, f, box: MDGrid)
//   MDRangeTilesFor  parallel_for over an MDRangePolicy, rank 4+  (policy, f)
//   RangeReduce      parallel_reduce over a RangePolicy         (policy, f, spec, state)
//   MDRangeReduce    parallel_reduce over an MDRangePolicy      (policy, f, spec, state)
//   TeamFor          parallel_for over a TeamPolicy             (policy, f, scratch: TeamScratch)
//   TeamReduce       parallel_reduce over a TeamPolicy          (policy, f, spec, state, scratch)
//   RangeScan        parallel_scan over a RangePolicy           (policy, f, spec, state)
//                    (in scan.cuh, which only a file with a scan includes)
// A reduction's state is a ReduceState, a scan's a ScanState. Each class names its kernel's type,
// `Kernel`, a pointer to a function of those parameters (f and spec as FunctorArg<T, by_value>),
// so a kernel and a runtime that disagree fail to compile at run(). The kernel's template
// parameters after ByValue (Narrow, ReadOnly, OnePointPerThread) are the translator's: it
// instantiates each variant run() chooses from. A team kernel's options are named:
// TeamKernelBlock (the block it is compiled for) and ReadOnlyViews.
//
// Sequence (the same for every class, the steps a kind has in this order):
//   constructor  impl::to_policy (a count n is RangePolicy<>(0, n)); impl::policy_problem, which
//                ends the program with the site; stream_of (the stream of the policy's execution
//                space instance: every launch, reset and copy of the dispatch goes to it); for a
//                team kernel compiled for constants of its policy, check_team_shape or
//                check_team_lanes; explain_read_only; a reduction's or scan's spec
//                (impl::make_reduce_spec, impl::make_scan_spec);
//   run()        the shape (range_shape, md_grid_shape, md_shape, reduce_shape, md_reduce_shape,
//                team_launch, scan_shape); the launch state (ReduceState, ScanState::acquire);
//                the launch, with the functor and spec as functor_arg<by_value>, skipped for a for
//                whose grid is empty; check_launch; store_result or store_total.
// by_value is fits_in_parameters<the kernel's parameters>() (functor_arg.cuh).
#pragma once

#include <type_traits>
#include <utility>

namespace hpar {
namespace rt {
namespace cuda {

/// What every launcher starts from: the dispatch's site, its policy, checked, the functor and the
/// stream its launches go to.
template <class PolicyOrCount, class Functor>
class Dispatch {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;

  Dispatch(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f)
      : site(site), policy(impl::to_policy(policy_or_count)), f(f), stream(checked_stream()) {}

  const KernelSite site;
  const Policy policy;
  const Functor& f;
  const cudaStream_t stream;  // the policy's instance's stream

 private:
  /// stream_of(policy), once the policy is known to be one the kernel can run.
  cudaStream_t checked_stream() const {
    if (const impl::PolicyProblem why = impl::policy_problem(policy)) fail(site, why.c_str());
    return stream_of(policy);
  }
};

/// parallel_for over a RangePolicy: a grid-stride loop, range_shape (launch.cuh).
template <class PolicyOrCount, class Functor>
class RangeFor : public Dispatch<PolicyOrCount, Functor> {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;
  static constexpr bool by_value = fits_in_parameters<Policy, Functor>();
  using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>);

  using Dispatch<PolicyOrCount, Functor>::Dispatch;

  void run(Kernel kernel) const {
    const LaunchShape shape =
        range_shape(kernel, this->policy.end() - this->policy.begin(), 0, this->site);
    if (shape.grid.x > 0)
      kernel<<<shape.grid, shape.block, shape.shmem, this->stream>>>(
          this->policy, functor_arg<by_value>(this->f, this->stream, this->site));
    check_launch(this->site);
  }
};

/// parallel_for over an MDRangePolicy of rank 2 or 3: one block per tile, one thread per point
/// (mdgrid.cuh). The kernel has two variants: `looping`, with loops over tiles and points beyond
/// what the grid and the block cover, and `direct`, one point per thread, launched when the box
/// allows it (MDGrid::one_point_per_thread).
template <class PolicyOrCount, class Functor>
class MDRangeGridFor : public Dispatch<PolicyOrCount, Functor> {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;
  using Box = MDGrid<Policy::rank, Policy::inner_left>;
  static constexpr bool by_value = fits_in_parameters<Policy, Functor, Box>();
  using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, Box);

  using Dispatch<PolicyOrCount, Functor>::Dispatch;

  void run(Kernel looping, Kernel direct) const {
    Box box(this->policy);
    const LaunchShape shape = md_grid_shape(looping, box, this->site);
    if (shape.grid.x > 0)
      (box.one_point_per_thread ? direct : looping)<<<shape.grid, shape.block, shape.shmem,
                                                      this->stream>>>(
          this->policy, functor_arg<by_value>(this->f, this->stream, this->site), box);
    check_launch(this->site);
  }
};

/// parallel_for over an MDRangePolicy of rank 4 or more: tiles over blockIdx.x, the points of a
/// tile over threadIdx.x (mdrange.cuh).
template <class PolicyOrCount, class Functor>
class MDRangeTilesFor : public Dispatch<PolicyOrCount, Functor> {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;
  static constexpr bool by_value = fits_in_parameters<Policy, Functor>();
  using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>);

  using Dispatch<PolicyOrCount, Functor>::Dispatch;

  void run(Kernel kernel) const {
    const MDTiles<Policy::rank> tiles(this->policy);
    const LaunchShape shape = md_shape(kernel, tiles, this->site);
    if (shape.grid.x > 0)
      kernel<<<shape.grid, shape.block, shape.shmem, this->stream>>>(
          this->policy, functor_arg<by_value>(this->f, this->stream, this->site));
    check_launch(this->site);
  }
};

/// The spec of parallel_reduce(policy, f, results...) (impl::make_reduce_spec).
template <class Policy, class Functor, class... Results>
using reduce_spec_of = std::decay_t<decltype(impl::make_reduce_spec(
    std::declval<const Policy&>(), std::declval<const Functor&>(), std::declval<Results&>()...))>;

namespace detail {

/// The part of a reduction's launch that follows its shape: the launch state, the launch (always,
/// so that an empty range still yields the identity), and the hand-over of the result. `more`
/// are the kernel's parameters after the state.
template <class Launch, class Spec, class Kernel, class... More>
void launch_reduction(const Launch& launch, const Spec& spec, Kernel kernel,
                      const LaunchShape& shape, const More&... more) {
  constexpr bool by_value = Launch::by_value;
  const auto state = ReduceState<Spec>::acquire(shape, spec, launch.stream, launch.site);
  kernel<<<shape.grid, shape.block, shape.shmem, launch.stream>>>(
      launch.policy, functor_arg<by_value>(launch.f, launch.stream, launch.site),
      functor_arg<by_value>(spec, launch.stream, launch.site), state, more...);
  check_launch(launch.site);
  store_result(spec, state, launch.stream, launch.site);
}

}  // namespace detail

/// What a range and an MDRange parallel_reduce share: the dispatch, the reduction's spec (the
/// results it stores), and how the functor and the spec reach the kernel.
template <class PolicyOrCount, class Functor, class... Results>
class ReduceDispatch : public Dispatch<PolicyOrCount, Functor> {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;
  using Spec = reduce_spec_of<Policy, Functor, Results...>;
  static constexpr bool by_value =
      fits_in_parameters<Policy, Functor, Spec, ReduceState<Spec>>();
  using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, FunctorArg<Spec, by_value>,
                          ReduceState<Spec>);

  ReduceDispatch(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
                 Results&... results)
      : Dispatch<PolicyOrCount, Functor>(site, policy_or_count, f),
        spec(impl::make_reduce_spec(this->policy, f, results...)) {}

  const Spec spec;
};

/// parallel_reduce over a RangePolicy: a grid-stride loop into one accumulator per thread, then
/// the block and grid combine of reduce.cuh in the same launch; reduce_shape.
template <class PolicyOrCount, class Functor, class... Results>
class RangeReduce : public ReduceDispatch<PolicyOrCount, Functor, Results...> {
 public:
  using ReduceDispatch<PolicyOrCount, Functor, Results...>::ReduceDispatch;
  using Kernel = typename ReduceDispatch<PolicyOrCount, Functor, Results...>::Kernel;

  /// `max_block`: the most threads a block may have (a staged loop's tiles hold
  /// stage_max_block).
  void run(Kernel kernel, int max_block = 1024) const {
    const LaunchShape shape = reduce_shape(kernel, this->policy.end() - this->policy.begin(),
                                           this->spec, this->site, max_block);
    detail::launch_reduction(*this, this->spec, kernel, shape);
  }
};

/// parallel_reduce over an MDRangePolicy: tiles over blockIdx.x, points over threadIdx.x, one
/// accumulator per thread combined as for a range (reduce.cuh); md_reduce_shape.
template <class PolicyOrCount, class Functor, class... Results>
class MDRangeReduce : public ReduceDispatch<PolicyOrCount, Functor, Results...> {
 public:
  using ReduceDispatch<PolicyOrCount, Functor, Results...>::ReduceDispatch;
  using Policy = typename ReduceDispatch<PolicyOrCount, Functor, Results...>::Policy;
  using Kernel = typename ReduceDispatch<PolicyOrCount, Functor, Results...>::Kernel;

  void run(Kernel kernel) const {
    const MDTiles<Policy::rank> tiles(this->policy);
    const LaunchShape shape = md_reduce_shape(kernel, tiles, this->spec, this->site);
    detail::launch_reduction(*this, this->spec, kernel, shape);
  }
};

/// The block a team kernel is compiled for. The translator compiles a kernel for the team size
/// and vector length its policy gives as constants (`TeamPolicy(n, 16, 16)`: team_assume_block),
/// for the vector length alone (a parallel_for over `TeamPolicy(n, AUTO, 8)`: team_assume_lanes),
/// or for any block; the launch checks the policy asks for what the kernel assumes
/// (rt/team_shape.hpp). A kernel for one team size and vector length has one variant:
/// run(kernel); the others two: run(narrow, wide), compiled for blocks of at most team_auto_block
/// threads and for any block (team.cuh).
struct TeamKernelBlock {
  int team = 0;    // > 0: compiled for this team size (and vector length)
  int vector = 0;  // > 0: compiled for this vector length

  static TeamKernelBlock any() { return TeamKernelBlock{}; }
  static TeamKernelBlock vector_length(int vector) { return TeamKernelBlock{0, vector}; }
  static TeamKernelBlock team_size_and_vector_length(int team, int vector) {
    return TeamKernelBlock{team, vector};
  }

  /// Ends the program when `policy` asks for another block than the kernel assumes.
  template <class Policy>
  void check(const Policy& policy, const KernelSite& site) const {
    if (team > 0)
      check_team_shape(policy, team, vector, site);
    else if (vector > 0)
      check_team_lanes(policy, vector, site);
  }
};

/// The Views a team parallel_for only reads (`names`, as the translator prints them) and whether
/// this launch found their memory apart from the other Views' (`apart`: the kernel then reads
/// them through the read-only data cache, read_only.cuh). Empty for a kernel without that variant.
struct ReadOnlyViews {
  const char* names = nullptr;
  bool apart = false;
};

/// What team launches start from: the dispatch, and the policy's check against the block the
/// kernel is compiled for.
template <class PolicyOrCount, class Functor>
class TeamDispatch : public Dispatch<PolicyOrCount, Functor> {
 public:
  TeamDispatch(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
               TeamKernelBlock block)
      : Dispatch<PolicyOrCount, Functor>(site, policy_or_count, f) {
    block.check(this->policy, this->site);
  }
};

/// parallel_for over a TeamPolicy: one block of (vector_length, team_size) threads per team, a
/// league-stride loop over blockIdx.x; team_launch plans the block, the grid and the scratch.
template <class PolicyOrCount, class Functor>
class TeamFor : public TeamDispatch<PolicyOrCount, Functor> {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;
  static constexpr bool by_value = fits_in_parameters<Policy, Functor, TeamScratch>();
  using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, TeamScratch);

  TeamFor(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
          TeamKernelBlock block, ReadOnlyViews read_only = ReadOnlyViews{})
      : TeamDispatch<PolicyOrCount, Functor>(site, policy_or_count, f, block) {
    if (read_only.names) explain_read_only(this->site, read_only.apart, read_only.names);
  }

  /// A kernel compiled for one block.
  void run(Kernel kernel) const { run(kernel, kernel); }

  void run(Kernel narrow, Kernel wide) const {
    const TeamLaunch plan = team_launch(narrow, wide, this->policy, this->f, 0,
                                        /*at_least_one=*/false, this->stream, this->site);
    const Kernel kernel = plan.narrow ? narrow : wide;
    const LaunchShape& shape = plan.shape;
    if (shape.grid.x > 0)
      kernel<<<shape.grid, shape.block, shape.shmem, this->stream>>>(
          this->policy, functor_arg<by_value>(this->f, this->stream, this->site), plan.scratch);
    check_launch(this->site);
  }
};

/// parallel_reduce over a TeamPolicy: as TeamFor, every lane runs the functor and lane 0 of each
/// thread contributes (finish_team_reduce); at least one block, so that an empty league still
/// yields the identity.
template <class PolicyOrCount, class Functor, class... Results>
class TeamReduce : public TeamDispatch<PolicyOrCount, Functor> {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;
  using Spec = reduce_spec_of<Policy, Functor, Results...>;
  static constexpr bool by_value =
      fits_in_parameters<Policy, Functor, Spec, ReduceState<Spec>, TeamScratch>();
  using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, FunctorArg<Spec, by_value>,
                          ReduceState<Spec>, TeamScratch);

  TeamReduce(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
             TeamKernelBlock block, Results&... results)
      : TeamDispatch<PolicyOrCount, Functor>(site, policy_or_count, f, block),
        spec(impl::make_reduce_spec(this->policy, f, results...)) {}

  /// A kernel compiled for one block.
  void run(Kernel kernel) const { run(kernel, kernel); }

  void run(Kernel narrow, Kernel wide) const {
    const size_t shared_per_thread = detail::accumulator_shared_per_thread(spec);
    const TeamLaunch plan = team_launch(narrow, wide, this->policy, this->f, shared_per_thread,
                                        /*at_least_one=*/true, this->stream, this->site);
    detail::launch_reduction(*this, spec, plan.narrow ? narrow : wide, plan.shape, plan.scratch);
  }

  const Spec spec;
};

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
