// OpenMP scans are two target regions around a host pass over chunk totals; MDRange loops are
// collapse(N) nests in the order of the policy's iteration direction.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -c %t.cpp -o %t.o %}
// RUN: %if gcc-openmp %{ %gxx-omp -c %t.cpp -o %t.gcc.o %}
#include <hpar/hpar.hpp>

// CHECK-LABEL: // hpar: parallel_scan "offsets"
// CHECK: // Pass 1: the total of each chunk.
// CHECK: sp.call(fn, v, false, index_type(i));
// CHECK: chunks.exclusive_offsets();
// CHECK: // Pass 2: each chunk again from its offset, with final = true.
// CHECK: sp.call(fn, v, true, index_type(i));
// CHECK: chunks.store_total();
void offsets(hpar::View<int*> counts, hpar::View<int*> starts) {
  hpar::parallel_scan("offsets", counts.extent(0), [=](int i, int& update, bool final) {
    if (final) starts(i) = update;
    update += counts(i);
  });
}

// CHECK-LABEL: // hpar: parallel_for "fill3"
// CHECK: if constexpr (Policy::inner_left) {
// CHECK-NEXT: #pragma omp target teams distribute parallel for {{.*}} collapse(3)
// CHECK-NEXT: for (int64_t i2 = l2; i2 < u2; ++i2)
// CHECK-NEXT: for (int64_t i1 = l1; i1 < u1; ++i1)
// CHECK-NEXT: for (int64_t i0 = l0; i0 < u0; ++i0) {
// CHECK-NEXT: const Functor& fn = *reinterpret_cast<const Functor*>(f_bytes);
// CHECK-NEXT: fn(index_type(i0), index_type(i1), index_type(i2));
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: #pragma omp target teams distribute parallel for {{.*}} collapse(3)
// CHECK-NEXT: for (int64_t i0 = l0; i0 < u0; ++i0)
void fill3(hpar::View<double***> a) {
  hpar::parallel_for("fill3", hpar::MDRangePolicy<hpar::Rank<3>>({0, 0, 0}, {a.extent(0), a.extent(1), a.extent(2)}),
                     [=](int i, int j, int k) { a(i, j, k) = i + j + k; });
}
