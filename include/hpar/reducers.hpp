// hpar: built-in reducers and reduction_identity (Kokkos spelling).
//
// A reducer names how values combine (join), where a combination starts (init) and where the
// result goes: a scalar the caller owns (references_scalar() is true) or a rank-0 View in the
// reducer's memory space (Space, HostSpace by default). Custom reducers are user classes with
// the same members: `using reducer = Self; using value_type = ...; join(dst, src); init(v);
// reference(); view()`.
//
// Ties in MinLoc, MaxLoc and MinMaxLoc go to the smallest location, so every backend and every
// partition of the index space gives the same answer.
#pragma once

#include <cstddef>
#include <type_traits>

#include "macros.hpp"
#include "view.hpp"

namespace hpar {

namespace impl {
/// Which built-in arithmetic combination a reducer performs (none for everything else).
enum class BuiltinOp { none, sum, prod, min, max, land, lor, band, bor };

template <class T>
HPAR_HD constexpr T largest_value() {
  if constexpr (std::is_same<T, float>::value) return __FLT_MAX__;
  else if constexpr (std::is_same<T, double>::value) return __DBL_MAX__;
#if !defined(HPAR_IMPL_NO_LONG_DOUBLE)
  else if constexpr (std::is_same<T, long double>::value) return __LDBL_MAX__;
#endif
  else if constexpr (std::is_same<T, bool>::value) return true;
  else if constexpr (std::is_unsigned<T>::value) return T(~T(0));
  else return T(std::make_unsigned_t<T>(~std::make_unsigned_t<T>(0)) >> 1);
}
template <class T>
HPAR_HD constexpr T lowest_value() {
  if constexpr (std::is_floating_point<T>::value) return -largest_value<T>();
  else if constexpr (std::is_same<T, bool>::value) return false;
  else if constexpr (std::is_unsigned<T>::value) return T(0);
  else return T(-largest_value<T>() - 1);
}
}  // namespace impl
}  // namespace hpar

namespace Kokkos {

HPAR_IMPL_DEVICE_CODE_BEGIN

/// The starting value of each built-in combination. Specialise it for user types that are
/// reduced with the built-in reducers, as Kokkos documents it:
///   namespace Kokkos { template <> struct reduction_identity<Vec3> { ... }; }
/// It is the one template of the API that users specialise, so it is declared in namespace Kokkos
/// (a template can only be specialised in a namespace that encloses it) and hpar names it with a
/// using-declaration; `template <> struct hpar::reduction_identity<T>` works too.
/// The primary template is for arithmetic types; for another type each identity is an error
/// where it is used (so that naming the class is not one: a sum of a user type that is not
/// specialised starts from value_type(), as Kokkos starts a reduction into a plain value).
template <class T>
struct reduction_identity {
  using impl_primary = void;  // absent from user specialisations
  HPAR_HD static constexpr T sum() { return check(), T(0); }
  HPAR_HD static constexpr T prod() { return check(), T(1); }
  HPAR_HD static constexpr T max() { return check(), ::hpar::impl::lowest_value<T>(); }
  HPAR_HD static constexpr T min() { return check(), ::hpar::impl::largest_value<T>(); }
  HPAR_HD static constexpr T bor() { return check(), T(0); }
  HPAR_HD static constexpr T band() { return check(), T(~T(0)); }
  HPAR_HD static constexpr T lor() { return check(), T(0); }
  HPAR_HD static constexpr T land() { return check(), T(1); }

 private:
  HPAR_HD static constexpr void check() {
    static_assert(std::is_arithmetic<T>::value,
                  "hpar::reduction_identity: specialise it for this value type");
  }
};

HPAR_IMPL_DEVICE_CODE_END

}  // namespace Kokkos

namespace hpar {

using ::Kokkos::reduction_identity;

HPAR_IMPL_DEVICE_CODE_BEGIN

template <class Scalar, class Index>
struct ValLocScalar {
  Scalar val;
  Index loc;
};

template <class Scalar>
struct MinMaxScalar {
  Scalar min_val;
  Scalar max_val;
};

template <class Scalar, class Index>
struct MinMaxLocScalar {
  Scalar min_val;
  Scalar max_val;
  Index min_loc;
  Index max_loc;
};

namespace impl {

/// Where a sum starts: reduction_identity<T>::sum() for arithmetic types and types it is
/// specialised for; value_type() for others (a class with operator+= alone), as Kokkos starts a
/// reduction into a plain value: its scalar results are sums of this kind.
template <class T, class = void>
struct identity_is_specialised : std::true_type {};
template <class T>
struct identity_is_specialised<T, typename reduction_identity<T>::impl_primary>
    : std::is_arithmetic<T> {};
template <class T>
HPAR_HD constexpr T sum_identity() {
  if constexpr (identity_is_specialised<T>::value)
    return reduction_identity<T>::sum();
  else
    return T();
}

/// Where a reducer's result goes: a scalar the caller owns or a rank-0 View in Space.
template <class Value, class Space>
class ReducerResult {
 public:
  using value_type = std::remove_cv_t<Value>;
  using memory_space = Space;
  using result_view_type = View<value_type, Space>;

  HPAR_HD explicit ReducerResult(value_type& value)
      : m_view(&value), m_references_scalar(true) {}
  template <class... P>
  HPAR_HD explicit ReducerResult(const View<value_type, P...>& view)
      : m_view(view), m_references_scalar(false) {}

  HPAR_HD value_type& reference() const { return *m_view.data(); }
  HPAR_HD result_view_type view() const { return m_view; }
  HPAR_HD bool references_scalar() const { return m_references_scalar; }

 private:
  result_view_type m_view;
  bool m_references_scalar;
};

}  // namespace impl

// Each built-in reducer: constructors from a scalar lvalue and from a rank-0 View.
#define HPAR_IMPL_REDUCER_CONSTRUCTORS(Name, Value)                                  \
  using reducer = Name;                                                              \
  using value_type = std::remove_cv_t<Value>;                                        \
  HPAR_HD Name(value_type& value) : impl::ReducerResult<Value, Space>(value) {}      \
  template <class... P>                                                              \
  HPAR_HD Name(const View<value_type, P...>& view)                                   \
      : impl::ReducerResult<Value, Space>(view) {}

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") Sum : impl::ReducerResult<Scalar, Space> {
  HPAR_IMPL_REDUCER_CONSTRUCTORS(Sum, Scalar)
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::sum; }
  HPAR_HD void join(value_type& dst, const value_type& src) const { dst += src; }
  HPAR_HD void init(value_type& v) const { v = impl::sum_identity<value_type>(); }
};

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") Prod : impl::ReducerResult<Scalar, Space> {
  HPAR_IMPL_REDUCER_CONSTRUCTORS(Prod, Scalar)
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::prod; }
  HPAR_HD void join(value_type& dst, const value_type& src) const { dst *= src; }
  HPAR_HD void init(value_type& v) const { v = reduction_identity<value_type>::prod(); }
};

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") Min : impl::ReducerResult<Scalar, Space> {
  HPAR_IMPL_REDUCER_CONSTRUCTORS(Min, Scalar)
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::min; }
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    if (src < dst) dst = src;
  }
  HPAR_HD void init(value_type& v) const { v = reduction_identity<value_type>::min(); }
};

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") Max : impl::ReducerResult<Scalar, Space> {
  HPAR_IMPL_REDUCER_CONSTRUCTORS(Max, Scalar)
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::max; }
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    if (dst < src) dst = src;
  }
  HPAR_HD void init(value_type& v) const { v = reduction_identity<value_type>::max(); }
};

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") LAnd : impl::ReducerResult<Scalar, Space> {
  HPAR_IMPL_REDUCER_CONSTRUCTORS(LAnd, Scalar)
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::land; }
  HPAR_HD void join(value_type& dst, const value_type& src) const { dst = dst && src; }
  HPAR_HD void init(value_type& v) const { v = reduction_identity<value_type>::land(); }
};

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") LOr : impl::ReducerResult<Scalar, Space> {
  HPAR_IMPL_REDUCER_CONSTRUCTORS(LOr, Scalar)
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::lor; }
  HPAR_HD void join(value_type& dst, const value_type& src) const { dst = dst || src; }
  HPAR_HD void init(value_type& v) const { v = reduction_identity<value_type>::lor(); }
};

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") BAnd : impl::ReducerResult<Scalar, Space> {
  HPAR_IMPL_REDUCER_CONSTRUCTORS(BAnd, Scalar)
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::band; }
  HPAR_HD void join(value_type& dst, const value_type& src) const { dst = dst & src; }
  HPAR_HD void init(value_type& v) const { v = reduction_identity<value_type>::band(); }
};

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") BOr : impl::ReducerResult<Scalar, Space> {
  HPAR_IMPL_REDUCER_CONSTRUCTORS(BOr, Scalar)
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::bor; }
  HPAR_HD void join(value_type& dst, const value_type& src) const { dst = dst | src; }
  HPAR_HD void init(value_type& v) const { v = reduction_identity<value_type>::bor(); }
};

template <class Scalar, class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MinLoc
    : impl::ReducerResult<ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(MinLoc, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::none; }
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    if (src.val < dst.val || (src.val == dst.val && src.loc < dst.loc)) dst = src;
  }
  HPAR_HD void init(value_type& v) const {
    v.val = reduction_identity<scalar_type>::min();
    v.loc = reduction_identity<index_type>::min();
  }
};

template <class Scalar, class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MaxLoc
    : impl::ReducerResult<ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(MaxLoc, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::none; }
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    if (dst.val < src.val || (src.val == dst.val && src.loc < dst.loc)) dst = src;
  }
  HPAR_HD void init(value_type& v) const {
    v.val = reduction_identity<scalar_type>::max();
    v.loc = reduction_identity<index_type>::min();
  }
};

template <class Scalar, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MinMax
    : impl::ReducerResult<MinMaxScalar<std::remove_cv_t<Scalar>>, Space> {
  using value_type_spelled = MinMaxScalar<std::remove_cv_t<Scalar>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(MinMax, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::none; }
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    if (src.min_val < dst.min_val) dst.min_val = src.min_val;
    if (dst.max_val < src.max_val) dst.max_val = src.max_val;
  }
  HPAR_HD void init(value_type& v) const {
    v.min_val = reduction_identity<scalar_type>::min();
    v.max_val = reduction_identity<scalar_type>::max();
  }
};

template <class Scalar, class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MinMaxLoc
    : impl::ReducerResult<MinMaxLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>,
                          Space> {
  using value_type_spelled = MinMaxLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(MinMaxLoc, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD static constexpr impl::BuiltinOp builtin_op() { return impl::BuiltinOp::none; }
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    if (src.min_val < dst.min_val || (src.min_val == dst.min_val && src.min_loc < dst.min_loc)) {
      dst.min_val = src.min_val;
      dst.min_loc = src.min_loc;
    }
    if (dst.max_val < src.max_val || (src.max_val == dst.max_val && src.max_loc < dst.max_loc)) {
      dst.max_val = src.max_val;
      dst.max_loc = src.max_loc;
    }
  }
  HPAR_HD void init(value_type& v) const {
    v.min_val = reduction_identity<scalar_type>::min();
    v.max_val = reduction_identity<scalar_type>::max();
    v.min_loc = reduction_identity<index_type>::min();
    v.max_loc = reduction_identity<index_type>::min();
  }
};

namespace impl {
/// The joins of the First/Last location reducers, under a comparator (less(a, b): a before b);
/// the plain reducers use Less.
struct Less {
  template <class T>
  HPAR_HD bool operator()(const T& a, const T& b) const { return a < b; }
};
/// A comparator's reverse order: the largest value first.
template <class C>
struct Reversed {
  C less;
  template <class T>
  HPAR_HD bool operator()(const T& a, const T& b) const { return less(b, a); }
};
template <class V, class C>
HPAR_HD void min_first_join(V& dst, const V& src, const C& less) {
  if (less(src.val, dst.val))
    dst = src;
  else if (!less(dst.val, src.val))
    dst.loc = src.loc < dst.loc ? src.loc : dst.loc;
}
/// The largest value, the first location among equals: min_first_join in the reverse order.
template <class V, class C>
HPAR_HD void max_first_join(V& dst, const V& src, const C& less) {
  min_first_join(dst, src, Reversed<C>{less});
}
template <class V, class C>
HPAR_HD void min_max_first_last_join(V& dst, const V& src, const C& less) {
  if (less(src.min_val, dst.min_val)) {
    dst.min_val = src.min_val;
    dst.min_loc = src.min_loc;
  } else if (!less(dst.min_val, src.min_val)) {
    dst.min_loc = src.min_loc < dst.min_loc ? src.min_loc : dst.min_loc;
  }
  if (less(dst.max_val, src.max_val)) {
    dst.max_val = src.max_val;
    dst.max_loc = src.max_loc;
  } else if (!less(src.max_val, dst.max_val)) {
    dst.max_loc = src.max_loc > dst.max_loc ? src.max_loc : dst.max_loc;
  }
}
}  // namespace impl

// The First/Last location reducers of Kokkos 4: among equal values, the first (smallest) index
// for a minimum or maximum, the last (largest) for MinMaxFirstLastLoc's maximum; FirstLoc and
// LastLoc keep the smallest or largest index reported; StdIsPartitioned and StdPartitionPoint
// serve the std algorithms.
template <class Scalar, class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MaxFirstLoc
    : impl::ReducerResult<ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(MaxFirstLoc, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    impl::max_first_join(dst, src, impl::Less());
  }

  HPAR_HD void init(value_type& v) const {
    v.val = reduction_identity<scalar_type>::max();
    v.loc = reduction_identity<index_type>::min();
  }
};

template <class Scalar, class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MinFirstLoc
    : impl::ReducerResult<ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(MinFirstLoc, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    impl::min_first_join(dst, src, impl::Less());
  }

  HPAR_HD void init(value_type& v) const {
    v.val = reduction_identity<scalar_type>::min();
    v.loc = reduction_identity<index_type>::min();
  }
};

template <class Scalar, class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MinMaxFirstLastLoc
    : impl::ReducerResult<MinMaxLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>,
                          Space> {
  using value_type_spelled = MinMaxLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(MinMaxFirstLastLoc, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    impl::min_max_first_last_join(dst, src, impl::Less());
  }

  HPAR_HD void init(value_type& v) const {
    v.max_val = reduction_identity<scalar_type>::max();
    v.min_val = reduction_identity<scalar_type>::min();
    v.max_loc = reduction_identity<index_type>::max();
    v.min_loc = reduction_identity<index_type>::min();
  }
};

// The same with a comparator: comp(a, b) is a < b.
#define HPAR_IMPL_COMPARATOR_REDUCER_CONSTRUCTORS(Name, Value)                             \
  using reducer = Name;                                                                    \
  using value_type = std::remove_cv_t<Value>;                                              \
  HPAR_HD Name(value_type& value, Comparator comp)                                         \
      : impl::ReducerResult<Value, Space>(value), m_comp(comp) {}                          \
  template <class... P>                                                                    \
  HPAR_HD Name(const View<value_type, P...>& view, Comparator comp)                        \
      : impl::ReducerResult<Value, Space>(view), m_comp(comp) {}                           \
  Comparator m_comp;

template <class Scalar, class Index, class Comparator, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MaxFirstLocCustomComparator
    : impl::ReducerResult<ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_COMPARATOR_REDUCER_CONSTRUCTORS(MaxFirstLocCustomComparator, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    impl::max_first_join(dst, src, m_comp);
  }

  HPAR_HD void init(value_type& v) const {
    v.val = reduction_identity<scalar_type>::max();
    v.loc = reduction_identity<index_type>::min();
  }
};

template <class Scalar, class Index, class Comparator, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MinFirstLocCustomComparator
    : impl::ReducerResult<ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = ValLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_COMPARATOR_REDUCER_CONSTRUCTORS(MinFirstLocCustomComparator, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    impl::min_first_join(dst, src, m_comp);
  }

  HPAR_HD void init(value_type& v) const {
    v.val = reduction_identity<scalar_type>::min();
    v.loc = reduction_identity<index_type>::min();
  }
};

template <class Scalar, class Index, class Comparator, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") MinMaxFirstLastLocCustomComparator
    : impl::ReducerResult<MinMaxLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>,
                          Space> {
  using value_type_spelled = MinMaxLocScalar<std::remove_cv_t<Scalar>, std::remove_cv_t<Index>>;
  HPAR_IMPL_COMPARATOR_REDUCER_CONSTRUCTORS(MinMaxFirstLastLocCustomComparator, value_type_spelled)
  using scalar_type = std::remove_cv_t<Scalar>;
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    impl::min_max_first_last_join(dst, src, m_comp);
  }

  HPAR_HD void init(value_type& v) const {
    v.max_val = reduction_identity<scalar_type>::max();
    v.min_val = reduction_identity<scalar_type>::min();
    v.max_loc = reduction_identity<index_type>::max();
    v.min_loc = reduction_identity<index_type>::min();
  }
};
#undef HPAR_IMPL_COMPARATOR_REDUCER_CONSTRUCTORS

template <class Index>
struct FirstLocScalar {
  Index min_loc_true;
};
template <class Index>
struct LastLocScalar {
  Index max_loc_true;
};
template <class Index>
struct StdIsPartScalar {
  Index max_loc_true, min_loc_false;
};
template <class Index>
struct StdPartPointScalar {
  Index min_loc_false;
};

template <class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") FirstLoc
    : impl::ReducerResult<FirstLocScalar<std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = FirstLocScalar<std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(FirstLoc, value_type_spelled)
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    dst.min_loc_true = src.min_loc_true < dst.min_loc_true ? src.min_loc_true : dst.min_loc_true;
  }
  HPAR_HD void init(value_type& v) const { v.min_loc_true = reduction_identity<index_type>::min(); }
};

template <class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") LastLoc
    : impl::ReducerResult<LastLocScalar<std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = LastLocScalar<std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(LastLoc, value_type_spelled)
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    dst.max_loc_true = src.max_loc_true > dst.max_loc_true ? src.max_loc_true : dst.max_loc_true;
  }
  HPAR_HD void init(value_type& v) const { v.max_loc_true = reduction_identity<index_type>::max(); }
};

template <class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") StdIsPartitioned
    : impl::ReducerResult<StdIsPartScalar<std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = StdIsPartScalar<std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(StdIsPartitioned, value_type_spelled)
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    dst.max_loc_true = dst.max_loc_true < src.max_loc_true ? src.max_loc_true : dst.max_loc_true;
    dst.min_loc_false =
        dst.min_loc_false < src.min_loc_false ? dst.min_loc_false : src.min_loc_false;
  }
  HPAR_HD void init(value_type& v) const {
    v.max_loc_true = reduction_identity<index_type>::max();
    v.min_loc_false = reduction_identity<index_type>::min();
  }
};

template <class Index, class Space = HostSpace>
struct HPAR_ANNOTATE("hpar::reducer") StdPartitionPoint
    : impl::ReducerResult<StdPartPointScalar<std::remove_cv_t<Index>>, Space> {
  using value_type_spelled = StdPartPointScalar<std::remove_cv_t<Index>>;
  HPAR_IMPL_REDUCER_CONSTRUCTORS(StdPartitionPoint, value_type_spelled)
  using index_type = std::remove_cv_t<Index>;
  HPAR_HD void join(value_type& dst, const value_type& src) const {
    dst.min_loc_false =
        dst.min_loc_false < src.min_loc_false ? dst.min_loc_false : src.min_loc_false;
  }
  HPAR_HD void init(value_type& v) const {
    v.min_loc_false = reduction_identity<index_type>::min();
  }
};

#undef HPAR_IMPL_REDUCER_CONSTRUCTORS

HPAR_IMPL_DEVICE_CODE_END

// Deduction from the result: Sum(x), Max(view).
#define HPAR_IMPL_REDUCER_GUIDES(Name)                                                   \
  template <class T, class = std::enable_if_t<!is_view<T>::value>>                      \
  Name(T&) -> Name<T>;                                                                   \
  template <class T, class... P>                                                         \
  Name(const View<T, P...>&) -> Name<T, typename View<T, P...>::memory_space>;
HPAR_IMPL_REDUCER_GUIDES(Sum)
HPAR_IMPL_REDUCER_GUIDES(Prod)
HPAR_IMPL_REDUCER_GUIDES(Min)
HPAR_IMPL_REDUCER_GUIDES(Max)
HPAR_IMPL_REDUCER_GUIDES(LAnd)
HPAR_IMPL_REDUCER_GUIDES(LOr)
HPAR_IMPL_REDUCER_GUIDES(BAnd)
HPAR_IMPL_REDUCER_GUIDES(BOr)
#undef HPAR_IMPL_REDUCER_GUIDES

// Deduction from a rank-0 View of the reducer's value type: MinLoc(view), FirstLoc(view), ...
#define HPAR_IMPL_LOC_REDUCER_GUIDE(Name, Holder)                                             \
  template <class S, class I, class... P>                                                    \
  Name(const View<Holder<S, I>, P...>&) -> Name<S, I, typename View<Holder<S, I>, P...>::memory_space>;
HPAR_IMPL_LOC_REDUCER_GUIDE(MinLoc, ValLocScalar)
HPAR_IMPL_LOC_REDUCER_GUIDE(MaxLoc, ValLocScalar)
HPAR_IMPL_LOC_REDUCER_GUIDE(MinFirstLoc, ValLocScalar)
HPAR_IMPL_LOC_REDUCER_GUIDE(MaxFirstLoc, ValLocScalar)
HPAR_IMPL_LOC_REDUCER_GUIDE(MinMaxLoc, MinMaxLocScalar)
HPAR_IMPL_LOC_REDUCER_GUIDE(MinMaxFirstLastLoc, MinMaxLocScalar)
#undef HPAR_IMPL_LOC_REDUCER_GUIDE
template <class S, class... P>
MinMax(const View<MinMaxScalar<S>, P...>&) -> MinMax<S, typename View<MinMaxScalar<S>, P...>::memory_space>;
#define HPAR_IMPL_COMPARATOR_REDUCER_GUIDE(Name, Holder)                                      \
  template <class S, class I, class C, class... P>                                           \
  Name(const View<Holder<S, I>, P...>&, C)                                                   \
      ->Name<S, I, C, typename View<Holder<S, I>, P...>::memory_space>;
HPAR_IMPL_COMPARATOR_REDUCER_GUIDE(MaxFirstLocCustomComparator, ValLocScalar)
HPAR_IMPL_COMPARATOR_REDUCER_GUIDE(MinFirstLocCustomComparator, ValLocScalar)
HPAR_IMPL_COMPARATOR_REDUCER_GUIDE(MinMaxFirstLastLocCustomComparator, MinMaxLocScalar)
#undef HPAR_IMPL_COMPARATOR_REDUCER_GUIDE
#define HPAR_IMPL_INDEX_REDUCER_GUIDE(Name, Holder)                                           \
  template <class I, class... P>                                                             \
  Name(const View<Holder<I>, P...>&) -> Name<I, typename View<Holder<I>, P...>::memory_space>;
HPAR_IMPL_INDEX_REDUCER_GUIDE(FirstLoc, FirstLocScalar)
HPAR_IMPL_INDEX_REDUCER_GUIDE(LastLoc, LastLocScalar)
HPAR_IMPL_INDEX_REDUCER_GUIDE(StdIsPartitioned, StdIsPartScalar)
HPAR_IMPL_INDEX_REDUCER_GUIDE(StdPartitionPoint, StdPartPointScalar)
#undef HPAR_IMPL_INDEX_REDUCER_GUIDE

namespace impl {
template <class T, class = void>
struct is_reducer_impl : std::false_type {};
template <class T>
struct is_reducer_impl<T, std::void_t<typename T::reducer>>
    : std::is_same<typename T::reducer, T> {};
}  // namespace impl

/// True for built-in and custom reducers (classes with `using reducer = Self;`).
template <class T>
struct is_reducer : impl::is_reducer_impl<std::remove_cv_t<std::remove_reference_t<T>>> {};
template <class T>
constexpr bool is_reducer_v = is_reducer<T>::value;

}  // namespace hpar
