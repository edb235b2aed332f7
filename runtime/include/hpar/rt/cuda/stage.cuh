// hpar CUDA runtime: a range parallel_for's loop that reads the same View elements in every
// thread (docs/design.md section 7, "A loop every thread runs alike"). Each block of the kernel
// loads the elements a tile at a time into shared memory, one element of each staged access per
// thread, between two barriers; its threads then read the tile. Every thread of the block runs
// the functor, so each reaches the same barriers. The translator rewrites the loop
//
//   for (T j = first; j < bound; ++j) body
//
// into
//
//   if (hpar::rt::cuda::stage_loops) {
//     for each tile of stage_threads() indices {
//       const hpar::rt::cuda::StageTile<decltype(v(tile, 3)), 0> hpar_stage_0;
//       stage_barrier(); load where stage_in_bounds holds; stage_barrier();
//       body for the tile's indices, each `v(j, 3)` read as `hpar_stage_0[j - tile]`
//     }
//   } else {
//     the loop as written
//   }
//
// The functor may be host code too (a functor class, a stored lambda): stage_loops holds in the
// device's compilation alone, where these functions reach the block, and the host's runs the loop
// as written. A plain `if`, so that both compilations see the same code (a lambda captures the same
// variables in both).
#pragma once

#include <hpar/rt/cuda/launch.cuh>
#include <hpar/rt/stage_bounds.hpp>

#include <cstddef>
#include <type_traits>

namespace hpar {
namespace rt {
namespace cuda {

/// Whether this compilation stages loops: the device's.
#if defined(__CUDA_ARCH__)
inline constexpr bool stage_loops = true;
#else
inline constexpr bool stage_loops = false;
#endif

/// The most threads of a block that stage a loop together: a StageTile holds one element per
/// thread.
constexpr int stage_max_block = 256;
static_assert(detail::range_max_block <= stage_max_block,
              "a range parallel_for's block must fit the tiles of a staged loop");

/// The threads that stage together (the block's), and this thread's number among them.
__host__ __device__ inline unsigned stage_threads() {
#if defined(__CUDA_ARCH__)
  return blockDim.x;
#else
  return 1;
#endif
}
__host__ __device__ inline unsigned stage_thread() {
#if defined(__CUDA_ARCH__)
  return threadIdx.x;
#else
  return 0;
#endif
}

/// The barrier of the block's threads around a tile's loads.
__host__ __device__ inline void stage_barrier() {
#if defined(__CUDA_ARCH__)
  __syncthreads();
#endif
}

/// Tile `Slot` of a staged loop: one element per thread of the block in shared memory, of the
/// type a View access gives (a reference to it, or the value). Raw storage (a __shared__ variable
/// cannot have a constructor; the element is trivially copyable, which the translator checks).
template <class Access, int Slot>
struct StageTile {
  using value_type = std::remove_cv_t<std::remove_reference_t<Access>>;
  static_assert(std::is_trivially_copyable<value_type>::value,
                "a staged View element is trivially copyable");
  value_type* elements;

  __host__ __device__ StageTile() : elements(memory()) {}
  __host__ __device__ value_type& operator[](size_t k) const { return stage_element(elements, k); }

 private:
  static __host__ __device__ value_type* memory() {
#if defined(__CUDA_ARCH__)
    __shared__ alignas(stage_alignment<value_type>()) unsigned char
        bytes[stage_max_block * sizeof(value_type)];
    return reinterpret_cast<value_type*>(bytes);
#else
    return nullptr;
#endif
  }
};

/// Table `Slot` of a staged loop: a copy of a View's elements from data() to the last, which
/// stage_table_fits allows, in shared memory; `at(view, i...)` reads `view(i...)` there. The
/// threads of the block copy it together, between a barrier after the last use of the table and
/// the barrier before the first tile's use.
template <class Pointer, int Slot>
struct StageTable {
  using value_type = std::remove_cv_t<std::remove_pointer_t<Pointer>>;
  static_assert(std::is_trivially_copyable<value_type>::value,
                "a staged View element is trivially copyable");
  value_type* elements;

  template <class View>
  __host__ __device__ explicit StageTable(const View& view) : elements(memory()) {
    stage_copy_whole(elements, view, stage_thread(), stage_threads());
  }
  template <class View, class... I>
  __host__ __device__ const value_type& at(const View& view, I... i) const {
    return stage_table_element(elements, view, i...);
  }

 private:
  static __host__ __device__ value_type* memory() {
#if defined(__CUDA_ARCH__)
    __shared__ alignas(16) unsigned char bytes[stage_table_bytes];
    return reinterpret_cast<value_type*>(bytes);
#else
    return nullptr;
#endif
  }
};

// stage_in_bounds, stage_alignment, stage_element, stage_table_bytes, stage_table_fits,
// stage_copy_whole, stage_table_element, with_flag: hpar/rt/stage_bounds.hpp, shared with the
// other backend.
using rt::stage_alignment;
using rt::stage_copy_whole;
using rt::stage_element;
using rt::stage_table_element;
using rt::stage_in_bounds;
using rt::stage_table_bytes;
using rt::stage_table_fits;
using rt::with_flag;

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
