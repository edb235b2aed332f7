// A team dispatch written in a function template runs another functor in each instantiation:
// every instantiation is checked, not only the first. A write in a lambda of the template, which
// every instantiation holds, is reported once.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

struct Sum {
  hpar::View<double**> a;
  hpar::View<double*> y;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int r = team.league_rank();
    double s = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, a.extent(1)), [&](int j, double& t) { t += a(r, j); }, s);
    y(r) = s;
  }
};
struct Last {
  hpar::View<double**> a;
  hpar::View<double*> y;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int r = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) {
      y(r) = a(r, j);
    });
  }
};

template <class F>
void launch(hpar::View<double**> a, F f) {
  hpar::parallel_for("rows", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), f);
  hpar::parallel_for("first", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) { a(team.league_rank(), 0) = a(team.league_rank(), j); });
  });
}

void run(hpar::View<double**> a, hpar::View<double*> y) {
  launch(a, Sum{a, y});
  launch(a, Last{a, y});
}
// CHECK: races_template_dispatch.cpp:34:79: error: 'a(team.league_rank(), 0)' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadRange in kernel 'hpar_first_L33': it is an element of 'a', one place for all of them; let one of them write it (single), or give each a place of its own [hpar-nested-write-race]
// CHECK: races_template_dispatch.cpp:31:34: note: 'a' declared here
// CHECK: races_template_dispatch.cpp:34:5: note: nested parallel_for over TeamThreadRange here
// CHECK: races_template_dispatch.cpp:25:7: error: 'y(r)' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadRange in kernel 'hpar_rows_L32': it is an element of 'y', one place for all of them; let one of them write it (single), or give each a place of its own [hpar-nested-write-race]
// CHECK: races_template_dispatch.cpp:21:23: note: member 'y' declared here
// CHECK: races_template_dispatch.cpp:24:5: note: nested parallel_for over TeamThreadRange here
// CHECK-NOT: error:
// CHECK: 2 errors generated.
