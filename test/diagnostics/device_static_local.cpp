// Static locals in device code: one copy would be shared by every thread on the device, apart
// from the host's, so only constants are allowed ('static constexpr', 'static const' with a
// constant initialiser: see device_legal.cpp). nvcc itself rejects thread_local and a dynamic
// initialiser.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

int count_calls(int v) {
  static int calls = 0;
  calls += 1;
  return v + calls;
}
int scaled(int v) {
  static const int factor = v * 2;
  thread_local int last = 0;
  last = v;
  return v * factor + last;
}
template <class T> T cached(T v) {
  static T first = v;
  return first;
}

void statics(hpar::View<int*> x) {
  hpar::parallel_for("statics", x.extent(0), HPAR_LAMBDA(int i) {
    static int seen;
    x(i) = count_calls(i) + scaled(i) + cached(i) + seen;
  });
}
// CHECK: device_static_local.cpp:29:16: error: kernel 'hpar_statics_L28' declares static local variable 'seen'; device code may only have constant static locals ('static constexpr', or 'static const' with a constant initialiser): every thread would share this one, apart from the host's copy [hpar-device-static-local]
// CHECK: device_static_local.cpp:12:14: error: 'count_calls' (reached from kernel 'hpar_statics_L28') declares static local variable 'calls'; device code may only have constant static locals ('static constexpr', or 'static const' with a constant initialiser): every thread would share this one, apart from the host's copy [hpar-device-static-local]
// CHECK: device_static_local.cpp:30:12: note: 'count_calls' called from kernel 'hpar_statics_L28' here
// CHECK: device_static_local.cpp:17:20: error: 'scaled' (reached from kernel 'hpar_statics_L28') declares static local variable 'factor' with a dynamic initialiser; the device cannot initialise a static at run time: initialise it with a constant expression [hpar-device-static-local]
// CHECK: device_static_local.cpp:30:29: note: 'scaled' called from kernel 'hpar_statics_L28' here
// CHECK: device_static_local.cpp:18:20: error: 'scaled' (reached from kernel 'hpar_statics_L28') declares thread_local variable 'last'; the device has no thread-local storage [hpar-device-static-local]
// CHECK: device_static_local.cpp:30:29: note: 'scaled' called from kernel 'hpar_statics_L28' here
// CHECK: device_static_local.cpp:23:12: error: 'cached<int>' (reached from kernel 'hpar_statics_L28') declares static local variable 'first'; device code may only have constant static locals ('static constexpr', or 'static const' with a constant initialiser): every thread would share this one, apart from the host's copy [hpar-device-static-local]
// CHECK: device_static_local.cpp:30:41: note: 'cached<int>' called from kernel 'hpar_statics_L28' here
// CHECK-NOT: error:
// CHECK: 5 errors generated.
