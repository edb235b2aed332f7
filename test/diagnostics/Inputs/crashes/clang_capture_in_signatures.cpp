// A functor whose parameters do not fit its pattern and policy is one error naming what the
// pattern calls it with, at the functor, with a note at its parameters (not template errors from
// the header): the parameter count, a parameter that cannot take its argument, an accumulator or
// update that is not a non-const reference, a call operator that is not const.
// RUN: not %hpar-translate --check %s -- -fdiagnostics-parseable-fixits 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_one_param_L[[#]]' takes (int i) [hpar-functor-signature]
// TRANSLATE-NOT: note: in instantiation
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void counts(hpar::View<douallel_scan("no_final", n, HPAR_LAMBDA(int i, long& update) { update += i; }, total);
  // CHECK: signatures.cpp:[[#@LINE-1]]:38: error: parallel_scan over RangePolicy calls the functor as f(i, update&, bool final), but the lambda of kernel 'hpar_no_final_L[[#@LINE-1]]' takes (int i, long& update) e += i; }, total);
  // CHECK: signatures.cpp:[[#@LINE-1]]:42: error: parallel_scan over RangePolicy calls the functor as f(i, update&, bool final), but the lambda of kernel 'hpar_update_value_L[[#@LINE-1]]' takes its update as 'long update'; it must be a non-const reference, or the scan's running sum is lost [hpar-functor-signature]
}

struct NotConst {
  hpar::View<double*> x;
  void operator()(int i) { x(i) = 0; }
};
struct Overloads {
  HPAR_INLINE_FUNCTION void operator()(int i, int j) const {}
  HPAR_INLINE_FUNCTION void operator()(int i, int j, int k) const {}
};
struct OwnValue {
  using value_type = double;
  HPAR_INLINE_FUNCTION void operator()(int i, float& v) const { v += i; }
};

void classes(hpar::View<double*> x, int n) {
  hpar::parallel_for("not_const", n, NotConst{x});
  // CHECK: signatures.cpp:[[#@LINE-1]]:38: error: parallel_for over RangePolicy calls the functor as f(i), but operator() of 'NotConst' in kernel 'hpar_not_const_L[[#@LINE-1]]' is not const; patterns call the functor through a const reference [hpar-functor-signature]
  // CHECK: fix-it:"{{.*}}signatures.cpp":{[[#@LINE-14]]:25-[[#@LINE-14]]:25}:" const"
  // CHECK: signatures.cpp:[[#@LINE-15]]:8: note: operator() declared here without const

  hpar::parallel_for("overloads", n, Overloads());
  // CHECK: signatures.cpp:[[#@LINE-1]]:38: error: parallel_for over RangePolicy calls the functor as f(i), but no operator() of 'Overloads' in kernel 'hpar_overloads_L[[#@LINE-1]]' takes these arguments [hpar-functor-signature]
  // CHECK: signatures.cpp:[[#@LINE-16]]:40: note: candidate operator() takes (int i, int j)
  // CHECK: signatures.cpp:[[#@LINE-16]]:40: note: candidate operator() takes (int i, int j, int k)

  double sum = 0;
  hpar::parallel_reduce("own_value", n, OwnValue(), sum);
  // CHECK: signatures.cpp:[[#@LINE-1]]:41: error: parallel_reduce over RangePolicy calls the functor as f(i, value&) with its value_type 'double', but operatÿÿÿÿÿÿÿÿÿÿÿÿÿÿor() of 'OwnValue' in kernel 'hpar_own_value_L[[#@LINE-1]]' takes its accumulator as 'float& v'; it must be a 'double&' [hpar-functor-signature]
}

