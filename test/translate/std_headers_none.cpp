// A program that needs none of Kokkos_Core.hpp's standard headers beyond its own includes gets
// none of them; one whose conditional directives test a macro of the compiler's own
// (__CUDACC__: the translator's parse and nvcc's may see different code) keeps them all, as does
// one that includes a library's header from a system include path that includes the Kokkos API
// (analysis reads only the user's files; such a header may rely on Kokkos_Core.hpp's headers).
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s --check-prefix=CHECK-NONE
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %hpar-translate --backend=cuda %s -o %t.macro.cu -- -DTEST_COMPILER_MACRO
// RUN: grep -v CHECK %t.macro.cu | %FileCheck %s --check-prefix=CHECK-MACRO
// RUN: %if nvcc %{ %nvcc -c %t.macro.cu -o %t.macro.o -DTEST_COMPILER_MACRO %}
// RUN: %hpar-translate --backend=cuda %s -o %t.lib.cu -- -DTEST_SYSTEM_LIB -isystem %S/Inputs/system_lib
// RUN: grep -v CHECK %t.lib.cu | %FileCheck %s --check-prefix=CHECK-MACRO
// RUN: %if nvcc %{ %nvcc -c %t.lib.cu -o %t.lib.o -DTEST_SYSTEM_LIB -isystem %S/Inputs/system_lib %}
// CHECK-NONE: // Of the standard headers Kokkos_Core.hpp includes, this program needs none beyond its own
// CHECK-NONE-NEXT: // includes (each costs the compiler its parse).
// CHECK-NONE-NEXT: #define HPAR_IMPL_CHOSEN_STD_HEADERS 1
// CHECK-NONE-NEXT: #line 1 "{{.*}}std_headers_none.cpp"
// CHECK-NONE-NEXT: // A program that needs none
// CHECK-MACRO-NOT: HPAR_IMPL_CHOSEN_STD_HEADERS
#include <Kokkos_Core.hpp>

#include <cstdio>
#ifdef TEST_SYSTEM_LIB
#include <kokkos_based_lib.hpp>
#endif

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    Kokkos::View<int*> a("a", 8);
    Kokkos::parallel_for("fill", 8, KOKKOS_LAMBDA(const int i) { a(i) = i; });
#ifdef TEST_COMPILER_MACRO
#if defined(__CUDACC__)
    std::cout << "compiled by nvcc" << std::endl;
#endif
#endif
    std::printf("%d\n", int(a.extent(0)));
#ifdef TEST_SYSTEM_LIB
    std::printf("%d\n", kokkos_based_lib_count());
#endif
  }
  Kokkos::finalize();
}
