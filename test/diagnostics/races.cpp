// Inside a nested pattern's closure, writes race where the participants running the closure share
// the place written and several of them write it with values that may differ: a scratch or View
// element every thread reaches the same way (directly, or through a reference or pointer the
// enclosing code bound to it), a thread's own scratch element that its vector lanes share, a
// nested reduction's result or a reducer there. Lambda team functors and helpers taking the member.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'acc' is written by every thread of the team concurrently
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;
using Scratch = hpar::View<double*, hpar::DefaultExecutionSpace::scratch_memory_space,
                           hpar::MemoryTraits<hpar::Unmanaged>>;

void team_scope(hpar::View<double**> a, hpar::View<double*> y) {
  hpar::TeamPolicy<> policy(a.extent(0), hpar::AUTO, 8);
  policy.set_scratch_size(0, hpar::PerTeam(Scratch::shmem_size(64)), hpar::PerThread(Scratch::shmem_size(8)));
  hpar::parallel_for("scope", policy, HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    Scratch tile(team.team_scratch(0), 64);
    double& acc = tile(0);
    double* p = &tile(1);
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) {
      acc += a(r, j);
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'acc' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadRange in kernel 'hpar_scope_L[[#@LINE-7]]': it is an element of 'tile', one place for all of them; accumulate with parallel_reduce and 'acc' as its result [hpar-nested-write-race]
      // CHECK: races.cpp:[[#@LINE-5]]:13: note: 'acc' declared here
      // CHECK: races.cpp:[[#@LINE-7]]:13: note: 'tile' declared here
      // CHECK: races.cpp:[[#@LINE-5]]:5: note: nested parallel_for over TeamThreadRange here
      acc = a(r, j);
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'acc' is written by every thread of the team concurrently {{.*}}: it is an element of 'tile', one place for all of them; let one of them write it (single), or give each a place of its own [hpar-nested-write-race]
      *p += 1;
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: '*p' is written by every thread of the team concurrently {{.*}}: it is what 'p' points to, one place for all of them; accumulate with parallel_reduce and '*p' as its result [hpar-nested-write-race]
      // CHECK: races.cpp:[[#@LINE-11]]:13: note: 'p' declared here
      y(r) += a(r, j);
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'y(r)' is written by every thread of the team concurrently {{.*}}: it is an element of 'y', one place for all of them; accumulate with parallel_reduce and 'y(r)' as its result [hpar-nested-write-race]
      // CHECK: races.cpp:[[#@LINE-21]]:61: note: 'y' declared here
    });
    // In a nested reduction or scan, the closure's value or update argument is the place to
    // accumulate.
    double sum = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, a.extent(1)), [&](int j, double& s) {
      s += a(r, j);
      acc += a(r, j);
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'acc' is written by every thread of the team concurrently in the closure of the parallel_reduce over TeamThreadRange {{.*}}; accumulate into the closure's value argument instead [hpar-nested-write-race]
    }, sum);
    hpar::parallel_scan(hpar::TeamThreadRange(team, a.extent(1)), [&](int j, double& u, bool final) {
      u += a(r, j);
      if (final) y(j) = u;
      tile(3) += 1;
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'tile(3)' is written by every thread of the team concurrently in the closure of the parallel_scan over TeamThreadRange {{.*}}; accumulate into the closure's update argument instead [hpar-nested-write-race]
    });
    // A vector range in the team body: every thread runs all of its indices.
    hpar::parallel_for(hpar::ThreadVectorRange(team, 8), [&](int k) { tile(8 + k) += k; });
    // CHECK: races.cpp:[[#@LINE-1]]:71: error: 'tile(8 + k)' is written by every thread of the team concurrently in the closure of the parallel_for over ThreadVectorRange {{.*}} [hpar-nested-write-race]
    // A place of each thread is shared by its vector lanes.
    double& mine = tile(16 + team.team_rank());
    Scratch own(team.thread_scratch(0), 8);
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) {
      mine += a(r, j);  // only this thread's indices: no race
      hpar::parallel_for(hpar::ThreadVectorRange(team, 8), [&](int k) { mine += a(r, k); });
      // CHECK: races.cpp:[[#@LINE-1]]:73: error: 'mine' is written by every vector lane of the thread concurrently in the closure of the parallel_for over ThreadVectorRange {{.*}}: it is an element of 'tile', one place for all of them; accumulate with parallel_reduce and 'mine' as its result [hpar-nested-write-race]
      // CHECK: races.cpp:[[#@LINE-2]]:7: note: nested parallel_for over ThreadVectorRange here
      own(0) += a(r, j);  // the thread's own scratch: no race
      hpar::parallel_for(hpar::ThreadVectorRange(team, 8), [&](int k) { own(0) += a(r, k); });
      // CHECK: races.cpp:[[#@LINE-1]]:73: error: 'own(0)' is written by every vector lane of the thread concurrently {{.*}}: it is an element of 'own', one place for all of them; {{.*}} [hpar-nested-write-race]
      // A nested reduction writes its result on every thread, and a reducer made of a place.
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, 8), [&](int k, double& s) { s += a(j, k); }, acc);
      // CHECK: races.cpp:[[#@LINE-1]]:104: error: 'acc' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadRange {{.*}}; let one of them write it (single), or give each a place of its own [hpar-nested-write-race]
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, 8), [&](int k, double& s) { s += a(j, k); },
                            hpar::Sum<double>(tile(4)));
      // CHECK: races.cpp:[[#@LINE-1]]:47: error: 'tile(4)' is written by every thread of the team concurrently {{.*}} [hpar-nested-write-race]
    });
    // TeamVectorRange splits threads and lanes; the MDRange forms split as their ranges do.
    hpar::parallel_for(hpar::TeamVectorRange(team, a.extent(1)), [&](int j) { acc = a(r, j); });
    // CHECK: races.cpp:[[#@LINE-1]]:79: error: 'acc' is written by every thread and vector lane of the team concurrently in the closure of the parallel_for over TeamVectorRange {{.*}} [hpar-nested-write-race]
    hpar::parallel_for(hpar::TeamThreadMDRange(team, 2, a.extent(1)), [&](int i, int j) { acc = a(r, i + j); });
    // CHECK: races.cpp:[[#@LINE-1]]:91: error: 'acc' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadMDRange {{.*}} [hpar-nested-write-race]
    y(r) = sum + acc;
  });
}

// A helper's writes are judged with what its caller binds to its parameters.
HPAR_INLINE_FUNCTION void add_to(double& target, double v) { target += v; }
// CHECK: races.cpp:[[#@LINE-1]]:62: error: 'target' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadRange in kernel 'hpar_helper_L[[#@LINE+8]]': it is an element of 'tile', one place for all of them; accumulate with parallel_reduce and 'target' as its result [hpar-nested-write-race]
// CHECK: races.cpp:[[#@LINE-2]]:42: note: 'target' declared here
// CHECK: races.cpp:[[#@LINE+10]]:5: note: nested parallel_for over TeamThreadRange here
// CHECK: races.cpp:[[#@LINE+11]]:7: note: 'add_to' is called here

void helper(hpar::View<double**> a, hpar::View<double*> y) {
  hpar::TeamPolicy<> policy(a.extent(0), hpar::AUTO);
  policy.set_scratch_size(0, hpar::PerTeam(Scratch::shmem_size(8)));
  hpar::parallel_for("helper", policy, HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    Scratch tile(team.team_scratch(0), 8);
    double sum = 0;
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) {
      add_to(sum, a(r, j));      // the thread's own: no race
      add_to(tile(0), a(r, j));
    });
    y(r) = sum + tile(0);
  });
}
// CHECK-NOT: [hpar-nested-write-race]
