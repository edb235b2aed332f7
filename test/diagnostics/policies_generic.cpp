// hpar-scratch-unrequested in code that only its instantiations resolve: a generic team lambda
// (`const auto& t`), whose t.team_scratch(0) is a dependent call until the lambda is
// instantiated, and a dispatch written in a function template, checked in every instantiation
// (not only the first). A use that several instantiations reach is reported once.
// (The OpenMP backend: a generic top-level lambda is hpar-generic-lambda in the CUDA output.)
// RUN: %hpar-translate --check --backend=openmp %s -- 2>&1 | %FileCheck %s
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void generic(hpar::View<double*> x, int n) {
  hpar::parallel_for("generic", hpar::TeamPolicy<>(n, 64).set_scratch_size(1, hpar::PerTeam(64)), HPAR_LAMBDA(const auto& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_scratch(0).get_shmem(8));
  });
  // CHECK: policies_generic.cpp:[[#@LINE-2]]:50: warning: kernel 'hpar_generic_L[[#@LINE-3]]' uses team_scratch(0), but its policy requests no level-0 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
  // CHECK: policies_generic.cpp:[[#@LINE-4]]:33: note: the policy of kernel 'hpar_generic_L[[#@LINE-4]]' is built here; request the bytes with set_scratch_size(0, PerTeam(bytes)) or PerThread(bytes)
}

// Both instantiations use level-0 scratch without a request, through a generic lambda: one warning.
template <class T>
void twice(hpar::View<T*> x, int n) {
  hpar::parallel_for("twice", hpar::TeamPolicy<>(n, 32), HPAR_LAMBDA(const auto& t) {
    x(t.league_rank()) = *static_cast<T*>(t.team_shmem().get_shmem(sizeof(T)));
  });
  // CHECK: policies_generic.cpp:[[#@LINE-2]]:45: warning: kernel 'hpar_twice_L[[#@LINE-3]]' uses team_shmem(), but its policy requests no level-0 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
  // CHECK: policies_generic.cpp:[[#@LINE-4]]:31: note: the policy of kernel 'hpar_twice_L[[#@LINE-4]]' is built here
}

// The first instantiation requests level-1 scratch, the second level 0 only: the second is
// reported (after the first instantiations of every dispatch).
template <int Level>
void levels(hpar::View<double*> x, int n) {
  hpar::parallel_for("levels", hpar::TeamPolicy<>(n, 64).set_scratch_size(Level, hpar::PerTeam(64)), HPAR_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_scratch(1).get_shmem(8));
  });
  // CHECK: policies_generic.cpp:[[#@LINE-2]]:50: warning: kernel 'hpar_levels_L[[#@LINE-3]]' uses team_scratch(1), but its policy requests no level-1 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
  // CHECK: policies_generic.cpp:[[#@LINE-4]]:32: note: the policy of kernel 'hpar_levels_L[[#@LINE-4]]' is built here; request the bytes with set_scratch_size(1, PerTeam(bytes)) or PerThread(bytes)
}

void run(hpar::View<double*> x, hpar::View<float*> y, int n) {
  twice(x, n);
  twice(y, n);
  levels<1>(x, n);
  levels<0>(x, n);
}
// CHECK-NOT: {{error|warning}}:
// CHECK: 3 warnings generated.
