// Exclusive prefix sum with hpar: out(i) = in(0) + ... + in(i-1) over N int64 values
// (default N = 2^28), with parallel_scan.
//
// Timed: one parallel_scan dispatch plus hpar::fence(), per repetition.
// Bytes per run: in read, out written (scan_bytes in problems.hpp).
// Check: every element of out, on a host mirror, against a running sum on the host.
#include <hpar/hpar.hpp>

#include <cstdint>
#include <vector>

#include "problems.hpp"

/// Runs the scan benchmark and prints its RESULT line; returns whether the check passed.
bool run_scan(const bench::Options& opt) {
  const int64_t n = opt.n;
  hpar::View<int64_t*> in(hpar::view_alloc(hpar::WithoutInitializing, "in"), n);
  hpar::View<int64_t*> out(hpar::view_alloc(hpar::WithoutInitializing, "out"), n);

  hpar::parallel_for("scan_init", n, HPAR_LAMBDA(const int64_t i) {
    in(i) = scan_input(i);
    out(i) = -1;
  });
  hpar::fence();

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    hpar::Timer timer;
    hpar::parallel_scan("scan", n, HPAR_LAMBDA(const int64_t i, int64_t& update, const bool final) {
      const int64_t value = in(i);
      if (final) out(i) = update;
      update += value;
    });
    hpar::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = hpar::create_mirror_view(out);
  hpar::deep_copy(h, out);
  const bool ok = check_scan(h.data(), n);
  bench::print_result("scan", n, scan_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of int64 values");
  const bool ok = run_scan(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
