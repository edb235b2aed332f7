// hpar runtime: pieces shared by every backend.
//
// A KernelSite names one generated kernel: the user's label, the generated kernel name and the
// source line of the dispatch it came from. Every runtime failure is reported through fail(), so
// the user always learns which kernel failed and why.
#pragma once

#include <pthread.h>

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

namespace hpar {
namespace rt {

struct KernelSite {
  const char* label;   // the user's label, or "" when the dispatch had none
  const char* kernel;  // the generated kernel's name
  const char* file;    // source file of the dispatch
  int line;            // source line of the dispatch
};

/// Reports a runtime failure of one kernel on stderr and ends the program.
[[noreturn]] inline void fail(const KernelSite& site, const char* what) {
  std::fprintf(stderr, "hpar: error: kernel '%s' (label \"%s\", %s:%d): %s\n", site.kernel,
               site.label ? site.label : "", site.file, site.line, what);
  std::fflush(stderr);
  std::abort();
}

/// fail() with a message formatted as printf formats it. The runtime's host code builds every
/// message this way: std::string concatenation expands inline at each message, and that cost each
/// translated file about 1 s of nvcc's host compilation (docs/performance.md, "build time").
[[noreturn]] __attribute__((format(printf, 2, 3))) inline void fail_with(const KernelSite& site,
                                                                       const char* format, ...) {
  char message[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof message, format, args);
  va_end(args);
  fail(site, message);
}

// The runtime's caches (occupancy answers, device properties, grow-only buffers) are shared by
// every host thread that launches kernels, so each sits behind a lock. They use a POSIX mutex and
// a sorted vector rather than <mutex> and <map>: every translated file includes the runtime, and
// those two headers cost each of them about 1 s of nvcc (docs/performance.md, "build time").

/// A process-wide mutex, usable as a function-local static.
class HostMutex {
 public:
  HostMutex() = default;
  HostMutex(const HostMutex&) = delete;
  HostMutex& operator=(const HostMutex&) = delete;
  void lock() { pthread_mutex_lock(&mutex_); }
  void unlock() { pthread_mutex_unlock(&mutex_); }

 private:
  pthread_mutex_t mutex_ = PTHREAD_MUTEX_INITIALIZER;
};

/// Holds a HostMutex for its lifetime.
class HostLock {
 public:
  explicit HostLock(HostMutex& mutex) : mutex_(mutex) { mutex_.lock(); }
  ~HostLock() { mutex_.unlock(); }
  HostLock(const HostLock&) = delete;
  HostLock& operator=(const HostLock&) = delete;

 private:
  HostMutex& mutex_;
};

/// A map from Key (ordered by operator<) to Value for the runtime's caches: a vector sorted by
/// key, looked up by binary search. Entries are added once per kernel and shape and never removed,
/// so inserting in the middle is rare; a lookup happens at every launch. Not thread-safe: the
/// caller holds the cache's HostMutex.
template <class Key, class Value>
class SortedTable {
 public:
  /// The value stored for `key`, or nullptr.
  Value* find(const Key& key) {
    const size_t at = lower_bound(key);
    return at < entries_.size() && !(key < entries_[at].first) ? &entries_[at].second : nullptr;
  }
  /// The value stored for `key`, inserted as Value() when there is none.
  Value& operator[](const Key& key) {
    const size_t at = lower_bound(key);
    if (at == entries_.size() || key < entries_[at].first)
      entries_.insert(entries_.begin() + at, std::pair<Key, Value>(key, Value()));
    return entries_[at].second;
  }

 private:
  /// The first position whose key is not less than `key`.
  size_t lower_bound(const Key& key) const {
    size_t low = 0, high = entries_.size();
    while (low < high) {
      const size_t mid = low + (high - low) / 2;
      if (entries_[mid].first < key)
        low = mid + 1;
      else
        high = mid;
    }
    return low;
  }
  std::vector<std::pair<Key, Value>> entries_;
};

}  // namespace rt
}  // namespace hpar
