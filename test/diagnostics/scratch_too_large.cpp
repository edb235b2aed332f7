// hpar-scratch-too-large: constant scratch requests no team can get. Level 0 is a GPU block's
// shared memory, at most 232448 bytes (227 KB, Hopper's opt-in maximum); level 1 is device memory,
// with no constant limit (Kokkos runs a team with 4 GB of it; so does hpar). A per-thread size counts once per
// thread of a constant team size (at least once otherwise), and every allocation is rounded up to
// 8 bytes. The requests of one policy add up: set_scratch_size calls on a policy variable are
// followed to the dispatch, which is reported with a note at each request.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: not %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cpp
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void calls(hpar::View<double*> x, int n) {
  auto body = HPAR_LAMBDA(const member_type& t) { x(t.league_rank()) = *static_cast<double*>(t.team_scratch(0).get_shmem(8)); };
  // CHECK: scratch_too_large.cpp:[[#@LINE+1]]:73: error: level-0 scratch of 300000 bytes per team; a GPU block can have at most 232448 bytes of shared memory (227 KB on Hopper) [hpar-scratch-too-large]
  hpar::parallel_for("team", hpar::TeamPolicy<>(n, 64).set_scratch_size(0, hpar::PerTeam(300000)), body);
  // CHECK: scratch_too_large.cpp:[[#@LINE+1]]:76: error: level-0 scratch of 1024 bytes per team plus 1024 bytes per thread, times team size 256, is 263168 bytes per team; a GPU block can have at most 232448 bytes of shared memory (227 KB on Hopper) [hpar-scratch-too-large]
  hpar::parallel_for("thread", hpar::TeamPolicy<>(n, 256).set_scratch_size(0, hpar::PerTeam(1024), hpar::PerThread(1024)), body);
  // CHECK: scratch_too_large.cpp:[[#@LINE+1]]:77: error: level-0 scratch of 905 bytes per thread, times team size 256, is 233472 bytes per team (scratch allocations are whole multiples of 8 bytes); a GPU block can have at most 232448 bytes of shared memory (227 KB on Hopper) [hpar-scratch-too-large]
  hpar::parallel_for("rounded", hpar::TeamPolicy<>(n, 256).set_scratch_size(0, hpar::PerThread(905)), body);
  // CHECK: scratch_too_large.cpp:[[#@LINE+1]]:81: error: level-0 scratch of 240000 bytes per thread is at least 240000 bytes per team; a GPU block can have at most 232448 bytes of shared memory (227 KB on Hopper) [hpar-scratch-too-large]
  hpar::parallel_for("auto", hpar::TeamPolicy<>(n, hpar::AUTO).set_scratch_size(0, hpar::PerThread(240000)), body);
  // 3 GiB of level 1 is valid.
  // CHECK-NOT: level-1 scratch
  hpar::parallel_for("deep", hpar::TeamPolicy<>(n, 64).set_scratch_size(1, hpar::PerTeam(size_t(3) << 30)),
                     HPAR_LAMBDA(const member_type& t) { x(t.league_rank()) = *static_cast<double*>(t.team_scratch(1).get_shmem(8)); });
}

void sum(hpar::View<double*> x, int n) {
  constexpr size_t tile = 200000;
  // CHECK: scratch_too_large.cpp:[[#@LINE+6]]:29: error: kernel 'hpar_sum_L[[#@LINE+6]]' asks for 265536 bytes of level-0 scratch per team (200000 bytes per team plus 512 bytes per thread, times team size 128); a GPU block can have at most 232448 bytes of shared memory (227 KB on Hopper) [hpar-scratch-too-large]
  // CHECK: scratch_too_large.cpp:[[#@LINE+2]]:61: note: level-0 scratch requested here
  // CHECK: scratch_too_large.cpp:[[#@LINE+2]]:27: note: level-0 scratch requested here
  auto policy = hpar::TeamPolicy<>(n, 128).set_scratch_size(0, hpar::PerTeam(tile));
  policy.set_scratch_size(0, hpar::PerThread(512));
  policy.set_scratch_size(1, hpar::PerTeam(8));
  hpar::parallel_for("sum", policy, HPAR_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_scratch(0).get_shmem(8));
  });
}
// CHECK-NOT: {{error|warning}}:
