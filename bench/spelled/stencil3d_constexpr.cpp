// bench/stencil3d.cpp with the coefficients written in its timed lambda as the compile-time
// constants stencil_c0 and stencil_c1 (constexpr in problems.hpp) instead of captured local
// `const double` variables (issue 47); the rest of the program is bench/spelled/stencil3d_run.hpp.
#include <Kokkos_Core.hpp>

#include "stencil3d_run.hpp"

/// One Jacobi sweep in -> v over the interior of the n^3 grid.
void sweep(const StencilGrids& g, const int64_t n) {
  const auto in = g.in;
  const auto v = g.v;
  using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<3>>;
  Kokkos::parallel_for("stencil3d", Policy({1, 1, 1}, {n - 1, n - 1, n - 1}),
                       KOKKOS_LAMBDA(const int64_t i, const int64_t j, const int64_t k) {
    v(i, j, k) = stencil_c0 * in(i, j, k) +
                 stencil_c1 * (in(i - 1, j, k) + in(i + 1, j, k) + in(i, j - 1, k) +
                               in(i, j + 1, k) + in(i, j, k - 1) + in(i, j, k + 1));
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = stencil3d_options(argc, argv);
  const bool ok = stencil3d_run(opt, "stencil3d_constexpr", sweep);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
