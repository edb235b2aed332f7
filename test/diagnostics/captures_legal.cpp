// Captures the capture rules must accept: by-value functors (plain, HPAR_LAMBDA, '[=, *this]'),
// members reached through local copies, host lambdas that are no functor, and nested closures,
// which capture by reference by design.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA < %t.cu
// The class forms of the lambda macros (HPAR_CLASS_LAMBDA, KOKKOS_CLASS_LAMBDA) capture '*this':
// accepted (exit status 0, nothing reported) and translated.
// RUN: %hpar-translate --check %s -- -DCLASS_MACROS 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.macros.cu -- -DCLASS_MACROS
// RUN: %FileCheck %s --check-prefix=MACROS < %t.macros.cu
// LEGAL-NOT: {{error|warning}}
// MACROS: hpar_class_macro_L
// MACROS: hpar_kokkos_class_macro_L
// CUDA: hpar_by_value_L
// CUDA: hpar_member_copy_L
// CUDA: hpar_star_this_L
#include <hpar/hpar.hpp>
#include <hpar/kokkos.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void by_value(hpar::View<double*> x, double a, int n) {
  hpar::parallel_for("by_value", n, [=](int i) { x(i) = a * i; });
  hpar::parallel_for("explicit_value", n, [x, a](int i) { x(i) = a * i; });
  hpar::parallel_for("macro", n, HPAR_LAMBDA(int i) { x(i) += a; });
  // A host lambda that captures by reference and is no functor.
  double host_sum = 0;
  auto add = [&](double v) { host_sum += v; };
  add(a);
  hpar::parallel_reduce("sum", n, HPAR_LAMBDA(int i, double& s) { s += x(i); }, host_sum);
}

// Nested closures capture by reference: the normal idiom, not a top-level capture.
void nested(hpar::View<double**> m, hpar::View<double*> rows) {
  hpar::parallel_for("team", hpar::TeamPolicy<>(m.extent(0), hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    double s = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, m.extent(1)), [&](int j, double& l) { l += m(r, j); }, s);
    hpar::single(hpar::PerTeam(team), [&]() { rows(r) = s; });
  });
}

class Solver {
 public:
  explicit Solver(int n) : x_("x", n), n_(n) {}
  void run() {
    auto x = x_;
    const double f = factor_;
    hpar::parallel_for("member_copy", n_, HPAR_LAMBDA(int i) { x(i) = f * i; });
    hpar::parallel_for("star_this", n_, [=, *this](int i) { x_(i) += factor_; });
    // A lambda of a member function that uses no member captures no 'this'.
    hpar::parallel_for("no_member", 4, [=](int i) { x(i) += i; });
#if defined(CLASS_MACROS)
    hpar::parallel_for("class_macro", n_, HPAR_CLASS_LAMBDA(int i) { x_(i) *= factor_; });
    Kokkos::parallel_for("kokkos_class_macro", n_, KOKKOS_CLASS_LAMBDA(int i) { x_(i) *= factor_; });
#endif
  }

 private:
  hpar::View<double*> x_;
  double factor_ = 2.0;
  int n_;
};

// A class functor has no captures to check.
struct Scale {
  hpar::View<double*> x;
  double a;
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) *= a; }
};
void functor(hpar::View<double*> x) { hpar::parallel_for("functor", x.extent(0), Scale{x, 2.0}); }
