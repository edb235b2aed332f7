// Host-side helpers shared by the hpar benchmarks and their hand-written CUDA baselines:
// command line, statistics over repetitions, the RESULT line, mismatch reporting, and the device
// copy bandwidth of the process.
//
// Every benchmark prints exactly one line per measurement, in this fixed format (keys in order):
//
//   RESULT name=<benchmark> impl=<implementation> n=<size> reps=<R> bytes=<per run>
//          best_ms=<min> median_ms=<median> mean_ms=<mean> gbytes_per_s=<bytes / best / 1e9>
//          check=<ok|FAILED>
//
// bench/run.sh parses these lines; keep the format in step with it.
//
// Implementation names: a baseline, and a benchmark built against Kokkos itself (bench/cpu.sh),
// defines BENCH_IMPL before including this file; an hpar benchmark gets hpar-cuda, hpar-openmp or
// hpar-serial from the backend it was compiled for.
//
// Copy bandwidth (report_copy_bandwidth) is measured in the same process as the benchmark, so
// every result can be read as a fraction of what the same device delivered to a plain copy:
//   CUDA (nvcc builds, baselines and hpar-cuda): cudaMemcpy device to device;
//   hpar OpenMP builds for a GPU: omp_target_memcpy between two allocations on
//   hpar::impl::omp_device() (through the runtime's omp_memory_* routines);
//   every other build with OpenMP (hpar's for the host, Kokkos' OpenMP backend, the OpenMP
//   baselines): a copy loop over the host's memory divided among OpenMP's threads;
//   serial builds: std::memcpy between two host buffers.
// The bytes counted for a copy of S bytes are 2*S (read S, write S).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <time.h>
#include <vector>

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif
#if (defined(HPAR_BACKEND_OPENMP) || defined(_OPENMP)) && !defined(__HPAR_TRANSLATING__)
#include <omp.h>
#endif

namespace bench {

// A tuned variant (bench/tuned/, its launch shape picked by hand) defines BENCH_TUNED before
// including this file: its implementation names end in "-tuned".
#if defined(BENCH_TUNED)
#define BENCH_IMPL_SUFFIX "-tuned"
#else
#define BENCH_IMPL_SUFFIX ""
#endif
#if defined(BENCH_IMPL)
inline const char* impl_name() { return BENCH_IMPL; }
#elif defined(HPAR_BACKEND_CUDA) && !defined(__HPAR_TRANSLATING__)
inline const char* impl_name() { return "hpar-cuda" BENCH_IMPL_SUFFIX; }
#elif defined(HPAR_BACKEND_OPENMP) && !defined(__HPAR_TRANSLATING__)
inline const char* impl_name() { return "hpar-openmp" BENCH_IMPL_SUFFIX; }
#else
inline const char* impl_name() { return "hpar-serial" BENCH_IMPL_SUFFIX; }
#endif

/// The team size a benchmark wants, or the most this build can launch when that is less (GCC's
/// OpenMP offload grants a team a few dozen threads at most); says so on stderr when it differs.
template <class Policy, class ForTag>
int fitting_team_size(int wanted, int vector_length, ForTag for_tag) {
  const int most = Policy(1, 1, vector_length).team_size_max(0, for_tag);
  if (wanted <= most) return wanted;
  std::fprintf(stderr, "%s: team size %d exceeds this build's maximum; using %d\n", impl_name(),
               wanted, most);
  return most;
}

/// Default number of doubles in the copy-bandwidth measurement: 2^28 (2 GiB per buffer).
constexpr int64_t default_copy_n = int64_t(1) << 28;

/// What the command line asked for.
struct Options {
  int64_t n;        // problem size: elements (1-D benchmarks), edge length (stencil3d, yax,
                    // spmv) or rows (team_scan)
  int reps;         // timed repetitions
  int warmup;       // untimed repetitions before them
  int64_t copy_n;   // doubles in the copy-bandwidth measurement; 0 skips it
  int64_t m;        // second size (team_scan: columns); 0 in benchmarks that take no --m
};

/// Parses "123", "1e6" style integers and "2^K"; returns false on anything else.
inline bool parse_count(const char* text, int64_t& value) {
  if (!text || !*text) return false;
  char* end = nullptr;
  if (const char* caret = std::strchr(text, '^')) {
    const long base = std::strtol(text, &end, 10);
    if (end != caret) return false;
    const long exponent = std::strtol(caret + 1, &end, 10);
    if (*end != '\0' || base < 1 || exponent < 0 || exponent > 62) return false;
    int64_t v = 1;
    for (long e = 0; e < exponent; ++e) {
      if (v > (int64_t(1) << 62) / base) return false;
      v *= base;
    }
    value = v;
    return true;
  }
  const double v = std::strtod(text, &end);
  if (*end != '\0' || v < 0 || v > 9.0e18 || v != double(int64_t(v))) return false;
  value = int64_t(v);
  return true;
}

/// What --n (and, where a benchmark takes it, --m) means, and the defaults.
struct SizeHelp {
  const char* n_meaning;
  int64_t default_n;
  const char* m_meaning;  // null: the benchmark takes no --m
  int64_t default_m;
};

[[noreturn]] inline void usage(const char* program, const SizeHelp& help, int status) {
  FILE* to = status == 0 ? stdout : stderr;
  std::fprintf(to, "usage: %s [--n N]%s [--reps R] [--warmup W] [--copy-n M]\n", program,
               help.m_meaning ? " [--m N2]" : "");
  std::fprintf(to, "  --n N       %s (default %lld); N may be written 2^K\n", help.n_meaning,
               (long long)help.default_n);
  if (help.m_meaning)
    std::fprintf(to, "  --m N2      %s (default %lld); N2 may be written 2^K\n", help.m_meaning,
                 (long long)help.default_m);
  std::fprintf(to,
               "  --reps R    timed repetitions (default 20)\n"
               "  --warmup W  untimed repetitions before them (default 2)\n"
               "  --copy-n M  doubles in the copy-bandwidth measurement (default 2^28; 0 skips)\n");
  std::exit(status);
}

/// Reads the options every benchmark accepts; exits with a usage message on a bad argument.
/// --m is accepted only when m_meaning is given (a benchmark with a second size).
inline Options parse_options(int argc, char* argv[], int64_t default_n, const char* size_meaning,
                             int64_t default_m = 0, const char* m_meaning = nullptr) {
  const SizeHelp help{size_meaning, default_n, m_meaning, default_m};
  Options opt{default_n, 20, 2, default_copy_n, m_meaning ? default_m : 0};
  for (int a = 1; a < argc; a += 2) {  // each option and its value
    const std::string arg = argv[a];
    if (arg == "--help" || arg == "-h") usage(argv[0], help, 0);
    if (a + 1 >= argc) usage(argv[0], help, 2);
    int64_t value = 0;
    if (!parse_count(argv[a + 1], value)) usage(argv[0], help, 2);
    if (arg == "--n" || arg == "--size")
      opt.n = value;
    else if (arg == "--m" && m_meaning)
      opt.m = value;
    else if (arg == "--reps")
      opt.reps = int(value);
    else if (arg == "--warmup")
      opt.warmup = int(value);
    else if (arg == "--copy-n")
      opt.copy_n = value;
    else
      usage(argv[0], help, 2);
  }
  if (opt.n < 1 || opt.reps < 1 || opt.warmup < 0 || (m_meaning && opt.m < 1))
    usage(argv[0], help, 2);
  return opt;
}

/// Seconds on the monotonic clock (the clock hpar::Timer reads), for code without hpar.
inline double now_seconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/// Runs `run()` opt.warmup + opt.reps times and returns the seconds of the timed repetitions
/// (the warm-up runs untimed). `run` must finish its work before it returns (synchronous).
template <class Run>
std::vector<double> time_reps(const Options& opt, const Run& run) {
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = now_seconds();
    run();
    const double t = now_seconds() - start;
    if (r >= opt.warmup) seconds.push_back(t);
  }
  return seconds;
}

/// Best, median and mean of the timed repetitions, in milliseconds.
struct Stats {
  double best_ms = 0, median_ms = 0, mean_ms = 0;
};

inline Stats summarize(std::vector<double> seconds) {
  Stats s;
  if (seconds.empty()) return s;
  std::sort(seconds.begin(), seconds.end());
  const size_t n = seconds.size();
  s.best_ms = 1e3 * seconds.front();
  s.median_ms = 1e3 * (n % 2 ? seconds[n / 2] : 0.5 * (seconds[n / 2 - 1] + seconds[n / 2]));
  double sum = 0;
  for (double t : seconds) sum += t;
  s.mean_ms = 1e3 * sum / double(n);
  return s;
}

/// Prints the RESULT line of one measurement (see the file comment).
inline void print_result(const char* name, int64_t n, double bytes,
                         const std::vector<double>& seconds, bool ok) {
  const Stats s = summarize(seconds);
  const double gbytes_per_s = s.best_ms > 0 ? bytes / (s.best_ms * 1e-3) / 1e9 : 0.0;
  std::printf("RESULT name=%s impl=%s n=%lld reps=%zu bytes=%.0f best_ms=%.4f median_ms=%.4f "
              "mean_ms=%.4f gbytes_per_s=%.1f check=%s\n",
              name, impl_name(), (long long)n, seconds.size(), bytes, s.best_ms, s.median_ms,
              s.mean_ms, gbytes_per_s, ok ? "ok" : "FAILED");
  std::fflush(stdout);
}

/// Prints the FLOPS line of a compute benchmark: `flops` per run over the best time.
inline void print_gflops(const char* name, double flops, const std::vector<double>& seconds) {
  const Stats s = summarize(seconds);
  const double gflops = s.best_ms > 0 ? flops / (s.best_ms * 1e-3) / 1e9 : 0.0;
  std::printf("FLOPS name=%s impl=%s flops=%.0f best_ms=%.4f gflops_per_s=%.1f\n", name,
              impl_name(), flops, s.best_ms, gflops);
  std::fflush(stdout);
}

/// Counts mismatches of one verified array, printing the first few.
class Mismatches {
 public:
  explicit Mismatches(const char* what) : m_what(what) {}

  /// Records element `index` (printed as given) when `got` differs from `expected`.
  template <class T>
  void expect_eq(const char* index, T got, T expected) {
    if (got == expected) return;
    if (m_count < 5)
      std::printf("mismatch in %s at %s: got %.17g, expected %.17g\n", m_what, index,
                  double(got), double(expected));
    ++m_count;
  }
  template <class T>
  void expect_eq(int64_t index, T got, T expected) {
    if (got == expected) return;
    char where[32];
    std::snprintf(where, sizeof where, "%lld", (long long)index);
    expect_eq(where, got, expected);
  }

  bool ok() const { return m_count == 0; }

  /// Prints the total when anything mismatched; returns ok().
  bool finish() const {
    if (m_count != 0) std::printf("%s: %lld mismatching elements\n", m_what, (long long)m_count);
    return ok();
  }

 private:
  const char* m_what;
  long long m_count = 0;
};

namespace detail {

[[noreturn]] inline void copy_failed(const char* what) {
  std::fprintf(stderr, "bench: copy bandwidth: %s\n", what);
  std::exit(3);
}

/// Device copies of one backend: alloc, free, fill from / read back to the host, device copy.
#if defined(__CUDACC__)
struct CopyDevice {
  static void check(cudaError_t err, const char* what) {
    if (err != cudaSuccess) {
      std::fprintf(stderr, "bench: copy bandwidth: %s: %s\n", what, cudaGetErrorString(err));
      std::exit(3);
    }
  }
  void* alloc(size_t bytes) {
    void* p = nullptr;
    check(cudaMalloc(&p, bytes), "cudaMalloc");
    return p;
  }
  void free(void* p) { check(cudaFree(p), "cudaFree"); }
  void to_device(void* dst, const void* src, size_t bytes) {
    check(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice), "cudaMemcpy to the device");
  }
  void to_host(void* dst, const void* src, size_t bytes) {
    check(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy to the host");
  }
  void device_copy(void* dst, const void* src, size_t bytes) {
    check(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy device to device");
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  }
};
#elif defined(HPAR_BACKEND_OPENMP) && defined(HPAR_OPENMP_OFFLOAD) && !defined(__HPAR_TRANSLATING__)
struct CopyDevice {
  int dev = hpar::impl::omp_device();
  int host = omp_get_initial_device();
  void* alloc(size_t bytes) {
    void* p = hpar::impl::omp_memory_alloc(bytes, dev);
    if (!p) copy_failed("omp_target_alloc returned null");
    return p;
  }
  void free(void* p) { hpar::impl::omp_memory_free(p, dev); }
  void to_device(void* dst, const void* src, size_t bytes) {
    if (hpar::impl::omp_memory_copy(dst, src, bytes, dev, host) != 0)
      copy_failed("omp_target_memcpy to the device");
  }
  void to_host(void* dst, const void* src, size_t bytes) {
    if (hpar::impl::omp_memory_copy(dst, src, bytes, host, dev) != 0)
      copy_failed("omp_target_memcpy to the host");
  }
  // GCC's libgomp (nvptx plugin) issues a device-to-device omp_target_memcpy asynchronously on
  // the default stream and returns at once; reading one value back to the host (a synchronous
  // copy on the same stream) waits for it, so the timed region covers the whole copy.
  void device_copy(void* dst, const void* src, size_t bytes) {
    if (hpar::impl::omp_memory_copy(dst, src, bytes, dev, dev) != 0)
      copy_failed("omp_target_memcpy device to device");
    double last = 0.0;
    if (bytes >= sizeof last)
      to_host(&last, static_cast<const char*>(dst) + (bytes - sizeof last), sizeof last);
  }
};
#elif defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
// The host's memory, with OpenMP's threads (Kokkos' OpenMP backend, hpar's OpenMP build for the
// host, the OpenMP baselines): each thread first touches and then copies one contiguous block of
// doubles, as a STREAM copy does, so the pages lie near the threads that copy them.
struct CopyDevice {
  static void parallel_copy(double* dst, const double* src, int64_t n) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i) dst[i] = src[i];
  }
  void* alloc(size_t bytes) {
    double* p = static_cast<double*>(std::malloc(bytes));
    if (!p) copy_failed("malloc returned null");
    const int64_t n = int64_t(bytes / sizeof(double));
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i) p[i] = 0.0;
    return p;
  }
  void free(void* p) { std::free(p); }
  void to_device(void* dst, const void* src, size_t bytes) { std::memcpy(dst, src, bytes); }
  void to_host(void* dst, const void* src, size_t bytes) { std::memcpy(dst, src, bytes); }
  void device_copy(void* dst, const void* src, size_t bytes) {
    parallel_copy(static_cast<double*>(dst), static_cast<const double*>(src),
                  int64_t(bytes / sizeof(double)));
  }
};
#else
struct CopyDevice {
  void* alloc(size_t bytes) {
    void* p = std::malloc(bytes);
    if (!p) copy_failed("malloc returned null");
    std::memset(p, 0, bytes);  // touch every page outside the timed copies
    return p;
  }
  void free(void* p) { std::free(p); }
  void to_device(void* dst, const void* src, size_t bytes) { std::memcpy(dst, src, bytes); }
  void to_host(void* dst, const void* src, size_t bytes) { std::memcpy(dst, src, bytes); }
  void device_copy(void* dst, const void* src, size_t bytes) { std::memcpy(dst, src, bytes); }
};
#endif

}  // namespace detail

/// Measures and prints the device copy bandwidth (RESULT name=copy) for opt.copy_n doubles.
/// The copy is verified at its first and last 64 KiB, which are filled from the host.
inline bool report_copy_bandwidth(const Options& opt) {
  if (opt.copy_n <= 0) return true;
  const int64_t n = opt.copy_n;
  const size_t bytes = size_t(n) * sizeof(double);
  detail::CopyDevice device;
  void* src = device.alloc(bytes);
  void* dst = device.alloc(bytes);

  const int64_t probe = std::min<int64_t>(n / 2, 8192);  // doubles at each end, disjoint
  std::vector<double> pattern(static_cast<size_t>(probe)), back(static_cast<size_t>(probe));
  for (int64_t i = 0; i < probe; ++i) pattern[size_t(i)] = 0.5 * double(i) + 1.0;
  device.to_device(src, pattern.data(), size_t(probe) * sizeof(double));
  device.to_device(static_cast<double*>(src) + (n - probe), pattern.data(),
                   size_t(probe) * sizeof(double));

  const std::vector<double> seconds = time_reps(opt, [&] { device.device_copy(dst, src, bytes); });

  Mismatches bad("copy");
  device.to_host(back.data(), dst, size_t(probe) * sizeof(double));
  for (int64_t i = 0; i < probe; ++i) bad.expect_eq(i, back[size_t(i)], pattern[size_t(i)]);
  device.to_host(back.data(), static_cast<double*>(dst) + (n - probe),
                 size_t(probe) * sizeof(double));
  for (int64_t i = 0; i < probe; ++i)
    bad.expect_eq(n - probe + i, back[size_t(i)], pattern[size_t(i)]);
  device.free(dst);
  device.free(src);

  const bool ok = bad.finish();
  print_result("copy", n, 2.0 * double(bytes), seconds, ok);
  return ok;
}

}  // namespace bench
