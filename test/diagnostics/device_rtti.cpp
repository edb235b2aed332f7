// typeid and dynamic_cast need run-time type information, which device code does not have; nvcc
// rejects every dynamic_cast in device code, an upcast too.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>
#include <typeinfo>

struct Shape {
  virtual ~Shape() {}
};
struct Circle : Shape {
  double r = 1;
};

HPAR_INLINE_FUNCTION double radius(const Shape* s) {
  const Circle* c = dynamic_cast<const Circle*>(s);
  return c ? c->r : 0;
}

void rtti(hpar::View<double*> x, Circle* shapes) {
  hpar::parallel_for("rtti", x.extent(0), HPAR_LAMBDA(int i) {
    x(i) = radius(&shapes[i]);
    if (typeid(shapes[i]) == typeid(Circle)) x(i) += 1;
    if (dynamic_cast<Shape*>(&shapes[i]) != nullptr) x(i) += 2;
  });
}
// CHECK: device_rtti.cpp:18:21: error: 'radius' (reached from kernel 'hpar_rtti_L23') uses 'dynamic_cast'; device code has no run-time type information [hpar-device-rtti]
// CHECK: device_rtti.cpp:24:12: note: 'radius' called from kernel 'hpar_rtti_L23' here
// CHECK: device_rtti.cpp:25:9: error: kernel 'hpar_rtti_L23' uses 'typeid'; device code has no run-time type information [hpar-device-rtti]
// CHECK: device_rtti.cpp:25:30: error: kernel 'hpar_rtti_L23' uses 'typeid'; device code has no run-time type information [hpar-device-rtti]
// CHECK: device_rtti.cpp:26:9: error: kernel 'hpar_rtti_L23' uses 'dynamic_cast'; device code has no run-time type information [hpar-device-rtti]
// CHECK-NOT: error:
// CHECK: 4 errors generated.
