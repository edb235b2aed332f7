// A dispatch inside another dispatch's functor is rejected with its location.
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

void nested(hpar::View<double*> x) {
  hpar::parallel_for("outer", x.extent(0), HPAR_LAMBDA(int i) {
    hpar::parallel_for("inner", 4, HPAR_LAMBDA(int j) { x(i) += j; });
  });
}
// CHECK: nested_dispatch.cpp:8:5: error: nested dispatch: a parallel pattern inside the functor of kernel 'hpar_outer_L7' is only legal over TeamThreadRange, TeamVectorRange or ThreadVectorRange inside a TeamPolicy functor
