// hpar: subview(view, args...), a View of part of another View's elements (Kokkos::subview).
//
// One argument per dimension of the source:
//   an integer i              fixes the index: the dimension is dropped
//   ALL (or ALL())            keeps the whole dimension
//   a range {b, e}            keeps indices b <= i < e, renumbered from 0: Kokkos::pair,
//                             Kokkos::make_pair(b, e) or std::pair of integers
// The subview shares the source's allocation (and its reference count, unless the source is
// unmanaged) and works wherever the source does, inside kernels too.
//
// Its type follows Kokkos (SubviewType below): the value type, device and memory traits of the
// source; a static extent survives where ALL keeps it, a range makes that dimension and every kept
// one before it runtime (and where the two dimensions a LayoutLeft/Right subview keeps by the third
// rule below would both be static, both are runtime: a LayoutLeft/Right View whose extents are all
// static is packed, which such a subview is not); the layout is the source's when
//   - no dimension is kept, or
//   - the arguments match the source layout's contiguous pattern: LayoutLeft keeps dimensions
//     0..r-1, all of them ALL except that 0 and r-1 may be ranges; LayoutRight keeps the last r
//     dimensions, all ALL except that the first kept one may be a range, or
//   - at most two dimensions are kept and the fastest one (0 for LayoutLeft, the last for
//     LayoutRight) is among them,
// and LayoutStride otherwise (always for a LayoutStride source). A LayoutLeft/Right subview may
// still have a gap after each run of its fastest dimension (a range of it); view_mapping.hpp says
// how that is represented.
#pragma once

#include <cstddef>
#include <cstdio>
#include <type_traits>
#include <utility>

#include "core.hpp"
#include "impl/traits.hpp"
#include "impl/view_traits.hpp"
#include "macros.hpp"
#include "pair.hpp"
#include "spaces.hpp"

namespace hpar {

template <class DataType, class... Properties>
class View;

HPAR_IMPL_DEVICE_CODE_BEGIN

/// The type of ALL: a subview argument that keeps a whole dimension.
struct ALL_t {
  HPAR_HD constexpr const ALL_t& operator()() const { return *this; }
  HPAR_HD constexpr bool operator==(const ALL_t&) const { return true; }
  HPAR_HD constexpr bool operator!=(const ALL_t&) const { return false; }
};
inline constexpr ALL_t ALL{};

namespace impl {

// ---- what each argument does ----------------------------------------------------------------------

enum class SubviewArg { integer, all, range, invalid };

template <class A>
struct subview_arg_kind {
  static constexpr SubviewArg value = std::is_integral<A>::value ? SubviewArg::integer : SubviewArg::invalid;
};
template <>
struct subview_arg_kind<ALL_t> {
  static constexpr SubviewArg value = SubviewArg::all;
};
template <class B, class E>
struct subview_arg_kind<pair<B, E>> {
  static constexpr SubviewArg value = std::is_integral<B>::value && std::is_integral<E>::value
                                          ? SubviewArg::range
                                          : SubviewArg::invalid;
};
template <class B, class E>
struct subview_arg_kind<std::pair<B, E>> : subview_arg_kind<pair<B, E>> {};

template <class A>
constexpr SubviewArg subview_kind_v = subview_arg_kind<remove_cvref_t<A>>::value;

/// How many dimensions a subview with these argument kinds keeps.
constexpr int subview_kept(const SubviewArg* kind, int n) {
  int kept = 0;
  for (int k = 0; k < n; ++k) kept += kind[k] != SubviewArg::integer;
  return kept;
}

/// Whether the argument kinds match the contiguous pattern of LayoutLeft (left) or LayoutRight
/// (the header comment): the kept dimensions then lie as they do in the source.
constexpr bool subview_contiguous_pattern(bool left, const SubviewArg* kind, int n) {
  const int kept = subview_kept(kind, n);
  bool pattern = true;
  for (int k = 0; k < n; ++k) {
    const bool integer = kind[k] == SubviewArg::integer;
    const bool all = kind[k] == SubviewArg::all;
    const bool ok = left ? (k + 1 < n ? (k == kept - 1 && !integer) || (k >= kept && integer) ||
                                            (k < kept && all) || (k == 0 && !integer)
                                      : k == kept - 1 || integer)
                         : (k + 1 < n ? (k == n - kept && !integer) || (k < n - kept && integer) ||
                                            (k >= n - kept && all)
                                      : all);
    pattern = pattern && ok;
  }
  return pattern;
}

/// Whether a subview with these argument kinds keeps the source layout (the rules in the header
/// comment, which are Kokkos').
constexpr bool subview_keeps_layout(bool left, bool right, const SubviewArg* kind, int n) {
  const int kept = subview_kept(kind, n);
  if (kept == 0 || (!left && !right)) return true;  // LayoutStride stays LayoutStride
  const SubviewArg fastest = left ? kind[0] : kind[n - 1];
  return subview_contiguous_pattern(left, kind, n) ||
         (kept <= 2 && fastest != SubviewArg::integer);
}

// ---- the data type: which extents stay static ------------------------------------------------------

/// The kept extents of a subview: ALL keeps a static extent, a range turns its dimension and every
/// kept one before it into runtime extents (runtime extents come first in a data type).
template <class Kept, size_t Dim, class Analysis, class... Args>
struct subview_extents {
  using type = Kept;
};
template <size_t... E, size_t Dim, class Analysis, class A, class... Args>
struct subview_extents<extent_list<E...>, Dim, Analysis, A, Args...> {
  static constexpr SubviewArg kind = subview_kind_v<A>;
  using kept = std::conditional_t<
      kind == SubviewArg::integer, extent_list<E...>,
      std::conditional_t<kind == SubviewArg::all,
                         extent_list<E..., Analysis::static_extent(Dim)>,
                         extent_list<(E * 0)..., 0>>>;
  using type = typename subview_extents<kept, Dim + 1, Analysis, Args...>::type;
};

/// The same extents, all runtime.
template <class List>
struct runtime_extents;
template <size_t... E>
struct runtime_extents<extent_list<E...>> {
  using type = extent_list<(E * 0)...>;
};

template <class T, size_t... N>
struct append_arrays {
  using type = T;
};
template <class T, size_t N0, size_t... N>
struct append_arrays<T, N0, N...> {
  using inner = typename append_arrays<T, N...>::type;
  using type = inner[N0];
};

/// The data type with value type T and these extents (runtime ones first).
template <class T, class List>
struct data_type_of;
template <class T>
struct data_type_of<T, extent_list<>> {
  using type = T;
};
template <class T, size_t... E>
struct data_type_of<T, extent_list<0, E...>> {
  using type = typename data_type_of<T*, extent_list<E...>>::type;
};
template <class T, size_t E0, size_t... E>
struct data_type_of<T, extent_list<E0, E...>> {
  using type = typename append_arrays<T, E0, E...>::type;
};

template <class V, class... Args>
struct SubviewType {
  using src_traits = typename V::traits;
  using src_layout = typename src_traits::array_layout;
  static_assert(sizeof...(Args) == src_traits::rank,
                "hpar::subview: give one argument per dimension of the View");
  static constexpr SubviewArg kinds[sizeof...(Args) + 1] = {subview_kind_v<Args>..., SubviewArg::integer};
  static_assert(((subview_kind_v<Args> != SubviewArg::invalid) && ...),
                "hpar::subview: each argument is an integer, Kokkos::ALL, or a range given as "
                "Kokkos::pair, Kokkos::make_pair(b, e) or std::pair of integers");
  static constexpr bool left = std::is_same<src_layout, LayoutLeft>::value;
  static constexpr bool right = std::is_same<src_layout, LayoutRight>::value;
  static constexpr int n = int(sizeof...(Args));
  static constexpr bool keeps_layout = subview_keeps_layout(left, right, kinds, n);
  using array_layout = std::conditional_t<keeps_layout, src_layout, LayoutStride>;
  using value_type = typename src_traits::value_type;
  using natural_extents =
      typename subview_extents<extent_list<>, 0, typename src_traits::analysis, Args...>::type;
  // A LayoutLeft/Right View whose extents are all static is packed (impl/view_mapping.hpp); a
  // subview that keeps the layout by the two-dimension rule alone has a gap between its two
  // dimensions, so it cannot be one and takes runtime extents. (Kokkos keeps the static extents
  // and addresses such a subview as if it were packed.)
  static constexpr bool gapped =
      keeps_layout && (left || right) && subview_kept(kinds, n) == 2 &&
      !subview_contiguous_pattern(left, kinds, n) && all_static(natural_extents());
  using data_type = typename data_type_of<
      value_type, std::conditional_t<gapped, typename runtime_extents<natural_extents>::type,
                                     natural_extents>>::type;
  using type = View<data_type, array_layout, typename src_traits::device_type,
                    typename src_traits::memory_traits>;
};

// ---- where the subview's elements are ---------------------------------------------------------------

/// The first element (an offset into the source) and the kept extents and strides.
template <size_t Rank>
struct SubviewGeometry {
  size_t offset = 0;
  size_t extent[Rank > 0 ? Rank : 1] = {};
  size_t stride[Rank > 0 ? Rank : 1] = {};
};

#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
HPAR_HD inline void subview_bounds(size_t begin, size_t end, size_t extent, size_t dim) {
  if (end < begin || end > extent) {
#if defined(HPAR_IMPL_NO_STDERR)
    printf("hpar: subview argument %zu selects [%zu, %zu) of an extent of %zu\n", dim, begin, end,
           extent);
#else
    std::fprintf(stderr, "hpar: subview argument %zu selects [%zu, %zu) of an extent of %zu\n",
                 dim, begin, end, extent);
#endif
    ::hpar::abort("subview out of bounds");
  }
}
#endif

template <size_t Rank, class Map, class I,
          class = std::enable_if_t<std::is_integral<I>::value>>
HPAR_HD void add_subview_arg(SubviewGeometry<Rank>& g, const Map& src, size_t dim, size_t&, I i) {
#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
  subview_bounds(size_t(i), size_t(i) + 1, src.extent(dim), dim);
#endif
  g.offset += size_t(i) * src.stride(dim);
}

template <size_t Rank, class Map>
HPAR_HD void add_subview_arg(SubviewGeometry<Rank>& g, const Map& src, size_t dim, size_t& kept,
                             ALL_t) {
  g.extent[kept] = src.extent(dim);
  g.stride[kept] = src.stride(dim);
  ++kept;
}

template <size_t Rank, class Map>
HPAR_HD void add_subview_range(SubviewGeometry<Rank>& g, const Map& src, size_t dim, size_t& kept,
                               size_t begin, size_t end) {
#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
  subview_bounds(begin, end, src.extent(dim), dim);
#endif
  g.offset += begin * src.stride(dim);
  g.extent[kept] = end - begin;
  g.stride[kept] = src.stride(dim);
  ++kept;
}

template <size_t Rank, class Map, class B, class E>
HPAR_HD void add_subview_arg(SubviewGeometry<Rank>& g, const Map& src, size_t dim, size_t& kept,
                             const pair<B, E>& r) {
  add_subview_range(g, src, dim, kept, size_t(r.first), size_t(r.second));
}

template <size_t Rank, class Map, class B, class E>
HPAR_HD void add_subview_arg(SubviewGeometry<Rank>& g, const Map& src, size_t dim, size_t& kept,
                             const std::pair<B, E>& r) {
  add_subview_range(g, src, dim, kept, size_t(r.first), size_t(r.second));
}

/// Where the subview of a View with mapping src and these arguments lies.
template <size_t Rank, class Map, class... Args>
HPAR_HD SubviewGeometry<Rank> subview_geometry(const Map& src, Args... args) {
  SubviewGeometry<Rank> g;
  size_t dim = 0, kept = 0;
  (add_subview_arg(g, src, dim++, kept, args), ...);
  return g;
}

}  // namespace impl

/// The View type subview(V, Args...) returns (Kokkos::Subview).
template <class V, class... Args>
using Subview = typename impl::SubviewType<V, Args...>::type;

/// The part of v the arguments select (see the header comment). The arguments are taken by
/// value: a reference to Kokkos::ALL, a host object, is not allowed in CUDA device code.
template <class D, class... P, class... Args>
HPAR_HD auto subview(const View<D, P...>& v, Args... args) {
  return Subview<View<D, P...>, Args...>(v, args...);
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
