// KOKKOS_ASSERT in a kernel, enabled as Kokkos enables it: unless NDEBUG is defined, or with
// KOKKOS_ENABLE_DEBUG. A false condition ends the program with a message that names the condition,
// the file and the line; disabled, the condition is not evaluated.
// RUN: %clangxx -std=c++17 %hpar-inc %s -o %t.serial
// RUN: not %t.serial 2>&1 | %FileCheck %s
// RUN: %clangxx -std=c++17 -DNDEBUG %hpar-inc %s -o %t.ndebug
// RUN: %t.ndebug | %FileCheck %s --check-prefix=OFF
// RUN: %clangxx -std=c++17 -DNDEBUG -DKOKKOS_ENABLE_DEBUG %hpar-inc %s -o %t.debug
// RUN: not %t.debug 2>&1 | %FileCheck %s
// RUN: %hpar-translate --backend=openmp %s -o %t.omp.cpp
// RUN: %if clang-openmp %{ %clangxx-omp %t.omp.cpp -o %t.omp-clang %}
// RUN: %if clang-openmp %{ not %t.omp-clang 2>&1 | %FileCheck %s %}
// RUN: %if gcc-openmp %{ %gxx-omp -DNDEBUG %t.omp.cpp -o %t.omp-gcc %}
// RUN: %if gcc-openmp %{ %t.omp-gcc | %FileCheck %s --check-prefix=OFF %}
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <Kokkos_Core.hpp>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> x("x", 8);
  Kokkos::parallel_for("fill", 8, KOKKOS_LAMBDA(const int i) { x(i) = i; });
  int evaluated = 0;
  Kokkos::parallel_reduce("check", 8, KOKKOS_LAMBDA(const int i, int& count) {
    KOKKOS_ASSERT(x(i) < 5 && (++count, true));
  }, evaluated);
  // CHECK: assertion `x(i) < 5 && (++count, true)` failed at {{.*}}kokkos_assert{{.*}}:{{[0-9]+}}
  // CHECK-NOT: conditions evaluated
  std::printf("conditions evaluated: %d\n", evaluated);
  // OFF: conditions evaluated: 0
  return 0;
}
