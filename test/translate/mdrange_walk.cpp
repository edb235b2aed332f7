// Nested ThreadVectorMDRange and TeamVectorMDRange patterns whose closure indexes Views at stride 1
// with its other end index than Rank's direction walks fastest: the output wraps the range in
// hpar::impl::walk_last_fastest or walk_first_fastest (docs/design.md section 8), on both backends.
// Left as written: a range already walked that way, a TeamThreadMDRange (its threads take the
// slowest index), a tie between the two ends, and subscripts that are not the closure's indices.
// The OpenMP run is for a GPU (HPAR_OPENMP_OFFLOAD), whose default layout is Left.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v CHECK %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.cpp %}
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

void walks(Kokkos::View<double***, Kokkos::LayoutRight> r, Kokkos::View<double***, Kokkos::LayoutLeft> l,
           Kokkos::View<double***> d) {
  Kokkos::parallel_for("walks", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    // Default is Left on both backends; r is stride 1 in k.
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, 2, 3, 4), [&](int i, int j, int k) { r(i, j, k) = 1; });
    // CHECK: Kokkos::parallel_for(hpar::impl::walk_last_fastest(Kokkos::TeamVectorMDRange(team, 2, 3, 4)), [&](int i, int j, int k) { r(i, j, k) = 1; });
    double s = 0;
    Kokkos::parallel_reduce(Kokkos::ThreadVectorMDRange(team, 3, 4), [&](int j, int k, double& v) { v += r(0, j, k); }, s);
    // CHECK: Kokkos::parallel_reduce(hpar::impl::walk_last_fastest(Kokkos::ThreadVectorMDRange(team, 3, 4)), [&](int j, int k, double& v) { v += r(0, j, k); }, s);
    // Iterate::Right over l, stride 1 in i.
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange<Kokkos::Rank<3, Kokkos::Iterate::Right>, member_type>(team, 2, 3, 4),
                         [&](int i, int j, int k) { l(i, j, k) = s; });
    // CHECK: Kokkos::parallel_for(hpar::impl::walk_first_fastest(Kokkos::TeamVectorMDRange<Kokkos::Rank<3, Kokkos::Iterate::Right>, member_type>(team, 2, 3, 4)),
    // Already so: Right over r, Default over l and over d (the device default layout is Left).
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange<Kokkos::Rank<3, Kokkos::Iterate::Right>, member_type>(team, 2, 3, 4),
                         [&](int i, int j, int k) { r(i, j, k) = 2; });
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, 2, 3, 4), [&](int i, int j, int k) { l(i, j, k) = 2; });
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, 2, 3, 4), [&](int i, int j, int k) { d(i, j, k) = 2; });
    // Threads on the slowest index: not turned.
    Kokkos::parallel_for(Kokkos::TeamThreadMDRange(team, 2, 3, 4), [&](int i, int j, int k) { r(i, j, k) = 3; });
    // A tie, and subscripts that are expressions.
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, 2, 3, 4), [&](int i, int j, int k) { r(i, j, k) = l(i, j, k); });
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, 2, 3, 4), [&](int i, int j, int k) { r(i, j, k + 0) = 4; });
  });
}
// CHECK-NOT: walk_
