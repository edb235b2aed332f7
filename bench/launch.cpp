// Launch cost as a Kokkos program: L parallel_for dispatches of a 100-element range (a(i) += 1),
// then one Kokkos::fence(), per repetition (default L = 10,000). The kernel does almost nothing, so
// the time is what a dispatch costs: starting the work on every thread and waiting for it.
//
// Timed: the L dispatches and the fence; the time reported is the repetition's over L, one
// dispatch (best_ms is then milliseconds per launch).
// Bytes per launch: a read and written (1,600).
// Check: every a(i), on a host mirror, equals the number of dispatches made.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

#include "problems.hpp"

/// Runs the launch benchmark and prints its RESULT line; returns whether the check passed.
bool run_launch(const bench::Options& opt) {
  const int64_t launches = opt.n;
  const int64_t n = launch_elements;
  Kokkos::View<double*> a("a", n);
  Kokkos::fence();

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    for (int64_t l = 0; l < launches; ++l)
      Kokkos::parallel_for("launch", n, KOKKOS_LAMBDA(const int64_t i) { a(i) += 1.0; });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t / double(launches));
  }

  auto h = Kokkos::create_mirror_view(a);
  Kokkos::deep_copy(h, a);
  const bool ok = check_launch(h.data(), n, double(launches) * (opt.warmup + opt.reps));
  bench::print_result("launch", launches, launch_bytes(), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt =
      bench::parse_options(argc, argv, 10000, "dispatches per repetition");
  const bool ok = run_launch(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
