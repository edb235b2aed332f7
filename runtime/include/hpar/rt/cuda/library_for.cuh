// hpar, CUDA backend: the loops of hpar's own library code on the GPU, the backend's part of
// include/hpar/impl/library_for.hpp (named by HPAR_IMPL_BACKEND_LIBRARY_FOR in
// hpar/rt/cuda/config.hpp). Mapping: one grid-stride loop, 256 threads a block, at most as many
// blocks as the GPU keeps resident; i on blockIdx.x * blockDim.x + threadIdx.x. Synchronous: the
// launch is followed by cudaDeviceSynchronize, and an error names the label.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace hpar {
namespace impl {

template <class F>
__global__ void hpar_library_for_kernel(size_t n, F f) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    f(i);
}

/// Waits for the GPU after a launch of hpar's library code; a failure prints `what` and `name`
/// and ends the program.
inline void library_launch_done(const char* what, const char* name) {
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "hpar: error: %s '%s' failed: %s\n", what, name, cudaGetErrorString(err));
    std::fflush(stderr);
    std::abort();
  }
}

template <class F>
void backend_library_for(const char* label, size_t n, const F& f) {
  if (n == 0) return;
  constexpr int threads = 256;
  static const int most_blocks = [] {
    int device = 0, sms = 0, per_sm = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device);
    const int blocks = sms * (per_sm / threads);
    return blocks > 0 ? blocks : 1;
  }();
  const size_t wanted = (n + threads - 1) / threads;
  const int blocks = wanted < size_t(most_blocks) ? int(wanted) : most_blocks;
  hpar_library_for_kernel<<<blocks, threads>>>(n, f);
  library_launch_done("hpar library loop", label);
}

}  // namespace impl
}  // namespace hpar
