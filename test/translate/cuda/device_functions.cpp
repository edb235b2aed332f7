// Functions of this file reached from a kernel become __host__ __device__, transitively and
// for every declaration; annotated and library functions are left alone.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>
#include <cmath>

double square(double v);
// CHECK: __host__ __device__ double square(double v);

double square(double v) { return v * v; }
// CHECK: __host__ __device__ double square(double v) { return v * v; }

template <class T>
T cube(T v) { return square(v) * v; }
// CHECK: template <class T>
// CHECK-NEXT: __host__ __device__ T cube(T v)

HPAR_INLINE_FUNCTION double marked(double v) { return v + 1; }
// CHECK: HPAR_INLINE_FUNCTION double marked(double v)

double host_only(double v) { return v - 1; }
// CHECK: {{^}}double host_only(double v)

struct Scale {
  hpar::View<double*> x;
  double factor;
  void operator()(const int i) const { x(i) = cube(x(i)) * factor + std::sqrt(marked(1.0)); }
  // CHECK: __host__ __device__ void operator()(const int i) const
};

void run(hpar::View<double*> x) {
  hpar::parallel_for("scale", x.extent(0), Scale{x, 2.0});
  (void)host_only(1.0);
}
