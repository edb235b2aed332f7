// hpar: View, a reference-counted multidimensional array in one memory space.
//
// A View holds the data pointer, the mapping from indices to offsets (impl/view_mapping.hpp:
// extents and strides for LayoutLeft, LayoutRight and LayoutStride, the static extents of the
// data type as compile-time constants) and a pointer to the
// SharedAllocation that owns the memory (null for unmanaged views). Copies and subviews
// (subview.hpp) share the allocation; the last host copy frees it.
// Invariants:
//   - a copy made on the device never touches the count (CUDA: HPAR_IMPL_CUDA_DEVICE; OpenMP:
//     omp_is_initial_device()), so a closure's bitwise copy on the device is harmless;
//   - a View that owns its allocation is contiguous (span() == size()): LayoutRight gives the
//     last index stride 1, LayoutLeft index 0 (docs/design.md section 5), LayoutStride the strides
//     it was given; only subviews have gaps;
//   - a new allocation is zero-filled (value-initialised for host element types that need a
//     constructor) unless made with view_alloc(WithoutInitializing, ...);
//   - element access returns what reference_type says: a reference, an atomic reference
//     (MemoryTraits<Atomic>), or a value (const data with RandomAccess or Atomic).
#pragma once

#include <cstddef>
#include <cstdio>
#include <new>
#include <string>
#include <type_traits>

#include "macros.hpp"
#include "core.hpp"
#include "impl/primitives.hpp"
#include "impl/view_atomic.hpp"
#include "impl/view_mapping.hpp"
#include "impl/view_traits.hpp"
#include "layout_stride.hpp"
#include "memory.hpp"
#include "pair.hpp"
#include "scratch.hpp"
#include "subview.hpp"

namespace hpar {
namespace impl {

/// The owner of one View allocation; lives in host memory.
struct SharedAllocation {
  int count;                                     // host copies alive; atomic
  Space space;                                   // where data lives
  void* data;
  size_t elements;
  std::string label;
  void (*destroy_elements)(void* data, size_t n);  // null when elements need no destructor
  void (*release)(SharedAllocation*);            // frees everything; called at count 0
};

inline void release_shared_allocation(SharedAllocation* record) {
  if (record->destroy_elements) record->destroy_elements(record->data, record->elements);
  deallocate(record->space, record->data);
  delete record;
}

template <class T>
void destroy_host_elements(void* data, size_t n) {
  T* p = static_cast<T*>(data);
  for (size_t i = 0; i < n; ++i) p[i].~T();
}

/// Allocates n elements of T in space s, initialised unless initialize is false.
template <class T>
SharedAllocation* make_shared_allocation(Space s, size_t n, const std::string& label,
                                         bool initialize) {
  void* data = allocate(s, n * sizeof(T), label.c_str());
  const bool construct = s == Space::host && !std::is_trivially_default_constructible<T>::value;
  if (construct) {
    T* p = static_cast<T*>(data);
    for (size_t i = 0; i < n; ++i) new (p + i) T();
  } else if (initialize) {
    zero_bytes(s, data, n * sizeof(T));
  }
  const bool destroy = construct && !std::is_trivially_destructible<T>::value;
  return new SharedAllocation{1,     s, data, n, label, destroy ? &destroy_host_elements<T> : nullptr,
                              &release_shared_allocation};
}

}  // namespace impl

template <class DataType, class... Properties>
class View;

template <class T>
struct is_view : std::false_type {};
template <class D, class... P>
struct is_view<View<D, P...>> : std::true_type {};
template <class D, class... P>
struct is_view<const View<D, P...>> : std::true_type {};
template <class T>
constexpr bool is_view_v = is_view<T>::value;

// (no declare target: members used in target regions are compiled for the device implicitly)

namespace impl {
/// Reports a malformed View construction and ends the program.
HPAR_HD inline void view_error(const char* label, const char* what) {
#if defined(HPAR_IMPL_NO_STDERR)
  // Nothing reachable from a kernel may name stderr in this build (CUDA's device code; OpenMP:
  // GCC compiles offloaded code from the host's preprocessed source, and the device C library
  // has no such symbol). HPAR_IMPL_ERROR_EXIT() traps in device code; on the host it is
  // fflush(nullptr), which names no stream either (without it the message is lost when stdout is
  // a pipe or a file), then abort().
  printf("hpar: error: View \"%s\": %s\n", label, what);
  HPAR_IMPL_ERROR_EXIT();
#else
  std::fprintf(stderr, "hpar: error: View \"%s\": %s\n", label, what);
  std::fflush(stderr);
  std::abort();
#endif
}

// read_only_load(p), which reads *p through the read-only data cache on NVIDIA GPUs (the CUDA
// output, and the OpenMP output built by clang) when the type allows it, is a device primitive
// (impl/primitives.hpp).

/// Whether this code runs where View reference counts may be touched (the host).
HPAR_HD inline bool may_touch_count() {
#if defined(HPAR_IMPL_ON_HOST)
  return HPAR_IMPL_ON_HOST();
#else
  return true;
#endif
}
}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN
namespace impl {

/// A compile-time value that converts to T and is callable, on the device too: View::rank and
/// View::rank_dynamic are one, so `v.rank`, `decltype(v)::rank` and `v.rank()` all give the rank.
/// No static data member (std::integral_constant's `value`): GCC refuses to reference an object
/// of such a type in an OpenMP target region.
template <class T, T v>
struct integral_constant {
  using value_type = T;
  using type = integral_constant;
  HPAR_HD constexpr operator T() const { return v; }
  HPAR_HD constexpr T operator()() const { return v; }
};

/// View's rank constants (Kokkos 4). They live in a base class declared for the OpenMP device,
/// since a use inside a target region refers to the objects themselves. Being static data
/// members, they make GCC 12 refuse a View in a user's own `map` clause (the translator's output
/// maps a closure's bytes, never a View).
template <size_t Rank, size_t RankDynamic>
struct ViewRankConstants {
  static constexpr integral_constant<size_t, Rank> rank = {};
  static constexpr integral_constant<size_t, RankDynamic> rank_dynamic = {};
};

}  // namespace impl
HPAR_IMPL_DEVICE_CODE_END

namespace impl {

/// Whether a View of layout Src may be assigned to one of layout Dst at rank R: statically, or
/// after the check of ViewOffset::assign (from LayoutStride).
template <class Dst, class Src, size_t R>
constexpr bool view_layout_assignable =
    std::is_same<Dst, Src>::value || std::is_same<Dst, LayoutStride>::value ||
    std::is_same<Src, LayoutStride>::value || R <= 1;

}  // namespace impl

template <class DataType, class... Properties>
class HPAR_ANNOTATE("hpar::view") View
    : public impl::ViewRankConstants<impl::ViewTraits<DataType, Properties...>::rank,
                                     impl::ViewTraits<DataType, Properties...>::rank_dynamic> {
 public:
  using traits = impl::ViewTraits<DataType, Properties...>;
  using data_type = DataType;
  using const_data_type = typename traits::const_data_type;
  using non_const_data_type = typename traits::non_const_data_type;
  using value_type = typename traits::value_type;
  using const_value_type = typename traits::const_value_type;
  using non_const_value_type = typename traits::non_const_value_type;
  using array_layout = typename traits::array_layout;
  using memory_space = typename traits::memory_space;
  using execution_space = typename traits::execution_space;
  using device_type = typename traits::device_type;
  using memory_traits = typename traits::memory_traits;
  using size_type = size_t;
  using pointer_type = value_type*;
  // Atomic: element accesses hand out an atomic reference (a value for const data). A const view
  // with the RandomAccess trait reads by value, through the read-only data cache on CUDA devices
  // (as Kokkos does). Every other view hands out references.
  using reference_type = std::conditional_t<
      memory_traits::is_atomic,
      std::conditional_t<std::is_const<value_type>::value, non_const_value_type,
                         impl::AtomicRef<non_const_value_type>>,
      std::conditional_t<std::is_const<value_type>::value && memory_traits::is_random_access,
                         non_const_value_type, value_type&>>;
  using HostMirror = View<non_const_data_type, array_layout, HostSpace>;
  using host_mirror_type = HostMirror;
  using const_type = View<const_data_type, Properties...>;
  using non_const_type = View<non_const_data_type, Properties...>;

 private:
  enum : size_t { R = traits::rank };
  using map_type = impl::ViewOffset<array_layout, typename traits::analysis::extents>;

  template <class, class...>
  friend class View;

  pointer_type m_data = nullptr;
  map_type m_map;
  impl::SharedAllocation* m_record = nullptr;

  HPAR_HD void retain() const {
    if (m_record && impl::may_touch_count()) impl::view_count_retain(&m_record->count);
  }
  HPAR_HD void release() {
    if (m_record && impl::may_touch_count() && impl::view_count_release(&m_record->count))
      m_record->release(m_record);
    m_record = nullptr;
  }

  /// The extents from the positional arguments (static extents win), checked.
  /// Every index into n is the loop's own counter, so that a compiler unrolls the loops and keeps n
  /// in registers: a loop that stopped at the first absent extent indexed n by a run-time value,
  /// and a View of team scratch built in a kernel with run-time extents then took its extents
  /// through local memory (batched_gemm with a run-time dimension 3.8 times slower on an H200).
  HPAR_HD static void given_extents(const size_t (&n)[8], size_t* extent, const char* label) {
    int given = 0;
    bool gap = false;
    for (int r = 0; r < 8; ++r) {
      const bool present = n[r] != invalid_index;
      if (present && given == r) given = r + 1;
      else if (present) gap = true;
    }
    if (gap) impl::view_error(label, "extent arguments have a gap");
    if (given != int(traits::rank_dynamic) && given != int(R))
      impl::view_error(label, "the number of extent arguments is neither the rank nor the "
                              "number of runtime extents");
    for (int r = 0; r < int(R); ++r) {
      const size_t s = traits::analysis::static_extent(r);
      if (s != 0 && r < given && n[r] != s)
        impl::view_error(label, "an extent argument differs from the static extent");
      extent[r] = s != 0 ? s : n[r];
    }
  }

  /// Packed extents from positional arguments.
  HPAR_HD void set_extents(const size_t (&n)[8], const char* label) {
    static_assert(array_layout::is_extent_constructible,
                  "hpar::View: a LayoutStride View is constructed from a LayoutStride object, "
                  "not from extents");
    size_t extent[R > 0 ? size_t(R) : size_t(1)] = {};
    given_extents(n, extent, label);
    m_map.set_packed(extent);
  }

  /// Extents (and strides, for LayoutStride) from a layout object.
  HPAR_HD void set_layout(const array_layout& layout, const char* label) {
    size_t n[8];
    for (int r = 0; r < 8; ++r) n[r] = r < int(R) ? layout.dimension[r] : invalid_index;
    size_t extent[R > 0 ? size_t(R) : size_t(1)] = {};
    given_extents(n, extent, label);
    if constexpr (std::is_same<array_layout, LayoutStride>::value) {
      m_map.assign(extent, layout.stride);
    } else {
      m_map.set_packed(extent);
    }
  }

  /// Before taking extents n from another View: do they fit the static extents of this type?
  HPAR_HD static void check_static_extents(const size_t* n, const char* what) {
    for (int r = 0; r < int(R); ++r) {
      const size_t s = traits::analysis::static_extent(r);
      if (s != 0 && n[r] != s)
        impl::view_error(what, "an extent differs from the static extent of the View type");
    }
  }

  /// Takes the extents and strides of another mapping (a View of another layout or other static
  /// extents).
  template <class OtherMap>
  HPAR_HD void assign_map(const OtherMap& other, const char* what) {
    size_t n[R > 0 ? size_t(R) : size_t(1)] = {}, s[R > 0 ? size_t(R) : size_t(1)] = {};
    for (int r = 0; r < int(R); ++r) {
      n[r] = other.extent(r);
      s[r] = other.stride(r);
    }
    check_static_extents(n, what);
    if (!m_map.assign(n, s))
      impl::view_error(what, "the strides of the source do not fit the layout of the View type");
  }

  template <class Other>
  HPAR_HD static constexpr void check_assignable() {
    using other_traits = typename Other::traits;
    static_assert(other_traits::rank == R, "hpar::View: assignment between different ranks");
    static_assert(std::is_same<non_const_value_type,
                               typename other_traits::non_const_value_type>::value &&
                      (std::is_const<value_type>::value ||
                       !std::is_const<typename other_traits::value_type>::value),
                  "hpar::View: incompatible value types (const data cannot become non-const)");
    static_assert(std::is_same<memory_space, typename other_traits::memory_space>::value,
                  "hpar::View: assignment between different memory spaces");
    static_assert(impl::view_layout_assignable<array_layout, typename other_traits::array_layout, R>,
                  "hpar::View: assignment between LayoutLeft and LayoutRight above rank 1");
  }

  void allocate(const std::string& label, bool initialize) {
    m_record = impl::make_shared_allocation<non_const_value_type>(traits::space, impl_footprint(),
                                                                  label,
                                                                  initialize);
    m_data = static_cast<pointer_type>(m_record->data);
  }

 public:
  // ---- construction -------------------------------------------------------------------------------
  HPAR_HD View() {}

  template <class Label, class = std::enable_if_t<impl::is_label<Label>::value>>
  explicit View(const Label& label, size_t n0 = invalid_index, size_t n1 = invalid_index,
                size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
                size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    const std::string l(label);
    set_extents(n, l.c_str());
    allocate(l, true);
  }

  /// view_alloc(label, WithoutInitializing, ...) first.
  explicit View(const impl::ViewAllocProp& prop, size_t n0 = invalid_index,
                size_t n1 = invalid_index, size_t n2 = invalid_index, size_t n3 = invalid_index,
                size_t n4 = invalid_index, size_t n5 = invalid_index, size_t n6 = invalid_index,
                size_t n7 = invalid_index) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    set_extents(n, prop.label.c_str());
    allocate(prop.label, prop.initialize);
  }

  template <class Label, class = std::enable_if_t<impl::is_label<Label>::value>>
  View(const Label& label, const array_layout& layout) {
    const std::string l(label);
    set_layout(layout, l.c_str());
    allocate(l, true);
  }

  View(const impl::ViewAllocProp& prop, const array_layout& layout) {
    set_layout(layout, prop.label.c_str());
    allocate(prop.label, prop.initialize);
  }

  /// An unmanaged view of memory the caller owns.
  HPAR_HD explicit View(pointer_type ptr, size_t n0 = invalid_index, size_t n1 = invalid_index,
                size_t n2 = invalid_index, size_t n3 = invalid_index, size_t n4 = invalid_index,
                size_t n5 = invalid_index, size_t n6 = invalid_index, size_t n7 = invalid_index)
      : m_data(ptr) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    set_extents(n, "(unmanaged)");
  }
  HPAR_HD View(pointer_type ptr, const array_layout& layout) : m_data(ptr) {
    set_layout(layout, "(unmanaged)");
  }

  /// A view of team scratch memory, its elements allocated from `space`
  /// (team.team_scratch(level) or team.thread_scratch(level)); data() is nullptr when the level
  /// has no room left.
  template <class E>
  HPAR_HD explicit View(const ScratchMemorySpace<E>& space, size_t n0 = invalid_index,
                        size_t n1 = invalid_index, size_t n2 = invalid_index,
                        size_t n3 = invalid_index, size_t n4 = invalid_index,
                        size_t n5 = invalid_index, size_t n6 = invalid_index,
                        size_t n7 = invalid_index) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    set_extents(n, "(scratch)");
    m_data = static_cast<pointer_type>(
        space.get_shmem_aligned(m_map.span() * sizeof(value_type), impl_scratch_alignment));
  }

  HPAR_HD View(const View& other) : m_data(other.m_data), m_map(other.m_map), m_record(other.m_record) {
    retain();
  }

  HPAR_HD View(View&& other) : m_data(other.m_data), m_map(other.m_map), m_record(other.m_record) {
    if (impl::may_touch_count()) other.m_record = nullptr;
  }

  /// From a compatible view: same rank and memory space, the same value type up to added const,
  /// a layout that can express the other's strides (LayoutStride takes any; LayoutLeft/Right
  /// take each other at rank 1 and a LayoutStride View whose strides fit, checked when it runs).
  /// A view with Unmanaged traits does not share ownership.
  template <class D2, class... P2>
  HPAR_HD View(const View<D2, P2...>& other) : m_data(other.m_data) {
    check_assignable<View<D2, P2...>>();
    if constexpr (std::is_same<map_type, typename View<D2, P2...>::map_type>::value)
      m_map = other.m_map;  // the same layout and static extents
    else
      assign_map(other.m_map, "(assignment)");
    if (!traits::is_unmanaged) {
      m_record = other.m_record;
      retain();
    }
  }

  /// The subview of src that the arguments select, converted to this type as assignment would
  /// (subview.hpp): `View<double*, LayoutStride> column(a, ALL, j)`.
  template <class D2, class... P2, class Arg0, class... Args>
  HPAR_HD View(const View<D2, P2...>& src, Arg0 arg0, Args... args)
      : m_data(src.m_data) {
    using Natural = Subview<View<D2, P2...>, Arg0, Args...>;
    check_assignable<Natural>();
    const auto g = impl::subview_geometry<R>(src.m_map, arg0, args...);
    m_data += g.offset;
    check_static_extents(g.extent, "(subview)");
    if (!m_map.assign(g.extent, g.stride))
      impl::view_error("(subview)", "the selected elements do not fit the layout of the View type");
    if (!traits::is_unmanaged) {
      m_record = src.m_record;
      retain();
    }
  }

  HPAR_HD View& operator=(const View& other) {
    if (this != &other) {
      other.retain();
      release();
      m_data = other.m_data;
      m_map = other.m_map;
      m_record = other.m_record;
    }
    return *this;
  }

  HPAR_HD View& operator=(View&& other) {
    if (this != &other) {
      release();
      m_data = other.m_data;
      m_map = other.m_map;
      m_record = other.m_record;
      if (impl::may_touch_count()) other.m_record = nullptr;
    }
    return *this;
  }

  template <class D2, class... P2>
  HPAR_HD View& operator=(const View<D2, P2...>& other) {
    return *this = View(other);
  }

  HPAR_HD ~View() { release(); }

  // ---- shape --------------------------------------------------------------------------------------
  template <class I>
  HPAR_HD size_t extent(const I& r) const {
    return m_map.extent(size_t(r));
  }
  template <class I>
  HPAR_HD int extent_int(const I& r) const {
    return int(m_map.extent(size_t(r)));
  }
  template <class I>
  HPAR_HD static constexpr size_t static_extent(const I& r) {
    return traits::analysis::static_extent(size_t(r));
  }
  HPAR_HD size_t size() const { return m_map.size(); }
  /// Elements from data() to one past the last element (gaps included).
  HPAR_HD size_t span() const { return m_map.span(); }
  HPAR_HD bool span_is_contiguous() const { return m_map.is_contiguous(); }
  /// Elements from data() to the last element, inclusive (what deep_copy stages).
  HPAR_HD size_t impl_reach() const { return m_map.reach(); }
  /// Elements the View's memory takes from data(): the larger of span() and impl_reach().
  HPAR_HD size_t impl_footprint() const {
    return m_map.span() > m_map.reach() ? m_map.span() : m_map.reach();
  }

  /// Distance in elements between neighbours along dimension r.
  template <class I>
  HPAR_HD size_t stride(const I& r) const {
    return m_map.stride(size_t(r));
  }
  /// Writes the rank strides and then the span into s[0..rank].
  template <class I, class = std::enable_if_t<std::is_integral<I>::value>>
  HPAR_HD void stride(I* s) const {
    for (int r = 0; r < int(R); ++r) s[r] = I(m_map.stride(r));
    s[R] = I(m_map.span());
  }
  HPAR_HD size_t stride_0() const { return m_map.stride(0); }
  HPAR_HD size_t stride_1() const { return m_map.stride(1); }
  HPAR_HD size_t stride_2() const { return m_map.stride(2); }
  HPAR_HD size_t stride_3() const { return m_map.stride(3); }
  HPAR_HD size_t stride_4() const { return m_map.stride(4); }
  HPAR_HD size_t stride_5() const { return m_map.stride(5); }
  HPAR_HD size_t stride_6() const { return m_map.stride(6); }
  HPAR_HD size_t stride_7() const { return m_map.stride(7); }

  /// The extents (and, for LayoutStride, the strides) as a layout object.
  array_layout layout() const {
    array_layout l;
    for (int r = 0; r < int(R); ++r) {
      l.dimension[r] = m_map.extent(r);
      if constexpr (std::is_same<array_layout, LayoutStride>::value) l.stride[r] = m_map.stride(r);
    }
    return l;
  }

  // ---- data ---------------------------------------------------------------------------------------
  HPAR_HD pointer_type data() const { return m_data; }
  HPAR_HD bool is_allocated() const { return m_data != nullptr; }
  std::string label() const { return m_record ? m_record->label : std::string(); }
  /// How many managed Views (copies and subviews) share the allocation; 0 when unmanaged.
  int use_count() const { return m_record ? __atomic_load_n(&m_record->count, __ATOMIC_RELAXED) : 0; }

  /// A scratch View's data is aligned to the larger of its value type's size and alignment, and
  /// at least 8 bytes (Kokkos' scratch_value_alignment).
  static constexpr size_t impl_scratch_alignment =
      sizeof(value_type) > alignof(value_type)
          ? (sizeof(value_type) > 8 ? sizeof(value_type) : 8)
          : (alignof(value_type) > 8 ? alignof(value_type) : 8);

  /// Bytes of scratch a View of these extents needs, as Kokkos counts them: its elements plus
  /// impl_scratch_alignment, room for aligning them wherever the level's next allocation starts.
  HPAR_HD static constexpr size_t shmem_size(size_t n0 = 1, size_t n1 = 1, size_t n2 = 1, size_t n3 = 1,
                           size_t n4 = 1, size_t n5 = 1, size_t n6 = 1, size_t n7 = 1) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    size_t count = 1;
    for (int r = 0; r < int(R); ++r) {
      const size_t s = traits::analysis::static_extent(r);
      count *= s != 0 ? s : n[r];
    }
    return count * sizeof(value_type) + impl_scratch_alignment;
  }
  /// The bytes an allocation of these extents takes (Kokkos' required_allocation_size): the
  /// elements, static extents from the type.
  static constexpr size_t required_allocation_size(size_t n0 = 0, size_t n1 = 0, size_t n2 = 0,
                                                   size_t n3 = 0, size_t n4 = 0, size_t n5 = 0,
                                                   size_t n6 = 0, size_t n7 = 0) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    size_t count = 1;
    for (int r = 0; r < int(R); ++r) {
      const size_t s = traits::analysis::static_extent(r);
      count *= s != 0 ? s : n[r];
    }
    return count * sizeof(value_type);
  }
  static constexpr size_t required_allocation_size(const array_layout& layout) {
    return shmem_size(layout) - impl_scratch_alignment;
  }

  /// The same for a layout object (the form LayoutStride needs): its span in elements, as
  /// span() counts it, plus the alignment.
  HPAR_HD static constexpr size_t shmem_size(const array_layout& layout) {
    size_t span = 1;
    if constexpr (std::is_same<array_layout, LayoutStride>::value) {
      span = 0;
      bool empty = false;
      for (int r = 0; r < int(R); ++r) {
        empty = empty || layout.dimension[r] == 0;
        if (layout.dimension[r] * layout.stride[r] > span) span = layout.dimension[r] * layout.stride[r];
      }
      if (empty) span = 0;
      if (R == 0) span = 1;
    } else {
      for (int r = 0; r < int(R); ++r) {
        const size_t s = traits::analysis::static_extent(r);
        span *= s != 0 ? s : layout.dimension[r];
      }
    }
    return span * sizeof(value_type) + impl_scratch_alignment;
  }

  // ---- element access -----------------------------------------------------------------------------
  template <class... I>
  HPAR_HD reference_type operator()(I... i) const {
    static_assert(sizeof...(I) == R, "hpar::View: operator() needs exactly rank indices");
    check_host_access();
#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
    check_bounds(i...);
#endif
    return load(m_data + m_map(i...));
  }

  template <class I>
  HPAR_HD reference_type operator[](I i) const {
    static_assert(R == 1, "hpar::View: operator[] needs a rank-1 view");
    check_host_access();
#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
    check_bounds(i);
#endif
    return load(m_data + m_map(i));
  }

  /// The offset from data() of the element operator()(i...) gives (a staged loop's table reads
  /// its copy there: rt/stage_bounds.hpp).
  template <class... I>
  HPAR_HD size_t impl_offset(I... i) const {
    static_assert(sizeof...(I) == R, "hpar::View: impl_offset needs exactly rank indices");
    return m_map(i...);
  }

  /// Like operator(), but extra trailing indices (which must be 0) and missing ones are allowed.
  template <class... I>
  HPAR_HD reference_type access(I... i) const {
    static_assert(sizeof...(I) <= 8, "hpar::View: access takes at most 8 indices");
    check_host_access();
    const size_t given[sizeof...(I) + 1] = {size_t(i)..., 0};
    size_t idx[R > 0 ? size_t(R) : size_t(1)] = {};
    for (int r = 0; r < int(R) && r < int(sizeof...(I)); ++r) idx[r] = given[r];
    return load(m_data + offset_of(idx, std::make_index_sequence<R>()));
  }

 private:
  /// Host code of a CUDA build cannot dereference device memory: an element access there stops
  /// the program with the View's label, as Kokkos stops it ("attempt to access inaccessible
  /// memory space"), instead of a segmentation fault. Decided at compile time: nothing is
  /// checked in kernels, in host builds or for host-accessible spaces. (The OpenMP offload
  /// build compiles kernels for the host too, where device memory may be host memory.)
  HPAR_HD void check_host_access() const {
#if defined(HPAR_IMPL_HOST_CHECKS_VIEW_ACCESS)
    if constexpr (!impl::host_accessible(memory_space::impl_space)) {
      const std::string message = "View '" + label() +
                                  "': host code accessed an element of device memory (attempt "
                                  "to access inaccessible memory space); copy the View to a "
                                  "host mirror (create_mirror_view, deep_copy) to read it there";
      ::hpar::abort(message.c_str());
    }
#endif
  }

  /// The element at p, as operator() hands it out (see reference_type).
  HPAR_HD reference_type load(value_type* p) const {
    if constexpr (memory_traits::is_atomic) {
      if constexpr (std::is_const<value_type>::value)
        return atomic_load(const_cast<non_const_value_type*>(p));
      else
        return reference_type(p);
    } else if constexpr (std::is_reference<reference_type>::value) {
      return *p;
    } else {
      return impl::read_only_load(p);
    }
  }

  template <size_t... K>
  HPAR_HD size_t offset_of(const size_t* idx, std::index_sequence<K...>) const {
    return m_map(idx[K]...);
  }

#if defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
  template <class... I>
  HPAR_HD void check_bounds(I... i) const {
    const size_t idx[sizeof...(I) + 1] = {size_t(i)..., 0};
    for (int r = 0; r < int(R); ++r)
      if (idx[r] >= m_map.extent(r)) {
#if defined(HPAR_IMPL_NO_STDERR)
        printf("hpar: View index %zu out of bounds for extent %zu of dimension %d\n", idx[r],
               m_map.extent(r), r);
#else
        std::fprintf(stderr, "hpar: View index %zu out of bounds for extent %zu of dimension %d\n",
                     idx[r], m_map.extent(r), r);
#endif
        ::hpar::abort("View index out of bounds");
      }
  }
#endif
};

}  // namespace hpar
