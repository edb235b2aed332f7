// The overload of a class functor that a dispatch calls is checked: a nested pattern in the
// operator() that a RangePolicy dispatch selects by its work tag (f(tag, i)), by the accumulator
// a parallel_reduce adds (f(tag, i, value)), or by its call alone (f(i) of an untagged policy),
// including a templated operator() and one inherited from a base, is hpar-nested-outside-team,
// and an accumulator taken by value in the overload a reduction calls is hpar-functor-signature;
// the team overloads beside them, which no dispatch here calls, are not reported (the same
// overloads dispatched over their TeamPolicy are legal: tagged_overloads_legal.cpp), not even
// beside an overload that does not fit its dispatch.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s --implicit-check-not=error:
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cu
// TRANSLATE: error: nested 'parallel_for' over ThreadVectorRange inside the functor of kernel 'hpar_tagged_L[[#]]' (RangePolicy)
// TRANSLATE: hpar-translate: no output written
#include <Kokkos_Core.hpp>

struct TagA {};
struct TagB {};
struct TagSum {};

using member_type = Kokkos::TeamPolicy<>::member_type;

// RangePolicy<TagA> calls f(TagA, i), which nests a ThreadVectorRange through a member it holds.
struct Tagged {
  Kokkos::View<int*> a;
  member_type team;
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i) const {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, 4), [&](const int j) { a(i) += j; });
    // CHECK: tagged_overloads.cpp:[[#@LINE-1]]:5: error: nested 'parallel_for' over ThreadVectorRange inside the functor of kernel 'hpar_tagged_L[[#TAGGED:]]' (RangePolicy): nested patterns are only legal inside a TeamPolicy functor [hpar-nested-outside-team]
    // CHECK: tagged_overloads.cpp:[[#TAGGED]]:3: note: kernel 'hpar_tagged_L[[#TAGGED]]' is dispatched over a RangePolicy here; nested patterns need a TeamPolicy
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& t) const {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(t, 4), [&](const int j) { a(j) = j; });
  }
};

// The untagged RangePolicy calls f(i); the tagged team overload is another dispatch's.
struct Untagged {
  Kokkos::View<int*> a;
  member_type team;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    Kokkos::single(Kokkos::PerTeam(team), [&]() { a(i) = 1; });
    // CHECK: tagged_overloads.cpp:[[#@LINE-1]]:5: error: nested 'single(PerTeam)' inside the functor of kernel 'hpar_untagged_L{{[0-9]+}}' (RangePolicy)
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& t) const {
    Kokkos::single(Kokkos::PerTeam(t), [&]() { a(0) = 2; });
  }
};

// parallel_reduce over RangePolicy<TagSum> calls f(TagSum, i, value): the three-parameter overload.
struct Reduced {
  Kokkos::View<double*> x;
  member_type team;
  KOKKOS_INLINE_FUNCTION void operator()(TagSum, const int i) const { x(i) = 0; }
  KOKKOS_INLINE_FUNCTION void operator()(TagSum, const int i, double& s) const {
    double t = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, 4), [&](const int j, double& u) { u += x(j); }, t);
    // CHECK: tagged_overloads.cpp:[[#@LINE-1]]:5: error: nested 'parallel_reduce' over TeamThreadRange inside the functor of kernel 'hpar_reduced_L{{[0-9]+}}' (RangePolicy)
    s += t + x(i);
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& t) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(t, 4), [&](const int j) { x(j) = j; });
  }
};

// A templated operator(): the RangePolicy<TagA> dispatch instantiates it for TagA.
struct Templated {
  Kokkos::View<int*> a;
  member_type team;
  template <class Tag>
  KOKKOS_INLINE_FUNCTION void operator()(Tag, const int i) const {
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, 2), [&](const int j) { a(i) += j; });
    // CHECK: tagged_overloads.cpp:[[#@LINE-1]]:5: error: nested 'parallel_for' over TeamVectorRange inside the functor of kernel 'hpar_templated_L{{[0-9]+}}' (RangePolicy)
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& t) const {
    Kokkos::parallel_for(Kokkos::TeamVectorRange(t, 2), [&](const int j) { a(j) = j; });
  }
};

// operator() inherited from a base: the derived functor's dispatch calls the base's TagA overload.
struct Base {
  Kokkos::View<int*> a;
  member_type team;
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i) const {
    Kokkos::single(Kokkos::PerThread(team), [&]() { a(i) = 3; });
    // CHECK: tagged_overloads.cpp:[[#@LINE-1]]:5: error: nested 'single(PerThread)' inside the functor of kernel 'hpar_inherited_L{{[0-9]+}}' (RangePolicy)
  }
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& t) const {
    Kokkos::single(Kokkos::PerThread(t), [&]() { a(0) = 4; });
  }
};
struct Derived : Base {};

// Signatures judge the overload the reduction calls: f(i, value) takes its accumulator by value
// (the compiler accepts it; the contributions are lost). The tagged overload of the same arity
// is another dispatch's.
struct ByValue {
  Kokkos::View<double*> x;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double s) const { s += x(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i) const { x(i) = 1; }
};

// A functor that does not fit its dispatch: the header leaves the call out, so the checks take the
// overloads that take the work tag first and whose parameter count fits, or else those that take
// the tag: the signature error alone, not the team overload's nested pattern.
struct Misfit {
  Kokkos::View<int*> a;
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i, const int extra) const { a(i) = extra; }
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& t) const {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(t, 4), [&](const int j) { a(j) = j; });
  }
};

void misfit(Kokkos::View<int*> a) {
  Kokkos::parallel_for("misfit", Kokkos::RangePolicy<TagA>(0, 4), Misfit{a});
  // CHECK: tagged_overloads.cpp:[[#@LINE-1]]:67: error: parallel_for over RangePolicy<TagA> calls the functor as f(TagA, i), but operator() of 'Misfit' in kernel 'hpar_misfit_L[[#@LINE-1]]' takes (TagA, const int i, const int extra) [hpar-functor-signature]
}

void run(Kokkos::View<int*> a, Kokkos::View<double*> x, const member_type& team) {
  Kokkos::parallel_for("tagged", Kokkos::RangePolicy<TagA>(0, 4), Tagged{a, team});
  Kokkos::parallel_for("untagged", 4, Untagged{a, team});
  double s = 0;
  Kokkos::parallel_reduce("reduced", Kokkos::RangePolicy<TagSum>(0, 4), Reduced{x, team}, s);
  Kokkos::parallel_for("templated", Kokkos::RangePolicy<TagA>(0, 4), Templated{a, team});
  Kokkos::parallel_for("inherited", Kokkos::RangePolicy<TagA>(0, 4), Derived{{a, team}});
  Kokkos::parallel_reduce("by_value", Kokkos::RangePolicy<>(0, 4), ByValue{x}, s);
  // CHECK: tagged_overloads.cpp:[[#@LINE-1]]:68: error: parallel_reduce over RangePolicy calls the functor as f(i, value&), but operator() of 'ByValue' in kernel 'hpar_by_value_L[[#@LINE-1]]' takes its accumulator as 'double s'; it must be a non-const reference, or its contributions are lost [hpar-functor-signature]
}
