// hpar, CUDA backend: device memory, the backend's part of include/hpar/memory.hpp (named by
// HPAR_IMPL_BACKEND_MEMORY in hpar/rt/cuda/config.hpp): cudaMalloc / cudaMallocManaged /
// cudaMallocHost, cudaMemcpy, cudaMemset; failures print the CUDA error and the allocation's label.
// What each function promises is listed at the top of memory.hpp. Host-only.
#pragma once

namespace hpar {
namespace impl {

[[noreturn]] inline void cuda_failed(const char* what, cudaError_t err, const char* label) {
  std::fprintf(stderr, "hpar: error: %s%s%s%s: %s\n", what, label ? " for \"" : "",
               label ? label : "", label ? "\"" : "", cudaGetErrorString(err));
  std::fflush(stderr);
  std::abort();
}

/// Device memory (CudaSpace), managed memory (CudaUVMSpace) and page-locked host memory
/// (CudaHostPinnedSpace).
inline void* device_allocate(Space s, size_t bytes, const char* label) {
  void* p = nullptr;
  const size_t n = bytes == 0 ? 1 : bytes;
  const cudaError_t err = s == Space::managed ? cudaMallocManaged(&p, n)
                          : s == Space::pinned ? cudaMallocHost(&p, n)
                                               : cudaMalloc(&p, n);
  if (err != cudaSuccess)
    cuda_failed(s == Space::managed  ? "cudaMallocManaged"
                : s == Space::pinned ? "cudaMallocHost"
                                     : "cudaMalloc",
                err, label);
  return p;
}

inline void device_deallocate(Space s, void* p) {
  if (!p) return;
  // Managed memory may still be in use by a kernel: cudaFree waits for the device, as for
  // device memory; page-locked memory needs the same wait before cudaFreeHost.
  if (s == Space::pinned) cudaDeviceSynchronize();
  const cudaError_t err = s == Space::pinned ? cudaFreeHost(p) : cudaFree(p);
  if (err != cudaSuccess)
    cuda_failed(s == Space::pinned ? "cudaFreeHost" : "cudaFree", err, nullptr);
}

// Into device memory, cudaMemcpy returns before the bytes arrive (from pageable host memory once
// they are staged, from device memory at once), and so does cudaMemset: both then wait for the
// default stream, so that they are synchronous as memory.hpp promises, also for work on a stream
// that does not wait for the default stream (an instance on a cudaStreamNonBlocking stream).
// Into host memory cudaMemcpy returns when the copy is done.
inline void device_copy(void* dst, Space dst_space, const void* src, Space, size_t bytes) {
  cudaError_t err = cudaMemcpy(dst, src, bytes, cudaMemcpyDefault);
  if (err == cudaSuccess && (dst_space == Space::device || dst_space == Space::managed))
    err = cudaStreamSynchronize(0);
  if (err != cudaSuccess) cuda_failed("cudaMemcpy", err, nullptr);
}

inline void device_zero(void* p, size_t bytes) {
  cudaError_t err = cudaMemset(p, 0, bytes);
  if (err == cudaSuccess) err = cudaStreamSynchronize(0);
  if (err != cudaSuccess) cuda_failed("cudaMemset", err, nullptr);
}

/// Waits for all outstanding device work (hpar::fence()).
inline void device_fence() {
  const cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "hpar: error: fence: %s\n", cudaGetErrorString(err));
    std::fflush(stderr);
    std::abort();
  }
}

/// The GPUs this process sees (CUDA_VISIBLE_DEVICES applied), 0 when the driver finds none.
inline int device_count() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
}

/// Makes GPU `id` the one every later allocation and launch of this process uses (initialize()).
inline void device_select(int id) {
  const cudaError_t err = cudaSetDevice(id);
  if (err != cudaSuccess) cuda_failed("cudaSetDevice", err, nullptr);
}

inline int device_in_use() {
  int device = -1;
  return cudaGetDevice(&device) == cudaSuccess ? device : -1;
}

}  // namespace impl
}  // namespace hpar
