// hpar: Kokkos::Experimental::local_deep_copy and local_deep_copy_contiguous, copies between
// Views and fills of a View inside a kernel: by the calling thread, or by every lane of every
// thread of a team (TeamVectorRange), between two team barriers, as Kokkos writes them. A View
// without data (default-constructed) is left alone. The element order is the Views' index order
// (the last index fastest), so Views of different layouts or strides copy element by element;
// the _contiguous forms copy their spans' elements in memory order.
#pragma once

#include <cstddef>
#include <utility>

#include "macros.hpp"
#include "nested.hpp"
#include "view.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// The element of View `v` at position `k` of its index order (the last index fastest).
template <class V, size_t... D>
HPAR_HD inline decltype(auto) element_in_order(const V& v, size_t k, std::index_sequence<D...>) {
  size_t index[sizeof...(D) + 1] = {};
  for (int d = int(sizeof...(D)) - 1; d >= 0; --d) {
    index[d] = k % v.extent(d);
    k /= v.extent(d);
  }
  return v(index[D]...);
}
template <class V>
HPAR_HD inline decltype(auto) element_in_order(const V& v, size_t k) {
  return element_in_order(v, k, std::make_index_sequence<V::rank>());
}

}  // namespace impl

namespace Experimental {

/// Copies src into dst (the same extents), by the calling thread.
template <class DT, class... DP, class ST, class... SP>
HPAR_HD inline void local_deep_copy(const View<DT, DP...>& dst, const View<ST, SP...>& src) {
  if (dst.data() == nullptr) return;
  for (size_t k = 0; k < dst.size(); ++k) impl::element_in_order(dst, k) = impl::element_in_order(src, k);
}

/// Copies src into dst (the same extents), by every lane of the team's threads.
template <class Team, class DT, class... DP, class ST, class... SP>
HPAR_HD inline void local_deep_copy(const Team& team, const View<DT, DP...>& dst,
                                    const View<ST, SP...>& src) {
  if (dst.data() == nullptr) return;
  team.team_barrier();
  parallel_for(TeamVectorRange(team, dst.size()),
               [&](const size_t k) { impl::element_in_order(dst, k) = impl::element_in_order(src, k); });
  team.team_barrier();
}

/// Sets every element of dst to value, by the calling thread.
template <class DT, class... DP>
HPAR_HD inline void local_deep_copy(const View<DT, DP...>& dst,
                                    typename View<DT, DP...>::const_value_type& value) {
  if (dst.data() == nullptr) return;
  for (size_t k = 0; k < dst.size(); ++k) impl::element_in_order(dst, k) = value;
}

/// Sets every element of dst to value, by every lane of the team's threads.
template <class Team, class DT, class... DP>
HPAR_HD inline void local_deep_copy(const Team& team, const View<DT, DP...>& dst,
                                    typename View<DT, DP...>::const_value_type& value) {
  if (dst.data() == nullptr) return;
  team.team_barrier();
  parallel_for(TeamVectorRange(team, dst.size()),
               [&](const size_t k) { impl::element_in_order(dst, k) = value; });
  team.team_barrier();
}

/// Copies the span of src into the span of dst (both contiguous, the same span), by the calling
/// thread.
template <class DT, class... DP, class ST, class... SP>
HPAR_HD inline void local_deep_copy_contiguous(const View<DT, DP...>& dst, const View<ST, SP...>& src) {
  for (size_t k = 0; k < src.span(); ++k) dst.data()[k] = src.data()[k];
}

/// Copies the span of src into the span of dst, by every lane of the team's threads.
template <class Team, class DT, class... DP, class ST, class... SP>
HPAR_HD inline void local_deep_copy_contiguous(const Team& team, const View<DT, DP...>& dst,
                                               const View<ST, SP...>& src) {
  parallel_for(TeamVectorRange(team, src.span()), [&](const size_t k) { dst.data()[k] = src.data()[k]; });
}

/// Sets every element of the span of dst to value, by the calling thread.
template <class DT, class... DP>
HPAR_HD inline void local_deep_copy_contiguous(const View<DT, DP...>& dst,
                                               typename View<DT, DP...>::const_value_type& value) {
  for (size_t k = 0; k < dst.span(); ++k) dst.data()[k] = value;
}

/// Sets every element of the span of dst to value, by every lane of the team's threads.
template <class Team, class DT, class... DP>
HPAR_HD inline void local_deep_copy_contiguous(const Team& team, const View<DT, DP...>& dst,
                                               typename View<DT, DP...>::const_value_type& value) {
  parallel_for(TeamVectorRange(team, dst.span()), [&](const size_t k) { dst.data()[k] = value; });
}

}  // namespace Experimental

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
