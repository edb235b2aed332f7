// OpenMP reductions: built-in arithmetic reducers use the reduction clause; other reducers,
// several results, and functors with join use per-thread partials.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -c %t.cpp -o %t.o %}
// RUN: %if gcc-openmp %{ %gxx-omp -c %t.cpp -o %t.gcc.o %}
#include <hpar/hpar.hpp>

void reductions(hpar::View<double*> x) {
  double sum = 0, biggest = 0;
  hpar::MinLoc<double, int>::value_type least;
  // CHECK-LABEL: // hpar: parallel_reduce "sum"
  // CHECK: reduction(+: result)
  hpar::parallel_reduce("sum", x.extent(0), [=](int i, double& s) { s += x(i); }, sum);
  // CHECK-LABEL: // hpar: parallel_reduce "max"
  // CHECK: reduction(max: result)
  hpar::parallel_reduce("max", x.extent(0), [=](int i, double& m) { if (x(i) > m) m = x(i); },
                        hpar::Max<double>(biggest));
  // CHECK-LABEL: // hpar: parallel_reduce "minloc"
  // CHECK-NOT: reduction(
  // CHECK: hpar::rt::omp::ReducePartials<Spec> partials(spec, site);
  // CHECK: #pragma omp target teams num_teams(nteams) thread_limit(nthreads) {{.*}} is_device_ptr(slots)
  // CHECK-NEXT: #pragma omp parallel num_threads(nthreads)
  // CHECK: partials.finish();
  hpar::parallel_reduce("minloc", x.extent(0), [=](int i, hpar::MinLoc<double, int>::value_type& m) {
    if (x(i) < m.val) { m.val = x(i); m.loc = i; }
  }, hpar::MinLoc<double, int>(least));
  // CHECK-LABEL: // hpar: parallel_reduce "two"
  // CHECK-NOT: reduction(
  // CHECK: partials.finish();
  hpar::parallel_reduce("two", x.extent(0), [=](int i, double& s, double& m) {
    s += x(i);
    if (x(i) > m) m = x(i);
  }, sum, hpar::Max<double>(biggest));
}
