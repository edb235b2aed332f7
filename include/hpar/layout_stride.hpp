// hpar: LayoutStride, the array layout with any stride per dimension (Kokkos::LayoutStride).
//
// A LayoutStride View maps (i_0, ..., i_{R-1}) to sum_r i_r * stride[r]. It is what subview
// returns when the selected elements are not laid out as LayoutLeft or LayoutRight (a column of
// a LayoutRight matrix), and it can be allocated or wrap a pointer given dimension/stride pairs:
//   View<double**, LayoutStride> a("a", LayoutStride(n0, s0, n1, s1));
// It has no extent-only constructor (is_extent_constructible is false).
#pragma once

#include <cstddef>
#include <type_traits>

#include "macros.hpp"
#include "spaces.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

struct LayoutStride {
  using array_layout = LayoutStride;
  // An enumerator, not a static data member: GCC 12 cannot map a type with one into a target region.
  enum : bool { is_extent_constructible = false };

  size_t dimension[8];
  size_t stride[8];

  HPAR_HD explicit constexpr LayoutStride(size_t n0 = 0, size_t s0 = 0, size_t n1 = 0,
                                          size_t s1 = 0, size_t n2 = 0, size_t s2 = 0,
                                          size_t n3 = 0, size_t s3 = 0, size_t n4 = 0,
                                          size_t s4 = 0, size_t n5 = 0, size_t s5 = 0,
                                          size_t n6 = 0, size_t s6 = 0, size_t n7 = 0,
                                          size_t s7 = 0)
      : dimension{n0, n1, n2, n3, n4, n5, n6, n7}, stride{s0, s1, s2, s3, s4, s5, s6, s7} {}

  /// The packed layout of `rank` dimensions of extents dimen[], where order[0] is the dimension
  /// with stride 1, order[1] the next slowest, and so on (as Kokkos). When order[] is not a
  /// permutation of 0..rank-1 every stride is 0.
  template <class Order, class Dimen>
  HPAR_HD static constexpr LayoutStride order_dimensions(int rank, const Order* order,
                                                         const Dimen* dimen) {
    LayoutStride l;
    unsigned seen = 0;
    for (int r = 0; r < rank && r < 8; ++r)
      if (int(order[r]) >= 0 && int(order[r]) < rank) seen |= 1u << int(order[r]);
    if (rank > 8 || seen != (1u << rank) - 1) return l;
    size_t s = 1;
    for (int r = 0; r < rank; ++r) {
      l.stride[order[r]] = s;
      s *= size_t(dimen[order[r]]);
      l.dimension[r] = size_t(dimen[r]);
    }
    return l;
  }

  HPAR_HD constexpr bool operator==(const LayoutStride& other) const {
    for (int r = 0; r < 8; ++r)
      if (dimension[r] != other.dimension[r] || stride[r] != other.stride[r]) return false;
    return true;
  }
  HPAR_HD constexpr bool operator!=(const LayoutStride& other) const { return !(*this == other); }
};

HPAR_IMPL_DEVICE_CODE_END

template <>
struct is_array_layout<LayoutStride> : std::true_type {};

}  // namespace hpar
