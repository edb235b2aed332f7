// hpar: program lifetime (initialize, finalize, ScopeGuard), fence, Timer and abort.
//
// initialize/finalize record the state: every backend starts lazily on first use. The one setting
// read is the number of threads (InitializationSettings::set_num_threads, --kokkos-num-threads=N,
// KOKKOS_NUM_THREADS), which a backend running on the host's threads takes (the OpenMP build for
// the host: OpenMP's thread count), as Kokkos' OpenMP backend does; the others ignore it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <time.h>

#include "impl/host_parallel.hpp"
#include "macros.hpp"
#include "memory.hpp"
#include "spaces.hpp"

namespace hpar {

namespace impl {
enum class LifeState { before, running, after };
inline LifeState& life_state() {
  static LifeState state = LifeState::before;
  return state;
}
}  // namespace impl

/// Settings accepted by initialize(); hpar reads the number of threads (see the file comment) and
/// keeps the Kokkos spelling of the others.
class InitializationSettings {
 public:
  InitializationSettings& set_num_threads(int n) { m_num_threads = n; return *this; }
  InitializationSettings& set_device_id(int d) { m_device_id = d; return *this; }
  InitializationSettings& set_disable_warnings(bool) { return *this; }
  InitializationSettings& set_print_configuration(bool) { return *this; }
  InitializationSettings& set_tune_internals(bool) { return *this; }
  InitializationSettings& set_map_device_id_by(const std::string&) { return *this; }
  int get_num_threads() const { return m_num_threads; }
  int get_device_id() const { return m_device_id; }
  bool has_num_threads() const { return m_num_threads >= 0; }
  bool has_device_id() const { return m_device_id >= 0; }

 private:
  int m_num_threads = -1;
  int m_device_id = -1;
};
using InitArguments = InitializationSettings;

namespace impl {
/// Sets Kokkos' host thread count: OpenMP's, in every compile with OpenMP (Kokkos::OpenMP runs on
/// OpenMP's threads, translated in the OpenMP build for the host, in the header elsewhere).
inline void set_host_threads(int threads) {
#if defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
  omp_set_num_threads(threads);
#else
  (void)threads;
#endif
}

/// A positive count from `text`, or -1.
inline int positive_count(const char* text) {
  if (!text || !*text) return -1;
  char* end = nullptr;
  const long n = std::strtol(text, &end, 10);
  return *end == '\0' && n > 0 && n <= 1 << 20 ? int(n) : -1;
}

/// Takes the thread count from the settings, else from KOKKOS_NUM_THREADS.
inline void start(const InitializationSettings& settings) {
  int threads = settings.has_num_threads() ? settings.get_num_threads() : -1;
  if (threads <= 0) threads = positive_count(std::getenv("KOKKOS_NUM_THREADS"));
  if (threads > 0) set_host_threads(threads);
  life_state() = LifeState::running;
}
}  // namespace impl

inline void initialize(const InitializationSettings& settings) { impl::start(settings); }
inline void initialize() { initialize(InitializationSettings()); }
/// Takes --kokkos-num-threads=N (and the older --kokkos-threads=N) out of the arguments, as Kokkos
/// does, the command line winning over KOKKOS_NUM_THREADS.
inline void initialize(int& argc, char* argv[]) {
  static const std::string prefixes[] = {"--kokkos-num-threads=", "--kokkos-threads="};
  InitializationSettings settings;
  int kept = argc > 0 ? 1 : 0;
  for (int a = kept; a < argc; ++a) {
    const std::string arg = argv[a] ? argv[a] : "";
    bool taken = false;
    for (const std::string& prefix : prefixes) {
      if (arg.compare(0, prefix.size(), prefix) != 0) continue;
      const int n = impl::positive_count(arg.c_str() + prefix.size());
      if (n > 0) settings.set_num_threads(n);
      taken = true;
    }
    if (!taken) argv[kept++] = argv[a];
  }
  if (argc > 0) {
    for (int a = kept; a < argc; ++a) argv[a] = nullptr;
    argc = kept;
  }
  initialize(settings);
}
inline bool is_initialized() { return impl::life_state() == impl::LifeState::running; }
inline bool is_finalized() { return impl::life_state() == impl::LifeState::after; }

/// Waits for all outstanding device work.
inline void fence() { impl::device_fence(); }
inline void fence(const std::string&) { fence(); }

inline void finalize() {
  fence();
  impl::life_state() = impl::LifeState::after;
}

/// Calls initialize() on construction and finalize() on destruction.
class ScopeGuard {
 public:
  ScopeGuard() { initialize(); }
  ScopeGuard(int& argc, char* argv[]) { initialize(argc, argv); }
  explicit ScopeGuard(const InitializationSettings& s) { initialize(s); }
  ~ScopeGuard() { finalize(); }
  ScopeGuard(const ScopeGuard&) = delete;
  ScopeGuard& operator=(const ScopeGuard&) = delete;
};

/// Wall-clock time since construction or the last reset().
class Timer {
 public:
  Timer() { reset(); }
  void reset() { m_start = now(); }
  double seconds() const { return now() - m_start; }

 private:
  static double now() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
  }
  double m_start;
};

HPAR_IMPL_DEVICE_CODE_BEGIN

/// Prints the message and ends the program (device code: traps the kernel).
HPAR_HD inline void abort(const char* message) {
#if defined(HPAR_IMPL_NO_STDERR)
  // No stderr in code reachable from a kernel (see impl::view_error): the message goes to
  // stdout, and HPAR_IMPL_ERROR_EXIT() (macros.hpp, set by the backend's configuration) traps a
  // device pass's kernel, or on the host flushes every stream (abort() does not; a host run whose
  // output goes to a pipe or a file would lose the message) and aborts.
  printf("hpar::abort: %s\n", message);
  HPAR_IMPL_ERROR_EXIT();
#else
  std::fprintf(stderr, "hpar::abort: %s\n", message);
  std::fflush(stderr);
  std::abort();
#endif
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
