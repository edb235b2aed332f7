// hpar, OpenMP 5 offload backend: device memory, the backend's part of include/hpar/memory.hpp
// (named by HPAR_IMPL_BACKEND_MEMORY in hpar/rt/openmp/config.hpp): omp_target_alloc /
// omp_target_free / omp_target_memcpy on omp_device(). What each function promises is listed at
// the top of memory.hpp. Host-only.
#pragma once

#include <cstring>
#include <new>

namespace hpar {
namespace impl {

// OpenMP's device memory routines, or in a build for the host (HPAR_IMPL_OMP_HOST_ONLY) their
// host equivalents: such a build links no offload runtime (libomptarget, which clang's routines
// live in), and its device is the host. Host blocks are aligned to 64 bytes, as Kokkos' HostSpace.
inline void* omp_memory_alloc(size_t bytes, int dev) {
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  (void)dev;
  return ::operator new(bytes, std::align_val_t(64), std::nothrow);
#else
  return omp_target_alloc(bytes, dev);
#endif
}
inline void omp_memory_free(void* p, int dev) {
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  (void)dev;
  ::operator delete(p, std::align_val_t(64));
#else
  omp_target_free(p, dev);
#endif
}
/// 0 on success, as omp_target_memcpy.
inline int omp_memory_copy(void* dst, const void* src, size_t bytes, int dst_dev, int src_dev) {
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  (void)dst_dev;
  (void)src_dev;
  if (bytes > 0) std::memcpy(dst, src, bytes);
  return 0;
#else
  return omp_target_memcpy(dst, src, bytes, 0, 0, dst_dev, src_dev);
#endif
}

/// The OpenMP device that holds DeviceSpace memory and runs kernels: in a build for the host the
/// host (initial device); else the default device when there is one, else the host, whose target
/// regions run as host fallback.
inline int omp_device() {
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  return omp_get_initial_device();
#else
  static const int device =
      omp_get_num_devices() > 0 ? omp_get_default_device() : omp_get_initial_device();
  return device;
#endif
}

inline int omp_device_of(Space s) {
  return s == Space::device ? omp_device() : omp_get_initial_device();
}

inline void* device_allocate(Space, size_t bytes, const char* label) {
  void* p = omp_memory_alloc(bytes == 0 ? 1 : bytes, omp_device());
  if (!p) allocation_failed(label, bytes, "omp_target_alloc returned null");
  return p;
}

inline void device_deallocate(Space, void* p) {
  if (p) omp_memory_free(p, omp_device());
}

inline void device_copy(void* dst, Space dst_space, const void* src, Space src_space,
                        size_t bytes) {
  if (omp_memory_copy(dst, src, bytes, omp_device_of(dst_space), omp_device_of(src_space)) != 0) {
    std::fprintf(stderr, "hpar: error: omp_target_memcpy of %zu bytes failed\n", bytes);
    std::fflush(stderr);
    std::abort();
  }
}

/// Zeroes device memory by copying from a zeroed host block, a piece at a time.
inline void device_zero(void* p, size_t bytes) {
  const size_t piece = bytes < (size_t(4) << 20) ? bytes : (size_t(4) << 20);
  void* zeros = std::calloc(piece == 0 ? 1 : piece, 1);
  if (!zeros) allocation_failed("hpar zero block", piece, "out of host memory");
  for (size_t done = 0; done < bytes; done += piece) {
    const size_t n = bytes - done < piece ? bytes - done : piece;
    device_copy(static_cast<char*>(p) + done, Space::device, zeros, Space::host, n);
  }
  std::free(zeros);
}

/// Target regions are synchronous: nothing is outstanding (hpar::fence()).
inline void device_fence() {}

/// The OpenMP devices other than the host (-1 in a build for the host).
inline int device_count() {
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  return -1;
#else
  return omp_get_num_devices();
#endif
}

/// Makes device `id` the default device, which omp_device() then keeps (initialize() selects it
/// before anything asks omp_device()).
inline void device_select(int id) { omp_set_default_device(id); }

/// omp_device(), or -1 where that is the host (a build for the host, or no device found).
inline int device_in_use() {
  const int device = omp_device();
  return device == omp_get_initial_device() ? -1 : device;
}

}  // namespace impl
}  // namespace hpar
