// Nested patterns are only legal in a team functor, and there is no top-level scan over teams.
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void in_range(hpar::View<double*> x, const member_type& team) {
  hpar::parallel_for("flat", x.extent(0), HPAR_LAMBDA(int i) {
    hpar::parallel_for(hpar::ThreadVectorRange(team, 4), [&](int j) { x(i) += j; });
  });
}
// CHECK: team_nesting.cpp:[[#@LINE-3]]:5: error: nested 'parallel_for' inside the functor of kernel 'hpar_flat_L[[#@LINE-4]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor
// CHECK-NOT: error: nested 'ThreadVectorRange'

void team_scan(hpar::View<long*> x) {
  long total = 0;
  hpar::parallel_scan("scan", hpar::TeamPolicy<>(10, 1), HPAR_LAMBDA(const member_type& team, long& u, bool final) { u += 1; }, total);
}
// CHECK: team_nesting.cpp:[[#@LINE-2]]:3: error: parallel_scan over a TeamPolicy is not part of the programming model; scan inside the team with a nested parallel_scan or team_scan
