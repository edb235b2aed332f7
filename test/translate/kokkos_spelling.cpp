// Kokkos spelling and namespace aliases are recognised through the API's annotations.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <Kokkos_Core.hpp>
namespace K = Kokkos;
using Kokkos::parallel_reduce;

double total(Kokkos::View<double*> x) {
  Kokkos::parallel_for("init", x.extent(0), KOKKOS_LAMBDA(int i) { x(i) = i; });
  // CHECK: hpar_init_L[[@LINE-1]]_launch("init", x.extent(0), [=] __device__(int i) { x(i) = i; });
  double s = 0;
  parallel_reduce("sum", K::RangePolicy<>(0, x.extent(0)), KOKKOS_LAMBDA(int i, double& a) { a += x(i); }, s);
  // CHECK: hpar_sum_L[[@LINE-1]]_launch("sum", K::RangePolicy<>
  return s;
}
