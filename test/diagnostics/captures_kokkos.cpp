// The capture rules on a program written against Kokkos: KOKKOS_LAMBDA in a member function, a
// by-reference team functor (its nested closures capture by reference legitimately).
// RUN: not %hpar-translate --check %s -- -fdiagnostics-parseable-fixits 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: lambda of kernel 'hpar_scale_L[[#]]' uses members of 'Field'
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

struct Field {
  Kokkos::View<double*> values;
  double factor = 3.0;

  void scale() {
    Kokkos::parallel_for("scale", values.extent(0), KOKKOS_LAMBDA(int i) { values(i) *= factor; });
    // CHECK: captures_kokkos.cpp:[[#@LINE-1]]:53: error: lambda of kernel 'hpar_scale_L[[#@LINE-1]]' uses members of 'Field' through the captured 'this' pointer, a host address on the device; capture the object by value with '[=, *this]' (HPAR_CLASS_LAMBDA, KOKKOS_CLASS_LAMBDA) [hpar-capture-this]
    // CHECK: fix-it:"{{.*}}captures_kokkos.cpp":{[[#@LINE-2]]:53-[[#@LINE-2]]:66}:"KOKKOS_CLASS_LAMBDA"
    // CHECK: captures_kokkos.cpp:[[#@LINE-3]]:76: note: member 'values' used through 'this' here
  }
};

void rows(Kokkos::View<double**> a, Kokkos::View<double*> sums) {
  Kokkos::parallel_for("rows", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO), [&](const member_type& team) {
    const int r = team.league_rank();
    double s = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int j, double& l) { l += a(r, j); }, s);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sums(r) = s; });
  });
  // CHECK: captures_kokkos.cpp:[[#@LINE-6]]:82: error: lambda of kernel 'hpar_rows_L[[#@LINE-6]]' captures 'a' and 'sums' by reference: its copy on the device would refer to host memory; capture by value [hpar-capture-by-ref]
  // CHECK: fix-it:"{{.*}}captures_kokkos.cpp":{[[#@LINE-7]]:81-[[#@LINE-7]]:84}:"[=]"
  // CHECK: captures_kokkos.cpp:[[#@LINE-5]]:59: note: 'a' captured by reference here
  // CHECK: captures_kokkos.cpp:[[#@LINE-5]]:51: note: 'sums' captured by reference here

  int calls = 0;
  Kokkos::parallel_for("count", 10, KOKKOS_LAMBDA(int i) mutable { calls += i; });
  // CHECK: captures_kokkos.cpp:[[#@LINE-1]]:58: error: lambda of kernel 'hpar_count_L[[#@LINE-1]]' is 'mutable'{{.*}}[hpar-mutable-lambda]
  // CHECK: fix-it:"{{.*}}captures_kokkos.cpp":{[[#@LINE-2]]:58-[[#@LINE-2]]:66}:""
}
// CHECK-NOT: [hpar-capture
// CHECK-NOT: [hpar-mutable
