// The nesting rules on a program written against Kokkos: a KOKKOS_LAMBDA team functor nesting
// TeamThreadRange in ThreadVectorRange, a class functor's KOKKOS_INLINE_FUNCTION member nesting
// ThreadVectorRange in TeamVectorRange, and a team helper called from a RangePolicy kernel.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'parallel_reduce' over TeamThreadRange inside the closure of 'parallel_for' over ThreadVectorRange
// TRANSLATE: hpar-translate: no output written
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

void lambda(Kokkos::View<double**> a, int n) {
  Kokkos::parallel_for("lambda", Kokkos::TeamPolicy<>(n, Kokkos::AUTO, 4), KOKKOS_LAMBDA(const member_type& team) {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, n), [&](int i) {
      double s = 0;
      Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](int j, double& t) { t += a(i, j); }, s);
      // CHECK: nesting_kokkos.cpp:[[#@LINE-1]]:31: error: 'parallel_reduce' over TeamThreadRange inside the closure of 'parallel_for' over ThreadVectorRange in kernel 'hpar_lambda_L[[#@LINE-4]]': TeamThreadRange splits the whole team, so it can only run directly in the team functor, not inside another nested pattern [hpar-illegal-nesting]
      // CHECK: nesting_kokkos.cpp:[[#@LINE-4]]:5: note: enclosing 'parallel_for' over ThreadVectorRange here
      a(i, 0) = s;
    });
  });
}

struct Rows {
  Kokkos::View<double**> a;
  KOKKOS_INLINE_FUNCTION void row(const member_type& team, int i) const {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, a.extent(1)), [&](int j) { a(i, j) = 0; });
    // CHECK: nesting_kokkos.cpp:[[#@LINE-1]]:26: error: 'parallel_for' over ThreadVectorRange inside the closure of 'parallel_for' over TeamVectorRange in kernel 'hpar_rows_L[[#@LINE+10]]': the enclosing TeamVectorRange already splits the vector lanes; ThreadVectorRange can only run directly in the team functor or inside a TeamThreadRange or TeamThreadMDRange closure [hpar-illegal-nesting]
    // CHECK: nesting_kokkos.cpp:[[#@LINE+4]]:5: note: enclosing 'parallel_for' over TeamVectorRange here
    // CHECK: nesting_kokkos.cpp:[[#@LINE+3]]:83: note: 'Rows::row' is called here
  }
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, a.extent(0)), [&](int i) { row(team, i); });
  }
};

void rows(Kokkos::View<double**> a) {
  Kokkos::parallel_for("rows", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO), Rows{a});
}

KOKKOS_INLINE_FUNCTION void clear(const member_type& team, Kokkos::View<double*> x) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, x.extent(0)), [&](int i) { x(i) = 0; });
  // CHECK: nesting_kokkos.cpp:[[#@LINE-1]]:3: error: nested 'parallel_for' over TeamThreadRange in 'clear', which kernel 'hpar_flat_L[[#@LINE+6]]' (RangePolicy) calls: nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
  // CHECK: nesting_kokkos.cpp:[[#@LINE+5]]:82: note: 'clear' is called here
  // CHECK: nesting_kokkos.cpp:[[#@LINE+4]]:3: note: kernel 'hpar_flat_L[[#@LINE+4]]' is dispatched over a RangePolicy here; nested patterns need a TeamPolicy
}

void flat(Kokkos::View<double*> x, const member_type& team) {
  Kokkos::parallel_for("flat", Kokkos::RangePolicy<>(0, 4), KOKKOS_LAMBDA(int) { clear(team, x); });
}
// CHECK-NOT: error:
