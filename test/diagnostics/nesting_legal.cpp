// Nesting the rules accept: team-level ranges directly in the team functor (lambda, lambda held in
// a variable, class functor, generic lambda), vector-level ranges directly there or inside a
// TeamThreadRange or TeamThreadMDRange closure, single(PerThread) inside a TeamThreadRange closure,
// helpers taking the team member called from a team functor or from a TeamThreadRange closure
// (when what they nest fits there), and a helper that nothing in this file calls.
// For the OpenMP backend: a generic top-level lambda (kernel "generic") is hpar-generic-lambda in
// the CUDA output (captures_generic.cpp).
// RUN: %hpar-translate --check --backend=openmp %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: %FileCheck %s --check-prefix=OUTPUT < %t.cpp
// LEGAL-NOT: {{error|warning}}
// OUTPUT: hpar_lambda_L
// OUTPUT: hpar_held_L
// OUTPUT: hpar_functor_L
// OUTPUT: hpar_generic_L
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

HPAR_INLINE_FUNCTION void scale_row(const member_type& team, hpar::View<double**> a, int i) {
  hpar::parallel_for(hpar::ThreadVectorRange(team, a.extent(1)), [&](int j) { a(i, j) *= 2; });
}

HPAR_INLINE_FUNCTION void fill_rows(const member_type& team, hpar::View<double**> a) {
  hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(0)), [&](int i) { scale_row(team, a, i); });
}

// For team functors of other files: nothing here calls it, so it is neither device nor host code.
HPAR_INLINE_FUNCTION void library_helper(const member_type& team, hpar::View<double*> x) {
  hpar::parallel_for(hpar::TeamVectorRange(team, x.extent(0)), [&](int i) { x(i) = 0; });
}

void lambda(hpar::View<double**> a, hpar::View<double*> sums, int n) {
  hpar::parallel_for("lambda", hpar::TeamPolicy<>(n, hpar::AUTO, 4), HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    fill_rows(team, a);
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) {
      hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) { a(i, j) += l; });
      hpar::parallel_for(hpar::ThreadVectorMDRange(team, 1, n), [&](int k, int j) { a(i, j) += k; });
      hpar::single(hpar::PerThread(team), [&]() { a(i, 0) += 1; });
      scale_row(team, a, i);
    });
    hpar::parallel_for(hpar::TeamThreadMDRange(team, n, 2), [&](int i, int k) {
      hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) { a(i, j) += k; });
    });
    hpar::parallel_for(hpar::TeamVectorRange(team, n), [&](int i) { a(i, 0) += 1; });
    hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) { a(l % n, j) = l; });
    double s = 0;
    hpar::parallel_reduce(hpar::TeamVectorMDRange(team, n, n), [&](int i, int j, double& t) { t += a(i, j); }, s);
    hpar::single(hpar::PerTeam(team), [&]() { sums(l) = s; });
  });
}

void held(hpar::View<double**> a, int n) {
  auto body = HPAR_LAMBDA(const member_type& team) {
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) { scale_row(team, a, i); });
  };
  hpar::parallel_for("held", hpar::TeamPolicy<>(n, hpar::AUTO), body);
}

struct Rows {
  hpar::View<double**> a;
  HPAR_INLINE_FUNCTION void row(const member_type& team, int i) const { scale_row(team, a, i); }
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(0)), [&](int i) { row(team, i); });
  }
};

void functor(hpar::View<double**> a) {
  hpar::parallel_for("functor", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), Rows{a});
}

void generic(hpar::View<double**> a, int n) {
  hpar::parallel_for("generic", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const auto& team) {
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](auto i) {
      hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](auto j) { a(i, j) = 0; });
    });
  });
}

int main() {
  hpar::View<double**> a("a", 4, 4);
  hpar::View<double*> sums("sums", 4);
  lambda(a, sums, 4);
  held(a, 4);
  functor(a);
  generic(a, 4);
}
