// OpenMP: a parallel_for becomes a named host function holding one target region; free
// functions it calls are wrapped in declare target; lambdas are not touched.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -c %t.cpp -o %t.o %}
// RUN: %if gcc-openmp %{ %gxx-omp -c %t.cpp -o %t.gcc.o %}
#include <hpar/hpar.hpp>

// CHECK: #include <hpar/rt/openmp.hpp>

// CHECK: #pragma omp declare target
// CHECK-NEXT: #line [[#@LINE+3]] "{{.*}}range_for.cpp"
// CHECK-NEXT: double twice(double v) { return 2 * v; }
// CHECK-NEXT: #pragma omp end declare target
double twice(double v) { return 2 * v; }

// CHECK-LABEL: // hpar: parallel_for "scale" (RangePolicy) from range_for.cpp:29
// CHECK-NEXT: template <class Label, class PolicyOrCount, class Functor>
// CHECK-NEXT: void hpar_scale_L29(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
// CHECK: const unsigned char* f_bytes = reinterpret_cast<const unsigned char*>(&f);
// CHECK-NEXT: const int64_t begin = policy.begin(), end = policy.end();
// CHECK-NEXT: #pragma omp target teams distribute parallel for device(hpar::rt::omp::device()) map(to: f_bytes[0:sizeof(Functor)])
// CHECK-NEXT: for (int64_t i = begin; i < end; ++i) {
// CHECK-NEXT: const Functor& fn = *reinterpret_cast<const Functor*>(f_bytes);
// CHECK-NEXT: fn(index_type(i));
// CHECK-NEXT: }
// CHECK: hpar_scale_L29("scale", hpar::RangePolicy<>(0, x.extent(0)), [=](int i) { x(i) = twice(x(i)); });
void scale(hpar::View<double*> x) {
  hpar::parallel_for("scale", hpar::RangePolicy<>(0, x.extent(0)), [=](int i) { x(i) = twice(x(i)); });
}
