// hpar, OpenMP 5 offload backend: the device primitives of the API header
// (HPAR_IMPL_BACKEND_PRIMITIVES, named by openmp/config.hpp; include/hpar/impl/primitives_host.hpp
// lists what a part defines).
//
// The device pass of an offload compile to an NVIDIA GPU (__NVPTX__ with clang, __nvptx__ with
// GCC) has primitives of its own: clang 19's NVPTX back end selects no acquire or release atomics
// and no C++ fence, only membar (__nvvm_membar_gl), so acquire is a relaxed access then membar and
// release membar then a volatile store; reads through the read-only data cache and the loop
// index hidden from strength reduction are clang's. GCC compiles offloaded code from the host's
// preprocessed source, so its branches here serve a direct nvptx-none compile only. Every other
// pass (the host's, another device's) has the host's primitives, which clang and GCC compile for
// target regions too.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#if defined(__NVPTX__) || defined(__nvptx__)

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// A device-wide fence (membar.gl): the locks below, the range scan's look-back in
/// rt/openmp/scan.hpp.
inline void nvptx_fence() {
#if defined(__clang__)
  __nvvm_membar_gl();
#else
  __sync_synchronize();
#endif
}

/// Takes a lock word: a relaxed compare-and-swap, then a fence.
HPAR_HD inline void backend_lock_acquire(int* lock) {
  int unlocked = 0;
  while (!__atomic_compare_exchange_n(lock, &unlocked, 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    unlocked = 0;
  nvptx_fence();
}

HPAR_HD inline void backend_lock_release(int* lock) {
  nvptx_fence();
  *reinterpret_cast<volatile int*>(lock) = 0;
}

HPAR_HD inline void backend_fence() {
#if defined(__clang__)
  __nvvm_membar_gl();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

HPAR_HD inline uint32_t backend_load_acquire(uint32_t* p) {
#if defined(__clang__)
  const uint32_t v = *reinterpret_cast<volatile uint32_t*>(p);
  __nvvm_membar_gl();
  return v;
#else
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#endif
}

HPAR_HD inline void backend_store_release(uint32_t* p, uint32_t v) {
#if defined(__clang__)
  __nvvm_membar_gl();
  *reinterpret_cast<volatile uint32_t*>(p) = v;
#else
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
#endif
}

/// Every try is a compare-and-swap (impl/primitives_host.hpp says why).
HPAR_HD constexpr bool slot_read_before_try() { return false; }

struct SlotBackoff {
  HPAR_HD void after_taken(int /*n*/) {}
};

HPAR_HD inline void view_count_retain(int* count) { __atomic_add_fetch(count, 1, __ATOMIC_RELAXED); }

HPAR_HD inline bool view_count_release(int* count) {
  return __atomic_sub_fetch(count, 1, __ATOMIC_ACQ_REL) == 0;
}

/// Reads *p through the read-only data cache (ld.global.nc) with clang's NVPTX builtins, for the
/// arithmetic types of 1 to 8 bytes but bool.
template <class T>
HPAR_HD inline T read_only_load(const T* p) {
#if defined(__clang__)
  if constexpr (std::is_floating_point<T>::value && sizeof(T) == sizeof(double))
    return T(__nvvm_ldg_d(reinterpret_cast<const double*>(p)));
  else if constexpr (std::is_floating_point<T>::value && sizeof(T) == sizeof(float))
    return T(__nvvm_ldg_f(reinterpret_cast<const float*>(p)));
  else if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value) {
    if constexpr (sizeof(T) == 8) return T(__nvvm_ldg_ll(reinterpret_cast<const long long*>(p)));
    if constexpr (sizeof(T) == 4) return T(__nvvm_ldg_i(reinterpret_cast<const int*>(p)));
    if constexpr (sizeof(T) == 2) return T(__nvvm_ldg_s(reinterpret_cast<const short*>(p)));
    if constexpr (sizeof(T) == 1) return T(__nvvm_ldg_c(reinterpret_cast<const char*>(p)));
  }
#endif
  return *p;
}

/// `i` hidden from LLVM's loop strength reduction (clang), so that each address a short loop's
/// body forms from `i` is formed afresh in each pass (nested.hpp says why).
template <class I>
HPAR_HD inline I unreduced_index(I i) {
#if defined(__clang__)
  if constexpr (sizeof(I) == 8)
    asm("" : "+l"(i));
  else
    asm("" : "+r"(i));
#endif
  return i;
}

/// clang: the loads of one participant are what limits an element-wise nest on a GPU.
#if defined(__clang__)
constexpr int md_for_jam = 8;
#else
constexpr int md_for_jam = 1;
#endif

/// A GPU's levels have many participants: no second loop for one.
constexpr bool lone_participant_loops = false;

/// clang's OpenMP offload to NVIDIA GPUs has no device nan() (libdevice lacks it): the payload is
/// the default one.
HPAR_HD inline double backend_nan(const char* arg) {
#if defined(__clang__)
  (void)arg;
  return __builtin_nan("");
#else
  return ::nan(arg);
#endif
}
HPAR_HD inline float backend_nanf(const char* arg) {
#if defined(__clang__)
  (void)arg;
  return __builtin_nanf("");
#else
  return ::nanf(arg);
#endif
}

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar

#else
#include <hpar/impl/primitives_host.hpp>
#endif
