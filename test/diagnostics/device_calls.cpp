// Calls that cannot run on the device are rejected, naming the function and the call site: a
// function with no visible definition, one defined in another file without HPAR_INLINE_FUNCTION
// or HPAR_FUNCTION, a virtual function; and what a reached function does is checked in turn.
// RUN: not %hpar-translate --check %s -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>
#include "helpers.hpp"

double external(double v);
struct Shape {
  virtual double area() const { return 1; }
};
double checked(double v) {
  if (v < 0) throw v;
  return v;
}
double measure(const Shape& s) { return s.area(); }

void calls(hpar::View<double*> x, Shape s) {
  hpar::parallel_for("calls", x.extent(0), HPAR_LAMBDA(int i) {
    x(i) = external(x(i));
    // CHECK: device_calls.cpp:[[#@LINE-1]]:12: error: kernel 'hpar_calls_L[[#@LINE-2]]' calls 'external', whose definition is not visible in this file, so it cannot be compiled for the device [hpar-device-not-visible]
    // CHECK: device_calls.cpp:11:8: note: 'external' declared here
    x(i) += helper_unmarked(x(i)) + helper_marked(x(i));
    // CHECK: device_calls.cpp:[[#@LINE-1]]:13: error: kernel 'hpar_calls_L22' calls 'helper_unmarked', which is defined in another file without HPAR_INLINE_FUNCTION or HPAR_FUNCTION [hpar-device-header]
    // CHECK: helpers.hpp:3:15: note: 'helper_unmarked' defined here
    x(i) += s.area();
    // CHECK: device_calls.cpp:[[#@LINE-1]]:13: error: kernel 'hpar_calls_L22' calls virtual function 'Shape::area', which cannot be called on the device [hpar-device-virtual]
    x(i) += checked(x(i));
    // CHECK: device_calls.cpp:16:14: error: 'checked' (reached from kernel 'hpar_calls_L22') throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
    // CHECK: device_calls.cpp:[[#@LINE-2]]:13: note: 'checked' called from kernel 'hpar_calls_L22' here
  });
  hpar::parallel_for("measure", x.extent(0), HPAR_LAMBDA(int i) { x(i) = measure(s); });
  // CHECK: device_calls.cpp:19:41: error: 'measure' (reached from kernel 'hpar_measure_L[[#@LINE-1]]') calls virtual function 'Shape::area', which cannot be called on the device [hpar-device-virtual]
  // CHECK: device_calls.cpp:[[#@LINE-2]]:74: note: 'measure' called from kernel 'hpar_measure_L[[#@LINE-2]]' here
}
// CHECK-NOT: helper_marked
// CHECK-NOT: error:
// CHECK: 5 errors generated.
