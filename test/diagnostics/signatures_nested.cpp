// Nested patterns call their closure as the top-level ones do: f(i) over TeamThreadRange,
// ThreadVectorRange and TeamVectorRange, f(i, value&) for a reduce, f(i, update&, bool final)
// for a scan, f(i0, ..., iN-1[, value&]) over the MDRange forms, f() or f(value&) for single.
// Closures in generic team functors and in nested closures are checked in their instantiations.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: parallel_reduce over TeamThreadRange calls the closure as f(i, value&), but the lambda in kernel 'hpar_team_L[[#]]' takes (int i) [hpar-functor-signature]
// TRANSLATE-NOT: note: in instantiation
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void nested(hpar::View<double*> x, int n) {
  hpar::parallel_for("team", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    double s = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, n), [&](int i) { (void)i; }, s);
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:59: error: parallel_reduce over TeamThreadRange calls the closure as f(i, value&), but the lambda in kernel 'hpar_team_L[[#@LINE-3]]' takes (int i) [hpar-functor-signature]
    // CHECK: signatures_nested.cpp:[[#@LINE-2]]:63: note: the lambda's parameters are declared here

    hpar::parallel_for(hpar::TeamVectorRange(team, n), [&](int i, int j) { x(i) = j; });
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:56: error: parallel_for over TeamVectorRange calls the closure as f(i), but the lambda in kernel 'hpar_team_L[[#@LINE-7]]' takes (int i, int j) [hpar-functor-signature]

    hpar::parallel_scan(hpar::ThreadVectorRange(team, n), [&](int i, long& update) { update += i; });
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:59: error: parallel_scan over ThreadVectorRange calls the closure as f(i, update&, bool final), but the lambda in kernel 'hpar_team_L[[#@LINE-10]]' takes (int i, long& update) [hpar-functor-signature]

    hpar::parallel_reduce(hpar::TeamThreadRange(team, n), [&](int i, double s2) { s2 += i; }, s);
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:59: error: parallel_reduce over TeamThreadRange calls the closure as f(i, value&), but the lambda in kernel 'hpar_team_L[[#@LINE-13]]' takes its accumulator as 'double s2'; it must be a non-const reference, or its contributions are lost [hpar-functor-signature]

    hpar::parallel_for(hpar::TeamThreadRange(team, n), [=](int i) mutable { x(i) = 0; });
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:56: error: parallel_for over TeamThreadRange calls the closure as f(i), but the lambda in kernel 'hpar_team_L[[#@LINE-16]]' is not const; patterns call the closure through a const reference [hpar-functor-signature]
    // CHECK: signatures_nested.cpp:[[#@LINE-2]]:56: note: the lambda is declared mutable here

    hpar::parallel_reduce(hpar::TeamThreadMDRange(team, n, n), [&](int i, double& v) { v += i; }, s);
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:64: error: parallel_reduce over TeamThreadMDRange calls the closure as f(i0, i1, value&), but the lambda in kernel 'hpar_team_L[[#@LINE-20]]' takes (int i, double& v) [hpar-functor-signature]

    int most = 0;
    hpar::parallel_reduce(hpar::ThreadVectorRange(team, n), [&](int i, double& m) { m += i; }, hpar::Max<int>(most));
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:96: error: parallel_reduce reducer 'hpar::Max<int>(most)' has value_type 'int', but the lambda in kernel 'hpar_team_L[[#@LINE-24]]' accumulates 'double'; the result's type must be the functor's value type [hpar-reduce-result-type]

    int total = 0;
    hpar::parallel_scan(hpar::TeamThreadRange(team, n), [&](int i, long& u, bool final) { u += i; }, total);
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:102: error: parallel_scan total 'total' has type 'int', but the closure in kernel 'hpar_team_L[[#@LINE-28]]' scans 'long'; the total must have the scan's value type [hpar-reduce-result-type]

    hpar::single(hpar::PerTeam(team), [&](int i) { x(i) = 0; });
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:39: error: single(PerTeam) calls the closure as f(), but the lambda in kernel 'hpar_team_L[[#@LINE-31]]' takes (int i) [hpar-functor-signature]

    hpar::single(hpar::PerThread(team), [&](double v) { v = 1; }, s);
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:41: error: single(PerThread) calls the closure as f(value&), but the lambda in kernel 'hpar_team_L[[#@LINE-34]]' takes its value as 'double v'; it must be a non-const reference, or the value is not broadcast [hpar-functor-signature]

    hpar::parallel_for(hpar::ThreadVectorMDRange(team, n, n, n), [&](int i, int j) { x(i) = j; });
    // CHECK: signatures_nested.cpp:[[#@LINE-1]]:66: error: parallel_for over ThreadVectorMDRange calls the closure as f(i0, i1, i2), but the lambda in kernel 'hpar_team_L[[#@LINE-37]]' takes (int i, int j) [hpar-functor-signature]
  });
}

// A generic team functor: its nested patterns are resolved in its instantiation; so are those of
// a closure inside a nested closure.
void generic(hpar::View<double*> x, int n) {
  hpar::parallel_for("generic", hpar::TeamPolicy<>(n, 1), HPAR_LAMBDA(const auto& team) {
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) {
      hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int i, int j) { x(i) = j; });
      // CHECK: signatures_nested.cpp:[[#@LINE-1]]:60: error: parallel_for over ThreadVectorRange calls the closure as f(i), but the lambda in kernel 'hpar_generic_L[[#@LINE-3]]' takes (int i, int j) [hpar-functor-signature]
    });
  });
}
// CHECK-NOT: error:
