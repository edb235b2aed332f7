// hpar: what a functor offers to a reduction or scan.
//
// Each optional member (init, join, final) is detected separately, first with the work tag as
// the first argument (when the policy has one), then without. For a scalar value_type the value
// is passed by reference; for an array value_type (T[]) as a pointer to value_count elements,
// which is what Kokkos' `join(value_type dst, const value_type src)` declares. `volatile`
// parameters bind to these arguments as well.
#pragma once

#include <type_traits>
#include <utility>

#include "../macros.hpp"

namespace hpar {
namespace impl {

template <class F, class = void>
struct has_value_type : std::false_type {};
template <class F>
struct has_value_type<F, std::void_t<typename F::value_type>> : std::true_type {};

template <class F>
struct functor_value_type {
  using type = typename F::value_type;
};

template <class F, class = void>
struct has_value_count : std::false_type {};
template <class F>
struct has_value_count<F, std::void_t<decltype(std::declval<const F&>().value_count)>>
    : std::true_type {};

// Detection of f.init(v), f.join(d, s), f.final(v), each with and without a tag. V is the
// argument type: T& for scalars, T* for arrays; C its const form.
#define HPAR_IMPL_DETECT_MEMBER(name, call_args, tag_args, ...)                             \
  template <class F, class V, class C, class = void>                                       \
  struct has_##name : std::false_type {};                                                  \
  template <class F, class V, class C>                                                     \
  struct has_##name<F, V, C, std::void_t<decltype(std::declval<const F&>().name call_args)>> \
      : std::true_type {};                                                                 \
  template <class F, class Tag, class V, class C, class = void>                            \
  struct has_tagged_##name : std::false_type {};                                           \
  template <class F, class Tag, class V, class C>                                          \
  struct has_tagged_##name<F, Tag, V, C,                                                   \
                           std::void_t<decltype(std::declval<const F&>().name tag_args)>>  \
      : std::true_type {};

HPAR_IMPL_DETECT_MEMBER(init, (std::declval<V>()), (std::declval<const Tag&>(), std::declval<V>()))
HPAR_IMPL_DETECT_MEMBER(final, (std::declval<V>()), (std::declval<const Tag&>(), std::declval<V>()))
HPAR_IMPL_DETECT_MEMBER(join, (std::declval<V>(), std::declval<C>()),
                        (std::declval<const Tag&>(), std::declval<V>(), std::declval<C>()))
#undef HPAR_IMPL_DETECT_MEMBER

/// Tag is void when the policy has no work tag.
template <class F, class Tag, class V, class C>
struct functor_hooks {
  static constexpr bool tagged_init = !std::is_void<Tag>::value && has_tagged_init<F, Tag, V, C>::value;
  static constexpr bool tagged_join = !std::is_void<Tag>::value && has_tagged_join<F, Tag, V, C>::value;
  static constexpr bool tagged_final = !std::is_void<Tag>::value && has_tagged_final<F, Tag, V, C>::value;
  static constexpr bool init = tagged_init || has_init<F, V, C>::value;
  static constexpr bool join = tagged_join || has_join<F, V, C>::value;
  static constexpr bool final = tagged_final || has_final<F, V, C>::value;
};

// ---- the parameters of a non-generic operator() ---------------------------------------------------

template <class... A>
struct type_list {};

template <size_t K, class L>
struct list_at {
  using type = void;
};
template <class A0, class... A>
struct list_at<0, type_list<A0, A...>> {
  using type = A0;
};
template <size_t K, class A0, class... A>
struct list_at<K, type_list<A0, A...>> {
  using type = typename list_at<K - 1, type_list<A...>>::type;
};

template <class M>
struct member_args {
  using type = void;
};
template <class R, class C, class... A>
struct member_args<R (C::*)(A...)> {
  using type = type_list<A...>;
};
template <class R, class C, class... A>
struct member_args<R (C::*)(A...) const> {
  using type = type_list<A...>;
};
template <class R, class C, class... A>
struct member_args<R (C::*)(A...) noexcept> {
  using type = type_list<A...>;
};
template <class R, class C, class... A>
struct member_args<R (C::*)(A...) const noexcept> {
  using type = type_list<A...>;
};

/// The parameters after the work tag of F's one const operator() whose first parameter is Tag (by
/// value or const reference), found among overloads for other tags by template argument deduction
/// from the overload set, as Kokkos finds a tagged functor's value type; void when none or several
/// match.
template <class Tag, class F, class... A>
type_list<A...> tagged_call_args(void (F::*)(const Tag&, A...) const);
template <class Tag, class F, class... A>
type_list<A...> tagged_call_args(void (F::*)(Tag, A...) const);
template <class Tag, class F, class = void>
struct tagged_call_parameters {
  using type = void;
};
template <class Tag, class F>
struct tagged_call_parameters<Tag, F,
                              std::void_t<decltype(tagged_call_args<Tag, F>(&F::operator()))>> {
  using type = decltype(tagged_call_args<Tag, F>(&F::operator()));
};
/// The K-th parameter type after the tag of that operator(), without reference and cv, or void.
template <class Tag, class F, size_t K>
struct tagged_call_parameter {
  using type = std::remove_cv_t<std::remove_reference_t<
      typename list_at<K, typename tagged_call_parameters<Tag, F>::type>::type>>;
};

/// The K-th parameter type of F::operator() without reference and cv, or void when operator()
/// is overloaded or a template.
template <class F, size_t K, class = void>
struct call_parameter {
  using type = void;
};
template <class F, size_t K>
struct call_parameter<F, K, std::void_t<decltype(&F::operator())>> {
  using args = typename member_args<decltype(&F::operator())>::type;
  using type = std::remove_cv_t<std::remove_reference_t<typename list_at<K, args>::type>>;
};

// ---- whether a pattern can call its functor (hpar-translate only) ---------------------------------
// While hpar-translate parses (docs/design.md section 2), a pattern whose functor does not fit
// the arguments it would be called with must not instantiate the call: clang would stop the parse
// with template errors from this header before any check runs. Each pattern body that calls the
// functor is written `HPAR_IMPL_IF_FITS(condition) { body }`: when translating and the condition
// is false, it calls functor_mismatch() instead of instantiating the body; checks/Signatures.cpp
// finds that call below the dispatch and reports what the pattern calls the functor with. In
// every other build the macro is empty and the body is compiled as it is.
#if defined(__HPAR_TRANSLATING__)
HPAR_ANNOTATE("hpar::functor_mismatch") inline void functor_mismatch() {}

/// Whether the call expression f(args...) is well-formed. Detected directly, with one class per
/// question, rather than through std::is_invocable, whose dozen helper classes per question made
/// the translator's parse of a file of many kernels twice clang's parse of its serial build.
template <class Void, class F, class... A>
struct call_well_formed : std::false_type {};
template <class F, class... A>
struct call_well_formed<std::void_t<decltype(std::declval<F>()(std::declval<A>()...))>, F, A...>
    : std::true_type {};

/// Whether f([tag,] args...) is well-formed on a const F (patterns call functors through a const
/// reference); Tag is void when there is no work tag.
template <class Tag, class F, class... A>
constexpr bool callable_as() {
  if constexpr (std::is_void<Tag>::value)
    return call_well_formed<void, const F&, A...>::value;
  else
    return call_well_formed<void, const F&, Tag, A...>::value;
}

#define HPAR_IMPL_IF_FITS(...) \
  if constexpr (!(__VA_ARGS__)) ::hpar::impl::functor_mismatch(); else
#else
#define HPAR_IMPL_IF_FITS(...)
#endif

// ---- calling a functor -----------------------------------------------------------------------------

/// Calls f(args...) or, with a work tag, f(Tag(), args...). Every pattern calls its functor through
/// here, so that hpar-translate's parse sees one guarded call (HPAR_IMPL_IF_FITS).
template <class Tag, class F, class... A>
HPAR_HD void call_functor(const F& f, A&&... args) {
  HPAR_IMPL_IF_FITS(callable_as<Tag, F, A&&...>()) {
    if constexpr (std::is_void<Tag>::value)
      f(std::forward<A>(args)...);
    else
      f(Tag(), std::forward<A>(args)...);
  }
}

}  // namespace impl
}  // namespace hpar
