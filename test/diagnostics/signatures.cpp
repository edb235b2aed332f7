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

void counts(hpar::View<double*> x, int n) {
  double sum = 0;
  hpar::parallel_reduce("one_param", n, HPAR_LAMBDA(int i) { x(i) = i; }, sum);
  // CHECK: signatures.cpp:[[#@LINE-1]]:41: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_one_param_L[[#@LINE-1]]' takes (int i) [hpar-functor-signature]
  // CHECK: signatures.cpp:[[#@LINE-2]]:53: note: the lambda's parameters are declared here

  long total = 0;
  hpar::parallel_scan("no_final", n, HPAR_LAMBDA(int i, long& update) { update += i; }, total);
  // CHECK: signatures.cpp:[[#@LINE-1]]:38: error: parallel_scan over RangePolicy calls the functor as f(i, update&, bool final), but the lambda of kernel 'hpar_no_final_L[[#@LINE-1]]' takes (int i, long& update) [hpar-functor-signature]
  // CHECK: fix-it:"{{.*}}signatures.cpp":{[[#@LINE-2]]:69-[[#@LINE-2]]:69}:", bool final"
  // CHECK: signatures.cpp:[[#@LINE-3]]:50: note: the lambda's parameters are declared here

  hpar::parallel_for("md_count", hpar::MDRangePolicy<hpar::Rank<3>>({0, 0, 0}, {n, n, n}),
                     HPAR_LAMBDA(int i, int j) { x(i) += j; });
  // CHECK: signatures.cpp:[[#@LINE-1]]:22: error: parallel_for over MDRangePolicy<Rank<3>> calls the functor as f(i0, i1, i2), but the lambda of kernel 'hpar_md_count_L[[#@LINE-2]]' takes (int i, int j) [hpar-functor-signature]

  // A generic lambda is called like any other: `auto` takes any argument, not a missing one.
  hpar::parallel_reduce("generic", n, HPAR_LAMBDA(auto i) { x(i) = 0; }, sum);
  // CHECK: signatures.cpp:[[#@LINE-1]]:39: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_generic_L[[#@LINE-1]]' takes (auto i) [hpar-functor-signature]

  // A lambda kept in a variable: the note points at its parameters.
  auto two = HPAR_LAMBDA(int i, int j) { x(i) = j; };
  hpar::parallel_for("named", n, two);
  // CHECK: signatures.cpp:[[#@LINE-1]]:34: error: parallel_for over RangePolicy calls the functor as f(i), but the lambda of kernel 'hpar_named_L[[#@LINE-1]]' takes (int i, int j) [hpar-functor-signature]
  // CHECK: signatures.cpp:[[#@LINE-3]]:26: note: the lambda's parameters are declared here
}

void types(hpar::View<double*> x, int n) {
  hpar::parallel_for("team_int", hpar::TeamPolicy<>(n, 1), HPAR_LAMBDA(int i) { x(i) = 0; });
  // CHECK: signatures.cpp:[[#@LINE-1]]:60: error: parallel_for over TeamPolicy calls the functor as f(team), but the lambda of kernel 'hpar_team_int_L[[#@LINE-1]]' takes (int i); 'int i' cannot take the team member [hpar-functor-signature]
  // CHECK: signatures.cpp:[[#@LINE-2]]:76: note: parameter declared here

  hpar::parallel_for("member_index", n, HPAR_LAMBDA(const member_type& team) { (void)team; });
  // CHECK: signatures.cpp:[[#@LINE-1]]:41: error: parallel_for over RangePolicy calls the functor as f(i), but the lambda of kernel 'hpar_member_index_L[[#@LINE-1]]' takes (const member_type& team); 'const member_type& team' cannot take the index (an integer of type 'long') [hpar-functor-signature]
}

void accumulators(hpar::View<double*> x, int n) {
  double sum = 0;
  hpar::parallel_reduce("by_value", n, HPAR_LAMBDA(int i, double s) { s += x(i); }, sum);
  // CHECK: signatures.cpp:[[#@LINE-1]]:40: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_by_value_L[[#@LINE-1]]' takes its accumulator as 'double s'; it must be a non-const reference, or its contributions are lost [hpar-functor-signature]
  // CHECK: fix-it:"{{.*}}signatures.cpp":{[[#@LINE-2]]:65-[[#@LINE-2]]:65}:"&"
  // CHECK: signatures.cpp:[[#@LINE-3]]:66: note: parameter declared here

  hpar::parallel_reduce("const_ref", n, HPAR_LAMBDA(int i, const double& s) { (void)s; }, sum);
  // CHECK: signatures.cpp:[[#@LINE-1]]:41: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_const_ref_L[[#@LINE-1]]' takes its accumulator as 'const double& s'; it must be a non-const reference, or its contributions are lost [hpar-functor-signature]

  long total = 0;
  hpar::parallel_scan("update_value", n, HPAR_LAMBDA(int i, long update, bool final) { update += i; }, total);
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
  // CHECK: signatures.cpp:[[#@LINE-1]]:41: error: parallel_reduce over RangePolicy calls the functor as f(i, value&) with its value_type 'double', but operator() of 'OwnValue' in kernel 'hpar_own_value_L[[#@LINE-1]]' takes its accumulator as 'float& v'; it must be a 'double&' [hpar-functor-signature]
}

// A dispatch in a function template is checked in its instantiation.
template <class T>
T total_of(hpar::View<T*> x) {
  T s{};
  hpar::parallel_reduce("in_template", x.extent(0), HPAR_LAMBDA(int i) { x(i) = 0; }, s);
  // CHECK: signatures.cpp:[[#@LINE-1]]:53: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_in_template_L[[#@LINE-1]]' takes (int i) [hpar-functor-signature]
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
