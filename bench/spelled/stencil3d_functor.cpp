// bench/stencil3d.cpp with the body of its timed parallel_for a functor class (Jacobi) holding the
// Views and the coefficients c0, c1 as members (issue 47); the rest of the program is
// bench/spelled/stencil3d_run.hpp.
#include <Kokkos_Core.hpp>

#include "stencil3d_run.hpp"

/// v = c0 * in + c1 * (the six neighbours of in) at (i, j, k).
struct Jacobi {
  Kokkos::View<const double***, Kokkos::MemoryTraits<Kokkos::RandomAccess>> in;
  Kokkos::View<double***> v;
  double c0;
  double c1;
  KOKKOS_INLINE_FUNCTION void operator()(const int64_t i, const int64_t j, const int64_t k) const {
    v(i, j, k) = c0 * in(i, j, k) + c1 * (in(i - 1, j, k) + in(i + 1, j, k) + in(i, j - 1, k) +
                                          in(i, j + 1, k) + in(i, j, k - 1) + in(i, j, k + 1));
  }
};

/// One Jacobi sweep in -> v over the interior of the n^3 grid.
void sweep(const StencilGrids& g, const int64_t n) {
  const auto in = g.in;
  const auto v = g.v;
  using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<3>>;
  Kokkos::parallel_for("stencil3d", Policy({1, 1, 1}, {n - 1, n - 1, n - 1}),
                       Jacobi{in, v, stencil_c0, stencil_c1});
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = stencil3d_options(argc, argv);
  const bool ok = stencil3d_run(opt, "stencil3d_functor", sweep);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
