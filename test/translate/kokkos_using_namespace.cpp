// `using namespace Kokkos;` at file scope, as many Kokkos programs write it: unqualified math calls
// pick the C library's functions (hpar's are templates, so nothing is ambiguous), and nvcc's host
// stub, which compiles CUDA's math_functions.hpp after this code, still builds.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %if clang-openmp %{ %hpar-translate --backend=openmp %s -o %t.cpp && %clangxx-omp %t.cpp -o %t.omp && %t.omp | %FileCheck %s --check-prefix=OUT %}
#include <Kokkos_Core.hpp>
#include <cstdio>
using namespace Kokkos;

int main(int argc, char* argv[]) {
  ScopeGuard guard(argc, argv);
  View<double*> x("x", 4);
  parallel_for("roots", 4, KOKKOS_LAMBDA(int i) { x(i) = sqrt(double(i * i)) + Kokkos::fabs(-1.0) + pow(2.0, 1.0); });
  // CHECK: hpar_roots_L[[@LINE-1]]_launch("roots"
  auto h = create_mirror_view_and_copy(HostSpace(), x);
  std::printf("%g %g\n", h(0), h(3));
  // OUT: 3 6
}
