// 'throw' and 'try' cannot run on the device: each is rejected where it is written, in the functor
// or in a function the kernel reaches, with the chain of calls from the kernel as notes; also in
// a branch 'if constexpr' discards, as nvcc does.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

double checked(double v) {
  if (v < 0) throw v;
  return v;
}
double guarded(double v) {
  try {
    return checked(v);
  } catch (double) {
    return 0;
  }
}
double fallback(double v) try { return v; } catch (...) { return 0; }
template <class T> T integral(T v) {
  if constexpr (sizeof(T) == 4) return v;
  else throw v;
}

void exceptions(hpar::View<double*> x) {
  hpar::parallel_for("exceptions", x.extent(0), HPAR_LAMBDA(int i) {
    x(i) = guarded(x(i)) + fallback(x(i));
    if (x(i) > 1) throw 1;
    x(i) += integral(i);
  });
}
// CHECK: device_exceptions.cpp:15:3: error: 'guarded' (reached from kernel 'hpar_exceptions_L28') has a 'try' block; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK-NEXT: 15 | try {
// CHECK-NEXT: | ^~~
// CHECK: device_exceptions.cpp:29:12: note: 'guarded' called from kernel 'hpar_exceptions_L28' here
// CHECK: device_exceptions.cpp:11:14: error: 'checked' (reached from kernel 'hpar_exceptions_L28') throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_exceptions.cpp:16:12: note: 'checked' called from 'guarded' here
// CHECK: device_exceptions.cpp:29:12: note: 'guarded' called from kernel 'hpar_exceptions_L28' here
// CHECK: device_exceptions.cpp:21:27: error: 'fallback' (reached from kernel 'hpar_exceptions_L28') has a 'try' block; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_exceptions.cpp:29:28: note: 'fallback' called from kernel 'hpar_exceptions_L28' here
// CHECK: device_exceptions.cpp:30:19: error: kernel 'hpar_exceptions_L28' throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_exceptions.cpp:24:8: error: 'integral<int>' (reached from kernel 'hpar_exceptions_L28') throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_exceptions.cpp:31:13: note: 'integral<int>' called from kernel 'hpar_exceptions_L28' here
// CHECK-NOT: error:
// CHECK: 5 errors generated.
