// hpar: small type-level helpers shared by the other headers (no device code).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace hpar {
namespace impl {

/// The type itself; used as a parameter type to stop template argument deduction.
template <class T>
struct identity {
  using type = T;
};

template <class T>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<T>>;

/// Whether T is a complete type. A space of another backend is declared but never defined
/// (spaces.hpp): where a policy or a View takes it as an argument, it is skipped as neither a
/// space nor anything else, so that the one error its name gives is the only one.
template <class T, class = void>
struct is_complete : std::false_type {};
template <class T>
struct is_complete<T, std::void_t<decltype(sizeof(T))>> : std::true_type {};

template <class T>
struct is_incomplete : std::integral_constant<bool, !is_complete<T>::value> {};

/// True for the types a dispatch label may have: character pointers and arrays, std::string.
template <class T>
struct is_label
    : std::integral_constant<bool, std::is_same<std::decay_t<T>, const char*>::value ||
                                       std::is_same<std::decay_t<T>, char*>::value ||
                                       std::is_same<remove_cvref_t<T>, std::string>::value> {};

/// The C string of a label (const char* or std::string).
inline const char* label_c_str(const char* label) { return label ? label : ""; }
inline const char* label_c_str(const std::string& label) { return label.c_str(); }

/// First type of a pack that satisfies Pred, or Default when none does.
template <template <class> class Pred, class Default, class... T>
struct find_first {
  using type = Default;
};
template <template <class> class Pred, class Default, class T0, class... T>
struct find_first<Pred, Default, T0, T...> {
  using type = std::conditional_t<Pred<T0>::value, T0,
                                  typename find_first<Pred, Default, T...>::type>;
};

/// Number of types of a pack that satisfy Pred.
template <template <class> class Pred, class... T>
struct count_if : std::integral_constant<int, 0> {};
template <template <class> class Pred, class T0, class... T>
struct count_if<Pred, T0, T...>
    : std::integral_constant<int, (Pred<T0>::value ? 1 : 0) + count_if<Pred, T...>::value> {};

}  // namespace impl
}  // namespace hpar
