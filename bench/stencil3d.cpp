// 7-point Jacobi stencil as a Kokkos program on an n^3 grid of doubles (default n = 512):
//   v(i,j,k) = c0 * u(i,j,k) + c1 * (u(i-1,j,k) + u(i+1,j,k) + u(i,j-1,k) + u(i,j+1,k)
//                                    + u(i,j,k-1) + u(i,j,k+1))
// over the interior points 1 <= i,j,k < n-1, with MDRangePolicy<Rank<3>> (default iteration
// order, which follows the default layout: index 0 is stride-1 on the device backends).
// Every repetition applies the same sweep u -> v, so the result does not depend on R.
//
// Timed: one MDRangePolicy parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: u read once and v written once per interior point (stencil_bytes in problems.hpp); the
// neighbour reads are assumed to hit in cache.
// Check: every point of v (the interior against the stencil evaluated on the host, the boundary
// against its initial value), on a host mirror. The inputs are integers and c0, c1 are powers of
// two, so every result is exact and the comparison is exact.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the stencil benchmark and prints its RESULT line; returns whether the check passed.
bool run_stencil(const bench::Options& opt) {
  const int64_t n = opt.n;
  using Grid = Kokkos::View<double***>;
  Grid u(Kokkos::view_alloc(Kokkos::WithoutInitializing, "u"), n, n, n);
  Grid v(Kokkos::view_alloc(Kokkos::WithoutInitializing, "v"), n, n, n);
  const double c0 = stencil_c0, c1 = stencil_c1;

  using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<3>>;
  Kokkos::parallel_for("stencil_init", Policy({0, 0, 0}, {n, n, n}),
                     KOKKOS_LAMBDA(const int64_t i, const int64_t j, const int64_t k) {
    u(i, j, k) = stencil_input(i, j, k);
    v(i, j, k) = stencil_input(i, j, k);
  });
  Kokkos::fence();

  // The input is read through a const RandomAccess view, the Kokkos idiom for read-only
  // neighbour access (the baseline's `const double* __restrict__`).
  const Kokkos::View<const double***, Kokkos::MemoryTraits<Kokkos::RandomAccess>> in = u;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("stencil3d", Policy({1, 1, 1}, {n - 1, n - 1, n - 1}),
                       KOKKOS_LAMBDA(const int64_t i, const int64_t j, const int64_t k) {
      v(i, j, k) = c0 * in(i, j, k) + c1 * (in(i - 1, j, k) + in(i + 1, j, k) + in(i, j - 1, k) +
                                            in(i, j + 1, k) + in(i, j, k - 1) + in(i, j, k + 1));
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(h, v);
  const bool ok = check_stencil([&](int64_t i, int64_t j, int64_t k) { return h(i, j, k); }, n);
  bench::print_result("stencil3d", n, stencil_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, 512, "grid edge length");
  if (opt.n < 3) {
    std::fprintf(stderr, "stencil3d: --n must be at least 3\n");
    return 2;
  }
  const bool ok = run_stencil(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
