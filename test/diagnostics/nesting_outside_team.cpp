// hpar-nested-outside-team: a nested pattern that no TeamPolicy functor runs -- in the functor of
// a RangePolicy or MDRangePolicy dispatch (a lambda, a lambda inside it, a class functor), in a
// function such a functor calls (with the calls as notes), and in host code: a function that no
// kernel reaches and that takes no team member, or one that host code calls. A helper taking a
// team member that nothing calls is not host code (nesting_legal.cpp).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: nested 'parallel_for' over ThreadVectorRange inside the functor of kernel 'hpar_flat_L[[#]]' (RangePolicy)
// TRANSLATE: hpar-translate: no output written
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void in_range(hpar::View<double*> x, const member_type& team) {
  hpar::parallel_for("flat", x.extent(0), HPAR_LAMBDA(int i) {
    hpar::parallel_for(hpar::ThreadVectorRange(team, 4), [&](int j) { x(i) += j; });
    // CHECK: nesting_outside_team.cpp:[[#@LINE-1]]:5: error: nested 'parallel_for' over ThreadVectorRange inside the functor of kernel 'hpar_flat_L[[#@LINE-2]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
    // CHECK: nesting_outside_team.cpp:[[#@LINE-3]]:3: note: kernel 'hpar_flat_L[[#@LINE-3]]' is dispatched over a RangePolicy here; nested patterns need a TeamPolicy
    auto inner = [&](int k) { hpar::single(hpar::PerThread(team), [&]() { x(k) = 0; }); };
    // CHECK: nesting_outside_team.cpp:[[#@LINE-1]]:31: error: nested 'single(PerThread)' inside the functor of kernel 'hpar_flat_L[[#@LINE-5]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
    inner(i);
  });
}

void in_mdrange(hpar::View<double**> x, const member_type& team) {
  hpar::parallel_for("grid", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {4, 4}), HPAR_LAMBDA(int i, int j) {
    double s = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, 3), [&](int a, double& t) { t += a; }, s);
    // CHECK: nesting_outside_team.cpp:[[#@LINE-1]]:5: error: nested 'parallel_reduce' over TeamThreadRange inside the functor of kernel 'hpar_grid_L[[#@LINE-3]]' (MDRangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
    // CHECK: nesting_outside_team.cpp:[[#@LINE-4]]:3: note: kernel 'hpar_grid_L[[#@LINE-4]]' is dispatched over an MDRangePolicy here; nested patterns need a TeamPolicy
    x(i, j) = s;
  });
}

// A helper for team functors, called from a range functor through another function.
HPAR_INLINE_FUNCTION void row_helper(const member_type& team, hpar::View<double*> x) {
  hpar::parallel_for(hpar::TeamVectorRange(team, x.extent(0)), [&](int j) { x(j) = j; });
  // CHECK: nesting_outside_team.cpp:[[#@LINE-1]]:3: error: nested 'parallel_for' over TeamVectorRange in 'row_helper', which kernel 'hpar_through_L[[#@LINE+10]]' (RangePolicy) calls: nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
  // CHECK: nesting_outside_team.cpp:[[#@LINE+5]]:3: note: 'row_helper' is called here
  // CHECK: nesting_outside_team.cpp:[[#@LINE+9]]:5: note: 'step' is called here
  // CHECK: nesting_outside_team.cpp:[[#@LINE+7]]:3: note: kernel 'hpar_through_L[[#@LINE+7]]' is dispatched over a RangePolicy here; nested patterns need a TeamPolicy
}
HPAR_INLINE_FUNCTION void step(const member_type& team, hpar::View<double*> x) {
  row_helper(team, x);
}

void through(hpar::View<double*> x, const member_type& team) {
  hpar::parallel_for("through", x.extent(0), HPAR_LAMBDA(int) {
    step(team, x);
  });
}

// A class functor of a range dispatch.
struct Flat {
  hpar::View<double*> x;
  member_type team;
  HPAR_INLINE_FUNCTION void operator()(int i) const {
    hpar::single(hpar::PerTeam(team), [&]() { x(i) = 1; });
    // CHECK: nesting_outside_team.cpp:[[#@LINE-1]]:5: error: nested 'single(PerTeam)' inside the functor of kernel 'hpar_functor_L[[#@LINE+5]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
  }
};

void functor(hpar::View<double*> x, const member_type& team) {
  hpar::parallel_for("functor", x.extent(0), Flat{x, team});
}

// Host code: a helper called from main, and a nested pattern directly in a host function.
void host_helper(const member_type& team, hpar::View<double*> x) {
  hpar::parallel_for(hpar::TeamThreadRange(team, 4), [&](int j) { x(j) = j; });
  // CHECK: nesting_outside_team.cpp:[[#@LINE-1]]:3: error: nested 'parallel_for' over TeamThreadRange in 'host_helper', which is called from host code: nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
  // CHECK: nesting_outside_team.cpp:[[#@LINE+12]]:3: note: 'host_helper' is called here, from host code in 'main'
}

void on_host(hpar::View<double*> x) {
  hpar::impl::SerialTeamMember team(0, 1);
  hpar::parallel_for(hpar::TeamThreadRange(team, 4), [&](int j) { x(j) = 2 * j; });
  // CHECK: nesting_outside_team.cpp:[[#@LINE-1]]:3: error: nested 'parallel_for' over TeamThreadRange in 'on_host', which runs on the host: nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
}

int main() {
  hpar::View<double*> x("x", 4);
  hpar::impl::SerialTeamMember team(0, 1);
  host_helper(team, x);
  on_host(x);
}
// CHECK-NOT: error:
