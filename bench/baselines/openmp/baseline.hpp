// What the hand-written OpenMP baselines share (as baseline.cuh for the CUDA ones).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace baseline {

/// Uninitialised host memory for n values of T, aligned to a cache line (whole AVX-512 vectors);
/// release it with std::free. Uninitialised so that each baseline's parallel initialisation is
/// the first touch of every page, by the thread that later uses it.
template <class T>
T* allocate(int64_t n) {
  const size_t bytes = (size_t(n) * sizeof(T) + 63) / 64 * 64;  // aligned_alloc wants a multiple
  void* p = std::aligned_alloc(64, bytes > 0 ? bytes : 64);
  if (!p) {
    std::fprintf(stderr, "openmp-baseline: cannot allocate %zu bytes\n", bytes);
    std::exit(3);
  }
  return static_cast<T*>(p);
}

}  // namespace baseline
