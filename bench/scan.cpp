// Exclusive prefix sum as a Kokkos program: out(i) = in(0) + ... + in(i-1) over N int64 values
// (default N = 2^28), with parallel_scan.
//
// Timed: one parallel_scan dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: in read, out written (scan_bytes in problems.hpp).
// Check: every element of out, on a host mirror, against a running sum on the host.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

#include "problems.hpp"

/// Runs the scan benchmark and prints its RESULT line; returns whether the check passed.
bool run_scan(const bench::Options& opt) {
  const int64_t n = opt.n;
  Kokkos::View<int64_t*> in(Kokkos::view_alloc(Kokkos::WithoutInitializing, "in"), n);
  Kokkos::View<int64_t*> out(Kokkos::view_alloc(Kokkos::WithoutInitializing, "out"), n);

  Kokkos::parallel_for("scan_init", n, KOKKOS_LAMBDA(const int64_t i) {
    in(i) = scan_input(i);
    out(i) = -1;
  });
  Kokkos::fence();

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_scan("scan", n,
                          KOKKOS_LAMBDA(const int64_t i, int64_t& update, const bool final) {
      const int64_t value = in(i);
      if (final) out(i) = update;
      update += value;
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  const bool ok = check_scan(h.data(), n);
  bench::print_result("scan", n, scan_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of int64 values");
  const bool ok = run_scan(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
