// hpar: copies between Views, mirrors, resize and realloc (host-only functions).
//
//   deep_copy(dst, src)     same extents, any layouts and memory spaces: one copy_bytes when both
//                           are contiguous with the same strides (the same element order), else
//                           element by element on the host, where a View in device memory is
//                           staged through a contiguous host copy of the memory from its first to
//                           its last element (fetched first when the destination has gaps, which
//                           must keep their contents)
//   deep_copy(view, value)  fill (all-zero values of a contiguous View use zero_bytes)
//   deep_copy(value, view)  rank-0 view to a scalar
//   create_mirror           always a new allocation (HostSpace, or the space given)
//   create_mirror_view      the View itself when it is already there, else create_mirror
//   create_mirror_view_and_copy, resize (keeps the elements both shapes have), realloc (does not)
//
// A mirror has the source's extents and layout; a LayoutStride mirror is packed, its strides in
// the order of the source's. Every copy is synchronous and starts with a fence.
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

/// A host copy of n elements that may live in device memory; push() copies it back. Without
/// fetch the host copy starts zeroed.
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

/// Calls f(dst_offset, src_offset) for every index below extent[] (rank dimensions), the last
/// index moving fastest.
template <class F>
void for_each_offset(const size_t* extent, const size_t* dst_stride, const size_t* src_stride,
                     size_t rank, F f) {
  for (size_t r = 0; r < rank; ++r)
    if (extent[r] == 0) return;
  size_t idx[8] = {};
  while (true) {
    size_t d = 0, s = 0;
    for (size_t r = 0; r < rank; ++r) {
      d += idx[r] * dst_stride[r];
      s += idx[r] * src_stride[r];
    }
    f(d, s);
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

/// Copies dst(i...) = src(i...) for the indices both views have (below the smaller extents), in
/// any layouts and spaces. The destination's span is fetched first unless fresh says it holds
/// nothing worth keeping outside what is copied (a new allocation).
template <class Dst, class Src>
void copy_common(const Dst& dst, const Src& src, bool fresh) {
  constexpr size_t R = Dst::traits::rank;
  size_t extent[8], dst_stride[8], src_stride[8];
  for (size_t r = 0; r < R; ++r) {
    extent[r] = dst.extent(r) < src.extent(r) ? dst.extent(r) : src.extent(r);
    dst_stride[r] = dst.stride(r);
    src_stride[r] = src.stride(r);
    if (extent[r] == 0) return;
  }
  using T = typename Dst::non_const_value_type;
  // (resize also fills new Views of const data)
  const HostStaging<T> to(const_cast<T*>(dst.data()), Dst::memory_space::impl_space,
                          dst.impl_reach(), !fresh);
  const HostStaging<T> from(const_cast<T*>(src.data()), Src::memory_space::impl_space,
                            src.impl_reach(), true);
  T* const d = to.data();
  const T* const s = from.data();
  for_each_offset(extent, dst_stride, src_stride, R, [&](size_t i, size_t j) { d[i] = s[j]; });
  to.push();
}

/// Whether two views of equal extents keep their elements in the same order.
template <class A, class B>
bool same_strides(const A& a, const B& b) {
  for (size_t r = 0; r < size_t(A::traits::rank); ++r)
    if (a.extent(r) > 1 && a.stride(r) != b.stride(r)) return false;
  return true;
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
  static_assert(D::traits::rank == S::traits::rank, "hpar::deep_copy: views of different ranks");
  for (size_t r = 0; r < size_t(D::traits::rank); ++r)
    if (dst.extent(r) != src.extent(r))
      impl::deep_copy_error(dst.label(), src.label(), "the extents differ");
  if (dst.size() == 0) return;
  fence();
  if (dst.span_is_contiguous() && src.span_is_contiguous() && impl::same_strides(dst, src)) {
    if (static_cast<const void*>(dst.data()) == static_cast<const void*>(src.data())) return;
    impl::copy_bytes(dst.data(), D::memory_space::impl_space, src.data(),
                     S::memory_space::impl_space, dst.size() * sizeof(typename D::value_type));
  } else {
    impl::copy_common(dst, src, dst.span_is_contiguous());
  }
}

/// Fills every element with value.
template <class DT, class... DP>
void deep_copy(const View<DT, DP...>& dst,
               typename View<DT, DP...>::const_value_type& value) {
  using D = View<DT, DP...>;
  using T = typename D::non_const_value_type;
  constexpr size_t R = D::traits::rank;
  static_assert(!std::is_const<typename D::value_type>::value,
                "hpar::deep_copy: the destination is a view of const");
  if (dst.size() == 0) return;
  fence();
  constexpr impl::Space space = D::memory_space::impl_space;
  const bool contiguous = dst.span_is_contiguous();
  if (contiguous && std::is_trivially_copyable<T>::value) {
    bool zero = true;
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&value);
    for (size_t k = 0; k < sizeof(T); ++k) zero = zero && bytes[k] == 0;
    if (zero) {
      impl::zero_bytes(space, dst.data(), dst.size() * sizeof(T));
      return;
    }
  }
  const impl::HostStaging<T> host(dst.data(), space, dst.impl_reach(), !contiguous);
  T* const p = host.data();
  if (contiguous) {
    impl::host_pieces(
        dst.size(),
        [&](size_t first, size_t size) {
          for (size_t k = first; k < first + size; ++k) p[k] = value;
        },
        sizeof(T));
  } else {
    size_t extent[8], stride[8];
    for (size_t r = 0; r < R; ++r) {
      extent[r] = dst.extent(r);
      stride[r] = dst.stride(r);
    }
    impl::for_each_offset(extent, stride, stride, R, [&](size_t i, size_t) { p[i] = value; });
  }
  host.push();
}

/// Copies a rank-0 view into a scalar.
template <class ST, class... SP>
void deep_copy(typename View<ST, SP...>::non_const_value_type& dst, const View<ST, SP...>& src) {
  using S = View<ST, SP...>;
  static_assert(S::traits::rank == 0, "hpar::deep_copy: only a rank-0 view copies into a scalar");
  fence();
  impl::copy_bytes(&dst, impl::Space::host, src.data(), S::memory_space::impl_space,
                   sizeof(dst));
}

namespace impl {

/// Whether instances of E copy on a queue of their own (the CUDA build's Cuda, on its stream):
/// they have impl_copy_bytes_async and impl_zero_bytes_async.
template <class E, class = void>
struct copies_async : std::false_type {};
template <class E>
struct copies_async<E, std::void_t<decltype(std::declval<const E&>().impl_zero_bytes_async(
                           nullptr, size_t(0)))>> : std::true_type {};

/// deep_copy(exec, dst, src) issued on exec's queue when it is one copy of a contiguous span
/// between two places not both in host memory; false (nothing done) otherwise.
template <class E, class DT, class... DP, class ST, class... SP>
bool copy_on_instance(const E& exec, const View<DT, DP...>& dst, const View<ST, SP...>& src) {
  using D = View<DT, DP...>;
  using S = View<ST, SP...>;
  constexpr Space to = D::memory_space::impl_space, from = S::memory_space::impl_space;
  if constexpr (!std::is_same<typename D::value_type, typename S::non_const_value_type>::value ||
                D::traits::rank != S::traits::rank) {
    return false;  // deep_copy reports it
  } else {
    if (to == Space::host && from == Space::host) return false;
    for (size_t r = 0; r < size_t(D::traits::rank); ++r)
      if (dst.extent(r) != src.extent(r)) return false;
    if (dst.size() == 0 || !dst.span_is_contiguous() || !src.span_is_contiguous() ||
        !same_strides(dst, src))
      return false;
    if (static_cast<const void*>(dst.data()) != static_cast<const void*>(src.data()))
      exec.impl_copy_bytes_async(dst.data(), to, src.data(), from,
                                 dst.size() * sizeof(typename D::value_type));
    return true;
  }
}

/// deep_copy(exec, dst, value) issued on exec's queue when it fills a contiguous span outside
/// host memory with zero bytes; false (nothing done) otherwise.
template <class E, class DT, class... DP, class V,
          class = std::enable_if_t<std::is_convertible<
              const V&, typename View<DT, DP...>::non_const_value_type>::value>>
bool copy_on_instance(const E& exec, const View<DT, DP...>& dst, const V& given) {
  using D = View<DT, DP...>;
  using T = typename D::non_const_value_type;
  if constexpr (std::is_const<typename D::value_type>::value ||
                !std::is_trivially_copyable<T>::value) {
    return false;
  } else {
    if (D::memory_space::impl_space == Space::host || !dst.span_is_contiguous()) return false;
    const T value = given;
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&value);
    for (size_t k = 0; k < sizeof(T); ++k)
      if (bytes[k] != 0) return false;
    if (dst.size() > 0) exec.impl_zero_bytes_async(dst.data(), dst.size() * sizeof(T));
    return true;
  }
}

template <class E, class Dst, class Src>
bool copy_on_instance(const E&, const Dst&, const Src&) {
  return false;
}

}  // namespace impl

/// deep_copy with an execution space instance first, ordered on that instance. Where the
/// instance has a queue of its own (a Cuda instance: its stream), a copy of one contiguous span
/// between places not both in host memory, and a fill of device memory with zero, go on that
/// queue and the call returns before they are done, as in Kokkos: fence the instance before the
/// host reads what they write. Every other form is the synchronous deep_copy.
template <class ExecSpace, class Dst, class Src>
std::enable_if_t<is_execution_space<ExecSpace>::value> deep_copy(const ExecSpace& exec, Dst&& dst,
                                                                 const Src& src) {
  if constexpr (impl::copies_async<ExecSpace>::value)
    if (impl::copy_on_instance(exec, dst, src)) return;
  deep_copy(std::forward<Dst>(dst), src);
}

// ---- mirrors --------------------------------------------------------------------------------------

namespace impl {
template <class S>
using memory_space_of = typename S::memory_space;

/// The layout of a new View with v's extents: for LayoutStride packed, the dimensions in the
/// order of v's strides (the smallest stride first).
template <class Layout, class V>
Layout mirror_layout(const V& v) {
  constexpr int R = int(V::traits::rank);
  Layout layout;
  for (int r = 0; r < R; ++r) layout.dimension[r] = v.extent(r);
  if constexpr (std::is_same<Layout, LayoutStride>::value) {
    int order[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    for (int a = 1; a < R; ++a)  // insertion sort by stride; a tie keeps the later dimension first
      for (int b = a; b > 0 && v.stride(order[b]) <= v.stride(order[b - 1]); --b) {
        const int t = order[b];
        order[b] = order[b - 1];
        order[b - 1] = t;
      }
    size_t s = 1;
    for (int k = 0; k < R; ++k) {
      layout.stride[order[k]] = s;
      s *= v.extent(order[k]);
    }
  }
  return layout;
}

template <class Mirror, class V>
Mirror make_mirror(const V& v, bool initialize) {
  ViewAllocProp prop;
  prop.label = v.label() + "_mirror";
  prop.initialize = initialize;
  return Mirror(prop, mirror_layout<typename Mirror::array_layout>(v));
}

/// The type of a mirror of V in the memory space of Space (a memory or execution space or a
/// Device), or in HostSpace when Space is void.
template <class Space, class V>
struct MirrorType {
  using memory_space =
      typename std::conditional_t<std::is_void<Space>::value, HostSpace, Space>::memory_space;
  using type = View<typename V::non_const_data_type, typename V::array_layout, memory_space>;
};

/// Whether V already lives where a mirror in Space would (create_mirror_view returns it then).
template <class Space, class V>
constexpr bool mirror_is_self =
    std::is_void<Space>::value
        ? std::is_same<typename V::memory_space, HostSpace>::value &&
              std::is_same<typename V::data_type, typename V::non_const_data_type>::value
        : std::is_same<typename V::memory_space,
                       typename MirrorType<Space, V>::memory_space>::value;

template <class Space, class V>
typename MirrorType<Space, V>::type mirror(const V& v, bool initialize) {
  return make_mirror<typename MirrorType<Space, V>::type>(v, initialize);
}

template <class Space, class V>
auto mirror_view(const V& v, bool initialize) {
  if constexpr (mirror_is_self<Space, V>) {
    if constexpr (std::is_void<Space>::value)
      return typename V::HostMirror(v);
    else
      return v;
  } else {
    return mirror<Space>(v, initialize);
  }
}

template <class Prop>
using prop_space = typename Prop::space;
}  // namespace impl

/// A new host View with the extents and layout of v (always a new allocation).
template <class T, class... P>
typename View<T, P...>::HostMirror create_mirror(const View<T, P...>& v) {
  return impl::mirror<void>(v, true);
}
template <class T, class... P>
typename View<T, P...>::HostMirror create_mirror(impl::WithoutInitializing_t,
                                                 const View<T, P...>& v) {
  return impl::mirror<void>(v, false);
}

/// A new View in Space (a memory or execution space) with the extents and layout of v.
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror(const Space&, const View<T, P...>& v) {
  return impl::mirror<Space>(v, true);
}
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror(impl::WithoutInitializing_t, const Space&, const View<T, P...>& v) {
  return impl::mirror<Space>(v, false);
}

/// create_mirror(view_alloc(space and/or WithoutInitializing), v).
template <class... A, class T, class... P>
auto create_mirror(const impl::ViewCtorProp<A...>& prop, const View<T, P...>& v) {
  return impl::mirror<impl::prop_space<impl::ViewCtorProp<A...>>>(v, prop.initialize);
}

/// v itself when it is HostSpace memory of a non-const type, else create_mirror(v).
template <class T, class... P>
typename View<T, P...>::HostMirror create_mirror_view(const View<T, P...>& v) {
  return impl::mirror_view<void>(v, true);
}
template <class T, class... P>
typename View<T, P...>::HostMirror create_mirror_view(impl::WithoutInitializing_t,
                                                      const View<T, P...>& v) {
  return impl::mirror_view<void>(v, false);
}

/// v itself when it already lives in Space's memory space, else create_mirror(Space, v).
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror_view(const Space&, const View<T, P...>& v) {
  return impl::mirror_view<Space>(v, true);
}
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror_view(impl::WithoutInitializing_t, const Space&, const View<T, P...>& v) {
  return impl::mirror_view<Space>(v, false);
}
template <class... A, class T, class... P>
auto create_mirror_view(const impl::ViewCtorProp<A...>& prop, const View<T, P...>& v) {
  return impl::mirror_view<impl::prop_space<impl::ViewCtorProp<A...>>>(v, prop.initialize);
}

/// v itself when it already lives in Space's memory space, else a copy of v there.
template <class Space, class T, class... P, class = std::enable_if_t<is_space<Space>::value>>
auto create_mirror_view_and_copy(const Space&, const View<T, P...>& v) {
  if constexpr (impl::mirror_is_self<Space, View<T, P...>>) {
    return v;
  } else {
    auto mirror = impl::mirror<Space>(v, false);
    deep_copy(mirror, v);
    return mirror;
  }
}
template <class... A, class T, class... P>
auto create_mirror_view_and_copy(const impl::ViewCtorProp<A...>&, const View<T, P...>& v) {
  using Space = impl::prop_space<impl::ViewCtorProp<A...>>;
  static_assert(!std::is_void<Space>::value,
                "hpar::create_mirror_view_and_copy: view_alloc(...) must name a space");
  return create_mirror_view_and_copy(Space(), v);
}

// ---- resize and realloc ---------------------------------------------------------------------------

namespace impl {

/// Whether the extent arguments n[] describe v's current extents.
template <class V>
bool same_extents(const V& v, const size_t (&n)[8]) {
  for (size_t r = 0; r < 8; ++r) {
    if (n[r] == invalid_index) continue;
    if (r >= size_t(V::traits::rank) || n[r] != v.extent(r)) return false;
  }
  return true;
}

template <class V>
constexpr void check_resizable() {
  static_assert(!V::traits::is_unmanaged, "hpar::resize/realloc: the View is unmanaged");
  static_assert(V::array_layout::is_extent_constructible,
                "hpar::resize/realloc: a LayoutStride View takes a LayoutStride object, not "
                "extents");
}

template <class Prop>
constexpr void check_resize_prop() {
  static_assert(!Prop::has_label,
                "hpar::resize/realloc: the View keeps its label; view_alloc must not name one");
}

/// resize: a new allocation of the new shape, the elements both shapes have copied, same label.
template <class V>
void resize_to(V& v, bool initialize, const size_t (&n)[8]) {
  check_resizable<V>();
  if (same_extents(v, n)) return;
  ViewAllocProp prop;
  prop.label = v.label();
  prop.initialize = initialize;
  V resized(prop, n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7]);
  if (v.size() != 0) copy_common(resized, v, true);
  v = resized;
}

/// realloc: the old allocation is let go first; the new one has the same label.
template <class V>
void realloc_to(V& v, bool initialize, const size_t (&n)[8]) {
  check_resizable<V>();
  if (same_extents(v, n)) {
    if constexpr (!std::is_const<typename V::value_type>::value)
      if (initialize) deep_copy(v, typename V::non_const_value_type());
    return;
  }
  ViewAllocProp prop;
  prop.label = v.label();
  prop.initialize = initialize;
  v = V();
  v = V(prop, n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7]);
}

}  // namespace impl

/// New extents, keeping the label and the elements both shapes have; new elements are zero. A
/// call with the current extents does nothing.
template <class T, class... P>
void resize(View<T, P...>& v, size_t n0 = invalid_index, size_t n1 = invalid_index,
            size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
            size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index) {
  impl::resize_to(v, true, {n0, n1, n2, n3, n4, n5, n6, n7});
}
/// resize(WithoutInitializing, v, ...) and resize(exec_space, v, ...): new elements are left
/// uninitialised by the first.
template <class I, class T, class... P,
          class = std::enable_if_t<std::is_same<I, impl::WithoutInitializing_t>::value ||
                                   is_execution_space<I>::value>>
void resize(const I&, View<T, P...>& v, size_t n0 = invalid_index, size_t n1 = invalid_index,
            size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
            size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index) {
  impl::resize_to(v, !std::is_same<I, impl::WithoutInitializing_t>::value,
                  {n0, n1, n2, n3, n4, n5, n6, n7});
}
template <class... A, class T, class... P>
void resize(const impl::ViewCtorProp<A...>& prop, View<T, P...>& v, size_t n0 = invalid_index,
            size_t n1 = invalid_index, size_t n2 = invalid_index, size_t n3 = invalid_index,
            size_t n4 = invalid_index, size_t n5 = invalid_index, size_t n6 = invalid_index,
            size_t n7 = invalid_index) {
  impl::check_resize_prop<impl::ViewCtorProp<A...>>();
  impl::resize_to(v, prop.initialize, {n0, n1, n2, n3, n4, n5, n6, n7});
}
/// resize to the extents of a layout object (the only form for LayoutStride).
template <class T, class... P>
void resize(View<T, P...>& v, const typename View<T, P...>::array_layout& layout) {
  using V = View<T, P...>;
  static_assert(!V::traits::is_unmanaged, "hpar::resize: the View is unmanaged");
  impl::ViewAllocProp prop;
  prop.label = v.label();
  V resized(prop, layout);
  if (v.size() != 0) impl::copy_common(resized, v, true);
  v = resized;
}

/// New extents and a new zeroed allocation with the same label; the old contents are dropped
/// first. With the current extents the allocation stays and is zeroed.
template <class T, class... P>
void realloc(View<T, P...>& v, size_t n0 = invalid_index, size_t n1 = invalid_index,
             size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
             size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index) {
  impl::realloc_to(v, true, {n0, n1, n2, n3, n4, n5, n6, n7});
}
template <class I, class T, class... P,
          class = std::enable_if_t<std::is_same<I, impl::WithoutInitializing_t>::value ||
                                   is_execution_space<I>::value>>
void realloc(const I&, View<T, P...>& v, size_t n0 = invalid_index, size_t n1 = invalid_index,
             size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
             size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index) {
  impl::realloc_to(v, !std::is_same<I, impl::WithoutInitializing_t>::value,
                   {n0, n1, n2, n3, n4, n5, n6, n7});
}
template <class... A, class T, class... P>
void realloc(const impl::ViewCtorProp<A...>& prop, View<T, P...>& v, size_t n0 = invalid_index,
             size_t n1 = invalid_index, size_t n2 = invalid_index, size_t n3 = invalid_index,
             size_t n4 = invalid_index, size_t n5 = invalid_index, size_t n6 = invalid_index,
             size_t n7 = invalid_index) {
  impl::check_resize_prop<impl::ViewCtorProp<A...>>();
  impl::realloc_to(v, prop.initialize, {n0, n1, n2, n3, n4, n5, n6, n7});
}
template <class T, class... P>
void realloc(View<T, P...>& v, const typename View<T, P...>::array_layout& layout) {
  using V = View<T, P...>;
  static_assert(!V::traits::is_unmanaged, "hpar::realloc: the View is unmanaged");
  impl::ViewAllocProp prop;
  prop.label = v.label();
  v = V();
  v = V(prop, layout);
}

}  // namespace hpar
