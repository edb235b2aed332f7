// hpar-divergent-collective in lambda team functors: team_barrier, team_broadcast, team_reduce,
// team_scan, single(PerTeam) and team-level nested patterns reached by only some threads of the
// team -- under if / ?: / switch / && on team_rank() (directly or through local variables), in a
// loop whose condition depends on it, after an early return, break or continue taken by some
// threads, and inside nested patterns' closures (which run on part of the team).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'team_barrier' in kernel 'hpar_branches_L[[#]]' is reached by only some threads of the team, but every thread of the team must reach it [hpar-divergent-collective]
// TRANSLATE: hpar-translate: no output written
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void branches(hpar::View<double*> x, int n) {
  hpar::parallel_for("branches", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    int r = team.team_rank();
    if (r == 0) team.team_barrier();
    // CHECK: collectives.cpp:[[#@LINE-1]]:22: error: 'team_barrier' in kernel 'hpar_branches_L[[#@LINE-3]]' is reached by only some threads of the team, but every thread of the team must reach it [hpar-divergent-collective]
    // CHECK: collectives.cpp:[[#@LINE-2]]:9: note: this condition depends on team_rank() through 'r'
    const int half = r / 2;
    double v = x(0);
    if (half > 1) {
      x(1) = v;
    } else {
      team.team_broadcast(v, 0);
      // CHECK: collectives.cpp:[[#@LINE-1]]:12: error: 'team_broadcast' in kernel 'hpar_branches_L[[#@LINE-11]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
      // CHECK: collectives.cpp:[[#@LINE-5]]:9: note: this condition depends on team_rank() through 'half'
    }
    double m = team.team_rank() > 2 ? team.team_scan(v) : 0.0;
    // CHECK: collectives.cpp:[[#@LINE-1]]:44: error: 'team_scan' in kernel 'hpar_branches_L[[#@LINE-15]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives.cpp:[[#@LINE-2]]:16: note: this condition depends on team_rank()
    switch (r) {
      case 0: hpar::single(hpar::PerTeam(team), [&]() { x(0) = m; }); break;
      // CHECK: collectives.cpp:[[#@LINE-1]]:15: error: 'single(PerTeam)' in kernel 'hpar_branches_L[[#@LINE-19]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
      // CHECK: collectives.cpp:[[#@LINE-3]]:13: note: this condition depends on team_rank() through 'r'
      default: break;
    }
    const bool synced = r > 1 && (team.team_reduce(hpar::Sum<double>(v)), true);
    // CHECK: collectives.cpp:[[#@LINE-1]]:40: error: 'team_reduce' in kernel 'hpar_branches_L[[#@LINE-24]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives.cpp:[[#@LINE-2]]:25: note: this condition depends on team_rank() through 'r'
    if (synced) x(2) = v;
  });
}

void loops(hpar::View<double*> x, int n) {
  hpar::parallel_for("loops", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    for (int i = team.team_rank(); i < n; i += team.team_size()) team.team_barrier();
    // CHECK: collectives.cpp:[[#@LINE-1]]:71: error: 'team_barrier' in kernel 'hpar_loops_L[[#@LINE-2]]' is reached by only some threads of the team, but every thread of the team must reach it [hpar-divergent-collective]
    // CHECK: collectives.cpp:[[#@LINE-2]]:36: note: this loop condition depends on team_rank() through 'i'
    int k = 0;
    while (k < team.team_rank()) {
      hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) { x(i) += k; });
      // CHECK: collectives.cpp:[[#@LINE-1]]:7: error: 'parallel_for' over TeamThreadRange in kernel 'hpar_loops_L[[#@LINE-7]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
      // CHECK: collectives.cpp:[[#@LINE-3]]:12: note: this loop condition depends on team_rank()
      ++k;
    }
    for (int round = 0; round < n; ++round) {
      team.team_barrier();
      // CHECK: collectives.cpp:[[#@LINE-1]]:12: error: 'team_barrier' in kernel 'hpar_loops_L[[#@LINE-13]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
      // CHECK: collectives.cpp:[[#@LINE+2]]:11: note: this condition depends on team_rank()
      // CHECK: collectives.cpp:[[#@LINE+1]]:38: note: threads for which it holds leave the loop here
      if (team.team_rank() == round) break;
    }
    for (int round = 0; round < n; ++round) {
      if (team.team_rank() == round) continue;
      // CHECK: collectives.cpp:[[#@LINE+3]]:12: error: 'team_barrier' in kernel 'hpar_loops_L[[#@LINE-20]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
      // CHECK: collectives.cpp:[[#@LINE-2]]:11: note: this condition depends on team_rank()
      // CHECK: collectives.cpp:[[#@LINE-3]]:38: note: threads for which it holds skip the rest of the loop body here
      team.team_barrier();
    }
    if (team.team_rank() >= n) return;
    // CHECK: collectives.cpp:[[#@LINE+3]]:19: error: 'parallel_reduce' over TeamVectorRange in kernel 'hpar_loops_L[[#@LINE-26]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives.cpp:[[#@LINE-2]]:9: note: this condition depends on team_rank()
    // CHECK: collectives.cpp:[[#@LINE-3]]:32: note: threads for which it holds return here
    double s = 0; hpar::parallel_reduce(hpar::TeamVectorRange(team, n), [&](int i, double& t) { t += x(i); }, s);
    x(0) = s;
  });
}

// A thread's scratch pointer varies (only its null check does not).
void scratch_values(hpar::View<double*> x, int n) {
  using Scratch = hpar::View<long*, hpar::DefaultExecutionSpace::scratch_memory_space>;
  hpar::parallel_for("scratch_values", hpar::TeamPolicy<>(n, hpar::AUTO).set_scratch_size(0, hpar::PerThread(64)), HPAR_LAMBDA(const member_type& team) {
    const Scratch mine(team.thread_scratch(0), 4);
    if (mine.data() > team.team_scratch(0).get_shmem(0)) team.team_barrier();
    // CHECK: collectives.cpp:[[#@LINE-1]]:63: error: 'team_barrier' in kernel 'hpar_scratch_values_L[[#@LINE-3]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives.cpp:[[#@LINE-2]]:9: note: this condition depends on thread_scratch() through 'mine'
  });
}

void closures(hpar::View<double**> a, int n) {
  hpar::parallel_for("closures", hpar::TeamPolicy<>(n, hpar::AUTO, 4), HPAR_LAMBDA(const member_type& team) {
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) {
      a(i, 0) = i;
      team.team_barrier();
      // CHECK: collectives.cpp:[[#@LINE-1]]:12: error: 'team_barrier' inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_closures_L[[#@LINE-4]]': every thread of the team must reach it, but a nested pattern's closure runs on only part of the team [hpar-divergent-collective]
      // CHECK: collectives.cpp:[[#@LINE-4]]:5: note: enclosing 'parallel_for' over TeamThreadRange here
      hpar::single(hpar::PerTeam(team), [&]() { a(i, 1) = 1; });
      // CHECK: collectives.cpp:[[#@LINE-1]]:7: error: 'single(PerTeam)' inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_closures_L[[#@LINE-7]]'{{.*}}[hpar-divergent-collective]
    });
    hpar::parallel_for(hpar::ThreadVectorMDRange(team, n, n), [&](int i, int j) {
      double t = a(i, j);
      team.team_broadcast(t, 0);
      // CHECK: collectives.cpp:[[#@LINE-1]]:12: error: 'team_broadcast' inside the closure of 'parallel_for' over ThreadVectorMDRange in kernel 'hpar_closures_L[[#@LINE-12]]'{{.*}}[hpar-divergent-collective]
      // CHECK: collectives.cpp:[[#@LINE-4]]:5: note: enclosing 'parallel_for' over ThreadVectorMDRange here
      a(i, j) = t;
    });
    hpar::single(hpar::PerTeam(team), [&]() {
      hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) { a(i, 2) = 0; });
      // CHECK: collectives.cpp:[[#@LINE-1]]:7: error: 'parallel_for' over TeamThreadRange inside the closure of 'single(PerTeam)' in kernel 'hpar_closures_L[[#@LINE-18]]': every thread of the team must reach it, but a nested pattern's closure runs on only part of the team [hpar-divergent-collective]
      // CHECK: collectives.cpp:[[#@LINE-3]]:5: note: enclosing 'single(PerTeam)' here
    });
  });
}
// CHECK-NOT: error:
