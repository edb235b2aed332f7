// hpar: program lifetime (initialize, finalize, ScopeGuard), fence, Timer and abort.
//
// initialize/finalize record the state: every backend starts lazily on first use. Two settings
// are read, each from InitializationSettings, the command line (taken out of argv) or the
// environment, in that order of precedence, as Kokkos reads them:
//   - the number of threads (set_num_threads, --kokkos-num-threads=N, KOKKOS_NUM_THREADS), which
//     a backend running on the host's threads takes (the OpenMP build for the host: OpenMP's
//     thread count), as Kokkos' OpenMP backend does; the others ignore it;
//   - the device (set_device_id, --kokkos-device-id=N, KOKKOS_DEVICE_ID; set_map_device_id_by,
//     --kokkos-map-device-id-by=mpi_rank|random, KOKKOS_MAP_DEVICE_ID_BY; KOKKOS_VISIBLE_DEVICES;
//     the MPI launcher's local rank), which a device backend selects before anything runs
//     (impl/device_choice.hpp); without any of them it keeps its first device.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <time.h>

#include "impl/device_choice.hpp"
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

/// Settings accepted by initialize(); hpar reads the number of threads and the device (see the
/// file comment) and keeps the Kokkos spelling of the others.
class InitializationSettings {
 public:
  InitializationSettings& set_num_threads(int n) { m_num_threads = n; return *this; }
  InitializationSettings& set_device_id(int d) { m_device_id = d; return *this; }
  InitializationSettings& set_disable_warnings(bool) { return *this; }
  InitializationSettings& set_print_configuration(bool) { return *this; }
  InitializationSettings& set_tune_internals(bool) { return *this; }
  InitializationSettings& set_map_device_id_by(const std::string& how) {
    m_map_device_id_by = how;
    return *this;
  }
  int get_num_threads() const { return m_num_threads; }
  int get_device_id() const { return m_device_id.value_or(-1); }
  std::string get_map_device_id_by() const { return m_map_device_id_by; }
  bool has_num_threads() const { return m_num_threads >= 0; }
  bool has_device_id() const { return m_device_id.has_value(); }
  bool has_map_device_id_by() const { return !m_map_device_id_by.empty(); }

 private:
  int m_num_threads = -1;
  std::optional<int> m_device_id;
  std::string m_map_device_id_by;  // empty: none
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
  const int n = whole_int(text, -1);
  return n > 0 && n <= 1 << 20 ? n : -1;
}

/// KOKKOS_DEVICE_ID's device id, if it is set; one that is not a whole number at least 0 ends the
/// program in every build, as Kokkos' reading of the environment ends it.
inline std::optional<int> environment_device_id() {
  const char* env = std::getenv("KOKKOS_DEVICE_ID");
  if (!env) return std::nullopt;
  const int id = whole_int(env, -1);
  if (id < 0)
    initialize_failed("Error: environment variable 'KOKKOS_DEVICE_ID=" + std::string(env) +
                      "' is invalid. The device id must be greater than or equal to zero.");
  return id;
}

/// KOKKOS_MAP_DEVICE_ID_BY's mapping, or ""; one Kokkos does not know ends the program in every
/// build.
inline std::string environment_map_device_id_by() {
  const char* env = std::getenv("KOKKOS_MAP_DEVICE_ID_BY");
  if (!env) return std::string();
  if (!valid_map_device_id_by(env))
    initialize_failed("Error: environment variable 'KOKKOS_MAP_DEVICE_ID_BY=" + std::string(env) +
                      "' is not recognized.");
  return env;
}

/// Selects the device the settings (over the environment), KOKKOS_VISIBLE_DEVICES and the MPI
/// rank choose (device_choice.hpp), in a build with a device. Nothing asks for one in a single
/// process without settings: the backend then keeps its first device and starts on first use.
inline void select_device(const InitializationSettings& settings) {
  const std::optional<int> env_id = environment_device_id();
  const std::string env_how = environment_map_device_id_by();
  const std::optional<int> id = settings.has_device_id() ? settings.get_device_id() : env_id;
  const std::string how =
      settings.has_map_device_id_by() ? settings.get_map_device_id_by() : env_how;
  if (!id && how.empty() && !std::getenv("KOKKOS_VISIBLE_DEVICES") && mpi_local_rank_on_node() < 0)
    return;
  const int count = device_count();
  if (count > 0) device_select(chosen_device(id, how, count));
}

/// Takes the thread count from the settings, else from KOKKOS_NUM_THREADS, and the device.
inline void start(const InitializationSettings& settings) {
  int threads = settings.has_num_threads() ? settings.get_num_threads() : -1;
  if (threads <= 0) threads = positive_count(std::getenv("KOKKOS_NUM_THREADS"));
  if (threads > 0) set_host_threads(threads);
  select_device(settings);
  life_state() = LifeState::running;
}
}  // namespace impl

inline void initialize(const InitializationSettings& settings) { impl::start(settings); }
inline void initialize() { initialize(InitializationSettings()); }
/// Takes --kokkos-num-threads=N (and the older --kokkos-threads=N), --kokkos-device-id=N and
/// --kokkos-map-device-id-by=mpi_rank|random out of the arguments, as Kokkos does, the command
/// line winning over the environment; a device id or a mapping Kokkos refuses ends the program.
inline void initialize(int& argc, char* argv[]) {
  static const std::string prefixes[] = {"--kokkos-num-threads=", "--kokkos-threads="};
  static const std::string device_id = "--kokkos-device-id=", map_by = "--kokkos-map-device-id-by=";
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
    if (arg.compare(0, device_id.size(), device_id) == 0) {
      const int id = impl::whole_int(arg.c_str() + device_id.size(), -1);
      if (id < 0)
        impl::initialize_failed("Error: command line argument '" + arg +
                                "' is invalid. The device id must be greater than or equal to zero.");
      settings.set_device_id(id);
      taken = true;
    } else if (arg.compare(0, map_by.size(), map_by) == 0) {
      const std::string how = arg.substr(map_by.size());
      if (!impl::valid_map_device_id_by(how))
        impl::initialize_failed("Error: command line argument '" + arg + "' is not recognized.");
      settings.set_map_device_id_by(how);
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

/// The device the default execution space runs on, -1 in a build for the host (Kokkos::device_id).
inline int device_id() noexcept { return impl::device_in_use(); }
/// The devices a process may use (KOKKOS_VISIBLE_DEVICES, else all), -1 in a build for the host
/// (Kokkos::num_devices).
inline int num_devices() noexcept {
  const int count = impl::device_count();
  return count < 0 ? -1 : int(impl::visible_devices(count).size());
}
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
