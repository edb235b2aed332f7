// The dispatch-level policy checks in a function template see every instantiation of the dispatch,
// and report each problem once however many instantiations have it: scratch requests that add up
// to too much at level 0 in both instantiations (one error; level 1's 2.3 GB is valid), and an MDRangePolicy of
// a wrong rank that only the second instantiation takes (reported after the first instantiations
// of every dispatch).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

template <class T>
void sum(hpar::View<T*> x, int n) {
  auto policy = hpar::TeamPolicy<>(n, 128);
  policy.set_scratch_size(0, hpar::PerTeam(200000));
  policy.set_scratch_size(0, hpar::PerThread(512));
  policy.set_scratch_size(1, hpar::PerTeam(2000000000));
  policy.set_scratch_size(1, hpar::PerThread(2000000));
  hpar::parallel_for("sum", policy, HPAR_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<T*>(t.team_scratch(0).get_shmem(sizeof(T))) +
                         *static_cast<T*>(t.team_scratch(1).get_shmem(sizeof(T)));
  });
  // CHECK: policies_template.cpp:[[#@LINE-4]]:29: error: kernel 'hpar_sum_L[[#@LINE-4]]' asks for 265536 bytes of level-0 scratch per team (200000 bytes per team plus 512 bytes per thread, times team size 128); a GPU block can have at most 232448 bytes of shared memory (227 KB on Hopper) [hpar-scratch-too-large]
  // CHECK: policies_template.cpp:[[#@LINE-9]]:27: note: level-0 scratch requested here
  // CHECK: policies_template.cpp:[[#@LINE-9]]:27: note: level-0 scratch requested here
  // CHECK-NOT: level-1 scratch
}

void sums(hpar::View<double*> x, hpar::View<float*> y, int n) {
  sum(x, n);
  sum(y, n);  // repeats neither error
  // CHECK-NOT: [hpar-scratch-too-large]
}

// Instantiated with ranks 3 and 7: a kernel for each rank (hpar_given_L<line>_mdrange3 and
// _mdrange7), and the error names the one of rank 7.
template <class Policy, class F>
void run(const Policy& policy, const F& f) {
  // CHECK: policies_template.cpp:[[#@LINE+1]]:31: error: kernel 'hpar_given_L[[#@LINE+1]]_mdrange7' runs over an MDRangePolicy of rank 7; an MDRangePolicy has 2 to 6 dimensions (Rank<2> to Rank<6>, as in Kokkos) [hpar-mdrange-rank]
  hpar::parallel_for("given", policy, f);
}
hpar::MDRangePolicy<hpar::Rank<3>> make3();
hpar::MDRangePolicy<hpar::Rank<7>> make7();

void ranks(hpar::View<double*> x) {
  run(make3(), HPAR_LAMBDA(int a, int, int) { x(a) += 1; });
  run(make7(), HPAR_LAMBDA(int a, int, int, int, int, int, int) { x(a) += 1; });
}
// CHECK-NOT: {{error|warning|note}}:
