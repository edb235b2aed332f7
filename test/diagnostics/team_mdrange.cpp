// Team-level MDRange policies: a single extent is reported by hpar-translate itself, naming the
// range, with a fix-it to the one-dimensional range (the header's static_assert stays silent
// while translating; policies_serial.cpp checks it still fires in a plain build), and a nested
// MDRange pattern inside the functor of a RangePolicy or MDRangePolicy dispatch is a translation
// error like any nested pattern.
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -DSINGLE_EXTENT 2>&1 | %FileCheck %s --check-prefix=EXTENT
// RUN: test ! -e %t.cu
// RUN: not %hpar-translate --check %s -- -DSINGLE_EXTENT -fdiagnostics-parseable-fixits 2>&1 | %FileCheck %s --check-prefix=FIXIT
// RUN: not %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s --check-prefix=NESTING
// RUN: test ! -e %t.cpp
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

#if defined(SINGLE_EXTENT)
void single_extent(hpar::View<double*> x) {
  hpar::parallel_for("one", hpar::TeamPolicy<>(4, 1), HPAR_LAMBDA(const member_type& team) {
    hpar::parallel_for(hpar::TeamThreadMDRange(team, 4), [&](int i) { x(i) += 1; });
  });
}
// EXTENT-NOT: static assertion
// EXTENT: team_mdrange.cpp:[[#@LINE-4]]:24: error: TeamThreadMDRange with 1 extent; a team-level MDRange takes 2 to 8 extents; for a single index use TeamThreadRange(team, n) [hpar-nested-mdrange-rank]
// EXTENT-NEXT: {{^}} [[#@LINE-5]] | {{.*}}hpar::TeamThreadMDRange(team, 4)
// EXTENT-NEXT: ^~~~
// EXTENT-NEXT: {{^ +\| +}}TeamThreadRange{{$}}
// EXTENT-NOT: error:
// EXTENT: hpar-translate: no output written
// FIXIT: fix-it:"{{.*}}team_mdrange.cpp":{[[#@LINE-10]]:30-[[#@LINE-10]]:47}:"TeamThreadRange"
#else
void in_range(hpar::View<double**> x, const member_type& team) {
  hpar::parallel_for("flat", x.extent(0), HPAR_LAMBDA(int i) {
    hpar::parallel_for(hpar::ThreadVectorMDRange<hpar::Rank<2>, member_type>(team, 4, 3), [&](int j, int k) { x(i, j) += k; });
  });
}
// NESTING: team_mdrange.cpp:[[#@LINE-3]]:5: error: nested 'parallel_for' over ThreadVectorMDRange inside the functor of kernel 'hpar_flat_L[[#@LINE-4]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]

void in_mdrange(hpar::View<double**> x, const member_type& team) {
  hpar::parallel_for("grid", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {4, 4}), HPAR_LAMBDA(int i, int j) {
    double s = 0;
    hpar::parallel_reduce(hpar::TeamVectorMDRange(team, 2, 3), [&](int a, int b, double& t) { t += a * b; }, s);
    x(i, j) = s;
  });
}
// NESTING: team_mdrange.cpp:[[#@LINE-4]]:5: error: nested 'parallel_reduce' over TeamVectorMDRange inside the functor of kernel 'hpar_grid_L[[#@LINE-6]]' (MDRangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
// NESTING-NOT: error:
#endif
