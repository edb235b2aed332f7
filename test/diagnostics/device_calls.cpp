// Calls that cannot run on the device are rejected, naming the function and the call site.
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

void calls(hpar::View<double*> x, Shape s) {
  hpar::parallel_for("calls", x.extent(0), HPAR_LAMBDA(int i) {
    x(i) = external(x(i));
    // CHECK: device_calls.cpp:[[@LINE-1]]:12: error: kernel 'hpar_calls_L17' calls 'external', whose definition is not visible in this file, so it cannot be compiled for the device
    // CHECK: device_calls.cpp:7:8: note: 'external' declared here
    x(i) += helper_unmarked(x(i)) + helper_marked(x(i));
    // CHECK: device_calls.cpp:[[@LINE-1]]:13: error: kernel 'hpar_calls_L17' calls 'helper_unmarked', which is defined in another file without HPAR_INLINE_FUNCTION or HPAR_FUNCTION
    // CHECK: helpers.hpp:3:15: note: 'helper_unmarked' defined here
    x(i) += s.area();
    // CHECK: device_calls.cpp:[[@LINE-1]]:13: error: kernel 'hpar_calls_L17' calls virtual function 'Shape::area', which cannot be called on the device
    x(i) += checked(x(i));
    // CHECK: device_calls.cpp:12:14: error: 'throw' cannot run on the device (reached from kernel 'hpar_calls_L17')
  });
}
// CHECK-NOT: helper_marked
