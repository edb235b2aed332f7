// TeamPolicy kernels: one block of (vector_length, team_size) threads per team, a league-stride
// loop, the CUDA team member; nested patterns stay as written and run through that member.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %FileCheck %s --check-prefix=RUNTIME < %hpar-src/runtime/include/hpar/rt/cuda/launchers.cuh
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

// CHECK-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team.cpp
// CHECK: __global__ void __launch_bounds__(hpar::rt::cuda::team_max_threads<Policy, Narrow>(), hpar::rt::cuda::team_min_blocks<Policy, Narrow>())
// CHECK-NEXT: hpar_rows_L{{[0-9]+}}(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-NEXT: const hpar::rt::cuda::TeamScratch scratch) {
// CHECK-NEXT: const Functor& f = f_arg.get();
// The vector length is a constant while the team size is not: the kernel is told the former.
// CHECK-NEXT: hpar::rt::cuda::team_assume_lanes<8>();  // the policy's vector length
// CHECK-NEXT: const int league_size = policy.league_size();
// CHECK-NEXT: for (int league = blockIdx.x; league < league_size; league += gridDim.x) {
// (a is only read: the kernel has a variant that reads it through the read-only data cache,
// translate/cuda/read_only_views.cpp)
// CHECK-NEXT: const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state(), ReadOnly);
// CHECK-NEXT: f(team);
// CHECK-NEXT: scratch.end_team(league);
// The launcher's TeamFor checks the policy asks for that vector length and runs the kernel
// compiled for blocks of at most 256 threads (narrow) or the one for any block (wide).
// CHECK: using Launch = hpar::rt::cuda::TeamFor<PolicyOrCount, Functor>;
// CHECK: hpar::rt::cuda::TeamKernelBlock::vector_length(8),
// CHECK: const auto narrow = reads_apart ? hpar_rows_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value, true, true>
// CHECK: const auto wide = reads_apart ? hpar_rows_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value, false, true>
// CHECK: launch.run(narrow, wide);
void rows(hpar::View<double**> a, hpar::View<double*> rowsum) {
  const int n = a.extent(0), m = a.extent(1);
  hpar::parallel_for("rows", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    double s = 0;
    hpar::parallel_reduce(hpar::ThreadVectorRange(team, m), [&](int j, double& t) { t += a(row, j); }, s);
    hpar::single(hpar::PerTeam(team), [&]() { rowsum(row) = s; });
  });
}
// The nested patterns are unchanged in the functor (but for the reads of a):
// CHECK: hpar::parallel_reduce(hpar::ThreadVectorRange(team, m), [&](int j, double& t) { t += hpar::rt::cuda::read_only(team, a)(row, j); }, s);
// CHECK: hpar::single(hpar::PerTeam(team), [&]() { rowsum(row) = s; });

// CHECK-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team.cpp
// CHECK: __global__ void __launch_bounds__(hpar::rt::cuda::team_max_threads<Policy>(64, 1), hpar::rt::cuda::team_fixed_min_blocks<Policy>())
// CHECK-NEXT: hpar_total_L{{[0-9]+}}(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-NEXT: const hpar::rt::cuda::FunctorArg<Spec, ByValue> spec_arg,
// CHECK: hpar::rt::cuda::team_assume_block<64, 1>();
// CHECK-NEXT: hpar::rt::cuda::Accumulator<Spec> acc(spec);
// CHECK: const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state());
// CHECK-NEXT: spec.call(f, acc.data(), team);
// CHECK-NEXT: scratch.end_team(league);
// CHECK: hpar::rt::cuda::finish_team_reduce(spec, state, acc.data());
// One variant, compiled for the policy's team size and vector length, which the launch checks.
// CHECK: using Launch = hpar::rt::cuda::TeamReduce<PolicyOrCount, Functor, Results...>;
// CHECK: hpar::rt::cuda::TeamKernelBlock::team_size_and_vector_length(64, 1),
// CHECK: launch.run(hpar_total_L{{[0-9]+}}<typename Launch::Policy, Functor, typename Launch::Spec, Launch::by_value>);
double total(int leagues) {
  double sum = 0;
  hpar::parallel_reduce("total", hpar::TeamPolicy<>(leagues, 64), HPAR_LAMBDA(const member_type& team, double& s) {
    double inner = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, 100), [&](int i, double& t) { t += i; }, inner);
    s += inner;
  }, sum);
  return sum;
}

// What the launch objects do (rt/cuda/launchers.cuh): the policy's check against the block the
// kernel assumes; a team_launch plan for the narrow or wide kernel, with the reduction's shared
// memory per thread and at least one block for a reduction, and none for an empty league
// otherwise; the launch with the plan's scratch on the policy's stream; its check.
// RUNTIME-LABEL: struct TeamKernelBlock
// RUNTIME: if (team > 0)
// RUNTIME-NEXT: check_team_shape(policy, team, vector, site);
// RUNTIME-NEXT: else if (vector > 0)
// RUNTIME-NEXT: check_team_lanes(policy, vector, site);
// RUNTIME-LABEL: class TeamFor
// RUNTIME: void run(Kernel kernel) const { run(kernel, kernel); }
// RUNTIME: team_launch(narrow, wide, this->policy, this->f, 0,
// RUNTIME-NEXT: /*at_least_one=*/false, this->stream, this->site);
// RUNTIME-NEXT: const Kernel kernel = plan.narrow ? narrow : wide;
// RUNTIME-NEXT: const LaunchShape& shape = plan.shape;
// RUNTIME-NEXT: if (shape.grid.x > 0)
// RUNTIME-NEXT: kernel<<<shape.grid, shape.block, shape.shmem, this->stream>>>(
// RUNTIME-NEXT: this->policy, functor_arg<by_value>(this->f, this->stream, this->site), plan.scratch);
// RUNTIME-NEXT: check_launch(this->site);
// RUNTIME-LABEL: class TeamReduce
// RUNTIME: const size_t shared_per_thread = detail::accumulator_shared_per_thread(spec);
// RUNTIME-NEXT: team_launch(narrow, wide, this->policy, this->f, shared_per_thread,
// RUNTIME-NEXT: /*at_least_one=*/true, this->stream, this->site);
// RUNTIME-NEXT: detail::launch_reduction(*this, spec, plan.narrow ? narrow : wide, plan.shape, plan.scratch);
