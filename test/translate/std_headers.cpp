// Of the standard headers Kokkos_Core.hpp brings in, the output includes only those the program
// needs beyond its own includes (analysis/StdHeaders.h): each costs nvcc's front ends their
// parse. This program names std::cout (only <iostream> declares it), std::function and
// std::ostringstream without including them, and includes <cstdio> itself; every output must
// still compile, on every backend.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %hpar-translate --backend=openmp %s -o %t.omp.cpp
// RUN: grep -v CHECK %t.omp.cpp | %FileCheck %s
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.omp.cpp %}
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.omp.cpp %}
// CHECK: // Of the standard headers Kokkos_Core.hpp includes, this program needs these beyond its own
// CHECK-NEXT: // includes (each costs the compiler its parse):
// CHECK-NEXT: #define HPAR_IMPL_CHOSEN_STD_HEADERS 1
// CHECK-NOT: #include <cstdio>
// CHECK: #include <functional>
// CHECK: #include <iostream>
// CHECK: #include <Kokkos_Core.hpp>
#include <Kokkos_Core.hpp>

#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    Kokkos::View<double*> a("a", 10);
    Kokkos::parallel_for("fill", 10, KOKKOS_LAMBDA(const int i) { a(i) = i; });
    std::function<double(double)> twice = [](double x) { return 2 * x; };
    std::ostringstream text;
    text << twice(1.5);
    std::printf("%s\n", text.str().c_str());
    std::cout << "done" << std::endl;
  }
  Kokkos::finalize();
}
