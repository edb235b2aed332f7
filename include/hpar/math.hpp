// hpar: mathematical functions, min/max/minmax/clamp, mathematical constants and numeric traits,
// on the host and in kernels (Kokkos_MathematicalFunctions.hpp, Kokkos_MinMax.hpp,
// Kokkos_Clamp.hpp, Kokkos_MathematicalConstants.hpp, Kokkos_NumericTraits.hpp).
//
// Overloads of each function, as in Kokkos and <cmath>:
//   float and double         every build, host and device;
//   name##f (sqrtf, powf)    float, every build;
//   long double, name##l     the host only (no device has it): these are plain host functions,
//                            outside the device-code markers, so a kernel that calls one fails to
//                            compile on CUDA and on an OpenMP device, as it does with Kokkos;
//   any integer argument     converted to double;
//   mixed arguments          of a two- or three-argument function promote as in <cmath>: float with
//                            an integer or a double gives double, anything with long double gives
//                            long double (host only).
// What the float and double overloads call is the compile's intrinsics part (impl/intrinsics.hpp,
// HPAR_IMPL_MATH_FLOAT and _DOUBLE): CUDA's device math library by its C name (::sqrtf, ::sqrt) in
// the CUDA device pass, because the std:: overloads of the host's standard library are host
// functions there (rt/cuda/intrinsics.cuh); std:: everywhere else, which clang and gcc also
// compile for OpenMP target regions.
//
// Every overload is a function template. An unqualified call after `using namespace Kokkos;` (or
// `hpar`) then picks the C library's non-template function of the same name, which computes the
// same thing, instead of being ambiguous as it is with Kokkos. nvcc needs this: its host stub
// compiles CUDA's own math_functions.hpp (which calls sqrt(a) unqualified) after the user's code,
// and would otherwise stop on every `using namespace` of a .cu file.
#pragma once

#include <cmath>
#include <initializer_list>
#include <limits>
#include <type_traits>

#include "impl/intrinsics.hpp"
#include "impl/primitives.hpp"
#include "macros.hpp"
#include "pair.hpp"

// A constant usable in device code, also by reference (Kokkos::max(x, Kokkos::numbers::pi) binds
// one): a backend whose compiler needs more than a constexpr variable for that defines
// HPAR_IMPL_DEVICE_CONSTANT in its configuration (CUDA: a static __device__ constexpr variable).
#if !defined(HPAR_IMPL_DEVICE_CONSTANT)
#define HPAR_IMPL_DEVICE_CONSTANT inline constexpr
#endif

namespace hpar {

namespace impl {
/// The floating type an argument of type T is computed in: integers as double.
template <class T, bool = std::is_integral<T>::value>
struct math_promote {
  using type = double;
};
template <class T>
struct math_promote<T, false> {};  // not arithmetic: no overload
template <>
struct math_promote<float, false> {
  using type = float;
};
template <>
struct math_promote<double, false> {
  using type = double;
};
template <>
struct math_promote<long double, false> {
  using type = long double;
};

/// The type a call with arguments of types Ts is computed in (as <cmath> promotes them).
template <class... Ts>
using math_promoted_t = decltype((typename math_promote<Ts>::type(0) + ...));

/// Mixed arguments that compute in float or double (device-usable overloads) ...
template <class... Ts>
using math_device_promoted_t = std::enable_if_t<
    !std::is_same<math_promoted_t<Ts...>, long double>::value, math_promoted_t<Ts...>>;
/// ... and those that compute in long double (host only).
template <class... Ts>
using math_long_promoted_t = std::enable_if_t<
    std::is_same<math_promoted_t<Ts...>, long double>::value, long double>;
}  // namespace impl

// ---- the overload sets, one macro per shape ----------------------------------------------------

// float in float, double and integers in double; name##f in float.
#define HPAR_IMPL_MATH_UNARY(name)                                                          \
  template <class T>                                                                        \
  HPAR_HD inline impl::math_device_promoted_t<T> name(T x) {                                \
    if constexpr (std::is_same<impl::math_promoted_t<T>, float>::value)                     \
      return HPAR_IMPL_MATH_FLOAT(name)(x);                                                 \
    else                                                                                    \
      return HPAR_IMPL_MATH_DOUBLE(name)(static_cast<double>(x));                           \
  }                                                                                         \
  template <class T>                                                                        \
  HPAR_HD inline std::enable_if_t<std::is_arithmetic<T>::value, float> name##f(T x) {       \
    return HPAR_IMPL_MATH_FLOAT(name)(static_cast<float>(x));                               \
  }
#define HPAR_IMPL_MATH_UNARY_LONG(name)                                               \
  template <class T>                                                                  \
  inline std::enable_if_t<std::is_same<T, long double>::value, T> name(T x) {         \
    return std::name(x);                                                              \
  }                                                                                   \
  template <class T>                                                                  \
  inline std::enable_if_t<std::is_arithmetic<T>::value, long double> name##l(T x) {   \
    return std::name(static_cast<long double>(x));                                    \
  }

#define HPAR_IMPL_MATH_PREDICATE(name)                                                      \
  template <class T>                                                                        \
  HPAR_HD inline std::enable_if_t<!std::is_void<impl::math_device_promoted_t<T>>::value, bool> \
  name(T x) {                                                                               \
    return HPAR_IMPL_MATH_PREDICATE_CALL(name, static_cast<impl::math_promoted_t<T>>(x));   \
  }
#define HPAR_IMPL_MATH_PREDICATE_LONG(name)                                           \
  template <class T>                                                                  \
  inline std::enable_if_t<std::is_same<T, long double>::value, bool> name(T x) {      \
    return std::name(x);                                                              \
  }

#define HPAR_IMPL_MATH_BINARY(name)                                                         \
  template <class T, class U>                                                               \
  HPAR_HD inline impl::math_device_promoted_t<T, U> name(T x, U y) {                        \
    if constexpr (std::is_same<impl::math_promoted_t<T, U>, float>::value)                  \
      return HPAR_IMPL_MATH_FLOAT(name)(x, y);                                              \
    else                                                                                    \
      return HPAR_IMPL_MATH_DOUBLE(name)(static_cast<double>(x), static_cast<double>(y));   \
  }                                                                                         \
  template <class T, class U>                                                               \
  HPAR_HD inline std::enable_if_t<std::is_arithmetic<T>::value && std::is_arithmetic<U>::value, \
                                  float>                                                    \
  name##f(T x, U y) {                                                                       \
    return HPAR_IMPL_MATH_FLOAT(name)(static_cast<float>(x), static_cast<float>(y));        \
  }
#define HPAR_IMPL_MATH_BINARY_LONG(name)                                                    \
  template <class T, class U>                                                               \
  inline std::enable_if_t<std::is_arithmetic<T>::value && std::is_arithmetic<U>::value,     \
                          long double>                                                      \
  name##l(T x, U y) {                                                                       \
    return std::name(static_cast<long double>(x), static_cast<long double>(y));             \
  }                                                                                         \
  template <class T, class U>                                                               \
  inline impl::math_long_promoted_t<T, U> name(T x, U y) {                                  \
    return std::name(static_cast<long double>(x), static_cast<long double>(y));             \
  }

// The lists: each function once, in the order of Kokkos' documentation.
#define HPAR_IMPL_MATH_UNARY_FUNCTIONS(X)                                             \
  X(fabs) X(exp) X(exp2) X(expm1) X(log) X(log10) X(log2) X(log1p) X(sqrt) X(cbrt)     \
  X(sin) X(cos) X(tan) X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh) X(asinh)        \
  X(acosh) X(atanh) X(erf) X(erfc) X(tgamma) X(lgamma) X(ceil) X(floor) X(trunc)       \
  X(round) X(nearbyint) X(rint) X(logb)
#define HPAR_IMPL_MATH_BINARY_FUNCTIONS(X) \
  X(fmod) X(remainder) X(fmax) X(fmin) X(fdim) X(pow) X(hypot) X(atan2) X(nextafter) X(copysign)
#define HPAR_IMPL_MATH_PREDICATES(X) X(isfinite) X(isinf) X(isnan) X(signbit)

HPAR_IMPL_DEVICE_CODE_BEGIN

// ---- basic operations ----------------------------------------------------------------------------

HPAR_IMPL_MATH_UNARY_FUNCTIONS(HPAR_IMPL_MATH_UNARY)

/// |n| of a signed integer (int, long, long long; narrower types promote to int, as in C++).
template <class T>
HPAR_HD inline std::enable_if_t<std::is_integral<T>::value && std::is_signed<T>::value,
                                decltype(+T())>
abs(T n) {
  return n < 0 ? -n : +n;
}
/// |x| of a float or a double.
template <class T>
HPAR_HD inline std::enable_if_t<std::is_same<T, float>::value || std::is_same<T, double>::value, T>
abs(T x) {
  return fabs(x);
}

HPAR_IMPL_MATH_BINARY_FUNCTIONS(HPAR_IMPL_MATH_BINARY)
HPAR_IMPL_MATH_PREDICATES(HPAR_IMPL_MATH_PREDICATE)

/// x * y + z with one rounding.
template <class T, class U, class V>
HPAR_HD inline impl::math_device_promoted_t<T, U, V> fma(T x, U y, V z) {
  using R = impl::math_promoted_t<T, U, V>;
  if constexpr (std::is_same<R, float>::value)
    return HPAR_IMPL_MATH_FLOAT(fma)(x, y, z);
  else
    return HPAR_IMPL_MATH_DOUBLE(fma)(static_cast<R>(x), static_cast<R>(y), static_cast<R>(z));
}
template <class T, class U, class V>
HPAR_HD inline std::enable_if_t<std::is_arithmetic<T>::value, float> fmaf(T x, U y, V z) {
  return HPAR_IMPL_MATH_FLOAT(fma)(static_cast<float>(x), static_cast<float>(y),
                                   static_cast<float>(z));
}

/// 1 / sqrt(x), the non-standard function Kokkos provides as CUDA and HIP do: CUDA's rsqrt and
/// rsqrtf (within one ulp and two ulp) in a CUDA device pass, 1 / sqrt(x) everywhere else, as
/// Kokkos computes it on the host and on backends without one (HPAR_IMPL_MATH_RSQRT_FLOAT and
/// HPAR_IMPL_MATH_RSQRT, impl/intrinsics_host.hpp).
template <class T>
HPAR_HD inline impl::math_device_promoted_t<T> rsqrt(T x) {
  if constexpr (std::is_same<impl::math_promoted_t<T>, float>::value)
    return HPAR_IMPL_MATH_RSQRT_FLOAT(x);
  else
    return HPAR_IMPL_MATH_RSQRT(static_cast<double>(x));
}
template <class T>
HPAR_HD inline std::enable_if_t<std::is_arithmetic<T>::value, float> rsqrtf(T x) {
  return HPAR_IMPL_MATH_RSQRT_FLOAT(static_cast<float>(x));
}

/// sqrt(x^2 + y^2 + z^2) without undue overflow (C++17's three-argument hypot).
template <class T, class U, class V>
HPAR_HD inline impl::math_device_promoted_t<T, U, V> hypot(T x, U y, V z) {
  using R = impl::math_promoted_t<T, U, V>;
  if constexpr (std::is_same<R, float>::value)
    return HPAR_IMPL_MATH_HYPOT3_FLOAT(static_cast<R>(x), static_cast<R>(y), static_cast<R>(z));
  else
    return HPAR_IMPL_MATH_HYPOT3(static_cast<R>(x), static_cast<R>(y), static_cast<R>(z));
}

/// A quiet NaN (the argument selects its payload, as in C; a device without C's nan, as clang's
/// OpenMP offload to NVIDIA GPUs, gives the default one: impl::backend_nan).
template <class C>
HPAR_HD inline std::enable_if_t<std::is_same<C, char>::value, double> nan(const C* arg) {
  return impl::backend_nan(arg);
}
template <class C>
HPAR_HD inline std::enable_if_t<std::is_same<C, char>::value, float> nanf(const C* arg) {
  return impl::backend_nanf(arg);
}

// ---- min, max, minmax, clamp (constexpr, as std::min, std::max, std::minmax, std::clamp) ------

/// The smaller of a and b; a when they are equivalent.
template <class T>
HPAR_HD constexpr const T& min(const T& a, const T& b) {
  return (b < a) ? b : a;
}
template <class T, class Compare>
HPAR_HD constexpr const T& min(const T& a, const T& b, Compare comp) {
  return comp(b, a) ? b : a;
}
/// The smallest value of the list; the first of equivalent ones.
template <class T>
HPAR_HD constexpr T min(std::initializer_list<T> values) {
  const T* first = values.begin();
  const T* best = first;
  for (const T* p = first + 1; p < values.end(); ++p)
    if (*p < *best) best = p;
  return *best;
}
template <class T, class Compare>
HPAR_HD constexpr T min(std::initializer_list<T> values, Compare comp) {
  const T* first = values.begin();
  const T* best = first;
  for (const T* p = first + 1; p < values.end(); ++p)
    if (comp(*p, *best)) best = p;
  return *best;
}

/// The larger of a and b; a when they are equivalent.
template <class T>
HPAR_HD constexpr const T& max(const T& a, const T& b) {
  return (a < b) ? b : a;
}
template <class T, class Compare>
HPAR_HD constexpr const T& max(const T& a, const T& b, Compare comp) {
  return comp(a, b) ? b : a;
}
/// The largest value of the list; the first of equivalent ones.
template <class T>
HPAR_HD constexpr T max(std::initializer_list<T> values) {
  const T* first = values.begin();
  const T* best = first;
  for (const T* p = first + 1; p < values.end(); ++p)
    if (*best < *p) best = p;
  return *best;
}
template <class T, class Compare>
HPAR_HD constexpr T max(std::initializer_list<T> values, Compare comp) {
  const T* first = values.begin();
  const T* best = first;
  for (const T* p = first + 1; p < values.end(); ++p)
    if (comp(*best, *p)) best = p;
  return *best;
}

/// (smaller, larger) of a and b; (a, b) when they are equivalent.
template <class T>
HPAR_HD constexpr pair<const T&, const T&> minmax(const T& a, const T& b) {
  return (b < a) ? pair<const T&, const T&>(b, a) : pair<const T&, const T&>(a, b);
}
template <class T, class Compare>
HPAR_HD constexpr pair<const T&, const T&> minmax(const T& a, const T& b, Compare comp) {
  return comp(b, a) ? pair<const T&, const T&>(b, a) : pair<const T&, const T&>(a, b);
}
/// (smallest, largest) of the list: the first smallest and the last largest, as std::minmax.
template <class T>
HPAR_HD constexpr pair<T, T> minmax(std::initializer_list<T> values) {
  const T* lo = values.begin();
  const T* hi = values.begin();
  for (const T* p = values.begin() + 1; p < values.end(); ++p) {
    if (*p < *lo) lo = p;
    if (!(*p < *hi)) hi = p;
  }
  return pair<T, T>(*lo, *hi);
}
template <class T, class Compare>
HPAR_HD constexpr pair<T, T> minmax(std::initializer_list<T> values, Compare comp) {
  const T* lo = values.begin();
  const T* hi = values.begin();
  for (const T* p = values.begin() + 1; p < values.end(); ++p) {
    if (comp(*p, *lo)) lo = p;
    if (!comp(*p, *hi)) hi = p;
  }
  return pair<T, T>(*lo, *hi);
}

/// v bounded to [lo, hi] (precondition: !(hi < lo)).
template <class T>
HPAR_HD constexpr const T& clamp(const T& v, const T& lo, const T& hi) {
  return (v < lo) ? lo : (hi < v) ? hi : v;
}
template <class T, class Compare>
HPAR_HD constexpr const T& clamp(const T& v, const T& lo, const T& hi, Compare comp) {
  return comp(v, lo) ? lo : comp(hi, v) ? hi : v;
}

HPAR_IMPL_DEVICE_CODE_END

// ---- long double: host only ------------------------------------------------------------------

template <class T>
inline std::enable_if_t<std::is_same<T, long double>::value, T> abs(T x) {
  return std::abs(x);
}
HPAR_IMPL_MATH_UNARY_FUNCTIONS(HPAR_IMPL_MATH_UNARY_LONG)
template <class T>
inline std::enable_if_t<std::is_same<T, long double>::value, T> rsqrt(T x) {
  return 1.0l / std::sqrt(x);
}
template <class T>
inline std::enable_if_t<std::is_arithmetic<T>::value, long double> rsqrtl(T x) {
  return 1.0l / std::sqrt(static_cast<long double>(x));
}
HPAR_IMPL_MATH_BINARY_FUNCTIONS(HPAR_IMPL_MATH_BINARY_LONG)
HPAR_IMPL_MATH_PREDICATES(HPAR_IMPL_MATH_PREDICATE_LONG)
template <class T, class U, class V>
inline impl::math_long_promoted_t<T, U, V> fma(T x, U y, V z) {
  return std::fma(static_cast<long double>(x), static_cast<long double>(y),
                  static_cast<long double>(z));
}
template <class T, class U, class V>
inline std::enable_if_t<std::is_arithmetic<T>::value, long double> fmal(T x, U y, V z) {
  return std::fma(static_cast<long double>(x), static_cast<long double>(y),
                  static_cast<long double>(z));
}
template <class T, class U, class V>
inline impl::math_long_promoted_t<T, U, V> hypot(T x, U y, V z) {
  return std::hypot(static_cast<long double>(x), static_cast<long double>(y),
                    static_cast<long double>(z));
}
template <class C>
inline std::enable_if_t<std::is_same<C, char>::value, long double> nanl(const C* arg) {
  return std::nanl(arg);
}

#undef HPAR_IMPL_MATH_UNARY
#undef HPAR_IMPL_MATH_UNARY_LONG
#undef HPAR_IMPL_MATH_PREDICATE
#undef HPAR_IMPL_MATH_PREDICATE_LONG
#undef HPAR_IMPL_MATH_PREDICATE_CALL
#undef HPAR_IMPL_MATH_BINARY
#undef HPAR_IMPL_MATH_BINARY_LONG
#undef HPAR_IMPL_MATH_UNARY_FUNCTIONS
#undef HPAR_IMPL_MATH_BINARY_FUNCTIONS
#undef HPAR_IMPL_MATH_PREDICATES

// ---- mathematical constants (Kokkos::numbers, as C++20's std::numbers) --------------------------

namespace numbers {

HPAR_IMPL_DEVICE_CODE_BEGIN

// NAME_v<T> for each floating type T, and NAME, the double value.
#define HPAR_IMPL_MATH_CONSTANT(name, number)                                                 \
  template <class T>                                                                          \
  HPAR_IMPL_DEVICE_CONSTANT std::enable_if_t<std::is_floating_point<T>::value, T> name##_v = \
      static_cast<T>(number);                                                                 \
  HPAR_IMPL_DEVICE_CONSTANT double name = static_cast<double>(number);

HPAR_IMPL_MATH_CONSTANT(e, 2.718281828459045235360287471352662498L)
HPAR_IMPL_MATH_CONSTANT(log2e, 1.442695040888963407359924681001892137L)
HPAR_IMPL_MATH_CONSTANT(log10e, 0.434294481903251827651128918916605082L)
HPAR_IMPL_MATH_CONSTANT(pi, 3.141592653589793238462643383279502884L)
HPAR_IMPL_MATH_CONSTANT(inv_pi, 0.318309886183790671537767526745028724L)
HPAR_IMPL_MATH_CONSTANT(inv_sqrtpi, 0.564189583547756286948079451560772586L)
HPAR_IMPL_MATH_CONSTANT(ln2, 0.693147180559945309417232121458176568L)
HPAR_IMPL_MATH_CONSTANT(ln10, 2.302585092994045684017991454684364208L)
HPAR_IMPL_MATH_CONSTANT(sqrt2, 1.414213562373095048801688724209698079L)
HPAR_IMPL_MATH_CONSTANT(sqrt3, 1.732050807568877293527446341505872367L)
HPAR_IMPL_MATH_CONSTANT(inv_sqrt3, 0.577350269189625764509148780501957456L)
HPAR_IMPL_MATH_CONSTANT(egamma, 0.577215664901532860606512090082402431L)
HPAR_IMPL_MATH_CONSTANT(phi, 1.618033988749894848204586834365638118L)

#undef HPAR_IMPL_MATH_CONSTANT

HPAR_IMPL_DEVICE_CODE_END

}  // namespace numbers

// ---- numeric traits (Kokkos::Experimental, Kokkos_NumericTraits.hpp) ------------------------------
//
// Each trait is a class template with a static `value` for the types it is defined for (nothing
// otherwise, so it can be tested with SFINAE) and a NAME_v<T> variable. The values are those of
// std::numeric_limits, computed at compile time. A kernel may read `value`, but only NAME_v may be
// bound to a reference there (nvcc: see HPAR_IMPL_DEVICE_CONSTANT).

namespace Experimental {

HPAR_IMPL_DEVICE_CODE_BEGIN

#define HPAR_IMPL_NUMERIC_TRAIT(name, types, expr)                                    \
  template <class T, class = void>                                                    \
  struct name {};                                                                     \
  template <class T>                                                                  \
  struct name<T, std::enable_if_t<types<T>::value>> {                                 \
    static constexpr auto value = expr;                                               \
  };                                                                                  \
  template <class T>                                                                  \
  HPAR_IMPL_DEVICE_CONSTANT auto name##_v = name<T>::value;

// Values of the type itself.
HPAR_IMPL_NUMERIC_TRAIT(infinity, std::is_floating_point, std::numeric_limits<T>::infinity())
HPAR_IMPL_NUMERIC_TRAIT(finite_min, std::is_arithmetic, std::numeric_limits<T>::lowest())
HPAR_IMPL_NUMERIC_TRAIT(finite_max, std::is_arithmetic, std::numeric_limits<T>::max())
HPAR_IMPL_NUMERIC_TRAIT(epsilon, std::is_floating_point, std::numeric_limits<T>::epsilon())
HPAR_IMPL_NUMERIC_TRAIT(round_error, std::is_floating_point, std::numeric_limits<T>::round_error())
HPAR_IMPL_NUMERIC_TRAIT(norm_min, std::is_floating_point, std::numeric_limits<T>::min())
HPAR_IMPL_NUMERIC_TRAIT(denorm_min, std::is_floating_point, std::numeric_limits<T>::denorm_min())
HPAR_IMPL_NUMERIC_TRAIT(quiet_NaN, std::is_floating_point, std::numeric_limits<T>::quiet_NaN())
HPAR_IMPL_NUMERIC_TRAIT(signaling_NaN, std::is_floating_point,
                        std::numeric_limits<T>::signaling_NaN())
HPAR_IMPL_NUMERIC_TRAIT(reciprocal_overflow_threshold, std::is_floating_point,
                        std::numeric_limits<T>::min())
// Properties of the representation (int).
HPAR_IMPL_NUMERIC_TRAIT(digits, std::is_arithmetic, std::numeric_limits<T>::digits)
HPAR_IMPL_NUMERIC_TRAIT(digits10, std::is_arithmetic, std::numeric_limits<T>::digits10)
HPAR_IMPL_NUMERIC_TRAIT(max_digits10, std::is_floating_point, std::numeric_limits<T>::max_digits10)
HPAR_IMPL_NUMERIC_TRAIT(radix, std::is_arithmetic, std::numeric_limits<T>::radix)
HPAR_IMPL_NUMERIC_TRAIT(min_exponent, std::is_floating_point, std::numeric_limits<T>::min_exponent)
HPAR_IMPL_NUMERIC_TRAIT(max_exponent, std::is_floating_point, std::numeric_limits<T>::max_exponent)
HPAR_IMPL_NUMERIC_TRAIT(min_exponent10, std::is_floating_point,
                        std::numeric_limits<T>::min_exponent10)
HPAR_IMPL_NUMERIC_TRAIT(max_exponent10, std::is_floating_point,
                        std::numeric_limits<T>::max_exponent10)

#undef HPAR_IMPL_NUMERIC_TRAIT

HPAR_IMPL_DEVICE_CODE_END

}  // namespace Experimental

}  // namespace hpar
