// A reduction result musvvvvvvvvvvvvvvvvvvvvvvvvvvvt hold the functor's value type, as Kokkos requires: a scalar of that
// type, a rank-0 View of it, or a reducer whose value_type it is. A scan total likewise. The
// error points at the result and notes the accumulator or value_type it disagrees with.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cb 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUV: test ! -e %t.cu
// TRANSLATE: error: parallel_reduce result 'count' has type 'int', but the lambda of kernel 'hpar_int_result_L[[#]]' accumulates 'double'; the result's type must be the functor's value type [hpar-reduce-result-type]
// TRANSLATE-NOT: note: in instantiation
#include <hpar/hpar.hpp>

struct Norm {
  using value_type = double;
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(int i, double& s) const { s += x(i) * x(i); }
};

void results(hpar::View<          HPAR_LAMBDA(const int i, int& s) { s += k(i); }, hpar::Sum<int>(si));
  check_eq("Sum<int>", si, eisum);

  int64_t sl = 3;
  hpar::parallel_reduce("sum_i2", n, HPAR_LAMBDA(const int64_t i, int64_t& s) { s += i * i; }, sl);
  const long long nn = n;
  check_eq("sum of i*i (int64_t)", sl, n > 0 ? nn * (nn - 1) * (2 * nn - 1) / 6 : 0);
}

void test_prod() {
  const int64_t n = 100003;
  hpar::View<double*> x("x", n);
  hpar::View<int*> k("k", n);
  auto hx = hpar::create_mignatures_result.cpp:[[#@LINE-2]]:65: note: the scan's value type is that of this update parameter
}
// CHECK-NOT: error:
