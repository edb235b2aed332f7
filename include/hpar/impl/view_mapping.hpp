// hpar: how a View maps its indices to element offsets, per layout (ViewOffset).
//
// With extents N_0..N_{R-1}:
//   LayoutRight   off = ((i_0 * N_1 + i_1) * N_2 + ... + i_{R-2}) * S + i_{R-1}
//   LayoutLeft    off = i_0 + S * (i_1 + N_1 * (i_2 + ... + N_{R-2} * i_{R-1}))
//   LayoutStride  off = sum_r i_r * S_r
// S, the one stride a LayoutLeft or LayoutRight mapping keeps, is the distance between neighbours
// along dimension 1 (Left) or R-2 (Right). A View that owns its allocation has S = N_0 (Left) or
// N_{R-1} (Right) and is contiguous; a subview that keeps a range of the fastest dimension has a
// larger S (Kokkos' padded layouts). The subview rules (subview.hpp) keep a layout only where
// every other dimension stays packed behind that stride, so one stride is all these layouts need;
// assign() checks that before it accepts strides from elsewhere.
//
// span() is what Kokkos gives: 0 for an empty View; for LayoutLeft/Right S times the product of
// the other extents; for LayoutStride the largest N_r * S_r. Copies and allocations use reach()
// instead, the elements up to the last one. Everything here is device-callable.
//
// Static extents (the `[N]` of a data type such as double[16][16]) are part of the type, as in
// Kokkos: extent(r) gives them as constants, so the compiler sees constant offsets (i * 16 + k)
// and can unroll and vectorise loops over them. m_extent still holds every extent (equal to the
// static ones, which View checks before it takes extents from elsewhere), so the size of a
// mapping and its bytes do not depend on the data type. A LayoutLeft/Right mapping whose extents
// are all static is packed: S is the constant N_0 (Left) or N_{R-1} (Right), and assign() refuses
// strides that do not fit it. Subviews that would leave a gap in such a View get runtime extents
// instead (subview.hpp).
#pragma once

#include <cstddef>
#include <type_traits>

#include "../macros.hpp"
#include "../layout_stride.hpp"
#include "../spaces.hpp"
#include "view_traits.hpp"

namespace hpar {
namespace impl {

HPAR_IMPL_DEVICE_CODE_BEGIN

template <class Layout, class Extents>
struct ViewOffset;

/// The mapping of a View whose data type has the extents N... (0 for a runtime one).
template <class Layout, size_t... N>
struct ViewOffset<Layout, extent_list<N...>> {
  static_assert(std::is_same<Layout, LayoutLeft>::value ||
                    std::is_same<Layout, LayoutRight>::value ||
                    std::is_same<Layout, LayoutStride>::value,
                "hpar::View: the layout must be LayoutLeft, LayoutRight or LayoutStride");
  enum : bool {
    is_left = std::is_same<Layout, LayoutLeft>::value,
    is_right = std::is_same<Layout, LayoutRight>::value,
    is_stride = std::is_same<Layout, LayoutStride>::value,
    all_static = impl::all_static(extent_list<N...>()),
    all_runtime = ((N == 0) && ...)
  };
  enum : size_t {
    R = sizeof...(N),
    rank = R,
    extent_slots = R > 0 ? R : 1,
    stride_slots = is_stride && R > 0 ? R : 1
  };
  /// Whether S is the constant packed value (see the top).
  enum : bool { static_stride_s = !is_stride && all_static && R >= 2 };

  size_t m_extent[extent_slots] = {};
  size_t m_stride[stride_slots] = {};  // LayoutLeft/Right: [0] is S (unused when static_stride_s)

  /// The static extent of dimension r, or 0 where it is a runtime one.
  HPAR_HD static constexpr size_t static_extent(size_t r) { return extent_at(extent_list<N...>(), r); }

  /// S, the one stride a LayoutLeft/Right mapping keeps (see the top).
  HPAR_HD size_t stride_s() const {
    if constexpr (static_stride_s)
      return static_extent(is_left ? 0 : R - 1);
    else
      return m_stride[0];
  }

  // ---- shape ----
  HPAR_HD size_t extent(size_t r) const {
    if (int(r) >= int(R)) return 1;
    // Without static extents, no lookup at all: clang vectorises the loops around such Views
    // less well when each extent passes through one (batched_gemm's C(e, i, j)).
    if constexpr (all_runtime) {
      return m_extent[r];
    } else {
      const size_t n = static_extent(r);
      return n != 0 ? n : m_extent[r];
    }
  }

  HPAR_HD size_t size() const {
    size_t n = 1;
    for (int r = 0; r < int(R); ++r) n *= extent(r);
    return n;
  }

  /// Distance in elements between neighbours along dimension r. Past the rank, as in Kokkos:
  /// LayoutLeft gives the span, LayoutRight 1, LayoutStride 0.
  HPAR_HD size_t stride(size_t r) const {
    if constexpr (is_stride) {
      return int(r) < int(R) ? m_stride[r] : 0;
    } else if constexpr (is_left) {
      if (r == 0) return 1;
      size_t s = stride_s();
      for (int q = 1; q < int(r); ++q) s *= extent(q);
      return s;
    } else {
      size_t s = 1;
      if constexpr (R >= 2) {
        if (r + 1 < R) {
          s = stride_s();
          for (size_t q = r + 1; q + 1 < R; ++q) s *= extent(q);
        }
      }
      return s;
    }
  }

  HPAR_HD size_t span() const {
    if (size() == 0) return 0;
    if constexpr (R == 0) {
      return 1;
    } else if constexpr (is_stride) {
      size_t s = 0;
      for (int r = 0; r < int(R); ++r)
        if (extent(r) * m_stride[r] > s) s = extent(r) * m_stride[r];
      return s;
    } else if constexpr (R == 1) {
      return extent(0);
    } else {
      size_t s = stride_s();
      for (int r = 0; r < int(R); ++r)
        if (r != (is_left ? 0 : int(R) - 1)) s *= extent(r);
      return s;
    }
  }

  HPAR_HD bool is_contiguous() const {
    if constexpr (is_stride) return span() == size() && reach() == size();  // strides may interleave
    return span() == size();
  }

  /// Elements from the first to the last one, inclusive: what a copy of all elements must
  /// cover. span() can be larger (a subview's span counts its source's whole rows past the
  /// last element) or, for LayoutStride strides that interleave, smaller.
  HPAR_HD size_t reach() const {
    if (size() == 0) return 0;
    size_t last = 0;
    for (int r = 0; r < int(R); ++r) last += (extent(r) - 1) * stride(size_t(r));
    return last + 1;
  }

  // ---- offsets ----
  template <class... I>
  HPAR_HD size_t operator()(I... i) const {
    static_assert(sizeof...(I) == R, "hpar::View: an access needs exactly rank indices");
    if constexpr (R == 0) {
      return 0;
    } else {
      const size_t idx[R] = {size_t(i)...};
      if constexpr (is_stride) {
        size_t off = 0;
        for (int r = 0; r < int(R); ++r) off += idx[r] * m_stride[r];
        return off;
      } else if constexpr (R == 1) {
        return idx[0];
      } else if constexpr (is_left) {
        size_t off = idx[R - 1];
        for (int r = int(R) - 2; r > 0; --r) off = off * extent(r) + idx[r];
        return idx[0] + stride_s() * off;
      } else {
        size_t off = idx[0];
        for (int r = 1; r + 1 < int(R); ++r) off = off * extent(r) + idx[r];
        return off * stride_s() + idx[R - 1];
      }
    }
  }

  // ---- construction ----
  /// Packed extents n[0..R-1]: the mapping of a new allocation. LayoutStride packs LayoutRight's
  /// way (the last index fastest).
  HPAR_HD void set_packed(const size_t* n) {
    for (int r = 0; r < int(R); ++r) m_extent[r] = n[r];
    if constexpr (is_stride) {
      size_t s = 1;
      for (int r = int(R); r-- > 0;) {
        m_stride[r] = s;
        s *= m_extent[r];
      }
    } else if constexpr (R > 0) {
      m_stride[0] = is_left ? m_extent[0] : m_extent[R - 1];
    } else {
      m_stride[0] = 1;
    }
  }

  /// Extents and strides from elsewhere (a subview, another layout); false when this layout
  /// cannot express those strides (then nothing is meaningful). The extents are the static ones
  /// where this type has them (View checks that first).
  HPAR_HD bool assign(const size_t* n, const size_t* s) {
    for (int r = 0; r < int(R); ++r) m_extent[r] = n[r];
    if constexpr (is_stride) {
      for (int r = 0; r < int(R); ++r) m_stride[r] = s[r];
      return true;
    } else {
      if constexpr (R == 0) {
        m_stride[0] = 1;
      } else if constexpr (R == 1) {
        m_stride[0] = m_extent[0];
      } else {
        // S below the packed value would make span() smaller than size(): such strides fail the
        // check below anyway, unless the dimension is too short to move along. A static S (all
        // extents static) is the packed value whatever is given, and the check holds it to that.
        const size_t packed = is_left ? m_extent[0] : m_extent[R - 1];
        const size_t given = is_left ? s[1] : s[R - 2];
        m_stride[0] = given < packed ? packed : given;
      }
      for (int r = 0; r < int(R); ++r)
        if (m_extent[r] > 1 && stride(r) != s[r]) return false;
      return true;
    }
  }
};

HPAR_IMPL_DEVICE_CODE_END

}  // namespace impl
}  // namespace hpar
