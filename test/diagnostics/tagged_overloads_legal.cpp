// A class functor's operator() overloads serve different policies; each dispatch runs only the
// overload its work tag and pattern select (RangePolicy: f([tag,] i); parallel_reduce adds the
// accumulator; TeamPolicy: f([tag,] member)), and the checks look only at that one. Here every
// overload that breaks a rule is one that no dispatch of this file calls: a nested pattern in a
// team overload of a functor dispatched over a RangePolicy (hpar-nested-outside-team),
// a call of a function with no visible definition (hpar-device-not-visible), a write race
// (hpar-nested-write-race), a barrier only some threads reach (hpar-divergent-collective), level-0
// scratch the dispatched policy does not request (hpar-scratch-unrequested), and an accumulator
// taken by value (hpar-functor-signature). The same mistakes in an overload that a dispatch
// calls are reported: tagged_overloads.cpp.
// RUN: %hpar-translate --check %s 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=OUTPUT < %t.cu
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: %FileCheck %s --check-prefix=OUTPUT < %t.cpp
// LEGAL-NOT: {{error|warning}}
// OUTPUT: hpar_range_tag_L
// OUTPUT: hpar_untagged_L
// OUTPUT: hpar_sum_L
// OUTPUT: hpar_team_tag_L
// OUTPUT: hpar_by_signature_L
#include <Kokkos_Core.hpp>

struct TagA {};
struct TagB {};
struct TagC {};
struct TagSum {};

using member_type = Kokkos::TeamPolicy<>::member_type;

void host_only();  // defined in another file, for the host

// The program: RangePolicy<TagA> is dispatched here, TeamPolicy<TagB> is not.
struct RangeAndTeam {
  Kokkos::View<int*> a;
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i) const { a(i) = i; }
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const Kokkos::TeamPolicy<TagB>::member_type& t) const {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(t, 4), [&](const int& j) { a(t.league_rank() * 4 + j) = j; });
  }
  // Untagged, for another file's RangePolicy<>: it calls what only the host has.
  void operator()(const int i) const {
    host_only();
    a(i) = 0;
  }
  void run() { Kokkos::parallel_for("range_tag", Kokkos::RangePolicy<TagA>(0, 16), *this); }
};

// Dispatched untagged (f(i)) and as a tagged reduction (f(TagSum, i, sum)); the team overloads
// are for other files.
struct Untagged {
  Kokkos::View<double*> x;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { x(i) = 1.0; }
  KOKKOS_INLINE_FUNCTION void operator()(TagSum, const int i, double& s) const { s += x(i); }
  // Takes its accumulator by value: a reduction would lose it, but nothing here reduces with it.
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i, double s) const { x(i) = s; }
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& team) const {
    Kokkos::single(Kokkos::PerTeam(team), [&]() { x(team.league_rank()) = 2.0; });
  }
};

// TeamPolicy<TagB> is dispatched; the TagC overload (not dispatched) races, diverges at a barrier
// and uses level-0 scratch, which the TagB policy does not request.
struct TwoTeams {
  Kokkos::View<double**> a;
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& team) const {
    const int r = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, int(a.extent(1))), [&](const int j) { a(r, j) = j; });
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagC, const member_type& team) const {
    double last = 0;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, int(a.extent(1))), [&](const int j) { last = a(0, j); });
    if (team.team_rank() == 0) team.team_barrier();
    double* s = (double*)team.team_scratch(0).get_shmem(8 * sizeof(double));
    if (s) s[0] = last;
  }
};

// Selected by the call's signature alone: the RangePolicy<> dispatch calls f(i), not the team
// overload, which nests a TeamThreadRange.
struct BySignature {
  Kokkos::View<int*> a;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { a(i) = -i; }
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 8), [&](const int j) { a(j) = j; });
  }
};

void run(int n) {
  RangeAndTeam{Kokkos::View<int*>("a", 16)}.run();
  Untagged u{Kokkos::View<double*>("x", n)};
  Kokkos::parallel_for("untagged", n, u);
  double sum = 0;
  Kokkos::parallel_reduce("sum", Kokkos::RangePolicy<TagSum>(0, n), u, sum);
  Kokkos::parallel_for("team_tag", Kokkos::TeamPolicy<TagB>(n, Kokkos::AUTO), TwoTeams{Kokkos::View<double**>("a", n, 8)});
  Kokkos::parallel_for("by_signature", Kokkos::RangePolicy<>(0, 8), BySignature{Kokkos::View<int*>("b", 8)});
}
