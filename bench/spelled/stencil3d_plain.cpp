// bench/stencil3d.cpp with the grid read through the View it was allocated as, a plain
// View<double***>, where bench/stencil3d.cpp reads it through a const RandomAccess View (issue 47);
// the rest of the program is bench/spelled/stencil3d_run.hpp.
#include <Kokkos_Core.hpp>

#include "stencil3d_run.hpp"

/// One Jacobi sweep u -> v over the interior of the n^3 grid.
void sweep(const StencilGrids& g, const int64_t n) {
  const auto u = g.u;
  const auto v = g.v;
  const double c0 = stencil_c0, c1 = stencil_c1;
  using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<3>>;
  Kokkos::parallel_for("stencil3d", Policy({1, 1, 1}, {n - 1, n - 1, n - 1}),
                       KOKKOS_LAMBDA(const int64_t i, const int64_t j, const int64_t k) {
    v(i, j, k) = c0 * u(i, j, k) + c1 * (u(i - 1, j, k) + u(i + 1, j, k) + u(i, j - 1, k) +
                                         u(i, j + 1, k) + u(i, j, k - 1) + u(i, j, k + 1));
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = stencil3d_options(argc, argv);
  const bool ok = stencil3d_run(opt, "stencil3d_plain", sweep);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
