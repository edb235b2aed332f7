// hpar, CUDA backend: the device primitives of the API header (HPAR_IMPL_BACKEND_PRIMITIVES,
// named by cuda/config.hpp; include/hpar/impl/primitives_host.hpp lists what a part defines).
//
// The device pass of a CUDA compile (HPAR_IMPL_CUDA_DEVICE) has CUDA's fences, the grid's thread
// index, lock words that waiting threads leave to their holder, PTX acquire loads and release
// stores, the read-only data cache (__ldg), and no View reference counts (kernels never touch
// them: HPAR_IMPL_ON_HOST() is false there). The host pass (and a host compiler's compile of a
// CUDA build's file) has the host's primitives.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#if defined(HPAR_IMPL_CUDA_DEVICE)

namespace hpar {
namespace impl {

/// Takes a lock word. The threads of a warp spin apart (independent thread scheduling, Volta and
/// newer), each sleeping longer after each failed try, so that thousands of waiting threads leave
/// the lock's word to its holder.
HPAR_HD inline void backend_lock_acquire(int* lock) {
  unsigned pause = 16;
  while (atomicCAS(lock, 0, 1) != 0) {
#if __CUDA_ARCH__ >= 700
    __nanosleep(pause);
    if (pause < 1024) pause *= 2;
#endif
  }
  __threadfence();
}

HPAR_HD inline void backend_lock_release(int* lock) {
  __threadfence();
  atomicExch(lock, 0);
}

HPAR_HD inline void backend_fence() { __threadfence(); }

/// The calling thread's index in the grid (HPAR_IMPL_THREAD_HINT() of cuda/config.hpp).
HPAR_HD inline size_t cuda_global_thread_index() {
  const size_t block = (size_t(blockIdx.z) * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  const size_t in_block = (size_t(threadIdx.z) * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  return block * (size_t(blockDim.x) * blockDim.y * blockDim.z) + in_block;
}

HPAR_HD inline uint32_t backend_load_acquire(uint32_t* p) {
#if __CUDA_ARCH__ >= 700
  uint32_t v;
  asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
#else
  const uint32_t v = *reinterpret_cast<volatile uint32_t*>(p);
  __threadfence();
  return v;
#endif
}

HPAR_HD inline void backend_store_release(uint32_t* p, uint32_t v) {
#if __CUDA_ARCH__ >= 700
  asm volatile("st.release.gpu.b32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
#else
  __threadfence();
  *reinterpret_cast<volatile uint32_t*>(p) = v;
#endif
}

/// A slot is tried with a compare-and-swap only when a (volatile) read finds it free, so that
/// waiting threads read the lock words instead of writing them.
HPAR_HD constexpr bool slot_read_before_try() { return true; }

/// A thread that went once round all n slots pauses (32 ns, doubling to 1 us) before the next
/// round: under heavy contention for a few slots this lets the holders' releases through.
struct SlotBackoff {
  int tried = 0;
  unsigned pause = 32;
  HPAR_HD void after_taken(int n) {
    if (++tried == n) {
      tried = 0;
      __nanosleep(pause);
      if (pause < 1024) pause *= 2;
    }
  }
};

// Never reached: kernels do not touch View reference counts.
HPAR_HD inline void view_count_retain(int*) {}
HPAR_HD inline bool view_count_release(int*) { return false; }

/// Reads *p through the read-only data cache for the types __ldg has an overload for: the
/// integers but bool and the wide characters, float and double (long double, twice as large, is
/// not named: device code warns where it is).
template <class T>
HPAR_HD inline T read_only_load(const T* p) {
  if constexpr ((std::is_integral<T>::value && !std::is_same<T, bool>::value &&
                 !std::is_same<T, wchar_t>::value && !std::is_same<T, char16_t>::value &&
                 !std::is_same<T, char32_t>::value) ||
                (std::is_floating_point<T>::value && sizeof(T) <= sizeof(double)))
    return __ldg(p);
  return *p;
}

template <class I>
HPAR_HD inline I unreduced_index(I i) {
  return i;
}

/// The loads of one participant are what limits an element-wise nest on a GPU.
constexpr int md_for_jam = 8;

/// A GPU's levels have many participants: no second loop for one.
constexpr bool lone_participant_loops = false;

HPAR_HD inline double backend_nan(const char* arg) { return ::nan(arg); }
HPAR_HD inline float backend_nanf(const char* arg) { return ::nanf(arg); }

}  // namespace impl
}  // namespace hpar

#else
#include <hpar/impl/primitives_host.hpp>
#endif
