// A team parallel_for whose lambda captures only Views and plain values reads the Views it only
// reads through hpar::rt::cuda::read_only(team, V): each such read is rewritten, the kernel gains
// a ReadOnly variant, and the call passes whether their memory is apart from the other Views'
// (docs/design.md section 8, "Views a team kernel only reads"). Left as written: Views written,
// passed on, bound to a reference or given to an atomic; reads where the team member cannot be
// named; lambdas that capture a pointer; lambdas in templates; team reductions. Functor classes
// are followed too (see "functors" below), and functions the body hands its member and Views to
// ("helpers").
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %FileCheck %s --check-prefix=RUNTIME < %hpar-src/runtime/include/hpar/rt/cuda/launchers.cuh
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v '^ *//' %t.cpp | %FileCheck %s --check-prefix=OMP
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.cpp %}
// RUNTIME-LABEL: class TeamFor
// RUNTIME: if (read_only.names) explain_read_only(this->site, read_only.apart, read_only.names);
// OMP: #include <hpar/rt/openmp.hpp>
// OMP-NOT: rt::cuda
#include <Kokkos_Core.hpp>

using V1 = Kokkos::View<double*>;
using member_type = Kokkos::TeamPolicy<>::member_type;

struct Coefficients {
  double scale[2];
  int shift;
};

KOKKOS_INLINE_FUNCTION double first(V1 v) { return v(0); }

// CHECK-LABEL: // hpar: parallel_for "reads" (TeamPolicy)
// CHECK: template <class Policy, class Functor, bool ByValue, bool Narrow, bool ReadOnly>
// CHECK: const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state(), ReadOnly);
// CHECK: void hpar_reads_L{{[0-9]+}}_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f, const bool reads_apart) {
// CHECK-NEXT: using Launch = hpar::rt::cuda::TeamFor<PolicyOrCount, Functor>;
// CHECK-NEXT: // b, c: only read by the kernel. reads_apart: their memory overlaps none of a's;
// The launch object explains, under HPAR_EXPLAIN_LAUNCH=1, how this launch reads b and c.
// CHECK: hpar::rt::cuda::ReadOnlyViews{"b, c", reads_apart});
// Three variants, not four: Views that overlap run the wide kernel as written whatever the block.
// CHECK: const auto narrow = reads_apart ? hpar_reads_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value, true, true>
// CHECK-NEXT: : hpar_reads_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value, false, false>;
// CHECK-NEXT: const auto wide = reads_apart ? hpar_reads_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value, false, true>
// CHECK-NEXT: : hpar_reads_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value, false, false>;
// CHECK-NEXT: launch.run(narrow, wide);
void reads(V1 a, V1 b, V1 c, Coefficients k) {
  Kokkos::parallel_for("reads", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& t) {
    const int n = int(b.extent(0));
    Kokkos::parallel_for(Kokkos::TeamThreadRange(t, n), [&](int i) {
      a(i) = k.scale[0] * b(i) + c[i] + k.shift;
    });
    Kokkos::single(Kokkos::PerTeam(t), [=]() { a(0) += b(n - 1); });
  });
  // CHECK: a(i) = k.scale[0] * hpar::rt::cuda::read_only(t, b)(i) + hpar::rt::cuda::read_only(t, c)[i] + k.shift;
  // CHECK: Kokkos::single(Kokkos::PerTeam(t), [=]() { a(0) += hpar::rt::cuda::read_only(t, b)(n - 1); });
  // CHECK-NEXT: },
  // CHECK-NEXT: hpar::rt::cuda::views_apart(hpar::rt::cuda::memory_of(b, c), hpar::rt::cuda::memory_of(a)));
}

// Written, passed on, bound to a reference, given to an atomic: only d is only read.
// CHECK-LABEL: // hpar: parallel_for "others" (TeamPolicy)
// CHECK: // d: only read by the kernel. reads_apart: their memory overlaps none of a, b, c, e's;
void others(V1 a, V1 b, V1 c, V1 d, V1 e) {
  Kokkos::parallel_for("others", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    a(0) += d(0);
    const double x = first(b);
    const double& y = c(1);
    Kokkos::atomic_add(&e(2), x + y);
  });
  // CHECK: a(0) += hpar::rt::cuda::read_only(team, d)(0);
  // CHECK-NEXT: const double x = first(b);
  // CHECK-NEXT: const double& y = c(1);
  // CHECK-NEXT: Kokkos::atomic_add(&e(2), x + y);
}

// A team body stored in a variable that only its dispatch runs, with no statement between them
// naming what it captures: read as a lambda written in the call is. Stored and run twice, or with
// a View it captures assigned between the lambda and the call: as written.
// CHECK-LABEL: // hpar: parallel_for "stored" (TeamPolicy)
// CHECK: // b: only read by the kernel. reads_apart: their memory overlaps none of a's;
// CHECK-LABEL: // hpar: parallel_for "stored_first" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "stored_second" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "stored_reassigned" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: void stored(V1 a, V1 b, V1 c) {
void stored(V1 a, V1 b, V1 c) {
  const auto body = KOKKOS_LAMBDA(const member_type& team) { a(team.league_rank()) = b(0); };
  Kokkos::parallel_for("stored", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), body);
  // CHECK: const auto body = KOKKOS_LAMBDA(const member_type& team) { a(team.league_rank()) = hpar::rt::cuda::read_only(team, b)(0); };
  // CHECK-NEXT: hpar_stored_L{{[0-9]+}}_launch("stored", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), body,
  // CHECK-NEXT: hpar::rt::cuda::views_apart(hpar::rt::cuda::memory_of(b), hpar::rt::cuda::memory_of(a)));
  const auto twice = KOKKOS_LAMBDA(const member_type& team) { a(team.league_rank()) = b(1); };
  Kokkos::parallel_for("stored_first", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), twice);
  Kokkos::parallel_for("stored_second", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), twice);
  // CHECK: const auto twice = {{.*}} { a(team.league_rank()) = b(1); };
  const auto later = KOKKOS_LAMBDA(const member_type& team) { a(team.league_rank()) = b(2); };
  b = c;
  Kokkos::parallel_for("stored_reassigned", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), later);
  // CHECK: const auto later = {{.*}} { a(team.league_rank()) = b(2); };
}

// A functor class whose one call operator only this dispatch runs, holding Views and plain values:
// its reads are rewritten in the operator, and the call checks the Views the functor holds (`g.in`
// for a variable; for an aggregate built in the call, the variables it is built from: Copy{x, y}
// holds y in `from`). Dispatched twice, calling a member function of its own, or built by a
// constructor (private members): as written.
struct Gather {
  V1 out, in;
  double scale;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 8), [&](int i) {
      out(team.league_rank() * 8 + i) = scale * in(i) + in.extent(0);
    });
  }
};
// CHECK: out(team.league_rank() * 8 + i) = scale * hpar::rt::cuda::read_only(team, in)(i) + in.extent(0);
// OMP: out(team.league_rank() * 8 + i) = scale * hpar::rt::omp::read_only(team, in)(i) + in.extent(0);
struct Copy {
  V1 to, from;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& t) const { to(t.league_rank()) = from(t.league_rank()); }
};
// CHECK: to(t.league_rank()) = hpar::rt::cuda::read_only(t, from)(t.league_rank());
struct Twice {
  V1 a, b;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& t) const { a(t.league_rank()) = b(3); }
};
// CHECK: a(t.league_rank()) = b(3);
struct Helper {
  V1 a, b;
  KOKKOS_INLINE_FUNCTION double get(int i) const { return b(i); }
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& t) const { a(t.league_rank()) = get(4) + b(4); }
};
// CHECK: a(t.league_rank()) = get(4) + b(4);
class Built {
 public:
  Built(V1 a, V1 b) : a_(a), b_(b) {}
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& t) const { a_(t.league_rank()) = b_(5); }

 private:
  V1 a_, b_;
};
// CHECK: a_(t.league_rank()) = b_(5);

// CHECK-LABEL: // hpar: parallel_for "functor_variable" (TeamPolicy)
// CHECK: // in: only read by the kernel. reads_apart: their memory overlaps none of out's;
// CHECK-LABEL: // hpar: parallel_for "functor_built" (TeamPolicy)
// CHECK: // from: only read by the kernel. reads_apart: their memory overlaps none of to's;
// CHECK-LABEL: // hpar: parallel_for "functor_first" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "functor_second" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "functor_helper" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "functor_constructed" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: void functors(V1 a, V1 b, V1 x, V1 y) {
void functors(V1 a, V1 b, V1 x, V1 y) {
  const Gather g{a, b, 2.0};
  Kokkos::parallel_for("functor_variable", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), g);
  // CHECK: hpar::rt::cuda::views_apart(hpar::rt::cuda::memory_of(g.in), hpar::rt::cuda::memory_of(g.out)));
  Kokkos::parallel_for("functor_built", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), Copy{x, y});
  // CHECK: hpar::rt::cuda::views_apart(hpar::rt::cuda::memory_of(y), hpar::rt::cuda::memory_of(x)));
  Kokkos::parallel_for("functor_first", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), Twice{a, b});
  Kokkos::parallel_for("functor_second", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), Twice{b, a});
  Kokkos::parallel_for("functor_helper", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), Helper{a, b});
  Kokkos::parallel_for("functor_constructed", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), Built(a, b));
  // CHECK-NOT: views_apart
  // CHECK: hpar_functor_constructed_L{{[0-9]+}}_launch("functor_constructed", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), Built(a, b));
}

// A team body handing its member and Views to a function of this file that only it calls: the
// function's reads are rewritten with its own member parameter (`m`), and the call checks the
// Views passed. Not followed: a function without the member, one called by two dispatches; a View
// the function writes is one of the others.
KOKKOS_INLINE_FUNCTION void copy_row(const member_type& m, V1 to, const V1& from, int shift) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(m, 8), [&](int i) { to(m.league_rank() * 8 + i) = from(i + shift); });
}
// CHECK: to(m.league_rank() * 8 + i) = hpar::rt::cuda::read_only(m, from)(i + shift);
KOKKOS_INLINE_FUNCTION double twice_first(V1 v) { return 2 * v(0); }
KOKKOS_INLINE_FUNCTION void store(const member_type& m, V1 to, V1 from) { to(m.league_rank()) = from(0); from(1) = 0; }
KOKKOS_INLINE_FUNCTION void shared_helper(const member_type& m, V1 to, V1 from) { to(m.league_rank()) = from(1); }
// CHECK: KOKKOS_INLINE_FUNCTION double twice_first(V1 v) { return 2 * v(0); }
// CHECK: { to(m.league_rank()) = from(0); from(1) = 0; }
// CHECK: { to(m.league_rank()) = from(1); }

// CHECK-LABEL: // hpar: parallel_for "helper" (TeamPolicy)
// CHECK: // b: only read by the kernel. reads_apart: their memory overlaps none of a's;
// CHECK-LABEL: // hpar: parallel_for "helper_no_member" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "helper_writes" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "helper_shared_1" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "helper_shared_2" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: void helpers(V1 a, V1 b, V1 c) {
void helpers(V1 a, V1 b, V1 c) {
  Kokkos::parallel_for("helper", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    copy_row(team, a, b, 2);
  });
  // CHECK: hpar::rt::cuda::views_apart(hpar::rt::cuda::memory_of(b), hpar::rt::cuda::memory_of(a)));
  Kokkos::parallel_for("helper_no_member", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    a(team.league_rank()) = twice_first(b);
  });
  Kokkos::parallel_for("helper_writes", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    store(team, a, b);
  });
  Kokkos::parallel_for("helper_shared_1", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    shared_helper(team, a, b);
  });
  Kokkos::parallel_for("helper_shared_2", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    shared_helper(team, c, b);
  });
  // CHECK-NOT: views_apart
  // CHECK: hpar_helper_shared_2_L{{[0-9]+}}_launch(
}

// The member cannot be named where b is read (an inner lambda that captures only b and a, and one
// whose parameter hides it); a captures a pointer; a template; a team reduction: all as written.
// CHECK-LABEL: // hpar: parallel_for "hidden" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "pointer" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_reduce "reduce" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-LABEL: // hpar: parallel_for "templated" (TeamPolicy)
// CHECK-NOT: reads_apart
// CHECK-NOT: read_only(
void hidden(V1 a, V1 b, double* p) {
  Kokkos::parallel_for("hidden", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 8), [&a, &b](int i) { a(i) = b(i); });
    auto g = [&](int team) { return b(team); };
    a(9) = g(1);
  });
  Kokkos::parallel_for("pointer", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    p[team.league_rank()] = b(team.league_rank());
  });
  double sum = 0;
  Kokkos::parallel_reduce("reduce", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team, double& s) {
    s += b(team.league_rank());
  }, sum);
  a(0) = sum;
}

template <class View>
void templated(View a, View b) {
  Kokkos::parallel_for("templated", Kokkos::TeamPolicy<>(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    a(team.league_rank()) = b(team.league_rank());
  });
}

void instantiate(V1 a, V1 b) { templated(a, b); }
