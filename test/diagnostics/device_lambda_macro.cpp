// A kernel's lambda written through a macro other than HPAR_LAMBDA (or Kokkos' spellings):
// translation marks plain lambdas for the device itself, and cannot look inside the macro.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
#include <hpar/hpar.hpp>

#define MY_LAMBDA [=]

void twice(hpar::View<double*> x, int n) {
  hpar::parallel_for("twice", n, MY_LAMBDA(int i) { x(i) *= 2; });
  // CHECK: device_lambda_macro.cpp:[[#@LINE-1]]:34: error: lambda of kernel 'hpar_twice_L[[#@LINE-1]]' comes from macro 'MY_LAMBDA'; write it with HPAR_LAMBDA or plainly [hpar-device-lambda-macro]
  hpar::parallel_for("plain", n, [=](int i) { x(i) += 1; });
  hpar::parallel_for("hpar", n, HPAR_LAMBDA(int i) { x(i) += 1; });
}
// CHECK-NOT: error:
