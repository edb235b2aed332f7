// hpar-illegal-nesting: a nested range inside the closure of a nested pattern that already splits
// its level, in a lambda team functor, a class team functor, through a helper function called
// from a closure, in a generic closure, and in the MDRange forms. The closure of an illegal
// pattern is not walked (one error per mistake).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'parallel_for' over TeamThreadRange inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_lambdas_L[[#]]'
// TRANSLATE: hpar-translate: no output written
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void lambdas(hpar::View<double**> a, int n) {
  hpar::parallel_for("lambdas", hpar::TeamPolicy<>(n, hpar::AUTO, 4), HPAR_LAMBDA(const member_type& team) {
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) {
      // CHECK: nesting_illegal.cpp:[[#@LINE+2]]:26: error: 'parallel_for' over TeamThreadRange inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_lambdas_L[[#@LINE-2]]': TeamThreadRange splits the whole team, so it can only run directly in the team functor, not inside another nested pattern [hpar-illegal-nesting]
      // CHECK: nesting_illegal.cpp:[[#@LINE-2]]:5: note: enclosing 'parallel_for' over TeamThreadRange here
      hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int j) { a(i, j) = 0; });
      // CHECK: nesting_illegal.cpp:[[#@LINE+1]]:29: error: 'parallel_reduce' over TeamVectorRange inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_lambdas_L[[#@LINE-5]]': TeamVectorRange splits the whole team{{.*}}[hpar-illegal-nesting]
      hpar::parallel_reduce(hpar::TeamVectorRange(team, n), [&](int j, double& s) { s += a(i, j); }, a(i, 0));
    });
    hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int i) {
      // CHECK: nesting_illegal.cpp:[[#@LINE+2]]:26: error: 'parallel_for' over ThreadVectorRange inside the closure of 'parallel_for' over ThreadVectorRange in kernel 'hpar_lambdas_L[[#@LINE-9]]': the enclosing ThreadVectorRange already splits the vector lanes; ThreadVectorRange can only run directly in the team functor or inside a TeamThreadRange or TeamThreadMDRange closure [hpar-illegal-nesting]
      // CHECK: nesting_illegal.cpp:[[#@LINE-2]]:5: note: enclosing 'parallel_for' over ThreadVectorRange here
      hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) { a(i, j) = 1; });
      // CHECK: nesting_illegal.cpp:[[#@LINE+1]]:26: error: 'parallel_for' over TeamThreadRange inside the closure of 'parallel_for' over ThreadVectorRange in kernel 'hpar_lambdas_L[[#@LINE-12]]': TeamThreadRange splits the whole team{{.*}}[hpar-illegal-nesting]
      hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int j) { a(i, j) = 2; });
    });
    hpar::parallel_for(hpar::TeamVectorRange(team, n), [&](int i) {
      // CHECK: nesting_illegal.cpp:[[#@LINE+1]]:26: error: 'parallel_for' over ThreadVectorRange inside the closure of 'parallel_for' over TeamVectorRange in kernel 'hpar_lambdas_L[[#@LINE-16]]': the enclosing TeamVectorRange already splits the vector lanes{{.*}}[hpar-illegal-nesting]
      hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) { a(i, j) = 3; });
    });
  });
}

// A helper for team functors: legal in the functor itself, illegal from a TeamThreadRange closure.
HPAR_INLINE_FUNCTION void fill_row(const member_type& team, hpar::View<double**> a, int i) {
  hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) { a(i, j) = j; });
  // CHECK: nesting_illegal.cpp:[[#@LINE-1]]:22: error: 'parallel_for' over TeamThreadRange inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_helpers_L[[#@LINE+6]]': TeamThreadRange splits the whole team, so it can only run directly in the team functor, not inside another nested pattern [hpar-illegal-nesting]
  // CHECK: nesting_illegal.cpp:[[#@LINE+7]]:5: note: enclosing 'parallel_for' over TeamThreadRange here
  // CHECK: nesting_illegal.cpp:[[#@LINE+6]]:69: note: 'fill_row' is called here
}

void helpers(hpar::View<double**> a, int n) {
  hpar::parallel_for("helpers", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    fill_row(team, a, team.league_rank());  // legal here
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) { fill_row(team, a, i); });
  });
}

// The MDRange forms, and a generic closure (walked through its instantiation).
void mdranges(hpar::View<double**> a, int n) {
  hpar::parallel_for("mdranges", hpar::TeamPolicy<>(n, hpar::AUTO, 4), HPAR_LAMBDA(const member_type& team) {
    hpar::parallel_for(hpar::TeamThreadMDRange(team, n, n), [&](auto i, auto j) {
      // CHECK: nesting_illegal.cpp:[[#@LINE+2]]:26: error: 'parallel_for' over TeamVectorMDRange inside the closure of 'parallel_for' over TeamThreadMDRange in kernel 'hpar_mdranges_L[[#@LINE-2]]': TeamVectorMDRange splits the whole team, so it can only run directly in the team functor, not inside another nested pattern [hpar-illegal-nesting]
      // CHECK: nesting_illegal.cpp:[[#@LINE-2]]:5: note: enclosing 'parallel_for' over TeamThreadMDRange here
      hpar::parallel_for(hpar::TeamVectorMDRange(team, n, n), [&](int k, int l) { a(k, l) = i + j; });
    });
    hpar::parallel_for(hpar::ThreadVectorMDRange(team, n, n), [&](int i, int j) {
      // CHECK: nesting_illegal.cpp:[[#@LINE+2]]:26: error: 'parallel_for' over ThreadVectorMDRange inside the closure of 'parallel_for' over ThreadVectorMDRange in kernel 'hpar_mdranges_L[[#@LINE-7]]': the enclosing ThreadVectorMDRange already splits the vector lanes; ThreadVectorMDRange can only run directly in the team functor or inside a TeamThreadRange or TeamThreadMDRange closure [hpar-illegal-nesting]
      // CHECK: nesting_illegal.cpp:[[#@LINE-2]]:5: note: enclosing 'parallel_for' over ThreadVectorMDRange here
      hpar::parallel_for(hpar::ThreadVectorMDRange(team, n, n), [&](int k, int l) { a(k, l) = i + j; });
    });
  });
}

// A class team functor: its operator() and the member function it calls from a closure.
struct Rows {
  hpar::View<double**> a;
  HPAR_INLINE_FUNCTION void row(const member_type& team, int i) const {
    hpar::parallel_for(hpar::TeamVectorRange(team, a.extent(1)), [&](int j) { a(i, j) = 4; });
    // CHECK: nesting_illegal.cpp:[[#@LINE-1]]:24: error: 'parallel_for' over TeamVectorRange inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_rows_L[[#@LINE+10]]'{{.*}}[hpar-illegal-nesting]
    // CHECK: nesting_illegal.cpp:[[#@LINE+4]]:5: note: enclosing 'parallel_for' over TeamThreadRange here
    // CHECK: nesting_illegal.cpp:[[#@LINE+3]]:79: note: 'Rows::row' is called here
  }
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(0)), [&](int i) { row(team, i); });
  }
};

void rows(hpar::View<double**> a) {
  hpar::parallel_for("rows", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), Rows{a});
}
// CHECK-NOT: error:
