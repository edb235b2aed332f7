// Team scratch memory in the OpenMP output: the functor's scratch code stays as written; the
// region takes the launch's scratch pool (one slice per OpenMP team, both levels), every team
// member gets its team's slice, and end_team() separates consecutive teams of an OpenMP team.
// TeamLaunch sizes the scratch at run time (the policy's bytes plus a functor's
// team_shmem_size), so it is given the functor.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s
#include <hpar/hpar.hpp>

using Policy = hpar::TeamPolicy<>;
using member_type = Policy::member_type;
using ScratchRow = hpar::View<double*, hpar::DefaultExecutionSpace::scratch_memory_space,
                              hpar::MemoryTraits<hpar::Unmanaged>>;

// CHECK: // hpar: parallel_for "stage" (TeamPolicy) from team_scratch.cpp:[[#@LINE+18]]
// CHECK: hpar::rt::omp::TeamLaunch launch(policy, f, site);
// CHECK: char* scratch = launch.scratch();
// CHECK-NEXT: const size_t scratch0 = launch.scratch0(), scratch1 = launch.scratch1();
// CHECK: #pragma omp target teams {{.*}} is_device_ptr(shared, scratch)
// CHECK: const hpar::rt::omp::TeamMember team(league, league_size, team_size, team_shared,
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::team_scratch(scratch, omp_get_team_num(), scratch0, scratch1));
// CHECK-NEXT: fn(team);
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
// CHECK: #pragma omp target parallel {{.*}} is_device_ptr(shared, scratch)
// CHECK: hpar::rt::omp::TeamLaunch::team_scratch(scratch, omp_get_team_num(), scratch0, scratch1));
// CHECK-NEXT: fn(team);
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
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

// CHECK: const Policy policy = Policy(n, hpar::AUTO)
// CHECK-NEXT: .set_scratch_size(0, hpar::PerTeam(ScratchRow::shmem_size(m)))
// CHECK-NEXT: .set_scratch_size(1, hpar::PerThread(64), hpar::PerTeam(1024));
// CHECK: const ScratchRow s(team.team_scratch(0), m);
// CHECK-NEXT: double* mine = static_cast<double*>(team.thread_scratch(1).get_shmem(64));

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

// CHECK: // hpar: parallel_for "reverse" (TeamPolicy) from team_scratch.cpp:[[#@LINE+6]]
// CHECK: hpar::rt::omp::TeamLaunch launch(policy, f, site);
// CHECK: hpar::rt::omp::TeamLaunch::team_scratch(scratch, omp_get_team_num(), scratch0, scratch1));
// CHECK-NEXT: fn(team);
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
void reverse(hpar::View<double**> a) {
  hpar::parallel_for("reverse", Policy(int(a.extent(0)), 4, 8), Reverse{a, int(a.extent(1))});
}

// CHECK: // hpar: parallel_reduce "staged_sum" (TeamPolicy) from team_scratch.cpp:[[#@LINE+9]]
// CHECK: hpar::rt::omp::TeamLaunch launch(policy, f, site);
// CHECK: is_device_ptr(shared, scratch, slots)
// CHECK: hpar::rt::omp::TeamLaunch::team_scratch(scratch, omp_get_team_num(), scratch0, scratch1));
// CHECK-NEXT: sp.call(fn, acc, team);
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
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
