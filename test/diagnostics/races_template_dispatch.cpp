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
struct Max {
  hpar::View<double**> a;
  hpar::View<double*> y;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int r = team.league_rank();
    double biggest = 0;
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) {
      if (a(r, j) > biggest) biggest = a(r, j);
    });
    y(r) = biggest;
  }
};

template <class F>
void launch(hpar::View<double**> a, F f) {
  hpar::parallel_for("rows", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), f);
  hpar::parallel_for("first", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    double first = 0;
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) { first = a(team.league_rank(), j); });
    a(team.league_rank(), 0) = first;
  });
}

void run(hpar::View<double**> a, hpar::View<double*> y) {
  launch(a, Sum{a, y});
  launch(a, Max{a, y});
}
// CHECK: races_template_dispatch.cpp:37:79: error: 'first' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadRange in kernel 'hpar_first_L35'; declare it inside the closure [hpar-nested-write-race]
// CHECK: races_template_dispatch.cpp:36:12: note: 'first' declared here
// CHECK: races_template_dispatch.cpp:37:5: note: nested parallel_for over TeamThreadRange here
// CHECK: races_template_dispatch.cpp:26:30: error: 'biggest' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadRange in kernel 'hpar_rows_L34'; declare it inside the closure [hpar-nested-write-race]
// CHECK: races_template_dispatch.cpp:24:12: note: 'biggest' declared here
// CHECK: races_template_dispatch.cpp:25:5: note: nested parallel_for over TeamThreadRange here
// CHECK-NOT: error:
// CHECK: 2 errors generated.
