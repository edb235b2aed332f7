// Calls through pointers or references to functions and through pointers to member functions
// are rejected; calls of lambdas and functor objects, and of functions named through & or *,
// are direct calls (see device_legal.cpp).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

double square(double v) { return v * v; }
struct Scale {
  double k;
  double apply(double v) const { return k * v; }
};
using Op = double (*)(double);
double apply_op(Op op, double v) { return op(v); }

void pointers(hpar::View<double*> x, Scale s) {
  hpar::parallel_for("pointers", x.extent(0), HPAR_LAMBDA(int i) {
    double (*fp)(double) = square;
    double (&fr)(double) = square;
    double (Scale::*pm)(double) const = &Scale::apply;
    x(i) = fp(x(i)) + (*fp)(1) + fr(2) + (s.*pm)(3) + apply_op(square, 4);
  });
}
// CHECK: device_function_pointer.cpp:23:12: error: kernel 'hpar_pointers_L19' calls through function pointer 'fp'; the device cannot call through function pointers: call the function directly, or pass a functor or a lambda [hpar-device-function-pointer]
// CHECK: device_function_pointer.cpp:23:23: error: kernel 'hpar_pointers_L19' calls through function pointer 'fp'; the device cannot call through function pointers: call the function directly, or pass a functor or a lambda [hpar-device-function-pointer]
// CHECK: device_function_pointer.cpp:23:34: error: kernel 'hpar_pointers_L19' calls through function reference 'fr'; the device cannot call through function pointers: call the function directly, or pass a functor or a lambda [hpar-device-function-pointer]
// CHECK: device_function_pointer.cpp:23:42: error: kernel 'hpar_pointers_L19' calls through member function pointer 'pm'; the device cannot call through function pointers: call the function directly, or pass a functor or a lambda [hpar-device-function-pointer]
// CHECK: device_function_pointer.cpp:16:43: error: 'apply_op' (reached from kernel 'hpar_pointers_L19') calls through function pointer 'op'; the device cannot call through function pointers: call the function directly, or pass a functor or a lambda [hpar-device-function-pointer]
// CHECK: device_function_pointer.cpp:23:55: note: 'apply_op' called from kernel 'hpar_pointers_L19' here
// CHECK-NOT: error:
// CHECK: 5 errors generated.
