// The classes of kokkos_member_template.cpp, as a library's header declares them: the member
// templates that dispatch over *this are only declared here; the source defines them.
#pragma once

#include <Kokkos_Core.hpp>

// A 1-D heat equation: Steps Jacobi sweeps, each one dispatch of the class's own tagged operator().
class Heat {
 public:
  struct Init {};
  struct Sweep {};
  struct Sum {};
  struct SumOfSquares {};

  explicit Heat(int n) : u_("u", n), next_("next", n), n_(n) {}

  void start();
  template <int Steps>
  void run();
  template <class Tag>
  double reduce() const;
  Kokkos::View<double*> values() const { return u_; }

  KOKKOS_INLINE_FUNCTION void operator()(Init, const int i) const { u_(i) = i % 7; }
  KOKKOS_INLINE_FUNCTION void operator()(Sweep, const int i) const {
    next_(i) = i == 0 || i == n_ - 1 ? u_(i) : (u_(i - 1) + u_(i) + u_(i + 1)) / 3;
  }
  KOKKOS_INLINE_FUNCTION void operator()(Sum, const int i, double& s) const { s += u_(i); }
  KOKKOS_INLINE_FUNCTION void operator()(SumOfSquares, const int i, double& s) const {
    s += u_(i) * u_(i);
  }

 private:
  Kokkos::View<double*> u_, next_;
  int n_;
};

// A class template whose member with the dispatch is defined out of the class, in the source.
template <class Scalar>
struct Scale {
  Kokkos::View<Scalar*> x;
  Scalar factor;

  void apply() const;

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { x(i) *= factor; }
};
