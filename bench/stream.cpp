// The STREAM memory-bandwidth benchmark as a Kokkos program, written the way a Kokkos user writes it
// first: arrays a, b and c of N doubles (default N = 2^28), and per repetition, in this order,
//   copy  c(i) = a(i)              mul   b(i) = s * c(i)
//   add   c(i) = a(i) + b(i)       triad a(i) = b(i) + s * c(i)
//   dot   sum of a(i) * b(i), a parallel_reduce into a host double.
//
// Timed: each kernel alone, one dispatch plus Kokkos::fence() per repetition (the dot's scalar
// result already implies waiting for the device and copying the sum back).
// Bytes per run: 2 * 8 * N for copy, mul and dot, 3 * 8 * N for add and triad (stream_*_bytes in
// problems.hpp). One RESULT line per kernel: stream_copy, stream_mul, stream_add, stream_triad,
// stream_dot.
// Check: every element of a, b and c after the last repetition, and the dot of every repetition,
// exactly against the same assignments run on the host (check_stream: s = 2 and the initial values
// make every value exact).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the five kernels and prints their RESULT lines; returns whether the check passed.
bool run_stream(const bench::Options& opt) {
  const int64_t n = opt.n;
  const double s = stream_s;
  Kokkos::View<double*> a(Kokkos::view_alloc(Kokkos::WithoutInitializing, "a"), n);
  Kokkos::View<double*> b(Kokkos::view_alloc(Kokkos::WithoutInitializing, "b"), n);
  Kokkos::View<double*> c(Kokkos::view_alloc(Kokkos::WithoutInitializing, "c"), n);

  Kokkos::parallel_for("stream_init", n, KOKKOS_LAMBDA(const int64_t i) {
    a(i) = stream_a0(i);
    b(i) = bench_unset;
    c(i) = bench_unset;
  });
  Kokkos::fence();

  std::vector<double> copy_seconds, mul_seconds, add_seconds, triad_seconds, dot_seconds, dots;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const bool timed = r >= opt.warmup;

    Kokkos::Timer timer;
    Kokkos::parallel_for("stream_copy", n, KOKKOS_LAMBDA(const int64_t i) { c(i) = a(i); });
    Kokkos::fence();
    if (timed) copy_seconds.push_back(timer.seconds());

    timer.reset();
    Kokkos::parallel_for("stream_mul", n, KOKKOS_LAMBDA(const int64_t i) { b(i) = s * c(i); });
    Kokkos::fence();
    if (timed) mul_seconds.push_back(timer.seconds());

    timer.reset();
    Kokkos::parallel_for("stream_add", n, KOKKOS_LAMBDA(const int64_t i) { c(i) = a(i) + b(i); });
    Kokkos::fence();
    if (timed) add_seconds.push_back(timer.seconds());

    timer.reset();
    Kokkos::parallel_for("stream_triad", n, KOKKOS_LAMBDA(const int64_t i) {
      a(i) = b(i) + s * c(i);
    });
    Kokkos::fence();
    if (timed) triad_seconds.push_back(timer.seconds());

    double sum = 0.0;
    timer.reset();
    Kokkos::parallel_reduce("stream_dot", n, KOKKOS_LAMBDA(const int64_t i, double& partial) {
      partial += a(i) * b(i);
    }, sum);
    Kokkos::fence();
    if (timed) dot_seconds.push_back(timer.seconds());
    dots.push_back(sum);
  }

  auto ha = Kokkos::create_mirror_view(a);
  auto hb = Kokkos::create_mirror_view(b);
  auto hc = Kokkos::create_mirror_view(c);
  Kokkos::deep_copy(ha, a);
  Kokkos::deep_copy(hb, b);
  Kokkos::deep_copy(hc, c);
  const bool ok = check_stream(ha.data(), hb.data(), hc.data(), dots, n, opt.warmup + opt.reps);
  // One check covers the five kernels: each one's output feeds the next, so a wrong kernel shows
  // in a, b, c or the dots whichever it is.
  bench::print_result("stream_copy", n, stream_copy_bytes(n), copy_seconds, ok);
  bench::print_result("stream_mul", n, stream_mul_bytes(n), mul_seconds, ok);
  bench::print_result("stream_add", n, stream_add_bytes(n), add_seconds, ok);
  bench::print_result("stream_triad", n, stream_triad_bytes(n), triad_seconds, ok);
  bench::print_result("stream_dot", n, stream_dot_bytes(n), dot_seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 28, "number of doubles per array");
  if (!stream_size_ok(opt.n, opt.warmup + opt.reps)) {
    std::fprintf(stderr, "stream: --n must be at most 2^40 and --warmup plus --reps at most %d\n",
                 stream_max_runs);
    return 2;
  }
  const bool ok = run_stream(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
