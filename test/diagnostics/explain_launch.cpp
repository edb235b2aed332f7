// --explain-launch: a remark at each kernel's dispatch on how its levels map to the backend's
// threads and how its launch shape is chosen, and one at each nested MDRange whose walking
// direction the output turns; the output is written as without the option and the exit status
// is 0. For both backends, and with --check.
// RUN: rm -f %t.cu %t.cpp
// RUN: %hpar-translate --backend=cuda --explain-launch %s -o %t.cu 2>&1 | %FileCheck %s --check-prefixes=BOTH,CUDA
// RUN: test -s %t.cu
// RUN: %hpar-translate --backend=openmp --explain-launch %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1 2>&1 | %FileCheck %s --check-prefixes=BOTH,OMP
// RUN: test -s %t.cpp
// RUN: %hpar-translate --backend=openmp --explain-launch %s -o %t.host.cpp 2>&1 | %FileCheck %s --check-prefixes=BOTH,HOST
// RUN: test -s %t.host.cpp
// RUN: %hpar-translate --check --explain-launch %s 2>&1 | %FileCheck %s --check-prefixes=BOTH,CUDA
// RUN: %hpar-translate --backend=cuda %s -o %t.quiet.cu > %t.quiet.log 2>&1
// RUN: test ! -s %t.quiet.log
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

void kernels(Kokkos::View<double*> x, Kokkos::View<double**, Kokkos::LayoutRight> a) {
  Kokkos::parallel_for("scale", x.extent(0), KOKKOS_LAMBDA(const int i) { x(i) *= 2; });
  // BOTH: explain_launch.cpp:[[#@LINE-1]]:3: remark: kernel 'hpar_scale_L[[#@LINE-1]]' (parallel_for over a RangePolicy):
  // CUDA-SAME: a grid-stride loop over blockIdx.x * blockDim.x + threadIdx.x
  // OMP-SAME: a grid-stride loop over the threads of target teams + parallel
  // HOST-SAME: for the host: one parallel region of the OpenMP runtime's threads, a contiguous block of the range per thread
  Kokkos::parallel_for("rows", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), [&](const int c) { a(r, c) = c; });
  });
  // BOTH: explain_launch.cpp:[[#@LINE-5]]:3: remark: kernel 'hpar_rows_L[[#@LINE-5]]' (parallel_for over a TeamPolicy):
  // CUDA-SAME: team: a block of (vector_length, team_size) threads per team, teams over blockIdx.x
  // CUDA-NEXT: explain_launch.cpp:[[#@LINE-4]] parallel_for over TeamThreadRange: the team's threads, threadIdx.y
  // CUDA-NEXT: shape: chosen at run time. {{.*}} with AUTO, teams of 256 / vector_length threads
  // OMP-SAME: team: an OpenMP team of team_size x lanes threads per hpar team
  // OMP-NEXT: explain_launch.cpp:[[#@LINE-7]] parallel_for over TeamThreadRange: the team's threads, omp_get_thread_num()
  // OMP-NEXT: shape: chosen at run time. {{.*}} AUTO is 256 threads on a GPU
  // A lambda stored in a variable runs where the TeamThreadRange runs it: its ThreadVectorRange
  // is listed under the TeamThreadRange, at the thread's lanes.
  Kokkos::parallel_for("stored", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO, 4),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    auto cell = [&](const int c) {
      double sum = 0;
      Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, 4), [&](const int v, double& s) { s += v; }, sum);
      Kokkos::single(Kokkos::PerThread(team), [&]() { a(r, c) = sum; });
    };
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), cell);
  });
  // BOTH: explain_launch.cpp:[[#@LINE-10]]:3: remark: kernel 'hpar_stored_L[[#@LINE-10]]' (parallel_for over a TeamPolicy):
  // CUDA: explain_launch.cpp:[[#@LINE-3]] parallel_for over TeamThreadRange: the team's threads, threadIdx.y
  // CUDA-NEXT: explain_launch.cpp:[[#@LINE-7]] parallel_reduce over ThreadVectorRange of 4 indices: the thread's lanes, threadIdx.x
  // CUDA-NEXT: explain_launch.cpp:[[#@LINE-7]] single(PerThread): lane 0 of each thread
  // OMP: explain_launch.cpp:[[#@LINE-6]] parallel_for over TeamThreadRange: the team's threads, omp_get_thread_num()
  // OMP-NEXT: explain_launch.cpp:[[#@LINE-10]] parallel_reduce over ThreadVectorRange of 4 indices: the thread's lanes
  Kokkos::parallel_for("tiles", Kokkos::TeamPolicy<>(a.extent(0), 16, 16),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, 4, a.extent(1)), [&](const int i, const int c) {
      a(r, c) += i;
    });
  });
  // BOTH: explain_launch.cpp:[[#@LINE-7]]:3: remark: kernel 'hpar_tiles_L[[#@LINE-7]]' (parallel_for over a TeamPolicy):
  // CUDA: shape: team size 16 and vector length 16 from the policy; the kernel is compiled for that block alone
  // OMP: shape: team size 16 from the policy, at most what the device grants a team
  // BOTH: explain_launch.cpp:[[#@LINE-7]]:26: remark: this range is walked with its last index fastest
}
