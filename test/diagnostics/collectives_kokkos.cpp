// The collectives rules on a program written against Kokkos: a KOKKOS_LAMBDA team functor with
// team_barrier under a team_rank() branch and Kokkos::single(PerTeam) inside a TeamThreadRange
// closure, a class functor whose KOKKOS_INLINE_FUNCTION member returns early on some threads
// before a nested reduction and single(PerTeam), and Kokkos::single(PerThread) inside a
// ThreadVectorRange closure.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'team_barrier' in kernel 'hpar_lambda_L[[#]]' is reached by only some threads of the team
// TRANSLATE: hpar-translate: no output written
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

void lambda(Kokkos::View<double**> a, int n) {
  Kokkos::parallel_for("lambda", Kokkos::TeamPolicy<>(n, Kokkos::AUTO, 4), KOKKOS_LAMBDA(const member_type& team) {
    const int me = team.team_rank();
    if (me < n / 2) {
      a(team.league_rank(), me) = 1;
      team.team_barrier();
      // CHECK: collectives_kokkos.cpp:[[#@LINE-1]]:12: error: 'team_barrier' in kernel 'hpar_lambda_L[[#@LINE-5]]' is reached by only some threads of the team, but every thread of the team must reach it [hpar-divergent-collective]
      // CHECK: collectives_kokkos.cpp:[[#@LINE-4]]:9: note: this condition depends on team_rank() through 'me'
    }
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](int i) {
      Kokkos::single(Kokkos::PerTeam(team), [&]() { a(i, 0) = 0; });
      // CHECK: collectives_kokkos.cpp:[[#@LINE-1]]:7: error: 'single(PerTeam)' inside the closure of 'parallel_for' over TeamThreadRange in kernel 'hpar_lambda_L[[#@LINE-10]]': every thread of the team must reach it, but a nested pattern's closure runs on only part of the team [hpar-divergent-collective]
      // CHECK: collectives_kokkos.cpp:[[#@LINE-3]]:5: note: enclosing 'parallel_for' over TeamThreadRange here
    });
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, n), [&](int j) {
      Kokkos::single(Kokkos::PerThread(team), [&]() { a(0, j) = 2; });
      // CHECK: collectives_kokkos.cpp:[[#@LINE-1]]:7: error: 'single(PerThread)' inside the closure of 'parallel_for' over ThreadVectorRange in kernel 'hpar_lambda_L[[#@LINE-15]]': every vector lane of the thread must reach it, but that closure runs on only part of the lanes [hpar-divergent-vector]
      // CHECK: collectives_kokkos.cpp:[[#@LINE-3]]:5: note: enclosing 'parallel_for' over ThreadVectorRange here
    });
  });
}

struct RowSums {
  Kokkos::View<double**> a;
  Kokkos::View<double*> sums;
  KOKKOS_INLINE_FUNCTION void sum(const member_type& team) const {
    const int row = team.league_rank();
    if (team.team_rank() >= int(a.extent(1))) return;
    double s = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int j, double& t) { t += a(row, j); }, s);
    // CHECK: collectives_kokkos.cpp:[[#@LINE-1]]:5: error: 'parallel_reduce' over TeamThreadRange in kernel 'hpar_rows_L[[#@LINE+12]]' is reached by only some threads of the team, but every thread of the team must reach it [hpar-divergent-collective]
    // CHECK: collectives_kokkos.cpp:[[#@LINE-4]]:9: note: this condition depends on team_rank()
    // CHECK: collectives_kokkos.cpp:[[#@LINE-5]]:47: note: threads for which it holds return here
    // CHECK: collectives_kokkos.cpp:[[#@LINE+5]]:75: note: 'RowSums::sum' is called here
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sums(row) = s; });
    // CHECK: collectives_kokkos.cpp:[[#@LINE-1]]:5: error: 'single(PerTeam)' in kernel 'hpar_rows_L[[#@LINE+7]]' is reached by only some threads of the team{{.*}}[hpar-divergent-collective]
    // CHECK: collectives_kokkos.cpp:[[#@LINE-9]]:47: note: threads for which it holds return here
  }
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const { sum(team); }
};

void rows(Kokkos::View<double**> a, Kokkos::View<double*> sums) {
  Kokkos::parallel_for("rows", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO), RowSums{a, sums});
}
// CHECK-NOT: error:
