// A function of the translated file that a kernel calls but that is also declared in a header
// without HPAR_FUNCTION: hpar cannot make the header's declaration device-callable.
// RUN: not %hpar-translate --check %s -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>
#include "device_declared.hpp"

double smooth(double v) { return v * v * (3 - 2 * v); }
double smoothed(double v) { return smooth(v) + 1; }

void declared(hpar::View<double*> x) {
  hpar::parallel_for("declared", x.extent(0), HPAR_LAMBDA(int i) { x(i) = smoothed(x(i)); });
}
// CHECK: device_declared.hpp:3:8: error: 'smooth' is called from kernel 'hpar_declared_L14' but declared in another file; mark it HPAR_FUNCTION [hpar-device-header]
// CHECK: device_declared.cpp:11:36: note: 'smooth' called from 'smoothed' here
// CHECK: device_declared.cpp:14:75: note: 'smoothed' called from kernel 'hpar_declared_L14' here
// CHECK-NOT: error:
// CHECK: 1 error generated.
