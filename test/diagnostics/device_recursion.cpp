// A function reached from a kernel that calls itself, directly or through other functions, is
// rejected once, at the call that closes the cycle, with the chain of calls as notes; recursion
// on the host is not (see device_legal.cpp).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

long factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }
long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

bool is_odd(int n);
bool is_even(int n) { return n == 0 ? true : is_odd(n - 1); }
bool is_odd(int n) { return n == 0 ? false : is_even(n - 1); }
int parity(int n) { return is_even(n) ? 0 : 1; }

template <int N> struct Depth {
  static int get(int v) { return v == 0 ? N : get(v - 1); }
};

struct Walk {
  hpar::View<long*> x;
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) = i > 0 ? (*this)(i - 1), 1 : 0; }
};

void recursion(hpar::View<long*> x) {
  hpar::parallel_for("direct", x.extent(0), HPAR_LAMBDA(int i) { x(i) = factorial(i) + fib(i); });
  hpar::parallel_for("mutual", x.extent(0), HPAR_LAMBDA(int i) { x(i) = parity(i) + Depth<3>::get(i); });
  hpar::parallel_for("again", x.extent(0), HPAR_LAMBDA(int i) { x(i) = fib(i) + is_odd(i); });
  hpar::parallel_for("functor", x.extent(0), Walk{x});
}
// CHECK: device_recursion.cpp:10:49: error: 'factorial' (reached from kernel 'hpar_direct_L28') calls itself recursively; hpar does not allow recursion in device code, whose stack depth is not portable [hpar-device-recursion]
// CHECK: device_recursion.cpp:28:73: note: 'factorial' called from kernel 'hpar_direct_L28' here
// CHECK: device_recursion.cpp:11:38: error: 'fib' (reached from kernel 'hpar_direct_L28') calls itself recursively; hpar does not allow recursion in device code, whose stack depth is not portable [hpar-device-recursion]
// CHECK: device_recursion.cpp:28:88: note: 'fib' called from kernel 'hpar_direct_L28' here
// CHECK: device_recursion.cpp:15:46: error: 'is_odd' (reached from kernel 'hpar_mutual_L29') calls 'is_even' recursively; hpar does not allow recursion in device code, whose stack depth is not portable [hpar-device-recursion]
// CHECK: device_recursion.cpp:14:46: note: 'is_odd' called from 'is_even' here
// CHECK: device_recursion.cpp:16:28: note: 'is_even' called from 'parity' here
// CHECK: device_recursion.cpp:29:73: note: 'parity' called from kernel 'hpar_mutual_L29' here
// CHECK: device_recursion.cpp:19:47: error: 'Depth<3>::get' (reached from kernel 'hpar_mutual_L29') calls itself recursively; hpar does not allow recursion in device code, whose stack depth is not portable [hpar-device-recursion]
// CHECK: device_recursion.cpp:29:85: note: 'Depth<3>::get' called from kernel 'hpar_mutual_L29' here
// CHECK: device_recursion.cpp:24:70: error: 'Walk::operator()' of kernel 'hpar_functor_L31' calls itself recursively; hpar does not allow recursion in device code, whose stack depth is not portable [hpar-device-recursion]
// CHECK: device_recursion.cpp:31:3: note: 'Walk::operator()' runs as kernel 'hpar_functor_L31', launched here
// CHECK-NOT: error:
// CHECK: 5 errors generated.
