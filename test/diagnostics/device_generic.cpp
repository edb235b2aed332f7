// A generic lambda is checked in its instantiations, where its calls are resolved: a helper that
// a generic nested closure (a closure over an MDRange often is one), a generic functor or a
// templated operator() calls with a parameter is reached and reported like any other. What the
// lambda itself does is reported once, although its template form and each instantiation hold it. (OpenMP: for CUDA a generic kernel lambda is hpar-generic-lambda.)
// RUN: not %hpar-translate --check --backend=openmp %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cpp
// RUN: not %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cpp
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

double checked(double v) {
  if (v < 0) throw v;
  return v;
}
double bounded(double v) {
  if (v > 1) throw 1;
  return v;
}
double limited(double v) {
  if (v > 2) throw 2;
  return v;
}

void rows(hpar::View<double**> a) {
  hpar::parallel_for("rows", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](auto j) { a(r, j) = checked(a(r, j)); });
    hpar::parallel_for(hpar::ThreadVectorRange(team, a.extent(1)), [&](auto j) {
      if (a(r, j) > 3) throw j;
    });
  });
}

void flat(hpar::View<double*> x) {
  hpar::parallel_for("flat", x.extent(0), HPAR_LAMBDA(auto i) { x(i) = bounded(x(i)); });
}

struct Limit {
  hpar::View<double*> x;
  template <class I>
  HPAR_INLINE_FUNCTION void operator()(I i) const { x(i) = limited(x(i)); }
};

void limit(hpar::View<double*> x) { hpar::parallel_for("limit", x.extent(0), Limit{x}); }
// CHECK: device_generic.cpp:14:14: error: 'checked' (reached from kernel 'hpar_rows_L27') throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK-NEXT: 14 | if (v < 0) throw v;
// CHECK: device_generic.cpp:29:90: note: 'checked' called from kernel 'hpar_rows_L27' here
// CHECK: device_generic.cpp:31:24: error: kernel 'hpar_rows_L27' throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_generic.cpp:18:14: error: 'bounded' (reached from kernel 'hpar_flat_L37') throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_generic.cpp:37:72: note: 'bounded' called from kernel 'hpar_flat_L37' here
// CHECK: device_generic.cpp:22:14: error: 'limited' (reached from kernel 'hpar_limit_L46') throws an exception; device code cannot throw or catch exceptions [hpar-device-exception]
// CHECK: device_generic.cpp:43:60: note: 'limited' called from 'Limit::operator()' here
// CHECK: device_generic.cpp:46:37: note: 'Limit::operator()' runs as kernel 'hpar_limit_L46', launched here
// CHECK-NOT: error:
// CHECK: 4 errors generated.
