// hpar: program lifetime (initialize, finalize, ScopeGuard), fence, Timer and abort.
//
// initialize/finalize only record the state: every backend starts lazily on first use.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <time.h>

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

/// Settings accepted by initialize(); hpar reads none of them but keeps the Kokkos spelling.
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

inline void initialize() { impl::life_state() = impl::LifeState::running; }
inline void initialize(int&, char*[]) { initialize(); }
inline void initialize(const InitializationSettings&) { initialize(); }
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
#if defined(HPAR_IMPL_CUDA_DEVICE) || defined(__NVPTX__) || defined(__nvptx__) || defined(__AMDGPU__) || defined(__amdgcn__)
  printf("hpar::abort: %s\n", message);
#if defined(HPAR_IMPL_CUDA_DEVICE)
  __trap();
#else
  __builtin_trap();
#endif
#elif defined(HPAR_IMPL_NO_STDERR)
  // No stderr in code reachable from a kernel (see impl::view_error). fflush(nullptr)
  // names no stream either; without it a host run whose output goes to a pipe or a file loses
  // the message, since abort() does not flush.
  printf("hpar::abort: %s\n", message);
  fflush(nullptr);
  ::abort();
#else
  std::fprintf(stderr, "hpar::abort: %s\n", message);
  std::fflush(stderr);
  std::abort();
#endif
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
