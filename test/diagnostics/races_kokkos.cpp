// The race rule on a program written against Kokkos: class team functors (their operator(), the
// member functions it calls, a templated operator()) and a KOKKOS_LAMBDA over an MDRange.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: 'dot' is written by every thread of the team concurrently
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

struct RowDot {
  Kokkos::View<double**> a;
  Kokkos::View<double*> x, y;
  mutable int calls = 0;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int r = team.league_rank();
    double dot = 0;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int j) {
      dot += a(r, j) * x(j);
      // CHECK: races_kokkos.cpp:[[#@LINE-1]]:7: error: 'dot' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadRange in kernel 'hpar_row_dot_L[[#@LINE+20]]'; accumulate with parallel_reduce and 'dot' as its result [hpar-nested-write-race]
      // CHECK: races_kokkos.cpp:[[#@LINE-4]]:12: note: 'dot' declared here
      // CHECK: races_kokkos.cpp:[[#@LINE-4]]:5: note: nested parallel_for over TeamThreadRange here
      ++calls;
      // CHECK: races_kokkos.cpp:[[#@LINE-1]]:9: error: member 'calls' is written by every thread of the team concurrently: {{.*}}; accumulate with parallel_reduce and 'calls' as its result [hpar-nested-write-race]
      // CHECK: races_kokkos.cpp:[[#@LINE-12]]:15: note: member 'calls' declared here
    });
    store(team, r, dot);
  }

  // A member function the functor calls is walked as well.
  KOKKOS_INLINE_FUNCTION void store(const member_type& team, int r, double& dot) const {
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, 1), [&](int) { dot = 0; });
    // CHECK: races_kokkos.cpp:[[#@LINE-1]]:71: error: 'dot' is written by every thread and vector lane of the team concurrently: it is declared outside the closure of the parallel_for over TeamVectorRange in kernel 'hpar_row_dot_L[[#@LINE+7]]'; declare it inside the closure [hpar-nested-write-race]
    // CHECK: races_kokkos.cpp:[[#@LINE-3]]:77: note: 'dot' declared here
    Kokkos::single(Kokkos::PerTeam(team), [&]() { y(r) = dot; });
  }
};

void row_dot(Kokkos::View<double**> a, Kokkos::View<double*> x, Kokkos::View<double*> y) {
  Kokkos::parallel_for("row_dot", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO), RowDot{a, x, y});
}

template <class Scalar>
struct Generic {
  Kokkos::View<Scalar**> a;
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    Scalar biggest = 0;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int j) {
      if (a(team.league_rank(), j) > biggest) biggest = a(team.league_rank(), j);
      // CHECK: races_kokkos.cpp:[[#@LINE-1]]:47: error: 'biggest' is written by every thread of the team concurrently: it is declared outside the closure of the parallel_for over TeamThreadRange in kernel 'hpar_generic_L[[#@LINE+7]]'; declare it inside the closure [hpar-nested-write-race]
    });
    a(team.league_rank(), 0) = biggest;
  }
};

void generic(Kokkos::View<double**> a) {
  Kokkos::parallel_for("generic", Kokkos::TeamPolicy<>(a.extent(0), 2), Generic<double>{a});
}

void md(Kokkos::View<double***> a, Kokkos::View<double*> y) {
  Kokkos::parallel_for("md", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO, 4), KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    double corner = 0;
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, a.extent(1), a.extent(2)), [&](auto... i) { corner = a(l, i...); });
    // CHECK: races_kokkos.cpp:[[#@LINE-1]]:102: error: 'corner' is written by every thread and vector lane of the team concurrently: it is declared outside the closure of the parallel_for over TeamVectorMDRange in kernel 'hpar_md_L[[#@LINE-4]]'; declare it inside the closure [hpar-nested-write-race]
    y(l) = corner;
  });
}
// CHECK-NOT: [hpar-nested-write-race]
