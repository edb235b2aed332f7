// Top-level functor lambdas must capture by value: by-reference captures, members used through
// the captured 'this' pointer, and 'mutable' are rejected, each with a fix-it where the capture
// list or the keyword is written in the file.
// RUN: not %hpar-translate --check %s -- -fdiagnostics-parseable-fixits 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: lambda of kernel 'hpar_default_ref_L[[#]]' captures 'x' and 'a' by reference
#include <hpar/hpar.hpp>

void by_reference(hpar::View<double*> x, double a, int n) {
  hpar::parallel_for("default_ref", n, [&](int i) { x(i) = a * i; });
  // CHECK: captures.cpp:[[#@LINE-1]]:41: error: lambda of kernel 'hpar_default_ref_L[[#@LINE-1]]' captures 'x' and 'a' by reference: its copy on the device would refer to host memory; capture by value [hpar-capture-by-ref]
  // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:40-[[#@LINE-2]]:43}:"[=]"
  // CHECK: captures.cpp:[[#@LINE-3]]:53: note: 'x' captured by reference here
  // CHECK: captures.cpp:[[#@LINE-4]]:60: note: 'a' captured by reference here

  hpar::parallel_for("explicit_ref", n, [&x, a](int i) { x(i) = a * i; });
  // CHECK: captures.cpp:[[#@LINE-1]]:42: error: lambda of kernel 'hpar_explicit_ref_L[[#@LINE-1]]' captures 'x' by reference: its copy on the device would refer to host memory; capture by value [hpar-capture-by-ref]
  // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:41-[[#@LINE-2]]:48}:"[x, a]"
  // CHECK: captures.cpp:[[#@LINE-3]]:43: note: 'x' captured by reference here

  hpar::parallel_for("mixed_ref", n, [=, &a](int i) { x(i) = a * i; });
  // CHECK: captures.cpp:[[#@LINE-1]]:42: error: lambda of kernel 'hpar_mixed_ref_L[[#@LINE-1]]' captures 'a' by reference{{.*}}[hpar-capture-by-ref]
  // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:38-[[#@LINE-2]]:45}:"[=]"
  // CHECK: captures.cpp:[[#@LINE-3]]:43: note: 'a' captured by reference here

  // A lambda kept in a variable and passed by name is the functor all the same.
  auto body = [&](int i) { x(i) = 0; };
  hpar::parallel_for("named", n, body);
  // CHECK: captures.cpp:[[#@LINE-2]]:16: error: lambda of kernel 'hpar_named_L[[#@LINE-1]]' captures 'x' by reference{{.*}}[hpar-capture-by-ref]
  // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-3]]:15-[[#@LINE-3]]:18}:"[=]"
  // CHECK: captures.cpp:[[#@LINE-4]]:28: note: 'x' captured by reference here

  // A by-reference default that captures nothing is still rejected: kernels capture by value.
  hpar::parallel_for("nothing", n, [&](int i) { (void)i; });
  // CHECK: captures.cpp:[[#@LINE-1]]:37: error: lambda of kernel 'hpar_nothing_L[[#@LINE-1]]' has the by-reference capture default '&': a kernel's lambda is copied to the device, where references to host variables are invalid; capture by value [hpar-capture-by-ref]
  // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:36-[[#@LINE-2]]:39}:"[=]"
}

void mutable_lambdas(hpar::View<int*> x, int count, int n) {
  hpar::parallel_for("plain_mutable", n, [=](int i) mutable { x(i) = count++; });
  // CHECK: captures.cpp:[[#@LINE-1]]:53: error: lambda of kernel 'hpar_plain_mutable_L[[#@LINE-1]]' is 'mutable': every device thread would change its own copy of the captures; remove 'mutable' and keep changing state in a View [hpar-mutable-lambda]
  // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:53-[[#@LINE-2]]:61}:""

  hpar::parallel_for("macro_mutable", n, HPAR_LAMBDA(int i) mutable { x(i) = count++; });
  // CHECK: captures.cpp:[[#@LINE-1]]:61: error: lambda of kernel 'hpar_macro_mutable_L[[#@LINE-1]]' is 'mutable'{{.*}}[hpar-mutable-lambda]
  // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:61-[[#@LINE-2]]:69}:""
}

struct Solver {
  hpar::View<double*> x;
  double factor = 2;
  int n = 10;

  void run() {
    hpar::parallel_for("macro_this", n, HPAR_LAMBDA(int i) { x(i) = factor * i; });
    // CHECK: captures.cpp:[[#@LINE-1]]:41: error: lambda of kernel 'hpar_macro_this_L[[#@LINE-1]]' uses members of 'Solver' through the captured 'this' pointer, a host address on the device; capture the object by value with '[=, *this]' (HPAR_CLASS_LAMBDA, KOKKOS_CLASS_LAMBDA) [hpar-capture-this]
    // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:41-[[#@LINE-2]]:52}:"HPAR_CLASS_LAMBDA"
    // CHECK: captures.cpp:[[#@LINE-3]]:62: note: member 'x' used through 'this' here

    hpar::parallel_for("copy_default", n, [=](int i) { x(i) = factor * i; });
    // CHECK: captures.cpp:[[#@LINE-1]]:44: error: lambda of kernel 'hpar_copy_default_L[[#@LINE-1]]' uses members of 'Solver' through the captured 'this' pointer{{.*}}[hpar-capture-this]
    // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:45-[[#@LINE-2]]:45}:", *this"
    // CHECK: captures.cpp:[[#@LINE-3]]:56: note: member 'x' used through 'this' here

    hpar::parallel_for("explicit_this", n, [this](int i) { x(i) = factor * i; });
    // CHECK: captures.cpp:[[#@LINE-1]]:45: error: lambda of kernel 'hpar_explicit_this_L[[#@LINE-1]]' uses members of 'Solver' through the captured 'this' pointer{{.*}}[hpar-capture-this]
    // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:45-[[#@LINE-2]]:49}:"*this"
    // CHECK: captures.cpp:[[#@LINE-3]]:60: note: member 'x' used through 'this' here

    // '[&]' in a member function: one fix-it, on the by-reference report, settles both.
    hpar::parallel_for("ref_this", n, [&](int i) { x(i) = factor * i; });
    // CHECK: captures.cpp:[[#@LINE-1]]:40: error: lambda of kernel 'hpar_ref_this_L[[#@LINE-1]]' has the by-reference capture default '&'{{.*}}[hpar-capture-by-ref]
    // CHECK: fix-it:"{{.*}}captures.cpp":{[[#@LINE-2]]:39-[[#@LINE-2]]:42}:"[=, *this]"
    // CHECK: captures.cpp:[[#@LINE-3]]:40: error: lambda of kernel 'hpar_ref_this_L[[#@LINE-3]]' uses members of 'Solver' through the captured 'this' pointer{{.*}}[hpar-capture-this]
    // CHECK-NOT: fix-it
    // CHECK: captures.cpp:[[#@LINE-5]]:52: note: member 'x' used through 'this' here

    // A member function called through 'this' is a use of 'this' too.
    hpar::parallel_for("member_call", n, HPAR_LAMBDA(int i) { x(i) = scale(i); });
    // CHECK: captures.cpp:[[#@LINE-1]]:42: error: lambda of kernel 'hpar_member_call_L[[#@LINE-1]]' uses members of 'Solver' through the captured 'this' pointer{{.*}}[hpar-capture-this]
    // CHECK: captures.cpp:[[#@LINE-2]]:63: note: member 'x' used through 'this' here
  }
  HPAR_INLINE_FUNCTION double scale(int i) const { return factor * i; }
};
// CHECK-NOT: [hpar-capture
// CHECK-NOT: [hpar-mutable
