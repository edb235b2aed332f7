// hpar runtime, OpenMP backend: warp primitives on an NVIDIA GPU built by clang (a region's
// OpenMP threads are the warp's lanes there, HPAR_IMPL_OMP_WARP_SHUFFLE): shuffles of values of
// any trivially copyable type as 4-byte words, the warp's tree reduction and inclusive scan (the
// team member's collectives, team.hpp; the reductions' team join, reduce.hpp), and NvptxWarp, the
// policy of the algorithms both GPU backends write once (rt/tile_scan.hpp, rt/warp_tiled_scan.hpp;
// the CUDA runtime's is CudaWarp, cuda/warp.cuh). Elsewhere this file declares nothing.
#pragma once

#include <omp.h>

#include <hpar/rt/openmp/device.hpp>

#include <cstddef>
#include <cstring>

namespace hpar {
namespace rt {
namespace omp {
#pragma omp declare target
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
/// `value` moved between the lanes of a warp as 4-byte words, each by move(word).
template <class T, class Move>
T warp_shuffle_words(const T& value, const Move& move) {
  constexpr int words = int((sizeof(T) + 3) / 4);
  int in[words] = {}, out[words];
  std::memcpy(in, static_cast<const void*>(&value), sizeof(T));
  for (int w = 0; w < words; ++w) out[w] = move(in[w]);
  T result = value;  // a value type need not be default-constructible
  std::memcpy(static_cast<void*>(&result), out, sizeof(T));
  return result;
}
/// The value of the lane `delta` above (down), below (up) or at (index: lane `lane` of the
/// segment) this one, in its segment of `width` lanes of the warp, as CUDA's __shfl_*_sync; the
/// lanes of `mask` take part (by default the whole warp). T is moved as bytes (see check_size in
/// team.hpp).
template <class T>
T warp_shuffle_down(const T& value, int delta, int width = 32, unsigned mask = 0xffffffffu) {
  const int clamp = ((32 - width) << 8) | 0x1f;
  return warp_shuffle_words(value, [=](int word) { return __nvvm_shfl_sync_down_i32(mask, word, delta, clamp); });
}
template <class T>
T warp_shuffle_up(const T& value, int delta, int width = 32, unsigned mask = 0xffffffffu) {
  const int clamp = (32 - width) << 8;
  return warp_shuffle_words(value, [=](int word) { return __nvvm_shfl_sync_up_i32(mask, word, delta, clamp); });
}
template <class T>
T warp_shuffle_index(const T& value, int lane, int width = 32, unsigned mask = 0xffffffffu) {
  const int clamp = ((32 - width) << 8) | 0x1f;
  return warp_shuffle_words(value, [=](int word) { return __nvvm_shfl_sync_idx_i32(mask, word, lane, clamp); });
}
/// Joins `value` over the lanes of each segment of `width` in lane order, by a tree of shuffles
/// from `first` lanes apart: the segment's lane 0 ends with the values of its lanes 0, first,
/// 2 first, ... (`op.join(dst, src)`).
template <class T, class Op>
void warp_reduce_tree(T& value, const Op& op, int first = 1, int width = 32,
                      unsigned mask = 0xffffffffu) {
  // Every lane joins at every step, so no lane branches: the lanes read later (multiples of
  // 2 x offset, then of 4 x offset, ...) hold exactly the rank-ordered partials, the others
  // values nobody reads.
  for (int offset = first; offset < width; offset *= 2) {
    const T other = warp_shuffle_down(value, offset, width, mask);
    op.join(value, other);
  }
}
/// The inclusive scan of `value` over the lanes of each segment of `width`, `first` lanes apart,
/// in lane order (`lane` as above).
template <class T, class Op>
T warp_inclusive_scan(const T& value, const Op& op, int lane, int first = 1, int width = 32,
                      unsigned mask = 0xffffffffu) {
  T inclusive = value;
  for (int offset = first; offset < width; offset *= 2) {
    // Every lane joins (a lane below `offset` gets its own value back, joined to nothing read),
    // and only the choice of the result depends on the lane: a select, not a branch.
    T before = warp_shuffle_up(inclusive, offset, width, mask);
    op.join(before, inclusive);
    if (lane >= offset) inclusive = before;
  }
  return inclusive;
}

/// The warp primitives of the algorithms both GPU backends write once (rt/tile_scan.hpp: the
/// range scan's tile; rt/warp_tiled_scan.hpp: the team scan over whole warps) in a region on an
/// NVIDIA GPU built by clang, on the full warp: the CUDA runtime's CudaWarp (cuda/warp.cuh).
struct NvptxWarp {
  template <class T>
  static T up(const T& v, int delta) { return warp_shuffle_up(v, delta); }
  template <class T>
  static T down(const T& v, int delta) { return warp_shuffle_down(v, delta); }
  template <class T>
  static T from_lane(const T& v, int lane) { return warp_shuffle_index(v, lane); }
  template <class T>
  static T from_lane0(const T& v) { return warp_shuffle_index(v, 0); }
  static unsigned ballot(bool p) { return __nvvm_vote_ballot_sync(0xffffffffu, p); }
  static bool any(bool p) { return __nvvm_vote_any_sync(0xffffffffu, p); }
  static int lowest(unsigned lanes) { return __builtin_ctz(lanes); }
  static void sync_warp() { __nvvm_bar_warp_sync(0xffffffffu); }
  static void sync_block() { __nvvm_barrier_sync(0); }
};
#endif
#pragma omp end declare target

}  // namespace omp
}  // namespace rt
}  // namespace hpar
