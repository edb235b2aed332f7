// hpar-divergent-vector: single(PerThread) and vector-level patterns (ThreadVectorRange and its
// MDRange form) where only some vector lanes of a thread run them: inside the closure of a
// vector-level range (ThreadVectorRange, TeamVectorRange, their MDRange forms), of single(PerTeam)
// or of single(PerThread), and under a branch on a vector index, also in a helper given the index.
// A vector range inside a vector-level range's closure is hpar-illegal-nesting instead.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'single(PerThread)' inside the closure of 'parallel_for' over ThreadVectorRange in kernel 'hpar_lanes_L[[#]]'
// TRANSLATE: hpar-translate: no output written
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

HPAR_INLINE_FUNCTION void mark_first(const member_type& team, hpar::View<double**> a, int i, int lane) {
  if (lane == 0) hpar::single(hpar::PerThread(team), [&]() { a(i, 0) = -1; });
  // CHECK: collectives_vector.cpp:[[#@LINE-1]]:18: error: 'single(PerThread)' inside the closure of 'parallel_for' over TeamVectorRange in kernel 'hpar_lanes_L[[#@LINE+7]]': every vector lane of the thread must reach it, but that closure runs on only part of the lanes [hpar-divergent-vector]
  // CHECK: collectives_vector.cpp:[[#@LINE+8]]:5: note: enclosing 'parallel_for' over TeamVectorRange here
  // CHECK: collectives_vector.cpp:[[#@LINE-3]]:7: note: this condition depends on the index 'j' of the enclosing TeamVectorRange through 'lane'
  // CHECK: collectives_vector.cpp:[[#@LINE+6]]:69: note: 'mark_first' is called here
}

void lanes(hpar::View<double**> a, int n) {
  hpar::parallel_for("lanes", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
    const int i = team.league_rank();
    hpar::parallel_for(hpar::TeamVectorRange(team, n), [&](int j) { mark_first(team, a, i, j); });
    hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) {
      a(i, j) = j;
      hpar::single(hpar::PerThread(team), [&]() { a(i, 0) = 0; });
      // CHECK: collectives_vector.cpp:[[#@LINE-1]]:7: error: 'single(PerThread)' inside the closure of 'parallel_for' over ThreadVectorRange in kernel 'hpar_lanes_L[[#@LINE-6]]': every vector lane of the thread must reach it, but that closure runs on only part of the lanes [hpar-divergent-vector]
      // CHECK: collectives_vector.cpp:[[#@LINE-4]]:5: note: enclosing 'parallel_for' over ThreadVectorRange here
    });
    hpar::parallel_for(hpar::ThreadVectorMDRange(team, n, n), [&](int j, int k) {
      if (k == 0) {
        double v = 0;
        hpar::single(hpar::PerThread(team), [&](double& x) { x = a(j, k); }, v);
        // CHECK: collectives_vector.cpp:[[#@LINE-1]]:9: error: 'single(PerThread)' inside the closure of 'parallel_for' over ThreadVectorMDRange in kernel 'hpar_lanes_L[[#@LINE-13]]'{{.*}}[hpar-divergent-vector]
        // CHECK: collectives_vector.cpp:[[#@LINE-5]]:5: note: enclosing 'parallel_for' over ThreadVectorMDRange here
        // CHECK: collectives_vector.cpp:[[#@LINE-5]]:11: note: this condition depends on the index 'k' of the enclosing ThreadVectorMDRange
        a(j, k) = v;
      }
    });
    hpar::single(hpar::PerTeam(team), [&]() {
      hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) { a(i, j) = 1; });
      // CHECK: collectives_vector.cpp:[[#@LINE-1]]:7: error: 'parallel_for' over ThreadVectorRange inside the closure of 'single(PerTeam)' in kernel 'hpar_lanes_L[[#@LINE-21]]': every vector lane of the thread must reach it, but that closure runs on only part of the lanes [hpar-divergent-vector]
      // CHECK: collectives_vector.cpp:[[#@LINE-3]]:5: note: enclosing 'single(PerTeam)' here
    });
    hpar::single(hpar::PerThread(team), [&]() {
      hpar::single(hpar::PerThread(team), [&]() { a(i, 1) = 2; });
      // CHECK: collectives_vector.cpp:[[#@LINE-1]]:7: error: 'single(PerThread)' inside the closure of 'single(PerThread)' in kernel 'hpar_lanes_L[[#@LINE-26]]'{{.*}}[hpar-divergent-vector]
      // CHECK: collectives_vector.cpp:[[#@LINE-3]]:5: note: enclosing 'single(PerThread)' here
    });
  });
}
// CHECK-NOT: error:
