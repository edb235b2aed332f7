// Team scratch memory in the CUDA and OpenMP outputs: the functor's scratch code stays as written
// (scratch handles, get_shmem, scratch Views, shmem_size, set_scratch_size chains).
// CUDA: the kernel takes the launch's TeamScratch, hands every team member its scratch state, and
// separates the consecutive teams of a block with end_team(league); the launch object's
// team_launch() sizes level 0 (the policy's bytes plus a functor's team_shmem_size) and level 1 at
// run time, so a functor class is passed to it (rt/cuda/launchers.cuh).
// OpenMP: the region takes the launch's scratch pool (one slice per OpenMP team, both levels),
// every team member gets its team's slice, and end_team() separates consecutive teams of an
// OpenMP team; TeamLaunch sizes the scratch at run time, so it is given the functor.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s --check-prefix=CHECK-CUDA
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v CHECK %t.cpp | %FileCheck %s --check-prefix=CHECK-OMP
#include <hpar/hpar.hpp>

using Policy = hpar::TeamPolicy<>;
using member_type = Policy::member_type;
using ScratchRow = hpar::View<double*, hpar::DefaultExecutionSpace::scratch_memory_space,
                              hpar::MemoryTraits<hpar::Unmanaged>>;

// CHECK-CUDA: // hpar: parallel_for "stage" (TeamPolicy) from team_scratch.cpp:[[#@LINE+40]]
// CHECK-CUDA: hpar_stage_L[[#@LINE+39]](const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-CUDA-NEXT: const hpar::rt::cuda::TeamScratch scratch) {
// CHECK-CUDA-NEXT: const Functor& f = f_arg.get();
// CHECK-CUDA-NEXT: hpar::rt::cuda::team_assume_lanes<1>();  // the policy's vector length
// CHECK-CUDA-NEXT: const int league_size = policy.league_size();
// CHECK-CUDA-NEXT: for (int league = blockIdx.x; league < league_size; league += gridDim.x) {
// CHECK-CUDA-NEXT: const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state());
// CHECK-CUDA-NEXT: f(team);
// CHECK-CUDA-NEXT: scratch.end_team(league);
// CHECK-CUDA: using Launch = hpar::rt::cuda::TeamFor<PolicyOrCount, Functor>;
// CHECK-CUDA: launch.run(narrow, wide);
// A policy that asks for scratch: the launcher is also compiled for team memory in device memory
// (clang), which it takes when the team's slots and level-0 scratch do not fit in a GPU team's
// shared memory; the other compilation reads them as the team's shared memory.
// CHECK-OMP: // hpar: parallel_for "stage" (TeamPolicy) from team_scratch.cpp:[[#@LINE+25]]
// CHECK-OMP-NEXT: // team: {{.*}}
// CHECK-OMP: template <int MaxTeamThreads = 0, bool TeamMemoryInDevice = false, class Label, class PolicyOrCount, class Functor>
// CHECK-OMP: // Team memory too large for a GPU team's shared memory runs this launcher's compilation that
// CHECK-OMP-NEXT: // keeps it in device memory (clang: this one reads it as shared memory).
// CHECK-OMP-NEXT: if constexpr (hpar::rt::omp::shared_team_memory && !TeamMemoryInDevice) {
// CHECK-OMP-NEXT: if (dispatch.team_memory_in_device())
// CHECK-OMP-NEXT: return hpar_stage_L{{[0-9]+}}<MaxTeamThreads, true>(label, policy_or_count, f);
// CHECK-OMP-NEXT: }
// CHECK-OMP-NEXT: using Launch = hpar::rt::omp::TargetTeamFor<PolicyOrCount, Functor>;
// CHECK-OMP: char* scratch = launch.scratch;
// CHECK-OMP-NEXT: const size_t scratch0 = launch.scratch0, scratch1 = launch.scratch1;
// CHECK-OMP: #pragma omp target teams {{.*}} is_device_ptr(shared, scratch, granted)
// CHECK-OMP: unsigned char* team_shared = hpar::rt::omp::TeamLaunch::team_shared<TeamMemoryInDevice>(shared, omp_get_team_num(), team_threads);
// CHECK-OMP: const hpar::rt::omp::TeamMember team(league, league_size, team_size, lanes, team_shared,
// CHECK-OMP-NEXT: hpar::rt::omp::TeamLaunch::team_scratch<TeamMemoryInDevice>(scratch, omp_get_team_num(), team_threads, scratch0, scratch1),
// CHECK-OMP-NEXT: hpar::rt::omp::TeamLaunch::team_staging(team_memory, team_threads, scratch0));
// CHECK-OMP-NEXT: fn(team);
// CHECK-OMP-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
// CHECK-OMP-NOT: #pragma omp target
void stage(hpar::View<double**> a) {
  const int n = a.extent(0), m = a.extent(1);
  const Policy policy = Policy(n, hpar::AUTO)
                            .set_scratch_size(0, hpar::PerTeam(ScratchRow::shmem_size(m)))
                            .set_scratch_size(1, hpar::PerThread(64), hpar::PerTeam(1024));
  hpar::parallel_for("stage", policy, HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    const ScratchRow s(team.team_scratch(0), m);
    double* mine = static_cast<double*>(team.thread_scratch(1).get_shmem(64));
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](int j) { s(j) = a(row, j); });
    team.team_barrier();
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](int j) { a(row, j) = 2 * s(m - 1 - j) + (mine ? 0 : 1); });
  });
}
// The scratch code of the functor is unchanged:
// CHECK-CUDA: const Policy policy = Policy(n, hpar::AUTO)
// CHECK-CUDA-NEXT: .set_scratch_size(0, hpar::PerTeam(ScratchRow::shmem_size(m)))
// CHECK-CUDA-NEXT: .set_scratch_size(1, hpar::PerThread(64), hpar::PerTeam(1024));
// CHECK-CUDA: hpar_stage_L{{[0-9]+}}_launch("stage", policy, [=] __device__(const member_type& team) {
// CHECK-CUDA: const ScratchRow s(team.team_scratch(0), m);
// CHECK-CUDA-NEXT: double* mine = static_cast<double*>(team.thread_scratch(1).get_shmem(64));
// CHECK-OMP: const Policy policy = Policy(n, hpar::AUTO)
// CHECK-OMP-NEXT: .set_scratch_size(0, hpar::PerTeam(ScratchRow::shmem_size(m)))
// CHECK-OMP-NEXT: .set_scratch_size(1, hpar::PerThread(64), hpar::PerTeam(1024));
// CHECK-OMP: const ScratchRow s(team.team_scratch(0), m);
// CHECK-OMP-NEXT: double* mine = static_cast<double*>(team.thread_scratch(1).get_shmem(64));

/// Asks for its level-0 scratch itself.
struct Reverse {
  hpar::View<double**> a;
  int m;
  size_t team_shmem_size(int) const { return ScratchRow::shmem_size(m); }
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int row = team.league_rank();
    const ScratchRow s(team.team_shmem(), m);
    hpar::parallel_for(hpar::TeamVectorRange(team, m), [&](int j) { s(j) = a(row, j); });
    team.team_barrier();
    hpar::parallel_for(hpar::TeamVectorRange(team, m), [&](int j) { a(row, j) = s(m - 1 - j); });
  }
};

// CHECK-CUDA: // hpar: parallel_for "reverse" (TeamPolicy) from team_scratch.cpp:[[#@LINE+13]]
// CHECK-CUDA: const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state());
// CHECK-CUDA-NEXT: f(team);
// CHECK-CUDA-NEXT: scratch.end_team(league);
// CHECK-CUDA: hpar::rt::cuda::TeamKernelBlock::team_size_and_vector_length(4, 8));
// CHECK-CUDA-NEXT: launch.run(hpar_reverse_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value>);
// CHECK-OMP: // hpar: parallel_for "reverse" (TeamPolicy) from team_scratch.cpp:[[#@LINE+7]]
// CHECK-OMP: using Launch = hpar::rt::omp::TargetTeamFor<PolicyOrCount, Functor>;
// CHECK-OMP: hpar::rt::omp::TeamLaunch::team_scratch(scratch, team_memory, omp_get_team_num(), team_threads, scratch0, scratch1),
// CHECK-OMP-NEXT: hpar::rt::omp::TeamLaunch::team_staging(team_memory, team_threads, scratch0));
// CHECK-OMP-NEXT: fn(team);
// CHECK-OMP-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
void reverse(hpar::View<double**> a) {
  hpar::parallel_for("reverse", Policy(int(a.extent(0)), 4, 8), Reverse{a, int(a.extent(1))});
}
// CHECK-CUDA: hpar_reverse_L{{[0-9]+}}_launch("reverse", Policy(int(a.extent(0)), 4, 8), Reverse{a, int(a.extent(1))});

// A team reduction with scratch: the accumulator's shared memory comes first, the scratch after.
// CHECK-CUDA: // hpar: parallel_reduce "staged_sum" (TeamPolicy) from team_scratch.cpp:[[#@LINE+17]]
// CHECK-CUDA: const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state());
// CHECK-CUDA-NEXT: spec.call(f, acc.data(), team);
// CHECK-CUDA-NEXT: scratch.end_team(league);
// CHECK-CUDA: using Launch = hpar::rt::cuda::TeamReduce<PolicyOrCount, Functor, Results...>;
// CHECK-OMP: // hpar: parallel_reduce "staged_sum" (TeamPolicy) from team_scratch.cpp:[[#@LINE+12]]
// CHECK-OMP: return hpar_staged_sum_L{{[0-9]+}}<1024, TeamMemoryInDevice>(label, policy_or_count, f, std::forward<Results>(results)...);
// CHECK-OMP: return hpar_staged_sum_L{{[0-9]+}}<MaxTeamThreads, true>(label, policy_or_count, f, std::forward<Results>(results)...);
// CHECK-OMP: using Launch = hpar::rt::omp::TargetTeamReduce<PolicyOrCount, Functor, Results...>;
// CHECK-OMP: is_device_ptr(shared, scratch, granted, staging, team_results)
// CHECK-OMP: hpar::rt::omp::TeamLaunch::team_scratch<TeamMemoryInDevice>(scratch, omp_get_team_num(), team_threads, scratch0, scratch1),
// CHECK-OMP-NEXT: hpar::rt::omp::TeamLaunch::team_staging(team_memory, team_threads, scratch0));
// CHECK-OMP-NEXT: sp.call(fn, acc, team);
// CHECK-OMP-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
double staged_sum(hpar::View<double**> a) {
  double total = 0;
  const int m = a.extent(1);
  hpar::parallel_reduce("staged_sum", Policy(int(a.extent(0)), hpar::AUTO).set_scratch_size(0, hpar::PerThread(8)),
                        HPAR_LAMBDA(const member_type& team, double& sum) {
    double* partial = static_cast<double*>(team.thread_scratch(0).get_shmem(sizeof(double)));
    *partial = 0;
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](int j) { *partial += a(team.league_rank(), j); });
    hpar::single(hpar::PerThread(team), [&]() { sum += *partial; });
  }, total);
  return total;
}
// CHECK-CUDA: hpar_staged_sum_L{{[0-9]+}}_launch("staged_sum", Policy(int(a.extent(0)), hpar::AUTO).set_scratch_size(0, hpar::PerThread(8)),
// CHECK-CUDA: double* partial = static_cast<double*>(team.thread_scratch(0).get_shmem(sizeof(double)));
