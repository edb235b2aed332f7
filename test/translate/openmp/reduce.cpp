// OpenMP reductions: built-in arithmetic reducers use the reduction clause; other reducers,
// several results, and functors with join use per-thread partials.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v -e CHECK -e HOST %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.cpp %}
// For the host: parallel regions without a target construct, each thread a contiguous block.
// RUN: %hpar-translate --backend=openmp %s -o %t.host.cpp
// RUN: grep -v -e CHECK -e HOST %t.host.cpp | %FileCheck %s --check-prefix=HOST
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.host.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.host.cpp %}
// HOST-NOT: #pragma omp target
#include <hpar/hpar.hpp>

void reductions(hpar::View<double*> x) {
  double sum = 0, biggest = 0;
  hpar::MinLoc<double, int>::value_type least;
  // A range reduction, built-in or not: a grid-stride loop into one value per thread, joined per
  // OpenMP team in the region and over the teams on the host.
  // CHECK-LABEL: // hpar: parallel_reduce "sum"
  // CHECK-NOT: reduction(
  // CHECK: using Launch = hpar::rt::omp::TargetRangeReduce<PolicyOrCount, Functor, Results...>;
  // CHECK: const size_t team_memory = launch.team_memory;
  // CHECK: #pragma omp target teams num_teams(nteams) thread_limit(nthreads) HPAR_OMP_TEAM_MEMORY(team_memory) device(hpar::rt::omp::device()) {{.*}} is_device_ptr(staging, team_results)
  // CHECK-NEXT: #pragma omp parallel num_threads(nthreads)
  // CHECK: value_type own;
  // HOST-LABEL: // hpar: parallel_reduce "sum"
  // HOST: using Launch = hpar::rt::omp::RangeReduce<PolicyOrCount, Functor, Results...>;
  // HOST: #pragma omp parallel num_threads(nthreads)
  // HOST: sp.init(acc);
  // HOST-NEXT: #pragma omp for schedule(static) nowait
  // HOST-NEXT: for (int64_t i = begin; i < end; ++i)
  // HOST-NEXT: sp.call(fn, acc, index_type(i));
  // HOST-NEXT: hpar::rt::omp::TeamPartials<Spec>::team_join(sp, acc, staging, team_results, team_memory);
  // CHECK: sp.init(acc);
  // CHECK-NEXT: const int64_t stride = (int64_t)omp_get_num_teams() * omp_get_num_threads();
  // CHECK-NEXT: for (int64_t i = begin + (int64_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();
  // CHECK-NEXT: i < end; i += stride)
  // CHECK-NEXT: sp.call(fn, acc, index_type(i));
  // CHECK-NEXT: hpar::rt::omp::TeamPartials<Spec>::team_join(sp, acc, staging, team_results, team_memory);
  // CHECK: launch.finish();
  hpar::parallel_reduce("sum", x.extent(0), [=](int i, double& s) { s += x(i); }, sum);
  // CHECK-LABEL: // hpar: parallel_reduce "max"
  // CHECK-NOT: reduction(
  // CHECK: using Launch = hpar::rt::omp::TargetRangeReduce<PolicyOrCount, Functor, Results...>;
  hpar::parallel_reduce("max", x.extent(0), [=](int i, double& m) { if (x(i) > m) m = x(i); },
                        hpar::Max<double>(biggest));
  // CHECK-LABEL: // hpar: parallel_reduce "minloc"
  // CHECK-NOT: reduction(
  // CHECK: using Launch = hpar::rt::omp::TargetRangeReduce<PolicyOrCount, Functor, Results...>;
  // CHECK: launch.finish();
  hpar::parallel_reduce("minloc", x.extent(0), [=](int i, hpar::MinLoc<double, int>::value_type& m) {
    if (x(i) < m.val) { m.val = x(i); m.loc = i; }
  }, hpar::MinLoc<double, int>(least));
  // CHECK-LABEL: // hpar: parallel_reduce "two"
  // CHECK-NOT: reduction(
  // CHECK: launch.finish();
  hpar::parallel_reduce("two", x.extent(0), [=](int i, double& s, double& m) {
    s += x(i);
    if (x(i) > m) m = x(i);
  }, sum, hpar::Max<double>(biggest));
}

// An MDRange reduction with a built-in operator keeps OpenMP's reduction clause; others keep one
// slot per thread.
void box_reductions(hpar::View<double**> a) {
  double sum = 0;
  hpar::MinLoc<double, int>::value_type least;
  using box = hpar::MDRangePolicy<hpar::Rank<2>>;
  // CHECK-LABEL: // hpar: parallel_reduce "box_sum" (MDRangePolicy)
  // CHECK: using Launch = hpar::rt::omp::MDRangeReduceClause<PolicyOrCount, Functor, Results...>;
  // CHECK: value_type result;
  // CHECK-NEXT: launch.init(result);
  // CHECK: #pragma omp target teams distribute parallel for {{.*}} reduction(+: result) collapse(2)
  // CHECK: launch.finish(result);
  // HOST-LABEL: // hpar: parallel_reduce "box_sum" (MDRangePolicy)
  // HOST: using Launch = hpar::rt::omp::MDRangeReduceClause<PolicyOrCount, Functor, Results...>;
  // HOST: #pragma omp parallel for schedule(static) reduction(+: result) collapse(2)
  // HOST: launch.finish(result);
  hpar::parallel_reduce("box_sum", box({0, 0}, {a.extent(0), a.extent(1)}),
                        [=](int i, int j, double& s) { s += a(i, j); }, sum);
  // CHECK-LABEL: // hpar: parallel_reduce "box_minloc" (MDRangePolicy)
  // CHECK-NOT: reduction(
  // CHECK: using Launch = hpar::rt::omp::MDRangeReducePartials<PolicyOrCount, Functor, Results...>;
  // CHECK: #pragma omp target teams num_teams(nteams) thread_limit(nthreads) {{.*}} is_device_ptr(slots)
  // CHECK-NEXT: #pragma omp parallel num_threads(nthreads)
  // CHECK: launch.finish();
  // HOST-LABEL: // hpar: parallel_reduce "box_minloc" (MDRangePolicy)
  // HOST: using Launch = hpar::rt::omp::MDRangeReducePartials<PolicyOrCount, Functor, Results...>;
  // HOST: #pragma omp parallel num_threads(nthreads)
  // HOST: #pragma omp for schedule(static) nowait
  // HOST-NEXT: for (int64_t lin = 0; lin < total; ++lin) {
  // HOST: launch.finish();
  hpar::parallel_reduce("box_minloc", box({0, 0}, {a.extent(0), a.extent(1)}),
                        [=](int i, int j, hpar::MinLoc<double, int>::value_type& m) {
    if (a(i, j) < m.val) { m.val = a(i, j); m.loc = i; }
  }, hpar::MinLoc<double, int>(least));
}
