// The comment above a team kernel shows its nest: every nested pattern and single the functor
// runs (in the functor, in lambdas it writes, in the main file's functions it calls), indented
// under the construct whose closure runs it, each with the threads it maps to on the backend,
// after the team size and vector length the policy asks for when they are constants that nothing
// changes before the dispatch. A kernel without nested constructs gets no such comment.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s --check-prefix=CHECK-CUDA
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s --check-prefix=CHECK-OMP
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

KOKKOS_INLINE_FUNCTION void clear_row(const member_type& team, Kokkos::View<double**> a, int row) {
  Kokkos::parallel_for(Kokkos::TeamVectorRange(team, a.extent(1)), [&](int j) { a(row, j) = 0; });
}

void rows(Kokkos::View<double**> a, Kokkos::View<double*> sums) {
  const int n = a.extent(0), m = a.extent(1);
  Kokkos::parallel_for("rows", Kokkos::TeamPolicy<>(n, Kokkos::AUTO, 4), KOKKOS_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 4), [&](int k) {
      double s = 0;
      Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, m), [&](int j, double& acc) { acc += a(row, j) * k; }, s);
      Kokkos::single(Kokkos::PerThread(team), [&]() { sums(row) += s; });
    });
    team.team_barrier();
    clear_row(team, a, row);
    Kokkos::parallel_for(Kokkos::TeamThreadMDRange(team, 2, m), [&](auto i, auto j) { a(row, j) += i; });
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sums(row) *= 2; });
  });
}
// CHECK-CUDA-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team_nest_comment.cpp:20
// CHECK-CUDA-NEXT: // team: a block of (vector_length, team_size) threads per team, teams over blockIdx.x; the policy asks for vector_length 4
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:22 parallel_for over TeamThreadRange: the team's threads, threadIdx.y
// CHECK-CUDA-NEXT: //     team_nest_comment.cpp:24 parallel_reduce over ThreadVectorRange: the thread's lanes, threadIdx.x
// CHECK-CUDA-NEXT: //     team_nest_comment.cpp:25 single(PerThread): lane 0 of each thread, threadIdx.x == 0
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:15 parallel_for over TeamVectorRange: every lane of every thread, threadIdx.x + blockDim.x * threadIdx.y
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:29 parallel_for over TeamThreadMDRange (rank 2): the team's threads, threadIdx.y
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:30 single(PerTeam): threadIdx.x == 0 && threadIdx.y == 0
// CHECK-CUDA-NEXT: template <class Policy, class Functor, bool ByValue>

// CHECK-OMP-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team_nest_comment.cpp:20
// CHECK-OMP-NEXT: // team: an OpenMP team of team_size threads per hpar team, one lane each; the policy asks for vector_length 4
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:22 parallel_for over TeamThreadRange: the team's threads, omp_get_thread_num()
// CHECK-OMP-NEXT: //     team_nest_comment.cpp:24 parallel_reduce over ThreadVectorRange: one lane: the calling thread runs every index
// CHECK-OMP-NEXT: //     team_nest_comment.cpp:25 single(PerThread): every thread (its one lane)
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:15 parallel_for over TeamVectorRange: the team's threads, omp_get_thread_num()
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:29 parallel_for over TeamThreadMDRange (rank 2): the team's threads, omp_get_thread_num()
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:30 single(PerTeam): thread 0 of the team
// CHECK-OMP-NEXT: template <class Label, class PolicyOrCount, class Functor>

void flat(Kokkos::View<double*> x) {
  Kokkos::parallel_for("flat", Kokkos::TeamPolicy<>(x.extent(0), 1), KOKKOS_LAMBDA(const member_type& team) {
    x(team.league_rank()) = team.league_size();
  });
}
// CHECK-CUDA: // hpar: parallel_for "flat" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-4]]
// CHECK-CUDA-NEXT: template <class Policy, class Functor, bool ByValue>
// CHECK-OMP: // hpar: parallel_for "flat" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-6]]
// CHECK-OMP-NEXT: template <class Label, class PolicyOrCount, class Functor>

// A policy variable with constant sizes and a set_scratch_size chain: both are known.
void known(Kokkos::View<double**> a) {
  const auto policy = Kokkos::TeamPolicy<>(a.extent(0), 64, 2).set_scratch_size(0, Kokkos::PerTeam(64));
  Kokkos::parallel_for("known", policy, KOKKOS_LAMBDA(const member_type& team) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int j) { a(team.league_rank(), j) = j; });
  });
}
// CHECK-CUDA: // hpar: parallel_for "known" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-4]]
// CHECK-CUDA-NEXT: // team: a block of (vector_length, team_size) threads per team, teams over blockIdx.x; the policy asks for team_size 64, vector_length 2
// CHECK-OMP: // hpar: parallel_for "known" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-6]]
// CHECK-OMP-NEXT: // team: an OpenMP team of team_size threads per hpar team, one lane each; the policy asks for team_size 64, vector_length 2

// A policy variable assigned again before the dispatch: its sizes are not known.
void reassigned(Kokkos::View<double**> a, int t) {
  Kokkos::TeamPolicy<> policy(a.extent(0), 64);
  if (t > 0) policy = Kokkos::TeamPolicy<>(a.extent(0), t);
  Kokkos::parallel_for("reassigned", policy, KOKKOS_LAMBDA(const member_type& team) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int j) { a(team.league_rank(), j) = j; });
  });
}
// CHECK-CUDA: // hpar: parallel_for "reassigned" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-4]]
// CHECK-CUDA-NEXT: // team: a block of (vector_length, team_size) threads per team, teams over blockIdx.x{{$}}
// CHECK-OMP: // hpar: parallel_for "reassigned" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-6]]
// CHECK-OMP-NEXT: // team: an OpenMP team of team_size threads per hpar team, one lane each{{$}}
