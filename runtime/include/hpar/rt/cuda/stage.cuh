// hpar CUDA runtime: a range parallel_for's loop that reads the same View elements in every
// thread (docs/design.md section 7, "A loop every thread runs alike"). Each block of the kernel
// loads the elements a tile at a time into shared memory, one element of each staged access per
// thread, between two __syncthreads(); its threads then read the tile. Every thread of the block
// runs the lambda, so each reaches the same barriers: the translator rewrites the loop
//
//   for (T j = first; j < bound; ++j) body
//
// into a loop over tiles of blockDim.x indices, each declaring a StageTile per staged element
// (`__shared__ hpar::rt::cuda::StageTile<decltype(v(tile, 3))> hpar_stage_0;`), filling it where
// stage_in_bounds holds, and running `body` for the tile's indices with each `v(j, 3)` read as
// `hpar_stage_0[j - tile]`.
#pragma once

#include <hpar/rt/cuda/launch.cuh>

#include <cstddef>
#include <type_traits>

namespace hpar {
namespace rt {
namespace cuda {

/// The most threads a block of a staged kernel has: a StageTile holds one element per thread.
constexpr int stage_max_block = 256;
static_assert(detail::range_max_block <= stage_max_block,
              "a range parallel_for's block must fit the tiles of a staged loop");

/// One element per thread of a block, of the type a View access gives (a reference to it, or
/// the value), in shared memory when declared __shared__. Raw storage: a __shared__ variable
/// cannot have a constructor, and the element is trivially copyable (the translator checks).
template <class Access>
struct StageTile {
  using value_type = std::remove_cv_t<std::remove_reference_t<Access>>;
  static_assert(std::is_trivially_copyable<value_type>::value,
                "a staged View element is trivially copyable");
  alignas(value_type) unsigned char bytes[stage_max_block * sizeof(value_type)];

  __device__ value_type& operator[](size_t k) { return reinterpret_cast<value_type*>(bytes)[k]; }
};

/// Whether `view(index, rest...)` lies inside the View's extents. The tile loads an element only
/// then: the loop's body may read it only under a condition (the program never reads outside a
/// View), and the tile must not read what the body would not.
template <class View, class Index, class... Rest>
__device__ bool stage_in_bounds(const View& view, Index index, Rest... rest) {
  const long long subscripts[] = {(long long)index, (long long)rest...};
  bool inside = true;
  for (int dim = 0; dim < int(sizeof...(Rest)) + 1; ++dim)
    inside = inside && subscripts[dim] >= 0 && size_t(subscripts[dim]) < size_t(view.extent(dim));
  return inside;
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
