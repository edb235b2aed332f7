// The comment above a team kernel shows its nest: every nested pattern and single the functor
// runs (in the functor, in lambdas it writes, in the main file's functions it calls), indented
// under the construct whose closure runs it, each with the threads it maps to on the backend,
// after the team size, vector length and scratch requests the policy asks for when they are
// constants that nothing changes before the dispatch; a range built in its call from constants
// shows its trip counts ("?" for one known only at run time). A kernel without nested constructs
// gets no such comment.
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
      Kokkos::single(Kokkos::PerThread(team), [&]() { Kokkos::atomic_add(&sums(row), s); });
    });
    team.team_barrier();
    clear_row(team, a, row);
    Kokkos::parallel_for(Kokkos::TeamThreadMDRange(team, 2, m), [&](auto i, auto j) { a(row, j) += i; });
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sums(row) *= 2; });
  });
}
// CHECK-CUDA-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team_nest_comment.cpp:22
// CHECK-CUDA-NEXT: // team: a block of (vector_length, team_size) threads per team, teams over blockIdx.x; the policy asks for vector_length 4
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:24 parallel_for over TeamThreadRange of 4 indices: the team's threads, threadIdx.y
// CHECK-CUDA-NEXT: //     team_nest_comment.cpp:26 parallel_reduce over ThreadVectorRange: the thread's lanes, threadIdx.x
// CHECK-CUDA-NEXT: //     team_nest_comment.cpp:27 single(PerThread): lane 0 of each thread, threadIdx.x == 0
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:17 parallel_for over TeamVectorRange: every lane of every thread, threadIdx.x + blockDim.x * threadIdx.y
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:31 parallel_for over TeamThreadMDRange (rank 2) of 2 x ? indices: the team's threads, threadIdx.y
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:32 single(PerTeam): threadIdx.x == 0 && threadIdx.y == 0
// CHECK-CUDA-NEXT: template <class Policy, class Functor, bool ByValue, bool Narrow>

