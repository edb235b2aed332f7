// hpar CUDA runtime: CudaWarp, the warp primitives of the algorithms both GPU backends write once
// (rt/tile_scan.hpp: the range scan's tile; rt/warp_tiled_scan.hpp: the team scan over whole
// warps), on a full warp of a CUDA block. Values of any trivially copyable type move between
// lanes as 32-bit words (shuffle_words, reduce.cuh). The OpenMP runtime's NvptxWarp
// (openmp/warp.hpp) is the same for clang's offload to NVIDIA GPUs.
#pragma once

#include <hpar/rt/cuda/reduce.cuh>

namespace hpar {
namespace rt {
namespace cuda {

struct CudaWarp {
  /// `v` of the lane `delta` below (a lane below `delta`: its own).
  template <class T>
  __device__ static T up(const T& v, int delta) {
    return detail::shuffle_words(v, [=](unsigned w) { return __shfl_up_sync(0xffffffffu, w, delta); });
  }
  /// `v` of the lane `delta` above (a lane above 31 - `delta`: its own).
  template <class T>
  __device__ static T down(const T& v, int delta) {
    return detail::shuffle_down(v, delta, 0xffffffffu);
  }
  /// `v` of lane `lane`, and of lane 0.
  template <class T>
  __device__ static T from_lane(const T& v, int lane) {
    return detail::shuffle_words(v, [=](unsigned w) { return __shfl_sync(0xffffffffu, w, lane); });
  }
  template <class T>
  __device__ static T from_lane0(const T& v) {
    return from_lane(v, 0);
  }
  __device__ static unsigned ballot(bool p) { return __ballot_sync(0xffffffffu, p); }
  __device__ static bool any(bool p) { return __any_sync(0xffffffffu, p); }
  __device__ static int lowest(unsigned lanes) { return __ffs(lanes) - 1; }
  __device__ static void sync_warp() { __syncwarp(); }
  __device__ static void sync_block() { __syncthreads(); }
};

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
