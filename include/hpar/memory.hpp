// hpar: raw allocation and copies per memory space (docs/design.md section 6).
//
//   allocate(space, bytes, label) -> never null (a zero-byte request gets a minimal block);
//                                    failure prints the label and ends the program
//   deallocate(space, p)          -> p may be null
//   copy_bytes(dst, dst_space, src, src_space, bytes)  synchronous
//   zero_bytes(space, p, bytes)   -> fills with zero bytes, synchronous
//
// Host memory is 64-byte aligned operator new in every build. Device memory:
//   serial: the same as host memory;
//   CUDA:   cudaMalloc / cudaFree / cudaMemcpy / cudaMemset;
//   OpenMP: omp_target_alloc / omp_target_free / omp_target_memcpy on omp_device().
// These functions are host-only.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "spaces.hpp"

namespace hpar {
namespace impl {

constexpr size_t host_alignment = 64;

[[noreturn]] inline void allocation_failed(const char* label, size_t bytes, const char* why) {
  std::fprintf(stderr, "hpar: error: allocation of %zu bytes for \"%s\" failed: %s\n", bytes,
               label ? label : "", why);
  std::fflush(stderr);
  std::abort();
}

inline void* host_allocate(size_t bytes, const char* label) {
  void* p = ::operator new(bytes == 0 ? 1 : bytes, std::align_val_t(host_alignment), std::nothrow);
  if (!p) allocation_failed(label, bytes, "out of host memory");
  return p;
}

inline void host_deallocate(void* p) {
  if (p) ::operator delete(p, std::align_val_t(host_alignment));
}

#if defined(HPAR_IMPL_DEVICE_CUDA)

[[noreturn]] inline void cuda_failed(const char* what, cudaError_t err, const char* label) {
  std::fprintf(stderr, "hpar: error: %s%s%s%s: %s\n", what, label ? " for \"" : "",
               label ? label : "", label ? "\"" : "", cudaGetErrorString(err));
  std::fflush(stderr);
  std::abort();
}

inline void* device_allocate(size_t bytes, const char* label) {
  void* p = nullptr;
  const cudaError_t err = cudaMalloc(&p, bytes == 0 ? 1 : bytes);
  if (err != cudaSuccess) cuda_failed("cudaMalloc", err, label);
  return p;
}

inline void device_deallocate(void* p) {
  if (!p) return;
  const cudaError_t err = cudaFree(p);
  if (err != cudaSuccess) cuda_failed("cudaFree", err, nullptr);
}

inline void copy_bytes(void* dst, Space dst_space, const void* src, Space src_space,
                       size_t bytes) {
  if (bytes == 0 || dst == src) return;
  if (dst_space == Space::host && src_space == Space::host) {
    std::memcpy(dst, src, bytes);
    return;
  }
  const cudaError_t err = cudaMemcpy(dst, src, bytes, cudaMemcpyDefault);
  if (err != cudaSuccess) cuda_failed("cudaMemcpy", err, nullptr);
}

inline void device_zero(void* p, size_t bytes) {
  const cudaError_t err = cudaMemset(p, 0, bytes);
  if (err != cudaSuccess) cuda_failed("cudaMemset", err, nullptr);
}

/// Managed memory (CudaUVMSpace) and page-locked host memory (CudaHostPinnedSpace).
inline void* cuda_allocate(Space s, size_t bytes, const char* label) {
  void* p = nullptr;
  const cudaError_t err = s == Space::managed ? cudaMallocManaged(&p, bytes == 0 ? 1 : bytes)
                                              : cudaMallocHost(&p, bytes == 0 ? 1 : bytes);
  if (err != cudaSuccess)
    cuda_failed(s == Space::managed ? "cudaMallocManaged" : "cudaMallocHost", err, label);
  return p;
}
inline void cuda_deallocate(Space s, void* p) {
  if (!p) return;
  // Managed memory may still be in use by a kernel: cudaFree waits for the device, as for
  // device memory; page-locked memory needs the same wait before cudaFreeHost.
  if (s == Space::pinned) cudaDeviceSynchronize();
  const cudaError_t err = s == Space::managed ? cudaFree(p) : cudaFreeHost(p);
  if (err != cudaSuccess) cuda_failed(s == Space::managed ? "cudaFree" : "cudaFreeHost", err, nullptr);
}

#elif defined(HPAR_IMPL_DEVICE_OPENMP)

/// The OpenMP device that holds DeviceSpace memory and runs kernels: the default device when
/// there is one, else the host (initial device), whose target regions run as host fallback.
inline int omp_device() {
  static const int device =
      omp_get_num_devices() > 0 ? omp_get_default_device() : omp_get_initial_device();
  return device;
}

inline int omp_device_of(Space s) { return s == Space::device ? omp_device() : omp_get_initial_device(); }

inline void* device_allocate(size_t bytes, const char* label) {
  void* p = omp_target_alloc(bytes == 0 ? 1 : bytes, omp_device());
  if (!p) allocation_failed(label, bytes, "omp_target_alloc returned null");
  return p;
}

inline void device_deallocate(void* p) {
  if (p) omp_target_free(p, omp_device());
}

inline void copy_bytes(void* dst, Space dst_space, const void* src, Space src_space,
                       size_t bytes) {
  if (bytes == 0 || dst == src) return;
  if (dst_space == Space::host && src_space == Space::host) {
    std::memcpy(dst, src, bytes);
    return;
  }
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
    copy_bytes(static_cast<char*>(p) + done, Space::device, zeros, Space::host, n);
  }
  std::free(zeros);
}

#else

inline void* device_allocate(size_t bytes, const char* label) { return host_allocate(bytes, label); }
inline void device_deallocate(void* p) { host_deallocate(p); }
inline void copy_bytes(void* dst, Space, const void* src, Space, size_t bytes) {
  if (bytes == 0 || dst == src) return;
  std::memmove(dst, src, bytes);
}
inline void device_zero(void* p, size_t bytes) { std::memset(p, 0, bytes); }

#endif

inline void* allocate(Space s, size_t bytes, const char* label) {
  if (s == Space::host) return host_allocate(bytes, label);
#if defined(HPAR_IMPL_DEVICE_CUDA)
  if (s != Space::device) return cuda_allocate(s, bytes, label);
#endif
  return device_allocate(bytes, label);
}

inline void deallocate(Space s, void* p) {
  if (s == Space::host) return host_deallocate(p);
#if defined(HPAR_IMPL_DEVICE_CUDA)
  if (s != Space::device) return cuda_deallocate(s, p);
#endif
  device_deallocate(p);
}

inline void zero_bytes(Space s, void* p, size_t bytes) {
  if (bytes == 0) return;
  if (s == Space::host)
    std::memset(p, 0, bytes);
  else
    device_zero(p, bytes);
}

template <class SpaceType, Space Where>
void* MemorySpaceBase<SpaceType, Where>::allocate(size_t bytes) const {
  return impl::allocate(Where, bytes, SpaceType::name());
}
template <class SpaceType, Space Where>
void* MemorySpaceBase<SpaceType, Where>::allocate(const char* label, size_t bytes, size_t) const {
  return impl::allocate(Where, bytes, label);
}
template <class SpaceType, Space Where>
void MemorySpaceBase<SpaceType, Where>::deallocate(void* p, size_t) const {
  impl::deallocate(Where, p);
}
template <class SpaceType, Space Where>
void MemorySpaceBase<SpaceType, Where>::deallocate(const char*, void* p, size_t, size_t) const {
  impl::deallocate(Where, p);
}

}  // namespace impl
}  // namespace hpar
