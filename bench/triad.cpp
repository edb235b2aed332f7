// STREAM triad as a Kokkos program: a(i) = b(i) + s * c(i) over N doubles (default N = 2^28).
//
// Timed: one parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: read b and c, write a (triad_bytes in problems.hpp).
// Check: every element of a, on a host mirror, against the same formula evaluated on the host.
// The inputs are small multiples of 1/4, so b + s*c is exact however the compiler contracts it,
// and the comparison is exact.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

#include "problems.hpp"

/// Runs the triad benchmark and prints its RESULT line; returns whether the check passed.
bool run_triad(const bench::Options& opt) {
  const int64_t n = opt.n;
  const double s = triad_s;
  Kokkos::View<double*> a(Kokkos::view_alloc(Kokkos::WithoutInitializing, "a"), n);
  Kokkos::View<double*> b(Kokkos::view_alloc(Kokkos::WithoutInitializing, "b"), n);
  Kokkos::View<double*> c(Kokkos::view_alloc(Kokkos::WithoutInitializing, "c"), n);

  Kokkos::parallel_for("triad_init", n, KOKKOS_LAMBDA(const int64_t i) {
    a(i) = -1.0;
    b(i) = triad_b(i);
    c(i) = triad_c(i);
  });
  Kokkos::fence();

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("triad", n, KOKKOS_LAMBDA(const int64_t i) { a(i) = b(i) + s * c(i); });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(a);
  Kokkos::deep_copy(h, a);
  const bool ok = check_triad(h.data(), n);
  bench::print_result("triad", n, triad_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per array");
  const bool ok = run_triad(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
