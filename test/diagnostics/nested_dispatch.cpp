// hpar-nested-dispatch: a top-level dispatch written inside another dispatch's functor lambda (of
// a range or a team dispatch) is rejected with its location; analysis records no kernel for it.
// Nested patterns over nested ranges are the legal way (nesting_legal.cpp).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void nested(hpar::View<double*> x) {
  hpar::parallel_for("outer", x.extent(0), HPAR_LAMBDA(int i) {
    hpar::parallel_for("inner", 4, HPAR_LAMBDA(int j) { x(i) += j; });
    // CHECK: nested_dispatch.cpp:[[#@LINE-1]]:5: error: nested dispatch: a parallel pattern inside the functor of kernel 'hpar_outer_L[[#@LINE-2]]' is only legal over TeamThreadRange, TeamVectorRange or ThreadVectorRange inside a TeamPolicy functor [hpar-nested-dispatch]
  });
}

void in_team(hpar::View<double*> x) {
  hpar::parallel_for("team", hpar::TeamPolicy<>(4, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    double s = 0;
    hpar::parallel_reduce("sum", x.extent(0), HPAR_LAMBDA(int j, double& a) { a += x(j); }, s);
    // CHECK: nested_dispatch.cpp:[[#@LINE-1]]:5: error: nested dispatch: a parallel pattern inside the functor of kernel 'hpar_team_L[[#@LINE-3]]' is only legal over TeamThreadRange, TeamVectorRange or ThreadVectorRange inside a TeamPolicy functor [hpar-nested-dispatch]
    x(team.league_rank()) = s;
  });
}
// CHECK-NOT: error:
