// A lambda written without HPAR_LAMBDA gets an execution space; a HPAR_LAMBDA one is left alone.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>

void twice(hpar::View<double*> x) {
  hpar::parallel_for("twice", x.extent(0), [=](int i) { x(i) *= 2; });
  // CHECK: hpar_twice_L[[@LINE-1]]_launch("twice", x.extent(0), [=] __host__ __device__(int i) { x(i) *= 2; });
  auto body = [=](int i) { x(i) += 1; };
  // CHECK: auto body = [=] __host__ __device__(int i) { x(i) += 1; };
  hpar::parallel_for("plus_one", x.extent(0), body);
  // CHECK: hpar_plus_one_L[[@LINE-1]]_launch("plus_one", x.extent(0), body);
  hpar::parallel_for("kept", x.extent(0), HPAR_LAMBDA(int i) { x(i) -= 1; });
  // CHECK: hpar_kept_L[[@LINE-1]]_launch("kept", x.extent(0), HPAR_LAMBDA(int i) { x(i) -= 1; });
}