// CHECK-OMP-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team_nest_comment.cpp:22
// CHECK-OMP-NEXT: // team: an OpenMP team of team_size x lanes threads per hpar team; the policy asks for vector_length 4
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:24 parallel_for over TeamThreadRange of 4 indices: the team's threads, omp_get_thread_num() / lanes
// CHECK-OMP-NEXT: //     team_nest_comment.cpp:26 parallel_reduce over ThreadVectorRange: the thread's lanes (OpenMP threads of their own with clang on an NVIDIA GPU, else one lane)
// CHECK-OMP-NEXT: //     team_nest_comment.cpp:27 single(PerThread): lane 0 of every thread
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:17 parallel_for over TeamVectorRange: every lane of every thread, omp_get_thread_num()
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:31 parallel_for over TeamThreadMDRange (rank 2) of 2 x ? indices: the team's threads, omp_get_thread_num() / lanes
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:32 single(PerTeam): thread 0 of the team
// CHECK-OMP-NEXT: template <int MaxTeamThreads = 0, class Label, class PolicyOrCount, class Functor>

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
// CHECK-CUDA-NEXT: // team: a block of (vector_length, team_size) threads per team, teams over blockIdx.x; the policy asks for team_size 64, vector_length 2, level-0 scratch of 64 bytes per team (line [[#@LINE-6]]){{$}}
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:[[#@LINE-5]] parallel_for over TeamThreadRange: the team's threads, threadIdx.y{{$}}
// CHECK-OMP: // hpar: parallel_for "known" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-7]]
// CHECK-OMP-NEXT: // team: an OpenMP team of team_size x lanes threads per hpar team; the policy asks for team_size 64, vector_length 2, level-0 scratch of 64 bytes per team (line [[#@LINE-9]]){{$}}

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
// CHECK-OMP-NEXT: // team: an OpenMP team of team_size x lanes threads per hpar team{{$}}

// Scratch requests on a policy variable, one of them with a size known only at run time, and
// ranges whose trip counts are constant expressions, given as a count or as [begin, end).
constexpr int kRows = 8;
void requests(Kokkos::View<int**> a, int bytes) {
  Kokkos::TeamPolicy<> policy(a.extent(0), Kokkos::AUTO);
  policy.set_scratch_size(1, Kokkos::PerTeam(bytes), Kokkos::PerThread(16));
  policy.set_scratch_size(0, Kokkos::PerThread(2 * sizeof(int)));
  Kokkos::parallel_for("requests", policy, KOKKOS_LAMBDA(const member_type& team) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2, kRows + 2), [&](int i) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, 1), [&](int j) { a(i, j) = 1; });
    });
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, kRows, a.extent(1), 3), [&](int i, int j, int k) { a(i, j) += k; });
  });
}
// CHECK-CUDA: // hpar: parallel_for "requests" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-7]]
// CHECK-CUDA-NEXT: // team: {{.*}}; the policy asks for vector_length 1, level-1 scratch of ? bytes per team and 16 bytes per thread (line [[#@LINE-10]]), level-0 scratch of 8 bytes per thread (line [[#@LINE-9]]){{$}}
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:[[#@LINE-8]] parallel_for over TeamThreadRange of 8 indices: the team's threads, threadIdx.y
// CHECK-CUDA-NEXT: //     team_nest_comment.cpp:[[#@LINE-8]] parallel_for over ThreadVectorRange of 1 index: the thread's lanes, threadIdx.x
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:[[#@LINE-7]] parallel_for over TeamVectorMDRange (rank 3) of 8 x ? x 3 indices: every lane
// CHECK-OMP: // hpar: parallel_for "requests" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-12]]
// CHECK-OMP-NEXT: // team: {{.*}}; the policy asks for vector_length 1, level-1 scratch of ? bytes per team and 16 bytes per thread (line [[#@LINE-15]]), level-0 scratch of 8 bytes per thread (line [[#@LINE-14]]){{$}}
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:[[#@LINE-13]] parallel_for over TeamThreadRange of 8 indices: the team's threads, omp_get_thread_num() / lanes

// A policy from a parameter: nothing about it is known, its scratch requests neither.
void given(Kokkos::View<int**> a, const Kokkos::TeamPolicy<>& policy) {
  Kokkos::parallel_for("given", policy, KOKKOS_LAMBDA(const member_type& team) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(0)), [&](int i) { a(i, 0) = 1; });
  });
}
// CHECK-CUDA: // hpar: parallel_for "given" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-4]]
// CHECK-CUDA-NEXT: // team: a block of (vector_length, team_size) threads per team, teams over blockIdx.x{{$}}
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:[[#@LINE-5]] parallel_for over TeamThreadRange: the team's threads, threadIdx.y{{$}}

// Closures run where they are run, not where they are written: a lambda stored in a variable and
// handed to TeamThreadRange (its ThreadVectorRange is nested under the TeamThreadRange, not at
// team level), the same lambda run by two ranges (shown under each), a class functor as a closure,
// and a lambda called directly (its construct at the level of the call).
struct AddLanes {
  member_type team;
  Kokkos::View<double**> a;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, a.extent(1)), [&](int j) { a(i, j) += 1; });
  }
};
void stored(Kokkos::View<double**> a) {
  Kokkos::parallel_for("stored", Kokkos::TeamPolicy<>(1, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    auto row = [&](const int i) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, 8), [&](int j) { a(i, j) = j; });
    };
    auto clear = [&]() { Kokkos::parallel_for(Kokkos::TeamVectorRange(team, a.extent(0)), [&](int i) { a(i, 0) = 0; }); };
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(0)), row);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 4), row);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(0)), AddLanes{team, a});
    clear();
  });
}
// CHECK-CUDA: // hpar: parallel_for "stored" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-11]]
// CHECK-CUDA-NEXT: // team: {{.*}}
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:[[#@LINE-8]] parallel_for over TeamThreadRange: the team's threads, threadIdx.y{{$}}
// CHECK-CUDA-NEXT: //     team_nest_comment.cpp:[[#@LINE-12]] parallel_for over ThreadVectorRange of 8 indices: the thread's lanes, threadIdx.x{{$}}
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:[[#@LINE-9]] parallel_for over TeamThreadRange of 4 indices: the team's threads, threadIdx.y{{$}}
// CHECK-CUDA-NEXT: //     team_nest_comment.cpp:[[#@LINE-14]] parallel_for over ThreadVectorRange of 8 indices: the thread's lanes, threadIdx.x{{$}}
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:[[#@LINE-10]] parallel_for over TeamThreadRange: the team's threads, threadIdx.y{{$}}
// CHECK-CUDA-NEXT: //     team_nest_comment.cpp:[[#@LINE-22]] parallel_for over ThreadVectorRange: the thread's lanes, threadIdx.x{{$}}
// CHECK-CUDA-NEXT: //   team_nest_comment.cpp:[[#@LINE-15]] parallel_for over TeamVectorRange: every lane of every thread, threadIdx.x + blockDim.x * threadIdx.y{{$}}
// CHECK-CUDA-NEXT: template <class Policy, class Functor, bool ByValue, bool Narrow>
// CHECK-OMP: // hpar: parallel_for "stored" (TeamPolicy) from team_nest_comment.cpp:[[#@LINE-21]]
// CHECK-OMP-NEXT: // team: {{.*}}
// CHECK-OMP-NEXT: //   team_nest_comment.cpp:[[#@LINE-18]] parallel_for over TeamThreadRange: the team's threads, omp_get_thread_num() / lanes{{$}}
// CHECK-OMP-NEXT: //     team_nest_comment.cpp:[[#@LINE-22]] parallel_for over ThreadVectorRange of 8 indices: the thread's lanes
