// A nested pattern over a range built from a RangePolicy kernel's index (its lambda generic, so
// TeamThreadRange(i, n) compiles as a call) is reported as hpar-nested-outside-team at the user's
// line, not as a template error from inside the header.
// RUN: not %hpar-translate --check %s 2>&1 | %FileCheck %s --implicit-check-not="nested.hpp"
#include <Kokkos_Core.hpp>

void run(Kokkos::View<double*> v) {
  Kokkos::parallel_for("flat", 8, [=](auto i) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(i, 4), [&](int j) { v(j) = 1; });
    // CHECK: nesting_generic_index.cpp:[[#@LINE-1]]:5: error: nested 'parallel_for' over TeamThreadRange inside the functor of kernel 'hpar_flat_L[[#@LINE-2]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
    double s = 0;
    Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(i, 4), [&](int j, double& t) { t += v(j); }, s);
    // CHECK: nesting_generic_index.cpp:[[#@LINE-1]]:5: error: nested 'parallel_reduce' over ThreadVectorRange inside the functor of kernel 'hpar_flat_L[[#@LINE-5]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
  });
}
