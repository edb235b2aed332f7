// Team-level MDRange policies: a single extent is a clang error naming the range (with the
// user's line in the instantiation note), and a nested MDRange pattern inside the functor of a
// RangePolicy or MDRangePolicy dispatch is a translation error like any nested pattern.
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -DSINGLE_EXTENT 2>&1 | %FileCheck %s --check-prefix=EXTENT
// RUN: test ! -e %t.cu
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
// EXTENT: nested_mdrange.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed{{.*}}: hpar::TeamThreadMDRange takes 2 to 8 extents (Rank<2> to Rank<8>); for a single index use TeamThreadRange(team, n)
// EXTENT: team_mdrange.cpp:[[#@LINE-4]]:24: note: in instantiation of template class 'hpar::TeamThreadMDRange<hpar::Rank<1>
// EXTENT-NOT: error:
#else
void in_range(hpar::View<double**> x, const member_type& team) {
  hpar::parallel_for("flat", x.extent(0), HPAR_LAMBDA(int i) {
    hpar::parallel_for(hpar::ThreadVectorMDRange<hpar::Rank<2>, member_type>(team, 4, 3), [&](int j, int k) { x(i, j) += k; });
  });
}
// NESTING: team_mdrange.cpp:[[#@LINE-3]]:5: error: nested 'parallel_for' over ThreadVectorMDRange inside the functor of kernel 'hpar_flat_L[[#@LINE-4]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor

void in_mdrange(hpar::View<double**> x, const member_type& team) {
  hpar::parallel_for("grid", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {4, 4}), HPAR_LAMBDA(int i, int j) {
    double s = 0;
    hpar::parallel_reduce(hpar::TeamVectorMDRange(team, 2, 3), [&](int a, int b, double& t) { t += a * b; }, s);
    x(i, j) = s;
  });
}
// NESTING: team_mdrange.cpp:[[#@LINE-4]]:5: error: nested 'parallel_reduce' over TeamVectorMDRange inside the functor of kernel 'hpar_grid_L[[#@LINE-6]]' (MDRangePolicy): nested patterns are only legal inside a TeamPolicy functor
// NESTING-NOT: error:
#endif
