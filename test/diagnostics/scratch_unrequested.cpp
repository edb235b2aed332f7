// hpar-scratch-unrequested (a warning): team_scratch, thread_scratch or team_shmem at a level for
// which the dispatch's policy requests no bytes, so every allocation there returns nullptr. The
// policy is followed from the dispatch through set_scratch_size chains and a local variable's
// set_scratch_size calls; a functor's team_shmem_size requests level 0. The note points at where
// the policy is built. A warning does not stop translation.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: grep -q hpar_inline_L %t.cu
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void unrequested(hpar::View<double*> x, int n) {
  hpar::parallel_for("inline", hpar::TeamPolicy<>(n, hpar::AUTO).set_chunk_size(2), HPAR_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_scratch(0).get_shmem(8));
  });
  // CHECK: scratch_unrequested.cpp:[[#@LINE-2]]:50: warning: kernel 'hpar_inline_L[[#@LINE-3]]' uses team_scratch(0), but its policy requests no level-0 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
  // CHECK: scratch_unrequested.cpp:[[#@LINE-4]]:32: note: the policy of kernel 'hpar_inline_L[[#@LINE-4]]' is built here; request the bytes with set_scratch_size(0, PerTeam(bytes)) or PerThread(bytes)

  auto policy = hpar::TeamPolicy<>(n, 64);
  policy.set_scratch_size(0, hpar::PerThread(8));
  hpar::parallel_for("variable", policy, HPAR_LAMBDA(const member_type& t) {
    double* mine = static_cast<double*>(t.thread_scratch(0).get_shmem(8));
    double* deep = static_cast<double*>(t.thread_scratch(1).get_shmem(8));
    x(t.league_rank()) = *mine + *deep;
  });
  // CHECK: scratch_unrequested.cpp:[[#@LINE-3]]:43: warning: kernel 'hpar_variable_L[[#@LINE-5]]' uses thread_scratch(1), but its policy requests no level-1 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
  // CHECK: scratch_unrequested.cpp:[[#@LINE-8]]:8: note: the policy of kernel 'hpar_variable_L[[#@LINE-6]]' is built here; request the bytes with set_scratch_size(1, PerTeam(bytes)) or PerThread(bytes)

  // A constant size of 0 requests nothing.
  hpar::parallel_for("zero", hpar::TeamPolicy<>(n, 64).set_scratch_size(0, hpar::PerTeam(0)).set_scratch_size(1, hpar::PerTeam(64)),
                     HPAR_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_shmem().get_shmem(8)) + *static_cast<double*>(t.team_scratch(1).get_shmem(8));
  });
  // CHECK: scratch_unrequested.cpp:[[#@LINE-2]]:50: warning: kernel 'hpar_zero_L[[#@LINE-4]]' uses team_shmem(), but its policy requests no level-0 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
  // CHECK: scratch_unrequested.cpp:[[#@LINE-5]]:30: note: the policy of kernel 'hpar_zero_L[[#@LINE-5]]' is built here
}

// team_shmem_size requests level 0, not level 1.
struct Staged {
  hpar::View<double*> x;
  size_t team_shmem_size(int team_size) const { return sizeof(double) * size_t(team_size); }
  HPAR_INLINE_FUNCTION void operator()(const member_type& t) const {
    double* shared = static_cast<double*>(t.team_shmem().get_shmem(sizeof(double) * t.team_size()));
    // CHECK: scratch_unrequested.cpp:[[#@LINE+1]]:43: warning: kernel 'hpar_staged_L[[#@LINE+7]]' uses team_scratch(1), but its policy requests no level-1 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
    double* deep = static_cast<double*>(t.team_scratch(1).get_shmem(8));
    x(t.league_rank()) = shared[0] + *deep;
  }
};
void functor(hpar::View<double*> x, int n) {
  // CHECK: scratch_unrequested.cpp:[[#@LINE+1]]:32: note: the policy of kernel 'hpar_staged_L[[#@LINE+1]]' is built here
  hpar::parallel_for("staged", hpar::TeamPolicy<>(n, 32), Staged{x});
}
// CHECK-NOT: {{error|warning}}:
// CHECK: 4 warnings generated.
