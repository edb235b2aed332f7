// The classes of member_template.cpp, as a library's header declares them: the members that
// dispatch are declared here and defined in the source.
#pragma once

#include <Kokkos_Core.hpp>

struct Particles {
  struct Push {};
  Kokkos::View<double*> x, v;

  template <int Steps>
  void advance();

  KOKKOS_INLINE_FUNCTION void operator()(Push, const int i) const { x(i) += v(i); }
};

template <class Scalar>
struct Norm {
  Kokkos::View<Scalar*> x;

  Scalar squared() const;

  KOKKOS_INLINE_FUNCTION void operator()(const int i, Scalar& s) const { s += x(i) * x(i); }
};
