// The kernels of kokkos_partial_specialisation.cpp, laid out as Kokkos' benchmarks lay out
// theirs: a class template declared here, and one partial specialisation of it per unroll depth,
// each from an inclusion of kokkos_partial_specialisation_unroll.hpp with UNROLL defined.
#pragma once

#include <Kokkos_Core.hpp>

template <class Scalar, int Unroll>
struct Triad {
  /// Runs a = b + Unroll * c `repeats` times over n elements; returns the sum of a, once
  /// reduced over the range and once over rows of 100 by teams.
  static void run(int n, int repeats, Scalar& sum, Scalar& by_rows);
};

#define UNROLL 1
#include "kokkos_partial_specialisation_unroll.hpp"
#undef UNROLL
#define UNROLL 2
#include "kokkos_partial_specialisation_unroll.hpp"
#undef UNROLL
#define UNROLL 4
#include "kokkos_partial_specialisation_unroll.hpp"
#undef UNROLL

template <class Scalar>
void run_triad(int n, int repeats, int unroll, Scalar& sum, Scalar& by_rows) {
  if (unroll == 1) Triad<Scalar, 1>::run(n, repeats, sum, by_rows);
  if (unroll == 2) Triad<Scalar, 2>::run(n, repeats, sum, by_rows);
  if (unroll == 4) Triad<Scalar, 4>::run(n, repeats, sum, by_rows);
}
