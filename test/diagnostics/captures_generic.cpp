// hpar-generic-lambda: a kernel's lambda with an `auto` parameter is refused for the CUDA output,
// where nvcc rejects it ("extended lambdas cannot be generic lambdas"), at the parameter; the
// OpenMP output takes it, and so do a nested closure and a dispatch over a host space (neither
// is an extended lambda).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
#include <Kokkos_Core.hpp>

void run(Kokkos::View<double*> v, int n) {
  Kokkos::parallel_for("index", n, KOKKOS_LAMBDA(auto i) { v(i) = i; });
  // CHECK: captures_generic.cpp:[[#@LINE-1]]:55: error: lambda of kernel 'hpar_index_L[[#@LINE-1]]' is generic (its parameter 'i' is declared 'auto'): nvcc cannot compile a generic extended lambda; give the parameter its type (an index type such as 'int', or 'const Kokkos::TeamPolicy<>::member_type&' for a team) [hpar-generic-lambda]
  double sum = 0;
  Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, auto& s) { s += v(i); }, sum);
  // CHECK: captures_generic.cpp:[[#@LINE-1]]:70: error: lambda of kernel 'hpar_sum_L[[#@LINE-1]]' is generic (its parameter 's' is declared 'auto')
  Kokkos::parallel_for("team", Kokkos::TeamPolicy<>(n, Kokkos::AUTO), KOKKOS_LAMBDA(const auto& team) {
    // CHECK: captures_generic.cpp:[[#@LINE-1]]:97: error: lambda of kernel 'hpar_team_L[[#@LINE-1]]' is generic (its parameter 'team' is declared 'auto')
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 4), [&](auto j) { v(j) = j; });
  });
  Kokkos::View<double*, Kokkos::HostSpace> h("h", n);
  Kokkos::parallel_for("host", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, n), [=](auto i) { h(i) = i; });
}
// CHECK-NOT: error:
