// A dispatch written in a function template is one kernel, but each instantiation runs its own
// functor: every instantiation is checked, not only the first. What several instantiations reach
// (a lambda of the template, a shared helper, a recursive template helper, whose specializations
// close their cycles at one call) is reported once.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

#define MY_LAMBDA [=]

double plain(double v) { return v * 2; }
double checked(double v) {
  if (v < 0) throw v;
  return v;
}
double shared(double v) {
  if (v > 1) throw 1;
  return v;
}

template <class T> T depth(T v) { return v <= 0 ? v : depth(v - 1); }

struct Plain {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) = plain(x(i)); }
};
struct Checked {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) = checked(x(i)); }
};

template <class F, class T>
void apply(hpar::View<double*> x, F f, T t) {
  hpar::parallel_for("apply", x.extent(0), f);
  hpar::parallel_for("both", x.extent(0), HPAR_LAMBDA(int i) { x(i) = shared(x(i)) + depth(t); });
  hpar::parallel_for("macro", x.extent(0), MY_LAMBDA(int i) { x(i) = t; });
}

void run(hpar::View<double*> x) {
  apply(x, Plain{x}, 1);
  apply(x, Checked{x}, 1.0);
}
// CHECK: device_template_dispatch.cpp:19:14: error: 'shared' (reached from kernel 'hpar_both_L37') throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_template_dispatch.cpp:37:71: note: 'shared' called from kernel 'hpar_both_L37' here
// CHECK: device_template_dispatch.cpp:23:55: error: 'depth<int>' (reached from kernel 'hpar_both_L37') calls itself recursively; hpar does not allow recursion in device code, whose stack depth is not portable [hpar-device-recursion]
// CHECK: device_template_dispatch.cpp:37:86: note: 'depth<int>' called from kernel 'hpar_both_L37' here
// CHECK: device_template_dispatch.cpp:38:44: error: lambda of kernel 'hpar_macro_L38' comes from macro 'MY_LAMBDA'; write it with HPAR_LAMBDA or plainly [hpar-device-lambda-macro]
// CHECK: device_template_dispatch.cpp:15:14: error: 'checked' (reached from kernel 'hpar_apply_L36') throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_template_dispatch.cpp:31:62: note: 'checked' called from 'Checked::operator()' here
// CHECK: device_template_dispatch.cpp:36:3: note: 'Checked::operator()' runs as kernel 'hpar_apply_L36', launched here
// CHECK-NOT: error:
// CHECK: 4 errors generated.
