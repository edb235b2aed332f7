// hpar: ReduceSpec, everything a backend needs to run one parallel_reduce (docs/design.md
// section 6).
//
// make_reduce_spec(policy, functor, results...) picks one of two specs:
//   FunctorReduceSpec  the functor defines the reduction (value_type, init/join/final, or an
//                      array value_type T[] with value_count); zero or one result;
//   ReducerSpec        one or more reducers; a scalar lvalue result means Sum<T>, a rank-0
//                      View result Sum<T, its memory space>. With several reducers value_type is
//                      a Pack of each reducer's value_type and the functor takes one reference
//                      per reducer.
// Both have the members of design.md: value_type, is_array, value_count(), init(acc),
// join(dst, src), final(acc), call(f, acc, i...), store(finished, in_device_memory), plus
// builtin_op(): the single built-in arithmetic reducer in use, or BuiltinOp::none.
// A spec is copied into kernels: it holds copies (never host references) of what it needs.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "core.hpp"
#include "impl/functor_traits.hpp"
#include "memory.hpp"
#include "policies.hpp"
#include "reducers.hpp"
#include "view.hpp"

namespace hpar {
namespace impl {

/// Where store() writes one value: a pointer and the space it points into.
struct ResultTarget {
  void* ptr;
  Space space;
};

template <class R, class = void>
struct has_view_member : std::false_type {};
template <class R>
struct has_view_member<R, std::void_t<decltype(std::declval<const R&>().view().data())>>
    : std::true_type {};
template <class R, class = void>
struct has_references_scalar : std::false_type {};
template <class R>
struct has_references_scalar<R, std::void_t<decltype(std::declval<const R&>().references_scalar())>>
    : std::true_type {};

/// Where a reducer's result lives: its view() (host when it references a scalar), else the
/// address of reference() on the host.
template <class R>
ResultTarget result_target(const R& r) {
  if constexpr (has_view_member<R>::value) {
    auto view = r.view();
    bool scalar = false;
    if constexpr (has_references_scalar<R>::value) scalar = r.references_scalar();
    using space = typename decltype(view)::memory_space;
    return {(void*)view.data(), scalar ? Space::host : space::impl_space};
  } else {
    return {(void*)&r.reference(), Space::host};
  }
}

/// How a spec's store() hands the finished value over, where the backend has no order of its
/// own: wait() for the whole device before a result in host memory is written, and copy() with
/// copy_bytes (synchronous). The CUDA runtime passes its stream's instead (rt/cuda/reduce.cuh,
/// StreamCopies): the same two members, on the launch's stream.
struct FencedCopies {
  void wait() const { fence(); }
  void copy(void* dst, Space dst_space, const void* src, Space src_space, size_t bytes) const {
    copy_bytes(dst, dst_space, src, src_space, bytes);
  }
};

template <class R, class V, class Copies>
void store_one(const R& reducer, const V* value, Space from, const Copies& copies) {
  const ResultTarget to = result_target(reducer);
  copies.copy(to.ptr, to.space, value, from, sizeof(V));
}

HPAR_IMPL_DEVICE_CODE_BEGIN

/// A device-copyable tuple: head, then the rest.
template <class... T>
struct Pack {};
template <class T0>
struct Pack<T0> {
  T0 head;
};
template <class T0, class T1, class... T>
struct Pack<T0, T1, T...> {
  T0 head;
  Pack<T1, T...> tail;
};

template <size_t I>
struct pack_get {
  template <class P>
  HPAR_HD static auto& get(P& p) {
    return pack_get<I - 1>::get(p.tail);
  }
};
template <>
struct pack_get<0> {
  template <class P>
  HPAR_HD static auto& get(P& p) {
    return p.head;
  }
};
template <size_t I, class P>
HPAR_HD auto& get(P& p) {
  return pack_get<I>::get(p);
}

template <class T, class = void>
struct reducer_builtin_op {
  static constexpr BuiltinOp value = BuiltinOp::none;
};
template <class T>
struct reducer_builtin_op<T, std::void_t<decltype(T::builtin_op())>> {
  static constexpr BuiltinOp value = T::builtin_op();
};

// ---- reducers -------------------------------------------------------------------------------------

template <class... Reducers>
struct combined_value {
  using type = Pack<typename Reducers::value_type...>;
};
template <class Reducer>
struct combined_value<Reducer> {
  using type = typename Reducer::value_type;
};

/// A reduction by one or more reducers.
template <class Policy, class... Reducers>
class ReducerSpec {
  static_assert(sizeof...(Reducers) >= 1, "hpar: a reduction needs a result");
  // Enumerators and functions, never static data members: GCC 12 cannot map a type with static
  // data members into a target region.
  enum : bool { single = sizeof...(Reducers) == 1 };
  using work_tag = typename Policy::work_tag;
  using indices = std::make_index_sequence<sizeof...(Reducers)>;

 public:
  using value_type = typename combined_value<Reducers...>::type;
  enum : bool { is_array = false };
  HPAR_HD static constexpr BuiltinOp builtin_op() {
    return single ? reducer_builtin_op<typename list_at<0, type_list<Reducers...>>::type>::value
                  : BuiltinOp::none;
  }

  HPAR_HD explicit ReducerSpec(const Reducers&... reducers) : m_reducers{make(reducers...)} {}

  HPAR_HD int value_count() const { return 1; }

  HPAR_HD void init(value_type* acc) const { init_each(acc, indices()); }
  HPAR_HD void join(value_type* dst, const value_type* src) const { join_each(dst, src, indices()); }
  /// Each reducer's final(value), for the reducers that define one (as Kokkos applies it).
  HPAR_HD void final(value_type* acc) const { final_each(acc, indices()); }

  template <class Functor, class... Idx>
  HPAR_HD void call(const Functor& f, value_type* acc, Idx... i) const {
    call_each(f, acc, indices(), i...);
  }

  /// Writes the finished value into every result; waits for the device first when a result
  /// is in host memory (a device-to-device copy is ordered after the kernel anyway).
  void store(const value_type* finished, bool in_device_memory) const {
    store(finished, in_device_memory, FencedCopies());
  }
  /// The same through `copies` (FencedCopies' members): copies.wait() first when a result is in
  /// host memory.
  template <class Copies>
  void store(const value_type* finished, bool in_device_memory, const Copies& copies) const {
    if (any_host_result(indices())) copies.wait();
    store_each(finished, in_device_memory ? Space::device : Space::host, copies, indices());
  }

  /// Writes the finished value into every reducer's reference(), where the caller runs (the
  /// nested reductions of a team functor).
  HPAR_HD void store_references(const value_type* finished) const {
    store_references_each(finished, indices());
  }

  /// The reducers, in the order given.
  HPAR_HD const Pack<Reducers...>& reducers() const { return m_reducers; }

 private:
  Pack<Reducers...> m_reducers;

  template <class R0>
  HPAR_HD static Pack<R0> make(const R0& r0) {
    return Pack<R0>{r0};
  }
  template <class R0, class R1, class... R>
  HPAR_HD static Pack<R0, R1, R...> make(const R0& r0, const R1& r1, const R&... r) {
    return Pack<R0, R1, R...>{r0, make(r1, r...)};
  }

  template <size_t K>
  HPAR_HD static auto& value(value_type* acc) {
    if constexpr (single)
      return *acc;
    else
      return get<K>(*acc);
  }
  template <size_t K>
  HPAR_HD static const auto& value(const value_type* acc) {
    if constexpr (single)
      return *acc;
    else
      return get<K>(*acc);
  }

  template <size_t... K>
  HPAR_HD void init_each(value_type* acc, std::index_sequence<K...>) const {
    (get<K>(m_reducers).init(value<K>(acc)), ...);
  }
  template <size_t... K>
  HPAR_HD void join_each(value_type* dst, const value_type* src, std::index_sequence<K...>) const {
    (get<K>(m_reducers).join(value<K>(dst), value<K>(src)), ...);
  }
  template <size_t... K>
  HPAR_HD void final_each(value_type* acc, std::index_sequence<K...>) const {
    (final_one(get<K>(m_reducers), value<K>(acc)), ...);
  }
  template <class R, class V>
  HPAR_HD static void final_one(const R& reducer, V& v) {
    if constexpr (has_final<R, V&, const V&>::value) reducer.final(v);
  }
  template <class Functor, size_t... K, class... Idx>
  HPAR_HD void call_each(const Functor& f, value_type* acc, std::index_sequence<K...>,
                         Idx... i) const {
    call_functor<work_tag>(f, Idx(i)..., value<K>(acc)...);  // indices as values
  }
  template <size_t... K>
  HPAR_HD void store_references_each(const value_type* finished, std::index_sequence<K...>) const {
    ((get<K>(m_reducers).reference() = value<K>(finished)), ...);
  }
  template <size_t... K>
  bool any_host_result(std::index_sequence<K...>) const {
    return ((result_target(get<K>(m_reducers)).space == Space::host) || ...);
  }
  template <class Copies, size_t... K>
  void store_each(const value_type* finished, Space from, const Copies& copies,
                  std::index_sequence<K...>) const {
    (store_one(get<K>(m_reducers), &value<K>(finished), from, copies), ...);
  }
};

// ---- functor-defined reductions ------------------------------------------------------------------

/// A reduction whose value type and combination the functor defines. Declared is the functor's
/// value_type (T or T[]), or the result type when the functor has none.
template <class Policy, class Functor, class Declared>
class FunctorReduceSpec {
  using work_tag = typename Policy::work_tag;

 public:
  enum : bool { is_array = std::is_array<Declared>::value };
  using value_type = std::remove_cv_t<std::remove_extent_t<Declared>>;
  HPAR_HD static constexpr BuiltinOp builtin_op() { return BuiltinOp::none; }

 private:
  using arg_type = std::conditional_t<is_array, value_type*, value_type&>;
  using const_arg_type = std::conditional_t<is_array, const value_type*, const value_type&>;
  using hooks = functor_hooks<Functor, work_tag, arg_type, const_arg_type>;

  HPAR_HD static arg_type arg(value_type* p) {
    if constexpr (is_array)
      return p;
    else
      return *p;
  }
  HPAR_HD static const_arg_type arg(const value_type* p) {
    if constexpr (is_array)
      return p;
    else
      return *p;
  }

 public:
  HPAR_HD FunctorReduceSpec(const Functor& f, int count, ResultTarget result)
      : m_functor(f), m_count(count), m_result(result) {}

  HPAR_HD int value_count() const { return m_count; }

  HPAR_HD void init(value_type* acc) const {
    if constexpr (hooks::tagged_init) {
      m_functor.init(work_tag(), arg(acc));
    } else if constexpr (hooks::init) {
      m_functor.init(arg(acc));
    } else {
      for (int k = 0; k < m_count; ++k) acc[k] = value_type();
    }
  }

  HPAR_HD void join(value_type* dst, const value_type* src) const {
    if constexpr (hooks::tagged_join) {
      m_functor.join(work_tag(), arg(dst), arg(src));
    } else if constexpr (hooks::join) {
      m_functor.join(arg(dst), arg(src));
    } else {
      for (int k = 0; k < m_count; ++k) dst[k] += src[k];
    }
  }

  HPAR_HD void final(value_type* acc) const {
    if constexpr (hooks::tagged_final)
      m_functor.final(work_tag(), arg(acc));
    else if constexpr (hooks::final)
      m_functor.final(arg(acc));
  }

  template <class F, class... Idx>
  HPAR_HD void call(const F& f, value_type* acc, Idx... i) const {
    call_functor<work_tag>(f, Idx(i)..., arg(acc));  // indices as values
  }

  /// Writes the finished value into the result, if there is one; waits for the device first
  /// when the result is in host memory.
  void store(const value_type* finished, bool in_device_memory) const {
    store(finished, in_device_memory, FencedCopies());
  }
  /// The same through `copies` (FencedCopies' members).
  template <class Copies>
  void store(const value_type* finished, bool in_device_memory, const Copies& copies) const {
    if (m_result.space == Space::host) copies.wait();
    if (m_result.ptr)
      copies.copy(m_result.ptr, m_result.space, finished,
                  in_device_memory ? Space::device : Space::host, sizeof(value_type) * m_count);
  }

 private:
  Functor m_functor;
  int m_count;
  ResultTarget m_result;
};

HPAR_IMPL_DEVICE_CODE_END

// ---- results --------------------------------------------------------------------------------------

/// A result argument as a reducer: reducers pass through, a scalar lvalue becomes Sum<T>, a
/// rank-0 View Sum<T, its memory space>.
template <class R>
auto as_reducer(R&& result) {
  using T = remove_cvref_t<R>;
  if constexpr (is_reducer<T>::value) {
    return T(result);
  } else if constexpr (is_view<T>::value) {
    static_assert(T::rank == 0, "hpar::parallel_reduce: a View result must have rank 0");
    return Sum<typename T::non_const_value_type, typename T::memory_space>(result);
  } else {
    static_assert(std::is_lvalue_reference<R>::value && !std::is_const<std::remove_reference_t<R>>::value,
                  "hpar::parallel_reduce: a scalar result must be a modifiable lvalue");
    return Sum<T, HostSpace>(result);
  }
}

/// Where a functor-defined reduction writes: a scalar, an array or pointer, or a View.
template <class V, class R>
ResultTarget functor_result_target(R&& result) {
  using T = remove_cvref_t<R>;
  if constexpr (is_view<T>::value) {
    static_assert(std::is_same<typename T::non_const_value_type, V>::value,
                  "hpar::parallel_reduce: the View result's value type differs from the "
                  "functor's value_type");
    return {(void*)result.data(), T::memory_space::impl_space};
  } else if constexpr (std::is_pointer<T>::value || std::is_array<T>::value) {
    return {(void*)&result[0], Space::host};
  } else {
    static_assert(std::is_same<T, V>::value,
                  "hpar::parallel_reduce: the result type differs from the functor's value_type");
    return {(void*)&result, Space::host};
  }
}

/// The value type a result argument implies when the functor declares none.
template <class R, class = void>
struct result_value {
  using type = R;
};
template <class R>
struct result_value<R, std::enable_if_t<is_view<R>::value>> {
  using type = typename R::non_const_value_type;
};

/// Whether the functor itself defines the reduction over values of type V.
template <class Policy, class F, class V>
constexpr bool functor_defines_reduction() {
  using hooks = functor_hooks<F, typename Policy::work_tag, V&, const V&>;
  return has_value_type<F>::value || hooks::join || hooks::init;
}

template <class F>
int functor_value_count(const F& f) {
  if constexpr (has_value_count<F>::value)
    return int(f.value_count);
  else
    return 1;
}

/// The spec of parallel_reduce(policy, functor, results...).
template <class Policy, class Functor, class... Results>
auto make_reduce_spec(const Policy& policy, const Functor& functor, Results&&... results) {
  (void)policy;
  if constexpr (sizeof...(Results) == 0) {
    static_assert(has_value_type<Functor>::value,
                  "hpar::parallel_reduce without a result needs a functor with value_type");
    return FunctorReduceSpec<Policy, Functor, typename Functor::value_type>(
        functor, functor_value_count(functor), ResultTarget{nullptr, Space::host});
  } else if constexpr (sizeof...(Results) == 1) {
    using R = remove_cvref_t<typename list_at<0, type_list<Results...>>::type>;
    if constexpr (!is_reducer<R>::value &&
                  functor_defines_reduction<Policy, Functor, typename result_value<R>::type>()) {
      using Declared = typename std::conditional_t<has_value_type<Functor>::value, functor_value_type<Functor>,
                                                   result_value<R>>::type;
      using V = std::remove_cv_t<std::remove_extent_t<Declared>>;
      return FunctorReduceSpec<Policy, Functor, Declared>(
          functor, std::is_array<Declared>::value ? functor_value_count(functor) : 1,
          functor_result_target<V>(results...));
    } else {
      return ReducerSpec<Policy, decltype(as_reducer(std::forward<Results>(results)))...>(
          as_reducer(std::forward<Results>(results))...);
    }
  } else {
    return ReducerSpec<Policy, decltype(as_reducer(std::forward<Results>(results)))...>(
        as_reducer(std::forward<Results>(results))...);
  }
}

#if defined(__HPAR_TRANSLATING__)
/// Whether as_reducer(result) compiles: a reducer, a rank-0 View, or a modifiable lvalue that
/// Sum can hold (not an array or a pointer, which only an array value_type fills).
template <class R>
constexpr bool reducer_result_fits() {
  using T = remove_cvref_t<R>;
  if constexpr (is_reducer<T>::value)
    return true;
  else if constexpr (is_view<T>::value)
    return T::rank == 0;
  else
    return std::is_lvalue_reference<R>::value && !std::is_const<std::remove_reference_t<R>>::value &&
           !std::is_array<T>::value && !std::is_pointer<T>::value;
}

/// Whether make_reduce_spec(policy, functor, results...) compiles: the static_asserts there and
/// in functor_result_target, without instantiating them (see HPAR_IMPL_IF_FITS).
template <class Policy, class Functor, class... Results>
constexpr bool reduce_results_fit() {
  if constexpr (sizeof...(Results) == 0) {
    return has_value_type<Functor>::value;
  } else if constexpr (sizeof...(Results) == 1) {
    using R = remove_cvref_t<typename list_at<0, type_list<Results...>>::type>;
    if constexpr (!is_reducer<R>::value &&
                  functor_defines_reduction<Policy, Functor, typename result_value<R>::type>()) {
      using Declared = typename std::conditional_t<has_value_type<Functor>::value,
                                                   functor_value_type<Functor>, result_value<R>>::type;
      using V = std::remove_cv_t<std::remove_extent_t<Declared>>;
      if constexpr (is_view<R>::value)
        return std::is_same<typename R::non_const_value_type, V>::value;
      else if constexpr (std::is_pointer<R>::value || std::is_array<R>::value)
        return true;
      else
        return std::is_same<R, V>::value;
    } else {
      return (reducer_result_fits<Results>() && ...);
    }
  } else {
    return (reducer_result_fits<Results>() && ...);
  }
}
#endif

}  // namespace impl
}  // namespace hpar
