// hpar, OpenMP 5 offload backend: device memory, the backend's part of include/hpar/memory.hpp
// (named by HPAR_IMPL_BACKEND_MEMORY in hpar/rt/openmp/config.hpp): omp_target_alloc /
// omp_target_free / omp_target_memcpy on omp_device(). What each function promises is listed at
// the top of memory.hpp. Host-only.
#pragma once

namespace hpar {
namespace impl {

/// The OpenMP device that holds DeviceSpace memory and runs kernels: the default device when
/// there is one, else the host (initial device), whose target regions run as host fallback.
inline int omp_device() {
  static const int device =
      omp_get_num_devices() > 0 ? omp_get_default_device() : omp_get_initial_device();
  return device;
}

inline int omp_device_of(Space s) {
  return s == Space::device ? omp_device() : omp_get_initial_device();
}

inline void* device_allocate(Space, size_t bytes, const char* label) {
  void* p = omp_target_alloc(bytes == 0 ? 1 : bytes, omp_device());
  if (!p) allocation_failed(label, bytes, "omp_target_alloc returned null");
  return p;
}

inline void device_deallocate(Space, void* p) {
  if (p) omp_target_free(p, omp_device());
}

inline void device_copy(void* dst, Space dst_space, const void* src, Space src_space,
                        size_t bytes) {
  if (omp_target_memcpy(dst, src, bytes, 0, 0, omp_device_of(dst_space),
                        omp_device_of(src_space)) != 0) {
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

}  // namespace impl
}  // namespace hpar
