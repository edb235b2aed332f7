// hpar runtime, both backends: whether a staged loop's tile may load an element (rt/cuda/stage.cuh,
// rt/openmp/stage.hpp; docs/design.md section 7, "A loop every thread runs alike").
#pragma once

#include <hpar/macros.hpp>

#include <cstddef>

namespace hpar {
namespace rt {

/// Whether `view(index, rest...)` lies inside the View's extents. A tile loads an element only
/// then: the loop's body may read it only under a condition (the program never reads outside a
/// View), and the tile must not read what the body would not.
template <class View, class Index, class... Rest>
HPAR_HD bool stage_in_bounds(const View& view, Index index, Rest... rest) {
  const long long subscripts[] = {(long long)index, (long long)rest...};
  bool inside = true;
  for (int dim = 0; dim < int(sizeof...(Rest)) + 1; ++dim)
    inside = inside && subscripts[dim] >= 0 &&
             std::size_t(subscripts[dim]) < std::size_t(view.extent(dim));
  return inside;
}

}  // namespace rt
}  // namespace hpar