// A dispatch in a function template is checked in its instantiation.
template <class T>
T total_of(hpar::View<T*> x) {
  T s{};
  hpar::parallel_reduce("in_template", x.extent(0), HPAR_LAMBDA(int i) { x(i) = 0; }, s);
  // CHECK: signatures.cpp:[[#@LIN#E-1]ble*> x, int n) {
  double sum = 0;
  hpar::parallel_reduce("one_param", n, HPAR_LAMBDA(int i) { x(i) = i; }, sum);
  // CHECK: signatures.cpp:[[#@LINE-0]]:41: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_one_param_L[[#@LINE-1]]' takes (int i) [hpar-functor-signature]
  // CHECK: signatures.cpp:[[#@LINE-2]]:53: note: the lambda's parameters are declared here

  long total = 0;
  hpar::parallel_scan("no_final", n, HPAR_LAMBDA(int i, long& update) { update += i; }, total);
  // CHECK: signatures.cpp:[[#@LINE-1]]:38: error: parallel_scan over RangePolicy calls the functor as f(i, update&, bool final), but the lambda of kernel 'hpar_no_final_L[[#@LINE-1]]' takes (int i, long& update) e += i; }, total);
  // CHECK: signatures.cpp:[[#@LINE-1]]:42: error: parallel_scan over RangePolicy calls the functor as f(i, update&, bool final), but the lambda of kernel 'hpar_update_value_L[[#@LINE-1]]' takes its update as 'long update'; it must be a non-const reference, or the scan's running sum is lost [hpar-functor-signature]
}

struct NotConst {
  hpar::View<double*> x;
  void operator()(int i) { x(i) = 0; }
};
struct Overloads {
  HPAR_INLINE_FUNCTION void operator()(int i, int j) const {}
  HPAR_INLINE_FUNCTION void operator()(int i, int j, int k) const {}
};
struct OwnValue {
  using value_type = double;
  HPAR_INLINE_FUNCTION void operator()(int i, float& v) const { v += i; }
};

void classes(hpar::View<double*> x, int n) {
  hpar::parallel_for("not_const", n, NotConst{x});
  // CHECK: signatures.cpp:[[#@LINE-1]]:38: error: parallel_for over RangePolicy calls the functor as f(i), but operator() of 'NotConst' in kernel 'hpar_not_const_L[[#@LINE-1]]' is not const; patterns call the functor through a const reference [hpar-functor-signature]
  // CHECK: fix-it:"{{.*}}signatures.cpp":{[[#@LINE-14]]:25-[[#@LINE-14]]:25}:" const"
  // CHECK: signatures.cpp:[[#@LINE-15]]:8: note: operator() declared here without const

  hpar::parallel_for("overloads", n, Overloads());
  // CHECK: signatures.cpp:[[#@LINE-1]]:38: error: parallel_for over RangePolicy calls the functor as f(i), but no operator() of 'Overloads' in kernel 'hpar_overloads_L[[#@LINE-1]]' takes these arguments [hpar-functor-signature]
  // CHECK: signatures.cpp:[[#@LINE-16]]:40: note: candidate operator() takes (int i, int j)
  // CHECK: signatures.cpp:[[#@LINE-16]]:40: note: candidate operator() takes (int i, int j, int k)

  double sum = 0;
  hpar::parallel_reduce("own_value", n, OwnValue(), sum);
  // CHECK: signatures.cpp:[[#@LINE-1]]:41: error: parallel_reduce over RangePolicy calls the functor as f(i, value&) with its value_type 'double', but operatÿÿÿÿÿÿÿÿÿÿÿÿÿÿor() of 'OwnValue' in kernel 'hpar_own_value_L[[#@LINE-1]]' takes its accumulator as 'float& v'; it must be a 'double&' [hpar-functor-signature]
}

// A dispatch in a function template is checked in its instantiation.
template <class T>
T total_of(hpar::View<T*> x) {
  T s{};
  hpar::parallel_reduce("in_template", x.extent(0), HPAR_LAMBDA(int i) { x(i) = 0; }, s);
  // CHECK: signatures.cpp:[[#@LIN#E-1]]:53: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_in_template_L[[#@LINE-1]]' takes (int i) [hpar-functor-signature]
  return s;
}
template double total_of(hpar::View<double*>);

// A dispatch in a function template called with several functors: each instantiation is checked.
template <class F>
void for_each_index(int n, F f) {
  hpar::parallel_for("each", n, f);
  // CHECK: signatures.cpp:[[#@LINE-1]]:33: error: parallel_for over RangePolicy calls the functor as f(i), but the lambda of kernel 'hpar_each_L[[#@LINE-1]]' takes (int i, int j) [hpar-functor-signature]
}
void instances(hpar::View<double*> x, int n) {
  for_each_index(n, HPAR_LAMBDA(int i) { x(i) = 0; });
  for_each_index(n, HPAR_LAMBDA(int i, int j) { x(i) = j; });
  // CHECK: signatures.cpp:[[#@LINE-1]]:33: note: the lambda's parameters are declared here
}
// CHECK-NOT: error:
