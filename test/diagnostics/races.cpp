// Inside a nested pattern's closure, writes to variables of the team functor's scope race: every
// participant of the level runs the closure. Lambda team functors and helpers taking the member.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'sum' is written by every thread of the team concurrently
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

struct Stats {
  double total;
  int count;
  HPAR_INLINE_FUNCTION void add(double v) { total += v; ++count; }
};
HPAR_INLINE_FUNCTION void bump(int& c) { ++c; }

void team_scope(hpar::View<double**> a, hpar::View<double*> y) {
  hpar::parallel_for("scope", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    double sum = 0;
    int count = 0;
    Stats stats{0, 0};
    double last[4] = {0, 0, 0, 0};
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) {
      sum += a(r, j);
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'sum' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadRange in kernel 'hpar_scope_L[[#@LINE-8]]'; accumulate with parallel_reduce and 'sum' as its result [hpar-nested-write-race]
      // CHECK: races.cpp:[[#@LINE-7]]:12: note: 'sum' declared here
      // CHECK: races.cpp:[[#@LINE-4]]:5: note: nested parallel_for over TeamThreadRange here
      count++;
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'count' is written by every thread of the team concurrently: {{.*}}; accumulate with parallel_reduce and 'count' as its result [hpar-nested-write-race]
      // CHECK: races.cpp:[[#@LINE-10]]:9: note: 'count' declared here
      stats.total = a(r, j);
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'stats' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadRange in kernel 'hpar_scope_L[[#@LINE-15]]'; declare it inside the closure [hpar-nested-write-race]
      last[j % 4] = a(r, j);
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'last' is written by every thread of the team concurrently: {{.*}}; declare it inside the closure [hpar-nested-write-race]
      stats.add(a(r, j));
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'stats' is written by every thread of the team concurrently: {{.*}} [hpar-nested-write-race]
      bump(count);
      // CHECK: races.cpp:[[#@LINE-1]]:12: error: 'count' is written by every thread of the team concurrently: {{.*}} [hpar-nested-write-race]
      y(j) = a(r, j);  // a View element: the program's own data-parallel write
    });
    // In a nested reduction the closure's value argument is the place to accumulate.
    hpar::parallel_reduce(hpar::TeamThreadRange(team, a.extent(1)), [&](int j, double& s) {
      s += a(r, j);
      sum += a(r, j);
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'sum' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_reduce over TeamThreadRange in kernel 'hpar_scope_L[[#@LINE-28]]'; accumulate into the closure's value argument instead [hpar-nested-write-race]
      // CHECK: races.cpp:[[#@LINE-4]]:5: note: nested parallel_reduce over TeamThreadRange here
    }, sum);
    hpar::parallel_scan(hpar::TeamThreadRange(team, a.extent(1)), [&](int j, double& u, bool final) {
      if (final) y(j) = u;
      u += a(r, j);
      count += 1;
      // CHECK: races.cpp:[[#@LINE-1]]:7: error: 'count' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_scan over TeamThreadRange in kernel 'hpar_scope_L[[#@LINE-35]]'; accumulate into the closure's update argument instead [hpar-nested-write-race]
    });
    // TeamVectorRange, and a closure kept in a variable.
    auto body = [&](int j) { last[0] = a(r, j); };
    // CHECK: races.cpp:[[#@LINE-1]]:30: error: 'last' is written by every thread and vector lane of the team concurrently: it is declared outside the closure of the parallel_for over TeamVectorRange in kernel 'hpar_scope_L[[#@LINE-39]]'; declare it inside the closure [hpar-nested-write-race]
    // CHECK: races.cpp:[[#@LINE+1]]:5: note: nested parallel_for over TeamVectorRange here
    hpar::parallel_for(hpar::TeamVectorRange(team, a.extent(1)), body);
    // MDRange forms.
    hpar::parallel_for(hpar::TeamThreadMDRange(team, 2, a.extent(1)), [&](int i, int j) { sum = a(r, i + j); });
    // CHECK: races.cpp:[[#@LINE-1]]:91: error: 'sum' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadMDRange in kernel 'hpar_scope_L[[#@LINE-44]]'; declare it inside the closure [hpar-nested-write-race]
    y(r) = sum + count + stats.total + last[0];
  });
}

// Variables of an enclosing nested closure are shared by the lanes of the inner one.
void thread_scope(hpar::View<double**> a, hpar::View<double*> y) {
  hpar::parallel_for("thread", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO, 4), HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    double total = 0;
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int i) {
      double row = 0;
      hpar::parallel_for(hpar::ThreadVectorRange(team, 8), [&](int k) { row += a(r, i) * k; });
      // CHECK: races.cpp:[[#@LINE-1]]:73: error: 'row' is written by every vector lane of the thread concurrently: it is declared outside the closure of the parallel_for over ThreadVectorRange in kernel 'hpar_thread_L[[#@LINE-6]]'; accumulate with parallel_reduce and 'row' as its result [hpar-nested-write-race]
      // CHECK: races.cpp:[[#@LINE-3]]:14: note: 'row' declared here
      // CHECK: races.cpp:[[#@LINE-3]]:7: note: nested parallel_for over ThreadVectorRange here
      // A reduction's result is written by the participant that runs it: every thread, here.
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, 8), [&](int k, double& s) { s += k; }, total);
      // CHECK: races.cpp:[[#@LINE-1]]:98: error: 'total' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadRange in kernel 'hpar_thread_L[[#@LINE-11]]'; declare it inside the closure [hpar-nested-write-race]
      y(i) = row;
    });
    y(r) += total;
  });
}

// A helper that takes the team member runs its own nested patterns.
HPAR_INLINE_FUNCTION double row_sum(const member_type& team, hpar::View<double**> a, int r) {
  double s = 0;
  hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) { s += a(r, j); });
  // CHECK: races.cpp:[[#@LINE-1]]:77: error: 's' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadRange in kernel 'hpar_helper_L[[#@LINE+5]]'; accumulate with parallel_reduce and 's' as its result [hpar-nested-write-race]
  return s;
}

void helper(hpar::View<double**> a, hpar::View<double*> y) {
  hpar::parallel_for("helper", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const double s = row_sum(team, a, team.league_rank());
    hpar::single(hpar::PerTeam(team), [&]() { y(team.league_rank()) = s; });
  });
}
// CHECK-NOT: [hpar-nested-write-race]
