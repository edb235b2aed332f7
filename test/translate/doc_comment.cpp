// A generated kernel goes before the documentation comment of the function that holds its
// dispatch, so that the comment stays with the function it documents (`///` and `/** */`, a
// function template's included).
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s
#include <Kokkos_Core.hpp>

/// Doubles every element of x.
/// (Two lines of documentation.)
void twice(Kokkos::View<double*> x) {
  Kokkos::parallel_for("twice", x.extent(0), KOKKOS_LAMBDA(const int i) { x(i) *= 2; });
}
// CHECK: // hpar: parallel_for "twice" (RangePolicy) from doc_comment.cpp:13
// CHECK-NOT: Doubles every element
// CHECK: /// Doubles every element of x.
// CHECK-NEXT: /// (Two lines of documentation.)
// CHECK-NEXT: void twice(Kokkos::View<double*> x) {

/** Adds a to every element of x. */
template <class T>
void add(Kokkos::View<T*> x, T a) {
  Kokkos::parallel_for("add", x.extent(0), KOKKOS_LAMBDA(const int i) { x(i) += a; });
}
template void add<double>(Kokkos::View<double*>, double);
// CHECK: // hpar: parallel_for "add" (RangePolicy) from doc_comment.cpp:24
// CHECK-NOT: Adds a to every
// CHECK: /** Adds a to every element of x. */
// CHECK-NEXT: template <class T>
// CHECK-NEXT: void add(Kokkos::View<T*> x, T a) {

// A plain comment is not documentation: the kernel goes right before the function.
void halve(Kokkos::View<double*> x) {
  Kokkos::parallel_for("halve", x.extent(0), KOKKOS_LAMBDA(const int i) { x(i) /= 2; });
}
// CHECK: // A plain comment is not documentation
// CHECK: // hpar: parallel_for "halve" (RangePolicy) from doc_comment.cpp:[[#@LINE-3]]
