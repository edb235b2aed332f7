// The signature mistakes of examples/mistakes, in Kokkos spelling: each is exactly one error
// (with its note), and no template instantiation backtrace from the header.
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -DREDUCE_ONE_PARAM 2>&1 | %FileCheck %s --check-prefix=ONE-PARAM --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning:
// RUN: test ! -e %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -DSCAN_NO_FINAL 2>&1 | %FileCheck %s --check-prefix=NO-FINAL --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning:
// RUN: test ! -e %t.cu
// RUN: not %hpar-translate --backend=openmp %s -o %t.cu -- -DTEAM_INT 2>&1 | %FileCheck %s --check-prefix=TEAM-INT --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning:
// RUN: test ! -e %t.cu
// RUN: not %hpar-translate --check %s -- -DRESULT_TYPE 2>&1 | %FileCheck %s --check-prefix=RESULT --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning:
// RUN: not %hpar-translate --check %s -- -DWORK_TAG 2>&1 | %FileCheck %s --check-prefix=TAG --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning:
// RUN: not %hpar-translate --check %s -- -DNESTED_MD 2>&1 | %FileCheck %s --check-prefix=NESTED-MD --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning:
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

void mistakes(Kokkos::View<double*> x, int n) {
#if defined(REDUCE_ONE_PARAM)
  double sum = 0;
  Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(int i) { x(i) = i; }, sum);
  // ONE-PARAM: signatures_kokkos.cpp:[[#@LINE-1]]:37: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but the lambda of kernel 'hpar_sum_L[[#@LINE-1]]' takes (int i) [hpar-functor-signature]
  // ONE-PARAM: signatures_kokkos.cpp:[[#@LINE-2]]:51: note: the lambda's parameters are declared here
  // ONE-PARAM: 1 error generated.
#elif defined(SCAN_NO_FINAL)
  Kokkos::parallel_scan("prefix", n, KOKKOS_LAMBDA(int i, double& update) {
    x(i) = update;
    update += i;
  });
  // NO-FINAL: signatures_kokkos.cpp:[[#@LINE-4]]:38: error: parallel_scan over RangePolicy calls the functor as f(i, update&, bool final), but the lambda of kernel 'hpar_prefix_L[[#@LINE-4]]' takes (int i, double& update) [hpar-functor-signature]
  // NO-FINAL: signatures_kokkos.cpp:[[#@LINE-5]]:52: note: the lambda's parameters are declared here
  // NO-FINAL: 1 error generated.
#elif defined(TEAM_INT)
  Kokkos::parallel_for("teams", Kokkos::TeamPolicy<>(n, Kokkos::AUTO), KOKKOS_LAMBDA(int i) { x(i) = i; });
  // TEAM-INT: signatures_kokkos.cpp:[[#@LINE-1]]:72: error: parallel_for over TeamPolicy calls the functor as f(team), but the lambda of kernel 'hpar_teams_L[[#@LINE-1]]' takes (int i); 'int i' cannot take the team member [hpar-functor-signature]
  // TEAM-INT: signatures_kokkos.cpp:[[#@LINE-2]]:90: note: parameter declared here
  // TEAM-INT: 1 error generated.
#elif defined(RESULT_TYPE)
  int sum = 0;
  Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(int i, double& s) { s += x(i); }, sum);
  // RESULT: signatures_kokkos.cpp:[[#@LINE-1]]:85: error: parallel_reduce result 'sum' has type 'int', but the lambda of kernel 'hpar_sum_L[[#@LINE-1]]' accumulates 'double'; the result's type must be the functor's value type [hpar-reduce-result-type]
  // RESULT: signatures_kokkos.cpp:[[#@LINE-2]]:66: note: accumulator declared here
  // RESULT: 1 error generated.
#elif defined(WORK_TAG)
  struct Init {};
  struct Update {};
  struct Kernel {
    Kokkos::View<double*> x;
    KOKKOS_INLINE_FUNCTION void operator()(Init, int i) const { x(i) = i; }
  };
  Kokkos::parallel_for("update", Kokkos::RangePolicy<Update>(0, n), Kernel{x});
  // TAG: signatures_kokkos.cpp:[[#@LINE-1]]:69: error: parallel_for over RangePolicy<Update> calls the functor as f(Update, i), but no operator() of 'Kernel' in kernel 'hpar_update_L[[#@LINE-1]]' takes 'Update' as its first parameter [hpar-functor-tag]
  // TAG: signatures_kokkos.cpp:[[#@LINE-4]]:44: note: candidate operator() takes (Init, int i)
  // TAG: 1 error generated.
#elif defined(NESTED_MD)
  Kokkos::parallel_for("team", Kokkos::TeamPolicy<>(n, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    double s = 0;
    Kokkos::parallel_reduce(Kokkos::TeamVectorMDRange(team, n, n, n), [&](int i, int j, double& v) { v += i * j; }, s);
  });
  // NESTED-MD: signatures_kokkos.cpp:[[#@LINE-2]]:71: error: parallel_reduce over TeamVectorMDRange calls the closure as f(i0, i1, i2, value&), but the lambda in kernel 'hpar_team_L[[#@LINE-4]]' takes (int i, int j, double& v) [hpar-functor-signature]
  // NESTED-MD: signatures_kokkos.cpp:[[#@LINE-3]]:75: note: the lambda's parameters are declared here
  // NESTED-MD: 1 error generated.
#endif
}
