// A reduction result must hold the functor's value type, as Kokkos requires: a scalar of that
// type, a rank-0 View of it, or a reducer whose value_type it is. A scan total likewise. The
// error points at the result and notes the accumulator or value_type it disagrees with.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: parallel_reduce result 'count' has type 'int', but the lambda of kernel 'hpar_int_result_L[[#]]' accumulates 'double'; the result's type must be the functor's value type [hpar-reduce-result-type]
// TRANSLATE-NOT: note: in instantiation
#include <hpar/hpar.hpp>

struct Norm {
  using value_type = double;
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(int i, double& s) const { s += x(i) * x(i); }
};

void results(hpar::View<double*> x, int n) {
  int count = 0;
  hpar::parallel_reduce("int_result", n, HPAR_LAMBDA(int i, double& s) { s += x(i); }, count);
  // CHECK: signatures_result.cpp:[[#@LINE-1]]:88: error: parallel_reduce result 'count' has type 'int', but the lambda of kernel 'hpar_int_result_L[[#@LINE-1]]' accumulates 'double'; the result's type must be the functor's value type [hpar-reduce-result-type]
  // CHECK: signatures_result.cpp:[[#@LINE-2]]:69: note: accumulator declared here

  float f = 0;
  hpar::parallel_reduce("value_type", n, Norm{x}, f);
  // CHECK: signatures_result.cpp:[[#@LINE-1]]:51: error: parallel_reduce result 'f' has type 'float', but the functor 'Norm' of kernel 'hpar_value_type_L[[#@LINE-1]]' reduces 'double'; the result must have the functor's value_type [hpar-reduce-result-type]
  // CHECK: signatures_result.cpp:[[#@LINE-14]]:9: note: value_type declared here

  hpar::View<float> v("v");
  hpar::parallel_reduce("view", n, Norm{x}, v);
  // CHECK: signatures_result.cpp:[[#@LINE-1]]:45: error: parallel_reduce result 'v' is a View of 'float', but the functor 'Norm' of kernel 'hpar_view_L[[#@LINE-1]]' reduces 'double'; the result must have the functor's value_type [hpar-reduce-result-type]

  int most = 0;
  hpar::parallel_reduce("reducer", n, HPAR_LAMBDA(int i, double& m) { m = x(i) > m ? x(i) : m; }, hpar::Max<int>(most));
  // CHECK: signatures_result.cpp:[[#@LINE-1]]:99: error: parallel_reduce reducer 'hpar::Max<int>(most)' has value_type 'int', but the lambda of kernel 'hpar_reducer_L[[#@LINE-1]]' accumulates 'double'; the result's type must be the functor's value type [hpar-reduce-result-type]

  // A lambda declares no value_type: the reduction needs a result.
  hpar::parallel_reduce("no_result", n, HPAR_LAMBDA(int i, double& s) { s += x(i); });
  // CHECK: signatures_result.cpp:[[#@LINE-1]]:3: error: parallel_reduce of kernel 'hpar_no_result_L[[#@LINE-1]]' has no result argument, and its functor declares no value_type; pass the result (a variable, a View or a reducer) after the functor [hpar-reduce-result-type]

  hpar::parallel_reduce("temporary", n, HPAR_LAMBDA(int i, double& s) { s += x(i); }, 0.0);
  // CHECK: signatures_result.cpp:[[#@LINE-1]]:87: error: parallel_reduce result '0.0' of kernel 'hpar_temporary_L[[#@LINE-1]]' is not a modifiable lvalue; pass a variable, a rank-0 View or a reducer [hpar-reduce-result-type]

  int total = 0;
  hpar::parallel_scan("scan_total", n, HPAR_LAMBDA(int i, long& u, bool final) { u += i; }, total);
  // CHECK: signatures_result.cpp:[[#@LINE-1]]:93: error: parallel_scan total 'total' has type 'int', but the functor of kernel 'hpar_scan_total_L[[#@LINE-1]]' scans 'long'; the total must have the scan's value type [hpar-reduce-result-type]
  // CHECK: signatures_result.cpp:[[#@LINE-2]]:65: note: the scan's value type is that of this update parameter
}
// CHECK-NOT: error:
