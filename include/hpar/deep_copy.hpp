// hpar: copies between Views and the mirror helpers (host-only functions).
//
//   deep_copy(dst, src)     same extents; one copy_bytes when the layouts agree (or rank < 2),
//                           else element by element through host staging buffers
//   deep_copy(view, value)  fill (device views: filled on the host, then copied; all-zero
//                           values use zero_bytes)
//   deep_copy(value, view)  rank-0 view to a scalar
//   create_mirror[_view][_and_copy], resize (keeps the common part), realloc (does not)
//
// Every copy is synchronous and starts with a fence.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

#include "core.hpp"
#include "memory.hpp"
#include "view.hpp"

namespace hpar {
namespace impl {

[[noreturn]] inline void deep_copy_error(const std::string& dst, const std::string& src,
                                         const char* what) {
  std::fprintf(stderr, "hpar: error: deep_copy(\"%s\", \"%s\"): %s\n", dst.c_str(), src.c_str(),
               what);
  std::fflush(stderr);
  std::abort();
}

/// A host copy of n elements that may live in device memory; push() copies changes back.
template <class T>
class HostStaging {
 public:
  HostStaging(T* data, Space space, size_t n, bool fetch)
      : m_target(data), m_space(space), m_n(n) {
    if (space == Space::host) {
      m_host = data;
    } else {
      m_host = static_cast<T*>(host_allocate(n * sizeof(T), "hpar staging"));
      if (fetch)
        copy_bytes(m_host, Space::host, data, space, n * sizeof(T));
      else
        zero_bytes(Space::host, m_host, n * sizeof(T));
    }
  }
  ~HostStaging() {
    if (m_host != m_target) host_deallocate(m_host);
  }
  HostStaging(const HostStaging&) = delete;
  HostStaging& operator=(const HostStaging&) = delete;

  T* data() const { return m_host; }
  void push() const {
    if (m_host != m_target) copy_bytes(m_target, m_space, m_host, Space::host, m_n * sizeof(T));
  }

 private:
  T* m_target;
  T* m_host;
  Space m_space;
  size_t m_n;
};

/// Copies dst(i...) = src(i...) for every index below extent[] (host pointers, given strides).
template <class D, class S>
void copy_strided(D* dst, const size_t* dst_stride, const S* src, const size_t* src_stride,
                  const size_t* extent, size_t rank) {
  for (size_t r = 0; r < rank; ++r)
    if (extent[r] == 0) return;
  size_t idx[8] = {};
  while (true) {
    size_t d = 0, s = 0;
    for (size_t r = 0; r < rank; ++r) {
      d += idx[r] * dst_stride[r];
      s += idx[r] * src_stride[r];
    }
    dst[d] = src[s];
    size_t r = rank;
    while (r > 0) {
      --r;
      if (++idx[r] < extent[r]) break;
      idx[r] = 0;
      if (r == 0) return;
    }
    if (rank == 0) return;
  }
}

/// Copies the elements both views have (indices below the smaller extents), in any spaces.
template <class Dst, class Src>
void copy_common(const Dst& dst, const Src& src) {
  constexpr size_t R = Dst::rank;
  size_t extent[8], dst_stride[8], src_stride[8];
  for (int r = 0; r < int(R); ++r) {
    extent[r] = dst.extent(r) < src.extent(r) ? dst.extent(r) : src.extent(r);
    dst_stride[r] = dst.stride(r);
    src_stride[r] = src.stride(r);
  }
  using T = typename Dst::non_const_value_type;
  const HostStaging<T> to(dst.data(), Dst::memory_space::impl_space, dst.span(), true);
  const HostStaging<T> from(const_cast<T*>(src.data()), Src::memory_space::impl_space,
                            src.span(), true);
  copy_strided(to.data(), dst_stride, from.data(), src_stride, extent, R);
  to.push();
}

}  // namespace impl

// ---- deep_copy ------------------------------------------------------------------------------------

template <class DT, class... DP, class ST, class... SP>
void deep_copy(const View<DT, DP...>& dst, const View<ST, SP...>& src) {
  using D = View<DT, DP...>;
  using S = View<ST, SP...>;
  static_assert(!std::is_const<typename D::value_type>::value,
                "hpar::deep_copy: the destination is a view of const");
  static_assert(std::is_same<typename D::non_const_value_type,
                             typename S::non_const_value_type>::value,
                "hpar::deep_copy: views of different value types");
  static_assert(int(D::rank) == int(S::rank), "hpar::deep_copy: views of different ranks");
  for (int r = 0; r < int(D::rank); ++r)
    if (dst.extent(r) != src.extent(r))
      impl::deep_copy_error(dst.label(), src.label(), "the extents differ");
  if (dst.size() == 0) return;
  fence();
  constexpr bool same_layout =
      D::rank < 2 || std::is_same<typename D::array_layout, typename S::array_layout>::value;
  if (same_layout) {
    if (static_cast<const void*>(dst.data()) == static_cast<const void*>(src.data())) return;
    impl::copy_bytes(dst.data(), D::memory_space::impl_space, src.data(),
                     S::memory_space::impl_space, dst.span() * sizeof(typename D::value_type));
  } else {
    impl::copy_common(dst, src);
  }
}

/// Fills every element with value.
template <class DT, class... DP>
void deep_copy(const View<DT, DP...>& dst,
               typename View<DT, DP...>::const_value_type& value) {
  using D = View<DT, DP...>;
  using T = typename D::non_const_value_type;
  static_assert(!std::is_const<typename D::value_type>::value,
                "hpar::deep_copy: the destination is a view of const");
  const size_t n = dst.span();
  if (n == 0) return;
  fence();
  constexpr impl::Space space = D::memory_space::impl_space;
  if (std::is_trivially_copyable<T>::value) {
    bool zero = true;
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&value);
    for (size_t k = 0; k < sizeof(T); ++k) zero = zero && bytes[k] == 0;
    if (zero) {
      impl::zero_bytes(space, dst.data(), n * sizeof(T));
      return;
    }
  }
  const impl::HostStaging<T> host(dst.data(), space, n, false);
  T* p = host.data();
  for (size_t k = 0; k < n; ++k) p[k] = value;
  host.push();
}

/// Copies a rank-0 view into a scalar.
template <class ST, class... SP>
void deep_copy(typename View<ST, SP...>::non_const_value_type& dst, const View<ST, SP...>& src) {
  using S = View<ST, SP...>;
  static_assert(S::rank == 0, "hpar::deep_copy: only a rank-0 view copies into a scalar");
  fence();
  impl::copy_bytes(&dst, impl::Space::host, src.data(), S::memory_space::impl_space,
                   sizeof(dst));
}

/// deep_copy with an execution space first: the same copy (hpar copies are synchronous).
template <class ExecSpace, class Dst, class Src>
std::enable_if_t<is_execution_space<ExecSpace>::value> deep_copy(const ExecSpace&, Dst&& dst,
                                                                 const Src& src) {
  deep_copy(std::forward<Dst>(dst), src);
}

// ---- mirrors --------------------------------------------------------------------------------------

namespace impl {
template <class S>
using memory_space_of = typename S::memory_space;

template <class Mirror, class V>
Mirror make_mirror(const V& v, bool initialize) {
  impl::ViewAllocProp prop;
  prop.label = v.label() + "_mirror";
  prop.initialize = initialize;
  typename Mirror::array_layout layout;
  for (int r = 0; r < int(V::rank); ++r) layout.dimension[r] = v.extent(r);
  return Mirror(prop, layout);
}
}  // namespace impl

/// A new host view with the extents and layout of v.
template <class T, class... P>
typename View<T, P...>::HostMirror create_mirror(const View<T, P...>& v) {
  return impl::make_mirror<typename View<T, P...>::HostMirror>(v, true);
}
template <class T, class... P>
typename View<T, P...>::HostMirror create_mirror(impl::WithoutInitializing_t,
                                                 const View<T, P...>& v) {
  return impl::make_mirror<typename View<T, P...>::HostMirror>(v, false);
}

/// A new view in Space (a memory or execution space) with the extents and layout of v.
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror(const Space&, const View<T, P...>& v) {
  using V = View<T, P...>;
  using M = View<typename V::non_const_data_type, typename V::array_layout,
                 impl::memory_space_of<Space>>;
  return impl::make_mirror<M>(v, true);
}
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror(impl::WithoutInitializing_t, const Space&, const View<T, P...>& v) {
  using V = View<T, P...>;
  using M = View<typename V::non_const_data_type, typename V::array_layout,
                 impl::memory_space_of<Space>>;
  return impl::make_mirror<M>(v, false);
}

/// v itself when it is host memory of a non-const type, else create_mirror(v).
template <class T, class... P>
typename View<T, P...>::HostMirror create_mirror_view(const View<T, P...>& v) {
  using V = View<T, P...>;
  if constexpr (std::is_same<typename V::memory_space, HostSpace>::value &&
                std::is_same<typename V::data_type, typename V::non_const_data_type>::value)
    return typename V::HostMirror(v);
  else
    return create_mirror(v);
}
template <class T, class... P>
typename View<T, P...>::HostMirror create_mirror_view(impl::WithoutInitializing_t,
                                                      const View<T, P...>& v) {
  using V = View<T, P...>;
  if constexpr (std::is_same<typename V::memory_space, HostSpace>::value &&
                std::is_same<typename V::data_type, typename V::non_const_data_type>::value)
    return typename V::HostMirror(v);
  else
    return create_mirror(WithoutInitializing, v);
}

/// v itself when it already lives in Space's memory space, else create_mirror(Space, v).
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror_view(const Space& space, const View<T, P...>& v) {
  if constexpr (std::is_same<typename View<T, P...>::memory_space,
                             impl::memory_space_of<Space>>::value)
    return v;
  else
    return create_mirror(space, v);
}
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror_view(impl::WithoutInitializing_t, const Space& space, const View<T, P...>& v) {
  if constexpr (std::is_same<typename View<T, P...>::memory_space,
                             impl::memory_space_of<Space>>::value)
    return v;
  else
    return create_mirror(WithoutInitializing, space, v);
}

/// v itself when it already lives in Space's memory space, else a copy of v there.
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror_view_and_copy(const Space& space, const View<T, P...>& v) {
  if constexpr (std::is_same<typename View<T, P...>::memory_space,
                             impl::memory_space_of<Space>>::value) {
    return v;
  } else {
    auto mirror = create_mirror(WithoutInitializing, space, v);
    deep_copy(mirror, v);
    return mirror;
  }
}

// ---- resize and realloc ---------------------------------------------------------------------------

/// New extents, keeping the label and the elements both shapes have; new elements are zero.
template <class T, class... P>
void resize(View<T, P...>& v, size_t n0 = invalid_index, size_t n1 = invalid_index,
            size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
            size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index) {
  View<T, P...> resized(view_alloc(v.label()), n0, n1, n2, n3, n4, n5, n6, n7);
  if (v.size() != 0) impl::copy_common(resized, v);
  v = resized;
}
template <class T, class... P>
void resize(impl::WithoutInitializing_t, View<T, P...>& v, size_t n0 = invalid_index,
            size_t n1 = invalid_index, size_t n2 = invalid_index, size_t n3 = invalid_index,
            size_t n4 = invalid_index, size_t n5 = invalid_index, size_t n6 = invalid_index,
            size_t n7 = invalid_index) {
  View<T, P...> resized(view_alloc(v.label(), WithoutInitializing), n0, n1, n2, n3, n4, n5, n6,
                        n7);
  if (v.size() != 0) impl::copy_common(resized, v);
  v = resized;
}

/// New extents and a new zeroed allocation with the same label; the old contents are dropped
/// first.
template <class T, class... P>
void realloc(View<T, P...>& v, size_t n0 = invalid_index, size_t n1 = invalid_index,
             size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
             size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index) {
  const std::string label = v.label();
  v = View<T, P...>();
  v = View<T, P...>(view_alloc(label), n0, n1, n2, n3, n4, n5, n6, n7);
}
template <class T, class... P>
void realloc(impl::WithoutInitializing_t, View<T, P...>& v, size_t n0 = invalid_index,
             size_t n1 = invalid_index, size_t n2 = invalid_index, size_t n3 = invalid_index,
             size_t n4 = invalid_index, size_t n5 = invalid_index, size_t n6 = invalid_index,
             size_t n7 = invalid_index) {
  const std::string label = v.label();
  v = View<T, P...>();
  v = View<T, P...>(view_alloc(label, WithoutInitializing), n0, n1, n2, n3, n4, n5, n6, n7);
}

}  // namespace hpar
