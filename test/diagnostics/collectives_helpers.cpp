// hpar-divergent-collective through the user's functions: a helper taking the team member whose
// parameter carries team_rank() from the call, whose return value is team_rank(), that returns
// early on some threads, that is called under a condition or from a nested closure (the calls are
// notes), a lambda called under a condition, a class team functor's member functions, and a generic
// team functor (walked through its instantiation).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'team_barrier' in kernel 'hpar_helpers_L[[#]]' is reached by only some threads of the team
// TRANSLATE: hpar-translate: no output written
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

HPAR_INLINE_FUNCTION void sync_if_first(const member_type& team, int who) {
  if (who == 0) team.team_barrier();
  // CHECK: collectives_helpers.cpp:[[#@LINE-1]]:22: error: 'team_barrier' in kernel 'hpar_helpers_L[[#@LINE+27]]' is reached by only some threads of the team, but every thread of the team must reach it [hpar-divergent-collective]
  // CHECK: collectives_helpers.cpp:[[#@LINE-2]]:7: note: this condition depends on team_rank() through 'who'
  // CHECK: collectives_helpers.cpp:[[#@LINE+27]]:5: note: 'sync_if_first' is called here
}

HPAR_INLINE_FUNCTION int lane_group(const member_type& team) { return team.team_rank() / 4; }

HPAR_INLINE_FUNCTION void leave_early(const member_type& team, hpar::View<double*> x) {
  if (lane_group(team) > 0) return;
  x(0) = 1;
  team.team_barrier();
  // CHECK: collectives_helpers.cpp:[[#@LINE-1]]:8: error: 'team_barrier' in kernel 'hpar_helpers_L[[#@LINE+16]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
  // CHECK: collectives_helpers.cpp:[[#@LINE-4]]:7: note: this condition depends on team_rank()
  // CHECK: collectives_helpers.cpp:[[#@LINE-5]]:29: note: threads for which it holds return here
  // CHECK: collectives_helpers.cpp:[[#@LINE+17]]:5: note: 'leave_early' is called here
}

HPAR_INLINE_FUNCTION void reduce_all(const member_type& team, double& v) {
  team.team_reduce(hpar::Sum<double>(v));
}

HPAR_INLINE_FUNCTION double team_max(const member_type& team, double v) {
  team.team_reduce(hpar::Max<double>(v));
  return v;
}

void helpers(hpar::View<double*> x, int n) {
  hpar::parallel_for("helpers", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const int r = team.team_rank();
    sync_if_first(team, r);
    sync_if_first(team, team.league_rank());  // uniform: legal
    leave_early(team, x);
    double v = x(r);
    if (lane_group(team) == 1) reduce_all(team, v);
    // CHECK: collectives_helpers.cpp:[[#@LINE-16]]:8: error: 'team_reduce' in kernel 'hpar_helpers_L[[#@LINE-7]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives_helpers.cpp:[[#@LINE-2]]:9: note: this condition depends on team_rank()
    // CHECK: collectives_helpers.cpp:[[#@LINE-3]]:32: note: 'reduce_all' is called here
    auto sync = [&]() { team.team_barrier(); };
    if (r % 2) sync();
    // CHECK: collectives_helpers.cpp:[[#@LINE-2]]:30: error: 'team_barrier' in kernel 'hpar_helpers_L[[#@LINE-12]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives_helpers.cpp:[[#@LINE-2]]:9: note: this condition depends on team_rank() through 'r'
    // CHECK: collectives_helpers.cpp:[[#@LINE-3]]:16: note: a lambda is called here
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) { x(i) = team_max(team, x(i)); });
    // CHECK: collectives_helpers.cpp:[[#@LINE-21]]:8: error: 'team_reduce' inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_helpers_L[[#@LINE-16]]': every thread of the team must reach it, but a nested pattern's closure runs on only part of the team [hpar-divergent-collective]
    // CHECK: collectives_helpers.cpp:[[#@LINE-2]]:5: note: enclosing 'parallel_for' over TeamThreadRange here
    // CHECK: collectives_helpers.cpp:[[#@LINE-3]]:76: note: 'team_max' is called here
  });
}

// A class team functor: the condition is in operator(), the collective in a member function.
struct Stages {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void stage(const member_type& team) const {
    x(team.league_rank()) += 1;
    team.team_barrier();
    // CHECK: collectives_helpers.cpp:[[#@LINE-1]]:10: error: 'team_barrier' in kernel 'hpar_functor_L[[#@LINE+11]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives_helpers.cpp:[[#@LINE+5]]:9: note: this condition depends on team_rank() through 'mine'
    // CHECK: collectives_helpers.cpp:[[#@LINE+4]]:15: note: 'Stages::stage' is called here
  }
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    const bool mine = team.team_rank() < 3;
    if (mine) stage(team);
  }
};

void functor(hpar::View<double*> x, int n) {
  hpar::parallel_for("functor", hpar::TeamPolicy<>(n, hpar::AUTO), Stages{x});
}

void generic(hpar::View<double*> x, int n) {
  hpar::parallel_for("generic", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const auto& team) {
    while (team.team_rank() + x(0) < n) team.team_barrier();
    // CHECK: collectives_helpers.cpp:[[#@LINE-1]]:46: error: 'team_barrier' in kernel 'hpar_generic_L[[#@LINE-2]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives_helpers.cpp:[[#@LINE-2]]:12: note: this loop condition depends on team_rank()
  });
}
// CHECK-NOT: error:
