// What a lambda returns depends on what it captures as well as on its arguments: the same lambda
// in a helper gives a uniform result for one call of the helper and a varying one for the next.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void sync_if_positive(const member_type& t, int n) {
  auto positive = [&] { return n > 0; };
  if (positive()) t.team_barrier();
  // CHECK: collectives_captures.cpp:[[#@LINE-1]]:21: error: 'team_barrier' in kernel 'hpar_sync_L[[#@LINE+6]]' is reached by only some threads of the team, but every thread of the team must reach it [hpar-divergent-collective]
  // CHECK: collectives_captures.cpp:[[#@LINE-2]]:7: note: this condition depends on team_rank() through 'n'
  // CHECK: collectives_captures.cpp:[[#@LINE+6]]:5: note: 'sync_if_positive' is called here
}

void sync(int n) {
  hpar::parallel_for("sync", hpar::TeamPolicy<>(n, 1), HPAR_LAMBDA(const member_type& t) {
    sync_if_positive(t, 1);
    sync_if_positive(t, t.team_rank());
  });
}
// CHECK-NOT: error:
