// hpar: what a View's template arguments mean.
//
// The data type spells the value type and the extents: each `*` is one runtime extent, each
// `[N]` a static one, runtime extents first (`double*[3]` has extents (n, 3)). The other
// arguments, in any order, are a layout, a memory space, an execution space or Device<E, M>,
// and MemoryTraits<flags>. Defaults: the memory space of DefaultExecutionSpace, and the layout of
// the memory space's execution space (docs/design.md section 5).
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>

#include "../layout_stride.hpp"
#include "../spaces.hpp"
#include "traits.hpp"

namespace hpar {

enum MemoryTraitsFlags : unsigned {
  Unmanaged = 0x01,
  RandomAccess = 0x02,
  Atomic = 0x04,
  Restrict = 0x08,
  Aligned = 0x10
};

/// Access properties of a View: Unmanaged (no reference counting), Atomic (every element
/// access is atomic), RandomAccess (const data is read through the read-only cache on CUDA);
/// Restrict and Aligned are accepted and change nothing.
template <unsigned Flags>
struct MemoryTraits {
  using memory_traits = MemoryTraits;
  static constexpr unsigned impl_value = Flags;
  static constexpr bool is_unmanaged = (Flags & Unmanaged) != 0;
  static constexpr bool is_random_access = (Flags & RandomAccess) != 0;
  static constexpr bool is_atomic = (Flags & Atomic) != 0;
  static constexpr bool is_restrict = (Flags & Restrict) != 0;
  static constexpr bool is_aligned = (Flags & Aligned) != 0;
};

using MemoryManaged = MemoryTraits<0>;
using MemoryUnmanaged = MemoryTraits<Unmanaged>;
using MemoryRandomAccess = MemoryTraits<Unmanaged | RandomAccess>;

HPAR_IMPL_DEVICE_CODE_BEGIN
/// The value of an extent argument that was not given (Kokkos::KOKKOS_INVALID_INDEX).
constexpr size_t invalid_index = ~size_t(0);
HPAR_IMPL_DEVICE_CODE_END

namespace impl {

template <class T>
struct is_memory_traits : std::false_type {};
template <unsigned F>
struct is_memory_traits<MemoryTraits<F>> : std::true_type {};

// ---- data type analysis ---------------------------------------------------------------------------

/// Strips the static extents `[N]`.
template <class T>
struct strip_arrays {
  using type = T;
  static constexpr size_t count = 0;
};
template <class T, size_t N>
struct strip_arrays<T[N]> {
  using type = typename strip_arrays<T>::type;
  static constexpr size_t count = 1 + strip_arrays<T>::count;
};

/// Strips the runtime extents `*`.
template <class T>
struct strip_pointers {
  using type = T;
  static constexpr size_t count = 0;
};
template <class T>
struct strip_pointers<T*> {
  using type = typename strip_pointers<T>::type;
  static constexpr size_t count = 1 + strip_pointers<T>::count;
};

/// Extents of a data type, outermost first; 0 is a runtime extent.
template <size_t... E>
struct extent_list {};

/// Extent r of a list (0: a runtime extent, or past the rank). A chain of selects, not a table: a
/// constant array indexed at run time is data that an offload compile must place on the device
/// (clang's OpenMP device code read it wrongly).
template <size_t... N>
HPAR_HD constexpr size_t extent_at(extent_list<N...>, size_t r) {
  size_t k = 0, found = 0;
  ((found = k++ == r ? N : found), ...);
  return found;
}
/// Whether every extent of a list is static.
template <size_t... N>
constexpr bool all_static(extent_list<N...>) {
  return ((N != 0) && ...);
}

/// The extents of a data type as an extent_list: each `*` a 0, each `[N]` its N.
template <class T, class List = extent_list<>>
struct list_extents {
  using type = List;
};
template <class T, size_t N, size_t... E>
struct list_extents<T[N], extent_list<E...>> : list_extents<T, extent_list<E..., N>> {};
template <class T, size_t... E>
struct list_extents<T*, extent_list<E...>> : list_extents<T, extent_list<0, E...>> {};

template <class DataType>
struct data_analysis {
  using arrays = strip_arrays<DataType>;
  using pointers = strip_pointers<typename arrays::type>;
  using value_type = typename pointers::type;
  static constexpr size_t rank_dynamic = pointers::count;
  static constexpr size_t rank = pointers::count + arrays::count;
  static_assert(rank <= 8, "hpar::View: rank is at most 8");
  /// The extents, the form the mapping takes them in (impl/view_mapping.hpp).
  using extents = typename list_extents<DataType>::type;
  /// Static extent of dimension r, or 0 when it is a runtime extent.
  HPAR_HD static constexpr size_t static_extent(size_t r) { return extent_at(extents(), r); }
};

/// Applies F to the value type inside the `*` and `[N]` of a data type.
template <class T, template <class> class F>
struct rebuild_data {
  using type = typename F<T>::type;
};
template <class T, template <class> class F>
struct rebuild_data<T*, F> {
  using type = typename rebuild_data<T, F>::type*;
};
template <class T, size_t N, template <class> class F>
struct rebuild_data<T[N], F> {
  using type = typename rebuild_data<T, F>::type[N];
};

// ---- properties -----------------------------------------------------------------------------------

template <class T>
struct is_exec_or_device
    : std::integral_constant<bool, is_execution_space<T>::value || is_device<T>::value> {};

struct no_argument {};

template <class DataType, class... Props>
struct ViewTraits {
  using analysis = data_analysis<DataType>;
  using data_type = DataType;
  using value_type = typename analysis::value_type;
  using const_value_type = std::add_const_t<value_type>;
  using non_const_value_type = std::remove_const_t<value_type>;
  using const_data_type = typename rebuild_data<DataType, std::add_const>::type;
  using non_const_data_type = typename rebuild_data<DataType, std::remove_const>::type;
  static constexpr size_t rank = analysis::rank;
  static constexpr size_t rank_dynamic = analysis::rank_dynamic;

  static_assert(count_if<is_array_layout, Props...>::value <= 1, "hpar::View: two layouts");
  static_assert(count_if<is_memory_space, Props...>::value + count_if<is_exec_or_device, Props...>::value <= 2,
                "hpar::View: too many space arguments");
  static_assert(count_if<is_memory_traits, Props...>::value <= 1,
                "hpar::View: two MemoryTraits");
  static_assert(count_if<is_array_layout, Props...>::value + count_if<is_space, Props...>::value +
                        count_if<is_memory_traits, Props...>::value +
                        count_if<is_incomplete, Props...>::value ==
                    int(sizeof...(Props)),
                "hpar::View: an argument is not a layout, a space or MemoryTraits");

  using given_exec = typename find_first<is_exec_or_device, no_argument, Props...>::type;
  using given_memory = typename find_first<is_memory_space, no_argument, Props...>::type;

  using memory_space = std::conditional_t<
      !std::is_same<given_memory, no_argument>::value, given_memory,
      typename std::conditional_t<std::is_same<given_exec, no_argument>::value,
                                  DefaultExecutionSpace, given_exec>::memory_space>;
  // As in Kokkos: the given execution space, else the memory space's, else the default one (whose
  // memory space may be HostSpace, in an OpenMP build for the host, without being Serial).
  using execution_space = typename std::conditional_t<
      !std::is_same<given_exec, no_argument>::value, given_exec,
      std::conditional_t<!std::is_same<given_memory, no_argument>::value, given_memory,
                         DefaultExecutionSpace>>::execution_space;
  using device_type = Device<execution_space, memory_space>;
  using array_layout = typename find_first<is_array_layout,
                                           typename execution_space::array_layout, Props...>::type;
  using memory_traits = typename find_first<is_memory_traits, MemoryManaged, Props...>::type;
  static constexpr bool is_unmanaged = memory_traits::is_unmanaged;
  static constexpr Space space = memory_space::impl_space;
};

// ---- allocation properties (view_alloc) -----------------------------------------------------------

struct WithoutInitializing_t {};
struct AllowPadding_t {};

/// What view_alloc(...) collected that a View constructor uses: a label and whether to zero the
/// allocation.
struct ViewAllocProp {
  std::string label;
  bool initialize = true;
};

/// view_alloc(args...): ViewAllocProp plus the argument types, so that create_mirror and its
/// relatives can find a memory space among them (the View constructors take the base).
template <class... Args>
struct ViewCtorProp : ViewAllocProp {
  using space = typename find_first<is_space, void, Args...>::type;
  enum : bool { has_space = !std::is_void<space>::value };
  enum : bool { has_label = count_if<is_label, Args...>::value > 0 };
};

template <class T>
struct is_view_ctor_prop : std::false_type {};
template <class... A>
struct is_view_ctor_prop<ViewCtorProp<A...>> : std::true_type {};

inline void add_alloc_prop(ViewAllocProp& p, const std::string& label) { p.label = label; }
inline void add_alloc_prop(ViewAllocProp& p, const char* label) { p.label = label; }
inline void add_alloc_prop(ViewAllocProp& p, WithoutInitializing_t) { p.initialize = false; }
inline void add_alloc_prop(ViewAllocProp&, AllowPadding_t) {}
template <class Space, class = std::enable_if_t<is_space<Space>::value>>
inline void add_alloc_prop(ViewAllocProp&, const Space&) {}

}  // namespace impl

constexpr impl::WithoutInitializing_t WithoutInitializing{};
constexpr impl::AllowPadding_t AllowPadding{};

/// Allocation properties for a View constructor, create_mirror, resize and realloc: a label,
/// WithoutInitializing, AllowPadding (accepted, no padding is added), a memory or execution space.
template <class... Args>
impl::ViewCtorProp<std::decay_t<Args>...> view_alloc(const Args&... args) {
  impl::ViewCtorProp<std::decay_t<Args>...> p;
  (impl::add_alloc_prop(p, args), ...);
  return p;
}

/// Kokkos' older spelling of view_alloc(WithoutInitializing, label), a type as in Kokkos:
/// `View<double*> x(ViewAllocateWithoutInitializing("x"), n)` leaves the elements uninitialised.
struct ViewAllocateWithoutInitializing
    : impl::ViewCtorProp<impl::WithoutInitializing_t, std::string> {
  ViewAllocateWithoutInitializing(const std::string& name) {
    label = name;
    initialize = false;
  }
};

}  // namespace hpar
