// hpar-mdrange-rank: an MDRangePolicy of rank 7 or more (hpar's serial header takes up to 8, Kokkos
// up to 6) is an error at the policy's construction, or at the dispatch when the policy comes
// from elsewhere; the header's static_assert on Rank<9> stays silent while translating.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

// CHECK-NOT: static assertion
void seven(hpar::View<double*> x) {
  // CHECK: policies_mdrange_rank.cpp:[[#@LINE+1]]:27: error: MDRangePolicy of rank 7; an MDRangePolicy has 2 to 6 dimensions (Rank<2> to Rank<6>, as in Kokkos) [hpar-mdrange-rank]
  hpar::parallel_for("7", hpar::MDRangePolicy<hpar::Rank<7>>({0, 0, 0, 0, 0, 0, 0}, {2, 2, 2, 2, 2, 2, 2}),
                     HPAR_LAMBDA(int a, int, int, int, int, int, int) { x(a) += 1; });
}

void nine(hpar::View<double*> x) {
  // CHECK: policies_mdrange_rank.cpp:[[#@LINE+1]]:38: error: MDRangePolicy of rank 9; an MDRangePolicy has 2 to 6 dimensions (Rank<2> to Rank<6>, as in Kokkos) [hpar-mdrange-rank]
  hpar::MDRangePolicy<hpar::Rank<9>> policy({0, 0, 0, 0, 0, 0, 0, 0, 0}, {2, 2, 2, 2, 2, 2, 2, 2, 2});
  hpar::parallel_for("9", policy, HPAR_LAMBDA(int a, int, int, int, int, int, int, int, int) { x(a) += 1; });
}

// A policy built elsewhere is reported where it is dispatched, naming the kernel.
template <class Policy>
void run(const Policy& policy, hpar::View<double*> x) {
  // CHECK: policies_mdrange_rank.cpp:[[#@LINE+1]]:31: error: kernel 'hpar_given_L[[#@LINE+1]]' runs over an MDRangePolicy of rank 8; an MDRangePolicy has 2 to 6 dimensions (Rank<2> to Rank<6>, as in Kokkos) [hpar-mdrange-rank]
  hpar::parallel_for("given", policy, HPAR_LAMBDA(int a, int, int, int, int, int, int, int) { x(a) += 1; });
}
hpar::MDRangePolicy<hpar::Rank<8>> make_policy();
void eight(hpar::View<double*> x) { run(make_policy(), x); }
// CHECK-NOT: error:
