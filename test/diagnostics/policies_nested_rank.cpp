// hpar-nested-mdrange-rank: a TeamThreadMDRange, ThreadVectorMDRange or TeamVectorMDRange with
// fewer than 2 or more than 8 extents, written with deduced or explicit Rank<N>, in a nested
// parallel_for or parallel_reduce or held in a variable. One extent with a deduced rank gets a
// fix-it to the one-dimensional range. (team_mdrange.cpp has the plain single-extent case.)
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: not %hpar-translate --check %s -- -fdiagnostics-parseable-fixits 2>&1 | %FileCheck %s --check-prefix=FIXIT
// RUN: not %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cpp
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

// CHECK-NOT: static assertion
void ranks(hpar::View<double*> x) {
  hpar::parallel_for("ranks", hpar::TeamPolicy<>(4, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    // CHECK: policies_nested_rank.cpp:[[#@LINE+1]]:24: error: TeamVectorMDRange with 9 extents; a team-level MDRange takes 2 to 8 extents [hpar-nested-mdrange-rank]
    hpar::parallel_for(hpar::TeamVectorMDRange(team, 1, 1, 1, 1, 1, 1, 1, 1, 2),
                       [&](int, int, int, int, int, int, int, int, int i) { x(i) += 1; });
    double s = 0;
    // CHECK: policies_nested_rank.cpp:[[#@LINE+1]]:27: error: ThreadVectorMDRange with 1 extent; a team-level MDRange takes 2 to 8 extents; for a single index use ThreadVectorRange(team, n) [hpar-nested-mdrange-rank]
    hpar::parallel_reduce(hpar::ThreadVectorMDRange<hpar::Rank<1>, member_type>(team, 4), [&](int i, double& t) { t += i; }, s);
    // CHECK: policies_nested_rank.cpp:[[#@LINE+1]]:29: error: TeamVectorMDRange with 1 extent; a team-level MDRange takes 2 to 8 extents; for a single index use TeamVectorRange(team, n) [hpar-nested-mdrange-rank]
    hpar::TeamVectorMDRange row(team, 8);
    // FIXIT: fix-it:"{{.*}}policies_nested_rank.cpp":{[[#@LINE-1]]:11-[[#@LINE-1]]:28}:"TeamVectorRange"
    hpar::parallel_for(row, [&](int i) { x(i) += s; });
    // CHECK: policies_nested_rank.cpp:[[#@LINE+1]]:24: error: TeamThreadMDRange with 0 extents; a team-level MDRange takes 2 to 8 extents [hpar-nested-mdrange-rank]
    hpar::parallel_for(hpar::TeamThreadMDRange(team), [&]() { x(0) += 1; });
  });
}
// CHECK-NOT: error:
// FIXIT-NOT: fix-it:
