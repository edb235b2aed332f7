// hpar: DualView, a View with a copy on the device and one on the host, and the bookkeeping of
// which copy was modified last (Kokkos' Kokkos_DualView.hpp, Kokkos 4 semantics).
//
//   d_view (t_dev)    the View of the given data type, layout and space
//   h_view (t_host)   t_dev::HostMirror: create_mirror_view(d_view)
//   modified_flags    two counters in host memory, shared by every copy and subview of the
//                     DualView: [0] the host's, [1] the device's modification stamp
//
// Stamps: modify on one side sets its stamp to one more than the larger of the two; sync to a
// side copies the other side's data when that side's stamp is set and not older (then both
// stamps are 0); need_sync to a side says whether sync would copy. sync_host()/sync_device() copy
// only when the other stamp is strictly larger. resize keeps the contents of the side modified
// last (the device when neither or both were) and marks that side modified; realloc drops the
// contents and clears the stamps.
//
// Per build: serial, t_dev is in HostSpace, so h_view is d_view (one allocation) and the DualView
// has a single device: modify does nothing and sync never copies, as in Kokkos. CUDA: d_view in
// CudaSpace, h_view in HostSpace, sync is a deep_copy. OpenMP for a GPU: d_view in
// OpenMPTargetSpace, a side of its own, so sync copies. OpenMP for the host: d_view in HostSpace,
// one side, as with Kokkos' OpenMP backend.
//
// Everything here is host code except the accessors marked HPAR_INLINE_FUNCTION (view<>(),
// view_host(), view_device(), extent, span), which kernels may call on a captured DualView.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "core.hpp"
#include "deep_copy.hpp"
#include "subview.hpp"
#include "view.hpp"

namespace hpar {

template <class DataType, class... Properties>
class DualView;

template <class T>
struct is_dual_view : std::false_type {};
template <class D, class... P>
struct is_dual_view<DualView<D, P...>> : std::true_type {};

template <class DataType, class... Properties>
class DualView {
 public:
  using t_dev = View<DataType, Properties...>;
  using t_host = typename t_dev::HostMirror;
  using traits = typename t_dev::traits;
  // The View traits Kokkos' DualView inherits from ViewTraits; a scalar array type differs from
  // the data type only for Kokkos' specialised value types (Sacado), which hpar does not have.
  using data_type = typename t_dev::data_type;
  using const_data_type = typename t_dev::const_data_type;
  using non_const_data_type = typename t_dev::non_const_data_type;
  using scalar_array_type = data_type;
  using const_scalar_array_type = const_data_type;
  using non_const_scalar_array_type = non_const_data_type;
  using value_type = typename t_dev::value_type;
  using const_value_type = typename t_dev::const_value_type;
  using non_const_value_type = typename t_dev::non_const_value_type;
  using array_layout = typename t_dev::array_layout;
  using layout_type = array_layout;  // the name Kokkos 5 gives array_layout
  using memory_traits = typename t_dev::memory_traits;
  using memory_space = typename t_dev::memory_space;
  using execution_space = typename t_dev::execution_space;
  using device_type = typename t_dev::device_type;
  using size_type = typename t_dev::size_type;
  using host_mirror_space = typename t_host::device_type;

  using t_dev_const = View<typename t_dev::const_data_type, Properties...>;
  using t_host_const = typename t_host::const_type;
  using t_dev_um = View<DataType, array_layout, device_type, MemoryTraits<Unmanaged>>;
  using t_host_um = View<typename t_host::data_type, array_layout, typename t_host::device_type,
                         MemoryTraits<Unmanaged>>;
  using t_dev_const_um =
      View<typename t_dev::const_data_type, array_layout, device_type, MemoryTraits<Unmanaged>>;
  using t_host_const_um = View<typename t_host::const_data_type, array_layout,
                               typename t_host::device_type, MemoryTraits<Unmanaged>>;
  using t_dev_const_randomread = t_dev_const;
  using t_host_const_randomread = t_host_const;
  using const_type = DualView<typename t_dev::const_data_type, Properties...>;
  using t_modified_flags = View<unsigned int[2], LayoutLeft, HostSpace>;

  t_modified_flags modified_flags;
  t_dev d_view;
  t_host h_view;

  // ---- construction (host) ----------------------------------------------------------------------
  DualView() = default;

  /// Allocates both sides with `label` (the host side is a mirror of the device side).
  template <class Label, class = std::enable_if_t<impl::is_label<Label>::value>>
  explicit DualView(const Label& label, size_t n0 = invalid_index, size_t n1 = invalid_index,
                    size_t n2 = invalid_index, size_t n3 = invalid_index,
                    size_t n4 = invalid_index, size_t n5 = invalid_index,
                    size_t n6 = invalid_index, size_t n7 = invalid_index)
      : modified_flags("DualView::modified_flags"),
        d_view(label, n0, n1, n2, n3, n4, n5, n6, n7),
        h_view(create_mirror_view(d_view)) {}

  /// view_alloc(label, WithoutInitializing) first.
  template <class... A>
  explicit DualView(const impl::ViewCtorProp<A...>& prop, size_t n0 = invalid_index,
                    size_t n1 = invalid_index, size_t n2 = invalid_index,
                    size_t n3 = invalid_index, size_t n4 = invalid_index,
                    size_t n5 = invalid_index, size_t n6 = invalid_index,
                    size_t n7 = invalid_index)
      : modified_flags("DualView::modified_flags"),
        d_view(static_cast<const impl::ViewAllocProp&>(prop), n0, n1, n2, n3, n4, n5, n6, n7) {
    h_view = prop.initialize ? create_mirror_view(d_view)
                             : create_mirror_view(WithoutInitializing, d_view);
  }

  /// From a device View and its host mirror, which the caller has made equal.
  DualView(const t_dev& d, const t_host& h)
      : modified_flags("DualView::modified_flags"), d_view(d), h_view(h) {
    for (unsigned r = 0; r < 8; ++r)
      if (d_view.extent(r) != h_view.extent(r))
        impl::deep_copy_error(d_view.label(), h_view.label(),
                              "DualView constructed with Views of different extents");
  }

  /// Shallow copy, also from a DualView of non-const to one of const data.
  template <class D2, class... P2>
  DualView(const DualView<D2, P2...>& src)
      : modified_flags(src.modified_flags), d_view(src.d_view), h_view(src.h_view) {}

  /// The subview of both sides; it shares the source's modification stamps.
  template <class D2, class... P2, class Arg0, class... Args>
  DualView(const DualView<D2, P2...>& src, const Arg0& arg0, Args... args)
      : modified_flags(src.modified_flags),
        d_view(subview(src.d_view, arg0, args...)),
        h_view(subview(src.h_view, arg0, args...)) {}

  // ---- the two sides ----------------------------------------------------------------------------

  /// Whether both sides are one View of one memory space (then there is nothing to synchronise):
  /// the serial build, and the OpenMP build for the host, whose default space keeps its data in
  /// HostSpace as Kokkos::OpenMP's does (Kokkos compares the device types, which are the same
  /// there; hpar's default space there is not the host mirror's execution space).
  static constexpr bool impl_is_single_device =
      std::is_same<typename t_dev::memory_space, typename t_host::memory_space>::value;

  /// The side a space names: 1 the device's, 0 the host's, -1 both (Space may be an execution
  /// space, a memory space or a Device, as in Kokkos).
  template <class Space>
  static constexpr int impl_side() {
    using DevExec = typename t_dev::execution_space;
    using DevMem = typename t_dev::memory_space;
    using HostExec = typename t_host::execution_space;
    using HostMem = typename t_host::memory_space;
    constexpr bool is_mem = std::is_same<Space, typename Space::memory_space>::value;
    constexpr bool is_exec = std::is_same<Space, typename Space::execution_space>::value;
    constexpr bool dev_mem = std::is_same<typename Space::memory_space, DevMem>::value;
    constexpr bool host_mem = std::is_same<typename Space::memory_space, HostMem>::value;
    constexpr bool dev_exec = std::is_same<typename Space::execution_space, DevExec>::value;
    constexpr bool host_exec = std::is_same<typename Space::execution_space, HostExec>::value;
    static_assert(dev_mem || host_mem || dev_exec || host_exec,
                  "hpar::DualView: the template argument names neither the DualView's device nor "
                  "its host (an execution space, memory space or Device of one of them)");
    if constexpr (std::is_same<Space, typename t_dev::device_type>::value) return 1;
    else if constexpr (std::is_same<Space, typename t_host::device_type>::value) return 0;
    else if constexpr (is_mem) return dev_mem && host_mem ? -1 : dev_mem ? 1 : 0;
    else if constexpr (is_exec) return dev_exec && host_exec ? -1 : dev_exec ? 1 : 0;
    else if constexpr (dev_mem != host_mem) return dev_mem ? 1 : 0;
    else return dev_exec && host_exec ? -1 : dev_exec ? 1 : 0;
  }

  /// d_view when Space's memory is the device side's, else h_view.
  template <class Space>
  HPAR_INLINE_FUNCTION std::conditional_t<
      std::is_same<typename Space::memory_space, typename t_dev::memory_space>::value, t_dev,
      t_host>
  view() const {
    static_assert(impl_side<Space>() >= -1, "");  // (impl_side checks that Space names a side)
    if constexpr (std::is_same<typename Space::memory_space, typename t_dev::memory_space>::value)
      return d_view;
    else
      return h_view;
  }
  HPAR_INLINE_FUNCTION t_host view_host() const { return h_view; }
  HPAR_INLINE_FUNCTION t_dev view_device() const { return d_view; }
  HPAR_INLINE_FUNCTION bool is_allocated() const {
    return d_view.is_allocated() && h_view.is_allocated();
  }

  // ---- modification stamps (host) ---------------------------------------------------------------

  template <class Space>
  void modify() {
    if constexpr (impl_is_single_device) return;
    else {
      constexpr int side = impl_side<Space>();
      if (side == 1) stamp(1);
      if (side == 0) stamp(0);
    }
  }
  void modify_host() {
    if constexpr (!impl_is_single_device) stamp(0);
  }
  void modify_device() {
    if constexpr (!impl_is_single_device) stamp(1);
  }
  void clear_sync_state() {
    if (modified_flags.data()) modified_flags(0) = modified_flags(1) = 0;
  }

  template <class Space>
  bool need_sync() const {
    if (!modified_flags.data()) return false;
    constexpr int side = impl_side<Space>();
    if (side == 1) return newer(0, 1);
    if (side == 0) return newer(1, 0);
    return false;
  }
  bool need_sync_host() const {
    return modified_flags.data() && modified_flags(1) > modified_flags(0);
  }
  bool need_sync_device() const {
    return modified_flags.data() && modified_flags(0) > modified_flags(1);
  }

  /// Copies the other side's contents to Space's side when the other side was modified last.
  template <class Space>
  void sync() {
    static_assert(!std::is_const<value_type>::value,
                  "hpar::DualView: sync of a DualView of const data");
    if (!modified_flags.data()) return;
    constexpr int side = impl_side<Space>();
    if (side == 1 && newer(0, 1)) copy_to_device();
    if (side == 0 && newer(1, 0)) copy_to_host();
  }
  template <class Space, class ExecSpace>
  void sync(const ExecSpace&) {
    sync<Space>();
  }
  void sync_host() {
    if (need_sync_host()) copy_to_host();
  }
  template <class ExecSpace>
  void sync_host(const ExecSpace&) {
    sync_host();
  }
  void sync_device() {
    if (need_sync_device()) copy_to_device();
  }
  template <class ExecSpace>
  void sync_device(const ExecSpace&) {
    sync_device();
  }

  // ---- new extents (host) -----------------------------------------------------------------------

  /// Both sides get new allocations of the new extents (zeroed); the stamps are cleared.
  void realloc(size_t n0 = invalid_index, size_t n1 = invalid_index, size_t n2 = invalid_index,
               size_t n3 = invalid_index, size_t n4 = invalid_index, size_t n5 = invalid_index,
               size_t n6 = invalid_index, size_t n7 = invalid_index) {
    ::hpar::realloc(d_view, n0, n1, n2, n3, n4, n5, n6, n7);
    h_view = create_mirror_view(d_view);
    ensure_flags();
    clear_sync_state();
  }
  template <class I, class = std::enable_if_t<std::is_same<I, impl::WithoutInitializing_t>::value>>
  void realloc(const I&, size_t n0 = invalid_index, size_t n1 = invalid_index,
               size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
               size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index) {
    ::hpar::realloc(WithoutInitializing, d_view, n0, n1, n2, n3, n4, n5, n6, n7);
    h_view = create_mirror_view(WithoutInitializing, d_view);
    ensure_flags();
    clear_sync_state();
  }

  /// Both sides get the new extents; the side modified last keeps its contents (the elements
  /// both shapes have) and is marked modified, so the next sync carries them to the other.
  void resize(size_t n0 = invalid_index, size_t n1 = invalid_index, size_t n2 = invalid_index,
              size_t n3 = invalid_index, size_t n4 = invalid_index, size_t n5 = invalid_index,
              size_t n6 = invalid_index, size_t n7 = invalid_index) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    bool same = true;
    for (unsigned r = 0; r < t_dev::rank_dynamic; ++r) same = same && n[r] == d_view.extent(r);
    ensure_flags();
    if (same) return;
    if (modified_flags(1) >= modified_flags(0)) {
      ::hpar::resize(d_view, n0, n1, n2, n3, n4, n5, n6, n7);
      h_view = create_mirror_view(d_view);
      if constexpr (!impl_is_single_device) ++modified_flags(1);
    } else {
      ::hpar::resize(h_view, n0, n1, n2, n3, n4, n5, n6, n7);
      d_view = create_mirror_view(memory_space(), h_view);
      ++modified_flags(0);
    }
  }

  // ---- extents (host and device) ----------------------------------------------------------------
  static constexpr unsigned rank = t_dev::rank;
  static constexpr unsigned rank_dynamic = t_dev::rank_dynamic;
  template <class I>
  HPAR_INLINE_FUNCTION constexpr size_t extent(const I& r) const {
    return d_view.extent(r);
  }
  template <class I>
  HPAR_INLINE_FUNCTION constexpr int extent_int(const I& r) const {
    return static_cast<int>(d_view.extent(r));
  }
  HPAR_INLINE_FUNCTION constexpr size_t span() const { return d_view.span(); }
  HPAR_INLINE_FUNCTION bool span_is_contiguous() const { return d_view.span_is_contiguous(); }
  template <class I>
  void stride(I* s) const {
    d_view.stride(s);
  }

 private:
  template <class D2, class... P2>
  friend class DualView;

  void ensure_flags() {
    if (!modified_flags.data()) modified_flags = t_modified_flags("DualView::modified_flags");
  }
  /// Marks `side` modified after everything before.
  void stamp(int side) {
    ensure_flags();
    const unsigned latest =
        modified_flags(0) > modified_flags(1) ? modified_flags(0) : modified_flags(1);
    modified_flags(side) = latest + 1;
  }
  /// Whether `from` was modified and not before `to`.
  bool newer(int from, int to) const {
    return modified_flags(from) > 0 && modified_flags(from) >= modified_flags(to);
  }
  void copy_to_device() {
    deep_copy(d_view, h_view);
    modified_flags(0) = modified_flags(1) = 0;
  }
  void copy_to_host() {
    deep_copy(h_view, d_view);
    modified_flags(0) = modified_flags(1) = 0;
  }
};

namespace impl {
template <class V>
struct dual_view_of;
template <class D, class... P>
struct dual_view_of<View<D, P...>> {
  template <class Src, class... Args>
  static DualView<D, P...> make(const Src& src, Args... args) {
    return DualView<D, P...>(src, args...);
  }
};
}  // namespace impl

/// The DualView of the subview of both sides (Kokkos::subview on a DualView).
template <class DataType, class... Properties, class... Args>
auto subview(const DualView<DataType, Properties...>& src, Args... args) {
  using Sub = decltype(subview(std::declval<View<DataType, Properties...>>(), args...));
  return impl::dual_view_of<Sub>::make(src, args...);
}


/// Copies the source's most recently modified side into the destination's same side, and marks
/// that side of the destination modified.
template <class DT, class... DP, class ST, class... SP>
void deep_copy(DualView<DT, DP...>& dst, const DualView<ST, SP...>& src) {
  if (src.need_sync_device()) {
    deep_copy(dst.h_view, src.h_view);
    dst.modify_host();
  } else {
    deep_copy(dst.d_view, src.d_view);
    dst.modify_device();
  }
}
template <class ExecSpace, class DT, class... DP, class ST, class... SP,
          class = std::enable_if_t<is_execution_space<ExecSpace>::value>>
void deep_copy(const ExecSpace&, DualView<DT, DP...>& dst, const DualView<ST, SP...>& src) {
  deep_copy(dst, src);
}

template <class D, class... P, class... Args>
void resize(DualView<D, P...>& dv, Args... args) {
  dv.resize(args...);
}
template <class D, class... P, class... Args>
void realloc(DualView<D, P...>& dv, Args... args) {
  dv.realloc(args...);
}

}  // namespace hpar
