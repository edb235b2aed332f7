// A dispatch over *this in a member template that the source defines for a class of a header
// (Inputs/templates/particles.hpp), and one in a member of a class template defined out of the
// class. Their instantiations are reached through the class in the header, but the dispatches
// are written here, in file-scope definitions: each kernel goes before its definition in this
// file, and the header, which holds no dispatch, is not copied.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hpar-translate --check %s -- -I%S/Inputs/templates 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t/main.cu -- -I%S/Inputs/templates
// RUN: grep -v '^// [A-Z-]*:' %t/main.cu | %FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: not ls %t/member_template.hpar-headers
// RUN: %hpar-translate --backend=openmp %s -o %t/main.cpp -- -I%S/Inputs/templates
// RUN: grep -v '^// [A-Z-]*:' %t/main.cpp | %FileCheck %s --check-prefixes=CHECK,OMP
// RUN: %if nvcc %{ %nvcc -c %t/main.cu -o %t/main.o -I%S/Inputs/templates %}
// RUN: %if gcc-openmp %{ %gxx-omp -c %t/main.cpp -o %t/main.o -I%S/Inputs/templates %}
// LEGAL-NOT: {{error|warning}}
#include "particles.hpp"

// CHECK: #include "particles.hpp"
// CHECK-LABEL: // hpar: parallel_for "push" (RangePolicy) from member_template.cpp:28
// CUDA: void hpar_push_L28_launch(
// OMP: void hpar_push_L28(
// CHECK: template <int Steps>
// CHECK-NEXT: void Particles::advance() {
// CHECK: hpar_push_L28{{(_launch)?}}("push", Kokkos::RangePolicy<Push>(0, x.extent(0)), *this);
template <int Steps>
void Particles::advance() {
  for (int s = 0; s < Steps; ++s)
    Kokkos::parallel_for("push", Kokkos::RangePolicy<Push>(0, x.extent(0)), *this);
}

// CHECK-LABEL: // hpar: parallel_reduce "squared" (RangePolicy) from member_template.cpp:38
// CHECK: template <class Scalar>
// CHECK-NEXT: Scalar Norm<Scalar>::squared() const {
// CHECK: hpar_squared_L38{{(_launch)?}}("squared", x.extent(0), *this, s);
template <class Scalar>
Scalar Norm<Scalar>::squared() const {
  Scalar s = 0;
  Kokkos::parallel_reduce("squared", x.extent(0), *this, s);
  return s;
}

// CHECK-LABEL: double run(
// CHECK-NOT: hpar_
double run(Particles& p) {
  p.advance<2>();
  p.advance<3>();
  return Norm<double>{p.x}.squared() + Norm<float>{Kokkos::View<float*>("y", 4)}.squared();
}
