// Small CUDA helpers shared by the hand-written baselines: error checks, device buffers and the
// grid size of grid-stride launches, a block sum.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace baseline {

inline void check(cudaError_t err, const char* what, const char* file, int line) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, cudaGetErrorString(err));
    std::exit(3);
  }
}

#define BASELINE_CHECK(call) ::baseline::check((call), #call, __FILE__, __LINE__)

/// Device memory for n values of T, freed on destruction.
template <class T>
class DeviceArray {
 public:
  explicit DeviceArray(int64_t n) : m_n(n) {
    BASELINE_CHECK(cudaMalloc(&m_data, size_t(n > 0 ? n : 1) * sizeof(T)));
  }
  ~DeviceArray() { cudaFree(m_data); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  T* data() const { return m_data; }
  int64_t size() const { return m_n; }

 private:
  T* m_data = nullptr;
  int64_t m_n;
};

/// Blocks of `block` threads that are resident at once on the whole device for `kernel`.
template <class Kernel>
int resident_blocks(Kernel kernel, int block, size_t dynamic_shmem = 0) {
  int device = 0, sms = 0, per_sm = 0;
  BASELINE_CHECK(cudaGetDevice(&device));
  BASELINE_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  BASELINE_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block,
                                                               dynamic_shmem));
  return sms * (per_sm > 0 ? per_sm : 1);
}

/// Grid for a grid-stride loop over `work` items: `waves` times the resident blocks, but no
/// more than needed.
template <class Kernel>
int grid_stride_blocks(Kernel kernel, int block, int64_t work, int waves = 1) {
  const int64_t needed = (work + block - 1) / block;
  const int64_t resident = int64_t(waves) * resident_blocks(kernel, block);
  const int64_t grid = needed < resident ? needed : resident;
  return int(grid > 0 ? grid : 1);
}

/// Grid for a grid-stride loop with one item per thread: enough blocks to cover `work` items
/// (at most 2^31 - 1 blocks; the loop takes over beyond that).
inline int covering_blocks(int block, int64_t work) {
  const int64_t needed = (work + block - 1) / block;
  const int64_t limit = 0x7fffffff;
  return int(needed < 1 ? 1 : needed < limit ? needed : limit);
}

/// Sum of `value` over a 1-D block of Block threads, valid in thread 0. Every thread of the block
/// must call it.
template <int Block>
__device__ inline double block_sum(double value) {
  constexpr int kWarps = Block / 32;
  __shared__ double warp_sums[kWarps];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
  if (lane == 0) warp_sums[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = lane < kWarps ? warp_sums[lane] : 0.0;
#pragma unroll
    for (int offset = kWarps / 2; offset > 0; offset /= 2)
      value += __shfl_down_sync(0xffffffffu, value, offset);
  }
  __syncthreads();  // warp_sums may be reused by the next call
  return value;
}

}  // namespace baseline
