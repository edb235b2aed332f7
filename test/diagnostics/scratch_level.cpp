// hpar-scratch-level: a constant scratch level other than 0 or 1 given to set_scratch_size, to
// team_scratch or thread_scratch (also inside a scratch View's construction), in a lambda or in a
// functor class.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;
using Scratch = hpar::View<double*, hpar::DefaultExecutionSpace::scratch_memory_space, hpar::MemoryTraits<hpar::Unmanaged>>;

void levels(hpar::View<double*> x) {
  constexpr int fast = 0, big = 2;
  // CHECK: scratch_level.cpp:[[#@LINE+1]]:66: error: scratch level 2 given to set_scratch_size does not exist; a team has scratch levels 0 and 1 [hpar-scratch-level]
  const auto policy = hpar::TeamPolicy<>(4, 16).set_scratch_size(big, hpar::PerTeam(Scratch::shmem_size(16)));
  hpar::parallel_for("levels", policy, HPAR_LAMBDA(const member_type& team) {
    // CHECK: scratch_level.cpp:[[#@LINE+1]]:39: error: scratch level 2 given to team_scratch does not exist; a team has scratch levels 0 and 1 [hpar-scratch-level]
    const Scratch s(team.team_scratch(fast + 2), 16);
    // CHECK: scratch_level.cpp:[[#@LINE+1]]:61: error: scratch level -1 given to thread_scratch does not exist; a team has scratch levels 0 and 1 [hpar-scratch-level]
    double* mine = static_cast<double*>(team.thread_scratch(-1).get_shmem(8));
    s(team.team_rank()) = *mine;
    x(team.league_rank()) = s(0);
  });
}

struct Levels {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    // CHECK: scratch_level.cpp:[[#@LINE+1]]:56: error: scratch level 3 given to team_scratch does not exist; a team has scratch levels 0 and 1 [hpar-scratch-level]
    double* p = static_cast<double*>(team.team_scratch(3).get_shmem(8));
    x(team.league_rank()) = *p;
  }
};
void functor(hpar::View<double*> x) {
  hpar::parallel_for("functor", hpar::TeamPolicy<>(4, 16).set_scratch_size(1, hpar::PerTeam(8)), Levels{x});
}
// CHECK-NOT: error:
