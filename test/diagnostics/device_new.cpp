// 'new' and 'delete' cannot run on the device (placement new into existing storage can: see
// device_legal.cpp), in a lambda, in a class functor and in the functions they reach.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>
#include <new>

void release(double* p) { delete p; }

struct Allocate {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(int i) const {
    double* p = new double(x(i));
    release(p);
  }
};

void allocations(hpar::View<double*> x) {
  hpar::parallel_for("allocate", x.extent(0), Allocate{x});
  hpar::parallel_for("arrays", x.extent(0), HPAR_LAMBDA(int i) {
    int* a = new int[4];
    int* b = new (std::nothrow) int(1);
    x(i) = a[0] + *b;
    delete[] a;
  });
}
// CHECK: device_new.cpp:15:17: error: 'Allocate::operator()' of kernel 'hpar_allocate_L21' allocates memory with 'new'; device code cannot allocate memory: allocate a View before the dispatch, or use scratch memory [hpar-device-new]
// CHECK-NEXT: 15 | double* p = new double(x(i));
// CHECK-NEXT: | ^~~~~~~~~~~~~~~~
// CHECK: device_new.cpp:21:3: note: 'Allocate::operator()' runs as kernel 'hpar_allocate_L21', launched here
// CHECK: device_new.cpp:10:27: error: 'release' (reached from kernel 'hpar_allocate_L21') frees memory with 'delete'; device code cannot free memory [hpar-device-new]
// CHECK: device_new.cpp:16:5: note: 'release' called from 'Allocate::operator()' here
// CHECK: device_new.cpp:21:3: note: 'Allocate::operator()' runs as kernel 'hpar_allocate_L21', launched here
// CHECK: device_new.cpp:23:14: error: kernel 'hpar_arrays_L22' allocates memory with 'new[]'; device code cannot allocate memory: allocate a View before the dispatch, or use scratch memory [hpar-device-new]
// CHECK: device_new.cpp:24:14: error: kernel 'hpar_arrays_L22' allocates memory with 'new'; device code cannot allocate memory: allocate a View before the dispatch, or use scratch memory [hpar-device-new]
// CHECK: device_new.cpp:26:5: error: kernel 'hpar_arrays_L22' frees memory with 'delete[]'; device code cannot free memory [hpar-device-new]
// CHECK-NOT: error:
// CHECK: 5 errors generated.
