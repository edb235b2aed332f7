// A dispatch written in a function template is one kernel, but each instantiation runs its own
// functor: every instantiation of every dispatch of the template is checked, not only those of
// the first dispatch. Here the second dispatch's functor diverges only in the second instantiation.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

template <class F>
void launch(int n, F f) {
  hpar::parallel_for("first", hpar::TeamPolicy<>(n, 1), HPAR_LAMBDA(const member_type& t) { t.team_barrier(); });
  hpar::parallel_for("second", hpar::TeamPolicy<>(n, 1), f);
}

int main() {
  launch(4, HPAR_LAMBDA(const member_type& t) { t.team_barrier(); });
  launch(4, HPAR_LAMBDA(const member_type& t) {
    if (t.team_rank() == 0) t.team_barrier();
    // CHECK: collectives_template.cpp:[[#@LINE-1]]:31: error: 'team_barrier' in kernel 'hpar_second_L12' is reached by only some threads of the team, but every thread of the team must reach it [hpar-divergent-collective]
    // CHECK: collectives_template.cpp:[[#@LINE-2]]:9: note: this condition depends on team_rank()
  });
  return 0;
}
// CHECK-NOT: error:
