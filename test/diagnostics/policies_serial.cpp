// Outside translation the header still rejects the ranks that hpar-translate reports itself
// (hpar-mdrange-rank, hpar-nested-mdrange-rank): its static_asserts are silent only while
// hpar-translate parses (__HPAR_TRANSLATING__).
// REQUIRES: clang-openmp
// RUN: not %clangxx-omp -fsyntax-only -DRANK9 %s 2>&1 | %FileCheck %s --check-prefix=RANK9
// RUN: not %clangxx-omp -fsyntax-only -DEXTENT1 %s 2>&1 | %FileCheck %s --check-prefix=EXTENT1
// RUN: not %hpar-translate --check %s -- -DRANK9 -DEXTENT1 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

#if defined(RANK9)
void nine(hpar::View<double*> x) {
  hpar::parallel_for("nine", hpar::MDRangePolicy<hpar::Rank<9>>(), HPAR_LAMBDA(int a, int, int, int, int, int, int, int, int) { x(a) = 1; });
}
// RANK9: policies.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed{{.*}}: hpar::Rank: MDRangePolicy rank is 2 to 8
// RANK9: policies_serial.cpp:[[#@LINE-3]]:30: note: in instantiation of template class 'hpar::MDRangePolicy<hpar::Rank<9>>' requested here
// TRANSLATE: policies_serial.cpp:[[#@LINE-4]]:30: error: MDRangePolicy of rank 9; an MDRangePolicy has 2 to 6 dimensions (Rank<2> to Rank<6>, as in Kokkos) [hpar-mdrange-rank]
#endif

#if defined(EXTENT1)
void one(hpar::View<double*> x) {
  hpar::parallel_for("one", hpar::TeamPolicy<>(4, 1), HPAR_LAMBDA(const member_type& team) {
    hpar::parallel_for(hpar::TeamVectorMDRange(team, 4), [&](int i) { x(i) += 1; });
  });
}
// EXTENT1: nested_mdrange.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed{{.*}}: hpar::TeamVectorMDRange takes 2 to 8 extents (Rank<2> to Rank<8>); for a single index use TeamVectorRange(team, n)
// EXTENT1: policies_serial.cpp:[[#@LINE-4]]:24: note: in instantiation of template class 'hpar::TeamVectorMDRange<hpar::Rank<1>
// TRANSLATE: policies_serial.cpp:[[#@LINE-5]]:24: error: TeamVectorMDRange with 1 extent; a team-level MDRange takes 2 to 8 extents; for a single index use TeamVectorRange(team, n) [hpar-nested-mdrange-rank]
// TRANSLATE-NOT: static assertion
#endif
