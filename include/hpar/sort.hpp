// hpar: sort of a rank-1 View (Kokkos' Kokkos_Sort.hpp: Kokkos::sort, Kokkos 4 semantics).
//
//   sort(view)                      ascending (operator<)
//   sort(view, comparator)          by comparator(a, b): whether a goes before b; a functor with
//                                   a KOKKOS_INLINE_FUNCTION call operator or a KOKKOS_LAMBDA
//   sort(exec, view[, comparator])  the same, with the execution space instance Kokkos takes
//   sort(view, begin, end)          ascending, the elements [begin, end) only
//   sort(view, always_use_kokkos_sort)  Kokkos 3's form of sort(view)
// BinSort, BinOp1D and BinOp3D, which Kokkos_Sort.hpp also declares, are in bin_sort.hpp.
// Not stable. Returns when the View is sorted (Kokkos fences too).
//
// Where it runs, by where the View's elements live:
//   host memory (every View of the serial build, HostSpace Views of any build): std::sort;
//   memory the backend's device reaches, where the backend has a sort part (HPAR_IMPL_BACKEND_SORT,
//     named by its config.hpp): CUDA, thrust::sort on the GPU (radix sort for arithmetic values
//     in ascending order, merge sort with a comparator), in place;
//   otherwise (OpenMP device memory): a host copy sorted with std::sort and copied back, which is
//     what Kokkos does for OpenMPTarget with a comparator.
// A View whose elements are not contiguous (LayoutStride, a strided subview) is sorted through a
// contiguous copy in its own space.
#pragma once

#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "core.hpp"
#include "deep_copy.hpp"
#include "subview.hpp"
#include "view.hpp"

#if defined(HPAR_IMPL_DEVICE) && defined(HPAR_IMPL_BACKEND_SORT)
#include HPAR_IMPL_BACKEND_SORT
#endif

namespace hpar {
namespace impl {

/// Ascending order, callable on the host and on the device.
struct sort_ascending {
  template <class T>
  HPAR_INLINE_FUNCTION bool operator()(const T& a, const T& b) const {
    return a < b;
  }
};

/// Sorts n contiguous elements at `first`, which live in memory of `where`.
template <class T, class Compare>
void sort_contiguous(Space where, T* first, size_t n, const Compare& comp, const char* label) {
  if (n < 2) return;
#if defined(HPAR_IMPL_DEVICE) && defined(HPAR_IMPL_BACKEND_SORT)
  if (where != Space::host) return backend_sort(first, n, comp, label);
#endif
  (void)label;
  // Host memory is sorted in place (the staging is the memory itself); device memory in a copy.
  HostStaging<T> host(first, where, n, true);
  std::sort(host.data(), host.data() + n, comp);
  host.push();
}

template <class V, class Compare>
void sort_view(const V& view, size_t begin, size_t end, const Compare& comp) {
  static_assert(V::rank == 1, "Kokkos::sort: the View must have rank 1");
  static_assert(!std::is_const<typename V::value_type>::value,
                "Kokkos::sort: the View's elements must not be const");
  using T = typename V::non_const_value_type;
  constexpr Space where = V::memory_space::impl_space;
  if (end > view.extent(0)) end = view.extent(0);
  if (begin >= end) return;
  fence();
  if (view.span_is_contiguous() || view.stride(0) == 1) {
    sort_contiguous(where, view.data() + begin, end - begin, comp, view.label().c_str());
    return;
  }
  View<T*, typename V::memory_space> packed(view_alloc(WithoutInitializing, "hpar sort copy"),
                                            end - begin);
  const auto range = subview(view, std::make_pair(begin, end));
  deep_copy(packed, range);
  sort_contiguous(where, packed.data(), end - begin, comp, view.label().c_str());
  deep_copy(range, packed);
}

}  // namespace impl

template <class D, class... P>
void sort(const View<D, P...>& view) {
  impl::sort_view(view, 0, view.extent(0), impl::sort_ascending());
}
template <class D, class... P, class Compare,
          class = std::enable_if_t<!std::is_integral<Compare>::value>>
void sort(const View<D, P...>& view, const Compare& comp) {
  impl::sort_view(view, 0, view.extent(0), comp);
}
template <class ExecSpace, class D, class... P,
          class = std::enable_if_t<is_execution_space<ExecSpace>::value>>
void sort(const ExecSpace&, const View<D, P...>& view) {
  impl::sort_view(view, 0, view.extent(0), impl::sort_ascending());
}
template <class ExecSpace, class D, class... P, class Compare,
          class = std::enable_if_t<is_execution_space<ExecSpace>::value>>
void sort(const ExecSpace&, const View<D, P...>& view, const Compare& comp) {
  impl::sort_view(view, 0, view.extent(0), comp);
}
/// Kokkos 3's spelling (Kokkos 4 removed it): ascending; the flag changes nothing, since it only
/// chose between std::sort and a BinSort in Kokkos, which give the same order.
template <class D, class... P>
void sort(const View<D, P...>& view, bool always_use_kokkos_sort) {
  (void)always_use_kokkos_sort;
  impl::sort_view(view, 0, view.extent(0), impl::sort_ascending());
}
/// The elements [begin, end) in ascending order.
template <class D, class... P>
void sort(const View<D, P...>& view, size_t begin, size_t end) {
  impl::sort_view(view, begin, end, impl::sort_ascending());
}
template <class ExecSpace, class D, class... P,
          class = std::enable_if_t<is_execution_space<ExecSpace>::value>>
void sort(const ExecSpace&, const View<D, P...>& view, size_t begin, size_t end) {
  impl::sort_view(view, begin, end, impl::sort_ascending());
}

}  // namespace hpar
