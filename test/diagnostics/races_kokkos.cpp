// The race rule on a program written against Kokkos: class team functors (their operator(), the
// member functions it calls, a templated operator()), a KOKKOS_LAMBDA over an MDRange, and one
// capturing a variable of the host code by reference. The functor's locals, written in nested
// closures, are each participant's own; its members, the Views' elements and the host's variables
// are not.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: member 'calls' is written by every thread of the team concurrently
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;

struct RowDot {
  Kokkos::View<double**> a;
  Kokkos::View<double*> x, y;
  mutable int calls = 0;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int r = team.league_rank();
    double dot = 0;  // each thread's own: it sums that thread's indices
    double& total = y(r);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int j) {
      dot += a(r, j) * x(j);
      ++calls;
      // CHECK: races_kokkos.cpp:[[#@LINE-1]]:9: error: member 'calls' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadRange in kernel 'hpar_row_dot_L[[#@LINE+24]]': it is a member of the functor, one place for all of them; accumulate with parallel_reduce and 'calls' as its result [hpar-nested-write-race]
      // CHECK: races_kokkos.cpp:[[#@LINE-10]]:15: note: member 'calls' declared here
      // CHECK: races_kokkos.cpp:[[#@LINE-5]]:5: note: nested parallel_for over TeamThreadRange here
      total += a(r, j) * x(j);
      // CHECK: races_kokkos.cpp:[[#@LINE-1]]:7: error: 'total' is written by every thread of the team concurrently {{.*}}: it is an element of 'y', one place for all of them; accumulate with parallel_reduce and 'total' as its result [hpar-nested-write-race]
    });
    team.team_reduce(Kokkos::Sum<double>(dot));
    store(team, r, dot);
  }

  // A member function the functor calls is walked as well, with what the call binds.
  KOKKOS_INLINE_FUNCTION void store(const member_type& team, int r, double& dot) const {
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, 4), [&](int i) { dot = i; });  // the caller's own
    // The policy asks for no vector length (1): the team's threads race here, not lanes.
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, 4), [&](int i) { y(r) = dot + i; });
    // CHECK: races_kokkos.cpp:[[#@LINE-1]]:73: error: 'y(r)' is written by every thread of the team concurrently in the closure of the parallel_for over TeamVectorRange in kernel 'hpar_row_dot_L[[#@LINE+9]]': it is an element of 'y', one place for all of them; let one of them write it (single), or give each a place of its own [hpar-nested-write-race]
    // CHECK: races_kokkos.cpp:[[#@LINE-26]]:28: note: member 'y' declared here
    // CHECK: races_kokkos.cpp:[[#@LINE-3]]:5: note: nested parallel_for over TeamVectorRange here
    // CHECK: races_kokkos.cpp:[[#@LINE-11]]:5: note: 'RowDot::store' is called here
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
    Scalar biggest = 0;  // each thread's own
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int j) {
      if (a(team.league_rank(), j) > biggest) biggest = a(team.league_rank(), j);
      a(team.league_rank(), 0) = a(team.league_rank(), j);
      // CHECK: races_kokkos.cpp:[[#@LINE-1]]:7: error: 'a(team.league_rank(), 0)' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadRange in kernel 'hpar_generic_L[[#@LINE+7]]': it is an element of 'a', one place for all of them; let one of them write it (single), or give each a place of its own [hpar-nested-write-race]
    });
    Kokkos::single(Kokkos::PerTeam(team), [&]() { a(team.league_rank(), 1) = biggest; });
  }
};

void generic(Kokkos::View<double**> a) {
  Kokkos::parallel_for("generic", Kokkos::TeamPolicy<>(a.extent(0), 2), Generic<double>{a});
}

void md(Kokkos::View<double***> a, Kokkos::View<double*> y) {
  Kokkos::parallel_for("md", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO, 4), KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    double corner = 0;  // each participant's own
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, a.extent(1), a.extent(2)), [&](auto... i) { corner = a(l, i...); });
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, a.extent(1), a.extent(2)), [&](auto... i) { y(l) = a(l, i...); });
    // CHECK: races_kokkos.cpp:[[#@LINE-1]]:102: error: 'y(l)' is written by every thread and vector lane of the team concurrently in the closure of the parallel_for over TeamVectorMDRange in kernel 'hpar_md_L[[#@LINE-5]]': it is an element of 'y', one place for all of them; let one of them write it (single), or give each a place of its own [hpar-nested-write-race]
    y(l) += corner;
  });
}

// A variable of the host code captured by reference (hpar-capture-by-ref) is one for everything.
void host(Kokkos::View<double**> a) {
  int hits = 0;
  Kokkos::parallel_for("host", Kokkos::TeamPolicy<>(a.extent(0), Kokkos::AUTO), [&](const member_type& team) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, a.extent(1)), [&](int) { ++hits; });
    // CHECK: races_kokkos.cpp:[[#@LINE-1]]:83: error: 'hits' is written by every thread of the team concurrently in the closure of the parallel_for over TeamThreadRange in kernel 'hpar_host_L[[#@LINE-2]]': it is a variable of the host code, one place for all of them; accumulate with parallel_reduce and 'hits' as its result [hpar-nested-write-race]
  });
}
// CHECK-NOT: [hpar-nested-write-race]
