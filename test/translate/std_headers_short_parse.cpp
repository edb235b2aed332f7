// The translator first parses a program without Kokkos_Core.hpp's standard headers (the short
// parse, analysis/StdHeaders.h). This program, whose only conditional directives are its header's
// include guard, needs none of them: its output is the short parse's, and the depfile lists no
// header of that parse's absence (<functional>, <sstream>, complex_std.hpp). A program that names
// what only those headers declare (std::cout), tests a macro one of them defines (DBL_EPSILON),
// or includes <complex> (which brings complex_std.hpp) is parsed again with all of them: its
// depfile lists them, and its output includes what it uses. Each output must compile.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu --depfile %t.d -- -I%S/Inputs/short_parse
// RUN: %FileCheck %s --check-prefix=CHECK-SHORT < %t.d
// RUN: grep -v CHECK %t.cu | %FileCheck %s --check-prefix=CHECK-NONE
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o -I%S/Inputs/short_parse %}
// RUN: %hpar-translate --backend=cuda %S/Inputs/short_parse/uses_cout.cpp -o %t.cout.cu --depfile %t.cout.d
// RUN: %FileCheck %s --check-prefix=CHECK-FULL < %t.cout.d
// RUN: %FileCheck %s --check-prefix=CHECK-COUT < %t.cout.cu
// RUN: %if nvcc %{ %nvcc -c %t.cout.cu -o %t.cout.o %}
// RUN: %hpar-translate --backend=cuda %S/Inputs/short_parse/tests_macro.cpp -o %t.macro.cu --depfile %t.macro.d
// RUN: %FileCheck %s --check-prefix=CHECK-FULL < %t.macro.d
// RUN: %FileCheck %s --check-prefix=CHECK-MACRO < %t.macro.cu
// RUN: %if nvcc %{ %nvcc -c %t.macro.cu -o %t.macro.o %}
// RUN: %hpar-translate --backend=openmp %S/Inputs/short_parse/includes_complex.cpp -o %t.complex.cpp --depfile %t.complex.d
// RUN: %FileCheck %s --check-prefix=CHECK-COMPLEX < %t.complex.d
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.complex.cpp %}
// CHECK-SHORT: guarded.hpp
// CHECK-SHORT-NOT: {{/functional( |$)}}
// CHECK-SHORT-NOT: {{/sstream( |$)}}
// CHECK-SHORT-NOT: complex_std.hpp
// CHECK-NONE: #define HPAR_IMPL_CHOSEN_STD_HEADERS 1
// CHECK-NONE-NOT: #include <
// CHECK-NONE: #include "guarded.hpp"
// CHECK-FULL: {{/functional( |$)}}
// CHECK-COUT: #define HPAR_IMPL_CHOSEN_STD_HEADERS 1
// CHECK-COUT: #include <iostream>
// CHECK-MACRO: #define HPAR_IMPL_CHOSEN_STD_HEADERS 1
// CHECK-MACRO: #include <cfloat>
// CHECK-COMPLEX: complex_std.hpp
#include "guarded.hpp"

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> a("a", 8);
  Kokkos::parallel_for("fill", 8, KOKKOS_LAMBDA(const int i) { a(i) = doubled(i); });
  return 0;
}
