// hpar: ScatterView, contributions of many threads to shared elements (a histogram, forces on
// cells) combined by sum, product, min or max (Kokkos::Experimental::ScatterView, Kokkos 4).
//
//   ScatterView<DataType, Layout, ExecSpace or Device, Op, Duplication, Contribution> s(view);
//   auto a = s.access();   a(i, j) += x;   (in a kernel)
//   Kokkos::Experimental::contribute(view, s);   (on the host, after the kernel)
//
// Op: ScatterSum (+=, -=, ++, --), ScatterProd (*=, /=), ScatterMin, ScatterMax; update(x) for all.
// Duplication and Contribution default per execution space as in Kokkos: Serial non-duplicated
// and non-atomic; OpenMP (a host space Kokkos runs on many threads: impl_is_host_parallel)
// duplicated and non-atomic; Cuda and OpenMPTarget non-duplicated and atomic. A duplicated one on
// a device space is atomic (Kokkos' choice for Cuda; for OpenMPTarget Kokkos picks non-atomic,
// which gives the same results, since each accessor holds a copy of its own).
//
// Modes (what reset and contribute do follows Kokkos):
//   non-duplicated: the ScatterView works in the original View's memory. Accesses update its
//     elements directly (atomically with ScatterAtomic); contribute_into(v) does nothing when v
//     is that View and otherwise combines the elements into v; reset() sets the original View's
//     elements to the operation's identity.
//   duplicated: copies of the View's shape, one per value of a UniqueToken of the execution space
//     (ExecSpace::concurrency() copies: 1 on Serial and on a host space run on one thread), set to
//     the identity at construction. An accessor holds a copy for its lifetime: it acquires a
//     token value in its constructor and releases it in its destructor, and its updates go to
//     that copy. contribute_into(v) combines every copy into v (keeping v's contents: v op=
//     copies); reset() sets every copy to the identity. LayoutRight puts the copy index first
//     (the slowest), LayoutLeft last; each copy is one contiguous block.
// Builds: serial: everything runs on the calling thread. CUDA / OpenMP: accesses run in the
// user's kernels; the bulk work of the host-side calls (resetting copies, combining them) runs
// with impl::library_for over the execution space, so device data never comes to the host.
// Invariants: an accessor refers to its ScatterView (it lives no longer than the kernel body that
// made it); a copy of an accessor does not own its token value, a move passes it on.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "atomics.hpp"
#include "core.hpp"
#include "deep_copy.hpp"
#include "impl/library_for.hpp"
#include "macros.hpp"
#include "reducers.hpp"
#include "spaces.hpp"
#include "subview.hpp"
#include "unique_token.hpp"
#include "view.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace Experimental {

// The operations, duplication modes and contribution modes (Kokkos 4 spells them as types).
struct ScatterSum {};
struct ScatterProd {};
struct ScatterMax {};
struct ScatterMin {};

struct ScatterNonDuplicated {};
struct ScatterDuplicated {};

struct ScatterNonAtomic {};
struct ScatterAtomic {};

}  // namespace Experimental

namespace impl {

template <class Op>
constexpr bool is_scatter_op = std::is_same<Op, Experimental::ScatterSum>::value ||
                               std::is_same<Op, Experimental::ScatterProd>::value ||
                               std::is_same<Op, Experimental::ScatterMin>::value ||
                               std::is_same<Op, Experimental::ScatterMax>::value;

/// The value Op starts from (reduction_identity, so that users' specialisations count).
template <class Op, class T>
HPAR_HD T scatter_identity() {
  if constexpr (std::is_same<Op, Experimental::ScatterSum>::value)
    return reduction_identity<T>::sum();
  else if constexpr (std::is_same<Op, Experimental::ScatterProd>::value)
    return reduction_identity<T>::prod();
  else if constexpr (std::is_same<Op, Experimental::ScatterMin>::value)
    return reduction_identity<T>::min();
  else
    return reduction_identity<T>::max();
}

/// *dst = *dst op v, atomically when Atomic.
template <class Op, bool Atomic, class T>
HPAR_HD void scatter_update(T* dst, const T& v) {
  if constexpr (std::is_same<Op, Experimental::ScatterSum>::value) {
    if constexpr (Atomic) atomic_add(dst, v);
    else *dst += v;
  } else if constexpr (std::is_same<Op, Experimental::ScatterProd>::value) {
    if constexpr (Atomic) atomic_mul(dst, v);
    else *dst *= v;
  } else if constexpr (std::is_same<Op, Experimental::ScatterMin>::value) {
    if constexpr (Atomic) atomic_min(dst, v);
    else if (v < *dst) *dst = v;
  } else {
    if constexpr (Atomic) atomic_max(dst, v);
    else if (*dst < v) *dst = v;
  }
}

/// The multi-index of element `i` when the R extents are walked with index 0 fastest
/// (ColumnMajor, LayoutLeft's order) or the last index fastest.
template <size_t R, bool ColumnMajor>
HPAR_HD void scatter_unravel(size_t i, const size_t* extent, size_t* idx) {
  if constexpr (ColumnMajor) {
    for (size_t r = 0; r < R; ++r) {
      idx[r] = i % extent[r];
      i /= extent[r];
    }
  } else {
    for (size_t r = R; r-- > 0;) {
      idx[r] = i % extent[r];
      i /= extent[r];
    }
  }
}

/// v(idx[0], ..., idx[R-1]).
template <class V, size_t... K>
HPAR_HD typename V::reference_type scatter_element(const V& v, const size_t* idx,
                                                   std::index_sequence<K...>) {
  return v(idx[K]...);
}

/// Sets data[first + i] to Op's identity (the copies of a duplicated ScatterView: contiguous).
template <class T, class Op>
struct ScatterResetBlock {
  T* data;
  size_t first;
  HPAR_HD void operator()(size_t i) const { data[first + i] = scatter_identity<Op, T>(); }
};

/// Sets every element of a View of rank R to Op's identity (a non-duplicated ScatterView's
/// View, which may be a subview with gaps).
template <class V, class Op, size_t R, bool ColumnMajor>
struct ScatterResetElements {
  V view;
  size_t extent[R > 0 ? R : 1];
  HPAR_HD void operator()(size_t i) const {
    size_t idx[R > 0 ? R : 1] = {};
    scatter_unravel<R, ColumnMajor>(i, extent, idx);
    scatter_element(view, idx, std::make_index_sequence<R>()) =
        scatter_identity<Op, typename V::non_const_value_type>();
  }
};

/// dest(idx) = dest(idx) op source copies [first, copies) at idx, for the element i of the
/// shape. Source: a View of rank R (Copies false, one copy) or R + 1 with the copy index first
/// (CopyFirst) or last.
template <class Dest, class Source, class Op, size_t R, bool Copies, bool CopyFirst,
          bool ColumnMajor>
struct ScatterCombine {
  Dest dest;
  Source source;
  size_t extent[R > 0 ? R : 1];
  size_t first;
  size_t copies;
  HPAR_HD void operator()(size_t i) const {
    using T = typename Dest::non_const_value_type;
    size_t idx[R + 1] = {};
    size_t* shape_idx = (Copies && CopyFirst) ? idx + 1 : idx;
    scatter_unravel<R, ColumnMajor>(i, extent, shape_idx);
    T& d = scatter_element(dest, shape_idx, std::make_index_sequence<R>());
    T acc = d;
    if constexpr (!Copies) {
      scatter_update<Op, false>(&acc, T(scatter_element(source, idx, std::make_index_sequence<R>())));
    } else {
      for (size_t j = first; j < copies; ++j) {
        idx[CopyFirst ? 0 : R] = j;
        scatter_update<Op, false>(&acc,
                                  T(scatter_element(source, idx, std::make_index_sequence<R + 1>())));
      }
    }
    d = acc;
  }
};

/// The data type of a View of value type T and `Rank` runtime extents.
template <class T, size_t Rank>
struct runtime_data_type {
  using type = typename runtime_data_type<T, Rank - 1>::type*;
};
template <class T>
struct runtime_data_type<T, 0> {
  using type = T;
};

}  // namespace impl

namespace Experimental {

/// What an accessor's element access returns: a handle on one element (of the original View or
/// of the accessor's copy) that combines values into it with Op.
template <class T, class Op, class Contribution>
class ScatterValue {
  static constexpr bool atomic = std::is_same<Contribution, ScatterAtomic>::value;

 public:
  HPAR_INLINE_FUNCTION explicit ScatterValue(T& value) : m_value(&value) {}

  /// element = element op rhs: every operation's way in (min and max have only this one).
  HPAR_INLINE_FUNCTION void update(const T& rhs) const { impl::scatter_update<Op, atomic>(m_value, rhs); }
  /// Sets the element to the identity of Op (not atomic).
  HPAR_INLINE_FUNCTION void reset() const { *m_value = impl::scatter_identity<Op, T>(); }

  HPAR_INLINE_FUNCTION void operator+=(const T& rhs) const {
    static_assert(std::is_same<Op, ScatterSum>::value, "ScatterView: += needs ScatterSum");
    update(rhs);
  }
  HPAR_INLINE_FUNCTION void operator-=(const T& rhs) const {
    static_assert(std::is_same<Op, ScatterSum>::value, "ScatterView: -= needs ScatterSum");
    update(T(-rhs));
  }
  HPAR_INLINE_FUNCTION void operator++() const {
    static_assert(std::is_same<Op, ScatterSum>::value, "ScatterView: ++ needs ScatterSum");
    update(T(1));
  }
  HPAR_INLINE_FUNCTION void operator++(int) const { ++*this; }
  HPAR_INLINE_FUNCTION void operator--() const {
    static_assert(std::is_same<Op, ScatterSum>::value, "ScatterView: -- needs ScatterSum");
    update(T(-1));
  }
  HPAR_INLINE_FUNCTION void operator--(int) const { --*this; }
  HPAR_INLINE_FUNCTION void operator*=(const T& rhs) const {
    static_assert(std::is_same<Op, ScatterProd>::value, "ScatterView: *= needs ScatterProd");
    update(rhs);
  }
  HPAR_INLINE_FUNCTION void operator/=(const T& rhs) const {
    static_assert(std::is_same<Op, ScatterProd>::value, "ScatterView: /= needs ScatterProd");
    if constexpr (atomic) atomic_div(m_value, rhs);
    else *m_value /= rhs;
  }

 private:
  T* m_value;
};

/// What ScatterView::access() returns: element access for one thread. A duplicated view's
/// accessor owns a copy (a token value) from construction to destruction.
template <class ScatterViewBase, class Contribution>
class ScatterAccess {
 public:
  using view_type = ScatterViewBase;
  using original_value_type = typename view_type::original_value_type;
  using value_type = ScatterValue<original_value_type, typename view_type::op_type, Contribution>;

  HPAR_INLINE_FUNCTION explicit ScatterAccess(const view_type& view)
      : m_view(&view), m_copy(view.impl_acquire_copy()), m_owner(true) {}
  /// A copy shares the copy without owning it (it must not outlive the original).
  HPAR_INLINE_FUNCTION ScatterAccess(const ScatterAccess& other)
      : m_view(other.m_view), m_copy(other.m_copy), m_owner(false) {}
  HPAR_INLINE_FUNCTION ScatterAccess(ScatterAccess&& other)
      : m_view(other.m_view), m_copy(other.m_copy), m_owner(other.m_owner) {
    other.m_owner = false;
  }
  ScatterAccess& operator=(const ScatterAccess&) = delete;
  HPAR_INLINE_FUNCTION ~ScatterAccess() {
    if (m_owner) m_view->impl_release_copy(m_copy);
  }

  template <class... I>
  HPAR_INLINE_FUNCTION value_type operator()(I... i) const {
    static_assert(sizeof...(I) == view_type::impl_rank,
                  "ScatterView access: operator() needs exactly rank indices");
    return value_type(m_view->impl_element(m_copy, i...));
  }
  template <class I>
  HPAR_INLINE_FUNCTION value_type operator[](I i) const {
    static_assert(view_type::impl_rank == 1 && std::is_integral<I>::value,
                  "ScatterView access: operator[] needs a rank-1 view and an integer");
    return value_type(m_view->impl_element(m_copy, i));
  }

 private:
  const view_type* m_view;
  size_t m_copy;
  bool m_owner;
};

}  // namespace Experimental

namespace impl {

/// What kernels use of a ScatterView: its memory, its token, access(). ScatterView (below) adds
/// the host-side members.
template <class DataType, class Layout, class DeviceType, class Op, class Duplication,
          class Contribution>
class ScatterViewBase {
  static_assert(is_scatter_op<Op>,
                "ScatterView: the operation is ScatterSum, ScatterProd, ScatterMin or ScatterMax");
  static_assert(std::is_same<Duplication, Experimental::ScatterDuplicated>::value ||
                    std::is_same<Duplication, Experimental::ScatterNonDuplicated>::value,
                "ScatterView: the duplication is ScatterDuplicated or ScatterNonDuplicated");
  static_assert(std::is_same<Contribution, Experimental::ScatterAtomic>::value ||
                    std::is_same<Contribution, Experimental::ScatterNonAtomic>::value,
                "ScatterView: the contribution is ScatterAtomic or ScatterNonAtomic");

 public:
  using execution_space = typename DeviceType::execution_space;
  using memory_space = typename DeviceType::memory_space;
  using device_type = Device<execution_space, memory_space>;
  using original_view_type = View<DataType, Layout, device_type>;
  using original_value_type = typename original_view_type::value_type;
  using original_reference_type = typename original_view_type::reference_type;
  using op_type = Op;
  using duplication_type = Duplication;
  using contribution_type = Contribution;
  static constexpr size_t impl_rank = original_view_type::traits::rank;
  static constexpr bool is_duplicated = std::is_same<Duplication, Experimental::ScatterDuplicated>::value;
  /// Where a duplicated view's copy index goes: first for LayoutRight, last for LayoutLeft.
  static constexpr bool copy_index_first = std::is_same<Layout, LayoutRight>::value;
  /// The View that holds the elements: the original View, or the copies with one more extent.
  using internal_view_type = std::conditional_t<
      is_duplicated,
      View<typename runtime_data_type<original_value_type, impl_rank + 1>::type, Layout, device_type>,
      original_view_type>;

  static_assert(!std::is_const<original_value_type>::value,
                "ScatterView: the data type's value type must not be const");
  static_assert(!is_duplicated || std::is_same<Layout, LayoutLeft>::value ||
                    std::is_same<Layout, LayoutRight>::value,
                "ScatterView: a duplicated ScatterView has LayoutLeft or LayoutRight");

  HPAR_INLINE_FUNCTION ScatterViewBase() : m_token(UniqueTokenNoPool()) {}

  /// An accessor for the calling thread; OverrideContribution replaces the view's Contribution
  /// (access<ScatterNonAtomic>() where the caller knows no other thread touches its elements).
  template <class OverrideContribution = Contribution>
  HPAR_INLINE_FUNCTION Experimental::ScatterAccess<ScatterViewBase, OverrideContribution> access()
      const {
    return Experimental::ScatterAccess<ScatterViewBase, OverrideContribution>(*this);
  }

  HPAR_INLINE_FUNCTION bool is_allocated() const { return m_internal.is_allocated(); }

  /// The original View's extents.
  template <class I>
  HPAR_INLINE_FUNCTION size_t extent(const I& r) const {
    if (size_t(r) >= impl_rank) return 1;
    return m_internal.extent(size_t(r) + (is_duplicated && copy_index_first ? 1 : 0));
  }
  template <class I>
  HPAR_INLINE_FUNCTION int extent_int(const I& r) const {
    return int(extent(r));
  }
  /// The elements of the original View's shape.
  HPAR_INLINE_FUNCTION size_t size() const {
    size_t n = 1;
    for (size_t r = 0; r < impl_rank; ++r) n *= extent(r);
    return n;
  }

  // ---- for the accessors ------------------------------------------------------------------------
  HPAR_INLINE_FUNCTION size_t impl_acquire_copy() const {
    if constexpr (is_duplicated) return size_t(m_token.acquire());
    else return 0;
  }
  HPAR_INLINE_FUNCTION void impl_release_copy(size_t copy) const {
    if constexpr (is_duplicated) m_token.release(typename token_type::size_type(copy));
    else (void)copy;
  }
  template <class... I>
  HPAR_INLINE_FUNCTION original_value_type& impl_element(size_t copy, I... i) const {
    if constexpr (!is_duplicated) {
      (void)copy;
      return m_internal(i...);
    } else if constexpr (copy_index_first) {
      return m_internal(copy, i...);
    } else {
      return m_internal(i..., copy);
    }
  }

 protected:
  using token_type = Experimental::UniqueToken<execution_space, Experimental::UniqueTokenScope::Instance>;

  internal_view_type m_internal;
  token_type m_token;  // duplicated: one value per copy; non-duplicated: no pool
};

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

// ---- host side ---------------------------------------------------------------------------------

namespace impl {

/// Whether Kokkos runs ExecSpace's dispatches on many host threads (the OpenMP host space says
/// so with impl_is_host_parallel, in its backend's spaces part; hpar runs it on every OpenMP
/// thread in the OpenMP build for the host, on one elsewhere).
template <class ExecSpace, class = void>
struct is_host_parallel_space : std::false_type {};
template <class ExecSpace>
struct is_host_parallel_space<ExecSpace, std::void_t<decltype(ExecSpace::impl_is_host_parallel)>>
    : std::integral_constant<bool, ExecSpace::impl_is_host_parallel> {};

/// Kokkos' defaults (see the top of this file): a host-parallel space duplicates; a device space
/// contributes atomically, and so does a host-parallel space that does not duplicate.
template <class ExecSpace>
struct ScatterDefaultDuplication {
  using type = std::conditional_t<is_host_parallel_space<ExecSpace>::value,
                                  Experimental::ScatterDuplicated,
                                  Experimental::ScatterNonDuplicated>;
};
template <class ExecSpace, class Duplication>
struct ScatterDefaultContribution {
  static constexpr bool atomic =
      !(is_host_execution_space<ExecSpace>() || is_host_parallel_space<ExecSpace>::value) ||
      (is_host_parallel_space<ExecSpace>::value &&
       std::is_same<Duplication, Experimental::ScatterNonDuplicated>::value);
  using type = std::conditional_t<atomic, Experimental::ScatterAtomic,
                                  Experimental::ScatterNonAtomic>;
};

/// An unmanaged View of the same elements, whose element access is a plain reference.
template <class V>
using scatter_plain_view =
    View<typename V::non_const_data_type, typename V::array_layout, typename V::memory_space,
         MemoryUnmanaged>;

}  // namespace impl

namespace Experimental {

template <class DataType,
          class Layout = typename DefaultExecutionSpace::array_layout,
          class DeviceType = DefaultExecutionSpace,
          class Op = ScatterSum,
          class Duplication = typename impl::ScatterDefaultDuplication<
              typename DeviceType::execution_space>::type,
          class Contribution = typename impl::ScatterDefaultContribution<
              typename DeviceType::execution_space, Duplication>::type>
class ScatterView
    : public impl::ScatterViewBase<DataType, Layout, DeviceType, Op, Duplication, Contribution> {
  using Base = impl::ScatterViewBase<DataType, Layout, DeviceType, Op, Duplication, Contribution>;
  using Base::copy_index_first;
  using Base::impl_rank;
  using Base::is_duplicated;
  using Base::m_internal;
  using Base::m_token;
  using typename Base::token_type;
  static constexpr size_t R = impl_rank;

 public:
  using typename Base::execution_space;
  using typename Base::internal_view_type;
  using typename Base::memory_space;
  using typename Base::original_value_type;
  using typename Base::original_view_type;

  ScatterView() = default;

  /// Scatters into `original` (non-duplicated) or into copies of its shape (duplicated).
  template <class RT, class... RP>
  ScatterView(const View<RT, RP...>& original) : ScatterView(execution_space(), original) {}

  template <class RT, class... RP>
  ScatterView(const execution_space& space, const View<RT, RP...>& original) {
    if constexpr (!is_duplicated) {
      (void)space;
      m_internal = original;
    } else {
      size_t n[R > 0 ? R : 1] = {};
      for (size_t r = 0; r < R; ++r) n[r] = original.extent(r);
      allocate_copies(std::string("duplicated_") + original.label(), n);
      reset(space);
    }
  }

  /// A new View of the given extents (non-duplicated: zero-filled, as a View; duplicated: copies
  /// set to the identity).
  template <class... Dims, class = std::enable_if_t<(std::is_integral<Dims>::value && ...)>>
  ScatterView(const std::string& label, Dims... dims) {
    make(label, dims...);
  }
  /// view_alloc(label, ...) first (its execution space, if any, is the only one there is).
  template <class... P, class... Dims,
            class = std::enable_if_t<(std::is_integral<Dims>::value && ...)>>
  ScatterView(const impl::ViewCtorProp<P...>& prop, Dims... dims) {
    make(prop.label, dims...);
  }

  /// The original View (non-duplicated) or the first copy (duplicated).
  original_view_type subview() const {
    if constexpr (!is_duplicated) return m_internal;
    else return first_copy(std::make_index_sequence<R>());
  }

  /// dest = dest op (what was scattered); see the top of this file.
  template <class DT, class... RP>
  void contribute_into(const View<DT, RP...>& dest) const {
    contribute_into(execution_space(), dest);
  }
  template <class DT, class... RP>
  void contribute_into(const execution_space&, const View<DT, RP...>& dest) const {
    using Dest = View<DT, RP...>;
    static_assert(Dest::traits::rank == R, "ScatterView contribute: the destination's rank differs");
    static_assert(std::is_same<typename Dest::value_type, original_value_type>::value,
                  "ScatterView contribute: the destination's value type differs (or is const)");
    static_assert(SpaceAccessibility<execution_space, typename Dest::memory_space>::accessible,
                  "ScatterView contribute: the destination's memory is not accessible from the "
                  "ScatterView's execution space");
    for (size_t r = 0; r < R; ++r)
      if (dest.extent(r) != this->extent(r))
        ::hpar::abort("ScatterView contribute: the destination's extents differ");
    if (!m_internal.is_allocated()) return;
    using DestPlain = impl::scatter_plain_view<Dest>;
    using Source = impl::scatter_plain_view<internal_view_type>;
    constexpr bool column_major = std::is_same<typename Base::original_view_type::array_layout,
                                               LayoutLeft>::value;
    impl::ScatterCombine<DestPlain, Source, Op, R, is_duplicated, copy_index_first, column_major> f{
        DestPlain(dest), Source(m_internal), {}, 0, 1};
    for (size_t r = 0; r < R; ++r) f.extent[r] = this->extent(r);
    if constexpr (!is_duplicated) {
      if (dest.data() == m_internal.data()) return;
    } else {
      f.first = dest.data() == m_internal.data() ? 1 : 0;
      f.copies = copies();
    }
    impl::library_for<execution_space>("hpar::ScatterView::contribute", this->size(), f);
  }

  /// Sets what accesses update to the identity: the original View's elements (non-duplicated)
  /// or every copy (duplicated).
  void reset(const execution_space& = execution_space()) {
    if (!m_internal.is_allocated()) return;
    if constexpr (!is_duplicated) {
      using Plain = impl::scatter_plain_view<internal_view_type>;
      constexpr bool column_major = std::is_same<Layout, LayoutLeft>::value;
      impl::ScatterResetElements<Plain, Op, R, column_major> f{Plain(m_internal), {}};
      for (size_t r = 0; r < R; ++r) f.extent[r] = m_internal.extent(r);
      impl::library_for<execution_space>("hpar::ScatterView::reset", this->size(), f);
    } else {
      reset_copies(0);
    }
  }
  /// reset(), except what is `view`'s memory: non-duplicated, nothing when `view` is the original
  /// View; duplicated, every copy but the first when `view` is the first copy (subview()).
  template <class DT, class... RP>
  void reset_except(const View<DT, RP...>& view) {
    reset_except(execution_space(), view);
  }
  template <class DT, class... RP>
  void reset_except(const execution_space& space, const View<DT, RP...>& view) {
    if (view.data() != m_internal.data()) return reset(space);
    if constexpr (is_duplicated) reset_copies(1);
  }

  /// New extents of the shape, as Kokkos::resize does to a View (duplicated: each copy keeps
  /// the elements both shapes have; new elements are zero, as in Kokkos).
  void resize(size_t n0 = invalid_index, size_t n1 = invalid_index, size_t n2 = invalid_index,
              size_t n3 = invalid_index, size_t n4 = invalid_index, size_t n5 = invalid_index,
              size_t n6 = invalid_index, size_t n7 = invalid_index) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    size_t e[8];
    internal_extents(n, e);
    ::hpar::resize(m_internal, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]);
  }
  /// New extents and new memory, as Kokkos::realloc does to a View (duplicated: the copies are
  /// set to the identity).
  void realloc(size_t n0 = invalid_index, size_t n1 = invalid_index, size_t n2 = invalid_index,
               size_t n3 = invalid_index, size_t n4 = invalid_index, size_t n5 = invalid_index,
               size_t n6 = invalid_index, size_t n7 = invalid_index) {
    const size_t n[8] = {n0, n1, n2, n3, n4, n5, n6, n7};
    size_t e[8];
    internal_extents(n, e);
    ::hpar::realloc(m_internal, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]);
    if constexpr (is_duplicated) reset_copies(0);
  }

 private:
  /// Copies of a duplicated view (its token's size).
  size_t copies() const { return m_internal.extent(copy_index_first ? 0 : R); }

  /// The extents of the internal View for shape extents n (duplicated: the copies inserted).
  void internal_extents(const size_t (&n)[8], size_t (&e)[8]) const {
    for (size_t r = 0; r < 8; ++r) e[r] = invalid_index;
    if constexpr (!is_duplicated) {
      for (size_t r = 0; r < 8; ++r) e[r] = n[r];
    } else {
      const size_t c = m_internal.is_allocated() ? copies() : size_t(m_token.size());
      for (size_t r = 0; r < R; ++r) e[copy_index_first ? r + 1 : r] = n[r];
      e[copy_index_first ? 0 : R] = c;
    }
  }

  /// The constructors from a label and extents.
  template <class... Dims>
  void make(const std::string& label, Dims... dims) {
    if constexpr (!is_duplicated) {
      m_internal = original_view_type(label, size_t(dims)...);
    } else {
      // The shape, static extents included, checked as a View of the original type checks it.
      const original_view_type shape(static_cast<original_value_type*>(nullptr), size_t(dims)...);
      size_t n[R > 0 ? R : 1] = {};
      for (size_t r = 0; r < R; ++r) n[r] = shape.extent(r);
      allocate_copies(label, n);
      reset();
    }
  }

  /// A duplicated view's token and copies (uninitialised) for shape extents n.
  void allocate_copies(const std::string& label, const size_t* n) {
    m_token = token_type(execution_space());
    size_t e[8];
    for (size_t r = 0; r < 8; ++r) e[r] = invalid_index;
    for (size_t r = 0; r < R; ++r) e[copy_index_first ? r + 1 : r] = n[r];
    e[copy_index_first ? 0 : R] = size_t(m_token.size());
    m_internal = internal_view_type(view_alloc(WithoutInitializing, label), e[0], e[1], e[2], e[3],
                                    e[4], e[5], e[6], e[7]);
  }

  /// Copies [first, copies()) of a duplicated view to the identity.
  void reset_copies(size_t first) {
    const size_t per_copy = this->size();
    const size_t total = m_internal.span();
    if (total <= first * per_copy) return;
    impl::ScatterResetBlock<original_value_type, Op> f{m_internal.data(), first * per_copy};
    impl::library_for<execution_space>("hpar::ScatterView::reset", total - first * per_copy, f);
  }

  template <size_t... K>
  original_view_type first_copy(std::index_sequence<K...>) const {
    if constexpr (copy_index_first)
      return original_view_type(m_internal, size_t(0), ((void)K, ALL)...);
    else
      return original_view_type(m_internal, ((void)K, ALL)..., size_t(0));
  }
};

template <class T>
struct is_scatter_view : std::false_type {};
template <class D, class... P>
struct is_scatter_view<ScatterView<D, P...>> : std::true_type {};
template <class D, class... P>
struct is_scatter_view<const ScatterView<D, P...>> : std::true_type {};
template <class T>
inline constexpr bool is_scatter_view_v = is_scatter_view<T>::value;

/// The ScatterView of a View, Op and modes given or the execution space's defaults:
/// create_scatter_view(v), create_scatter_view<ScatterMax>(v),
/// create_scatter_view<ScatterSum, ScatterDuplicated, ScatterNonAtomic>(v).
template <class Op = ScatterSum, class Duplication = void, class Contribution = void, class RT,
          class... RP>
auto create_scatter_view(const View<RT, RP...>& original) {
  using V = View<RT, RP...>;
  using Exec = typename V::execution_space;
  using Dup = std::conditional_t<std::is_void<Duplication>::value,
                                 typename impl::ScatterDefaultDuplication<Exec>::type, Duplication>;
  using Contr = std::conditional_t<std::is_void<Contribution>::value,
                                   typename impl::ScatterDefaultContribution<Exec, Dup>::type,
                                   Contribution>;
  return ScatterView<RT, typename V::array_layout, typename V::device_type, Op, Dup, Contr>(original);
}
/// The same with the modes given as values: create_scatter_view(ScatterMin{}, v) or
/// create_scatter_view(ScatterSum{}, ScatterDuplicated{}, ScatterAtomic{}, v).
template <class Op, class RT, class... RP>
auto create_scatter_view(Op, const View<RT, RP...>& original) {
  return create_scatter_view<Op>(original);
}
template <class Op, class Duplication, class Contribution, class RT, class... RP>
auto create_scatter_view(Op, Duplication, Contribution, const View<RT, RP...>& original) {
  return create_scatter_view<Op, Duplication, Contribution>(original);
}

/// dest = dest op (what `source` scattered): source.contribute_into(dest).
template <class DT1, class DT2, class LY, class ES, class OP, class DP, class CT, class... VP>
void contribute(const typename ES::execution_space& space, const View<DT1, VP...>& dest,
                const ScatterView<DT2, LY, ES, OP, DP, CT>& source) {
  source.contribute_into(space, dest);
}
template <class DT1, class DT2, class LY, class ES, class OP, class DP, class CT, class... VP>
void contribute(const View<DT1, VP...>& dest, const ScatterView<DT2, LY, ES, OP, DP, CT>& source) {
  source.contribute_into(dest);
}

}  // namespace Experimental

/// Kokkos::resize and Kokkos::realloc of a ScatterView.
template <class DT, class LY, class ES, class OP, class DP, class CT, class... N>
void resize(Experimental::ScatterView<DT, LY, ES, OP, DP, CT>& s, N... n) {
  s.resize(size_t(n)...);
}
template <class DT, class LY, class ES, class OP, class DP, class CT, class... N>
void realloc(Experimental::ScatterView<DT, LY, ES, OP, DP, CT>& s, N... n) {
  s.realloc(size_t(n)...);
}

}  // namespace hpar
