// hpar: complex<RealType>, a complex number usable on the host and in kernels (Kokkos::complex,
// Kokkos_Complex.hpp).
//
// Layout: the real part, then the imaginary part, aligned to twice the size of RealType (as in
// Kokkos), so that a complex<double> moves as one 16-byte access on a GPU.
// Arithmetic follows Kokkos: an operator on two complex numbers of different real types, or on a
// complex number and any arithmetic scalar, computes in their common type (complex<float> * 2.0 is a
// complex<double>). Division scales by the larger part of the divisor (Smith's method), so that
// dividing by a large number does not overflow.
// atomic_add and atomic_sub add each part atomically; the two parts are not updated as one, which
// is what a sum needs (every addition lands) but not a reader that wants both parts of one state.
// reduction_identity<complex<T>> gives sum() and prod(), so Sum and Prod reduce complex values.
//
// The conversions from and to std::complex need <complex>, which this header leaves out to keep
// hpar-translate's parse light: complex_std.hpp (included by Kokkos_Core.hpp and
// Kokkos_Complex.hpp) enables them.
#pragma once

#include <iosfwd>
#include <type_traits>
#include <utility>

#include "atomics.hpp"
#include "impl/traits.hpp"
#include "macros.hpp"
#include "math.hpp"
#include "reducers.hpp"

namespace hpar {

namespace impl {
/// Specialised by complex_std.hpp: value is true for std::complex<T>, whose parts are T.
template <class C, class T>
struct is_std_complex_of : std::false_type {};
}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN

template <class RealType>
class alignas(2 * sizeof(RealType)) complex {
  static_assert(std::is_floating_point<RealType>::value &&
                    std::is_same<RealType, std::remove_cv_t<RealType>>::value,
                "hpar::complex: RealType must be float, double or long double");

  RealType re_{};
  RealType im_{};

 public:
  using value_type = RealType;

  /// (0, 0).
  complex() = default;
  complex(const complex&) = default;
  complex& operator=(const complex&) = default;

  HPAR_HD constexpr complex(const RealType& re) noexcept : re_(re), im_(0) {}
  HPAR_HD constexpr complex(const RealType& re, const RealType& im) noexcept : re_(re), im_(im) {}
  template <class R, std::enable_if_t<std::is_convertible<R, RealType>::value, int> = 0>
  HPAR_HD constexpr complex(const complex<R>& other) noexcept
      : re_(static_cast<RealType>(other.real())), im_(static_cast<RealType>(other.imag())) {}

  /// From and to std::complex<RealType> (host code; see complex_std.hpp).
  template <class C, std::enable_if_t<impl::is_std_complex_of<C, RealType>::value, int> = 0>
  complex(const C& z) noexcept : re_(z.real()), im_(z.imag()) {}
  template <class C, std::enable_if_t<impl::is_std_complex_of<C, RealType>::value, int> = 0>
  operator C() const noexcept {
    return C(re_, im_);
  }

  HPAR_HD constexpr complex& operator=(const RealType& re) noexcept {
    re_ = re;
    im_ = RealType(0);
    return *this;
  }

  HPAR_HD constexpr RealType& real() noexcept { return re_; }
  HPAR_HD constexpr RealType& imag() noexcept { return im_; }
  HPAR_HD constexpr RealType real() const noexcept { return re_; }
  HPAR_HD constexpr RealType imag() const noexcept { return im_; }
  HPAR_HD constexpr void real(RealType v) noexcept { re_ = v; }
  HPAR_HD constexpr void imag(RealType v) noexcept { im_ = v; }

  HPAR_HD constexpr complex& operator+=(const complex& z) noexcept {
    re_ += z.re_;
    im_ += z.im_;
    return *this;
  }
  HPAR_HD constexpr complex& operator+=(const RealType& x) noexcept {
    re_ += x;
    return *this;
  }
  HPAR_HD constexpr complex& operator-=(const complex& z) noexcept {
    re_ -= z.re_;
    im_ -= z.im_;
    return *this;
  }
  HPAR_HD constexpr complex& operator-=(const RealType& x) noexcept {
    re_ -= x;
    return *this;
  }
  HPAR_HD constexpr complex& operator*=(const complex& z) noexcept {
    const RealType re = re_ * z.re_ - im_ * z.im_;
    im_ = re_ * z.im_ + im_ * z.re_;
    re_ = re;
    return *this;
  }
  HPAR_HD constexpr complex& operator*=(const RealType& x) noexcept {
    re_ *= x;
    im_ *= x;
    return *this;
  }
  HPAR_HD constexpr complex& operator/=(const complex& z) noexcept {
    // Smith's method: divide by the larger part of z first.
    const RealType c = z.re_, d = z.im_;
    if ((c < 0 ? -c : c) >= (d < 0 ? -d : d)) {
      const RealType r = d / c, den = c + d * r;
      const RealType re = (re_ + im_ * r) / den;
      im_ = (im_ - re_ * r) / den;
      re_ = re;
    } else {
      const RealType r = c / d, den = c * r + d;
      const RealType re = (re_ * r + im_) / den;
      im_ = (im_ * r - re_) / den;
      re_ = re;
    }
    return *this;
  }
  HPAR_HD constexpr complex& operator/=(const RealType& x) noexcept {
    re_ /= x;
    im_ /= x;
    return *this;
  }
};

// ---- operators -------------------------------------------------------------------------------------

namespace impl {
template <class S>
using if_arithmetic_t = std::enable_if_t<std::is_arithmetic<S>::value, int>;
}  // namespace impl

template <class T>
HPAR_HD constexpr complex<T> operator+(const complex<T>& z) noexcept {
  return z;
}
template <class T>
HPAR_HD constexpr complex<T> operator-(const complex<T>& z) noexcept {
  return complex<T>(-z.real(), -z.imag());
}

// Each binary operator: complex with complex, complex with scalar, scalar with complex, all in the
// common real type.
#define HPAR_IMPL_COMPLEX_OPERATOR(op)                                                         \
  template <class A, class B>                                                                  \
  HPAR_HD constexpr complex<std::common_type_t<A, B>> operator op(const complex<A>& x,         \
                                                                   const complex<B>& y) {      \
    complex<std::common_type_t<A, B>> r(x);                                                    \
    r op## = complex<std::common_type_t<A, B>>(y);                                             \
    return r;                                                                                  \
  }                                                                                            \
  template <class A, class S, impl::if_arithmetic_t<S> = 0>                                    \
  HPAR_HD constexpr complex<std::common_type_t<A, S>> operator op(const complex<A>& x,         \
                                                                   const S& y) {               \
    complex<std::common_type_t<A, S>> r(x);                                                    \
    r op## = static_cast<std::common_type_t<A, S>>(y);                                         \
    return r;                                                                                  \
  }                                                                                            \
  template <class S, class B, impl::if_arithmetic_t<S> = 0>                                    \
  HPAR_HD constexpr complex<std::common_type_t<S, B>> operator op(const S& x,                  \
                                                                   const complex<B>& y) {      \
    complex<std::common_type_t<S, B>> r(static_cast<std::common_type_t<S, B>>(x));             \
    r op## = complex<std::common_type_t<S, B>>(y);                                             \
    return r;                                                                                  \
  }

HPAR_IMPL_COMPLEX_OPERATOR(+)
HPAR_IMPL_COMPLEX_OPERATOR(-)
HPAR_IMPL_COMPLEX_OPERATOR(*)
HPAR_IMPL_COMPLEX_OPERATOR(/)
#undef HPAR_IMPL_COMPLEX_OPERATOR

template <class A, class B>
HPAR_HD constexpr bool operator==(const complex<A>& x, const complex<B>& y) noexcept {
  using R = std::common_type_t<A, B>;
  return R(x.real()) == R(y.real()) && R(x.imag()) == R(y.imag());
}
template <class A, class S, impl::if_arithmetic_t<S> = 0>
HPAR_HD constexpr bool operator==(const complex<A>& x, const S& y) noexcept {
  using R = std::common_type_t<A, S>;
  return R(x.real()) == R(y) && x.imag() == A(0);
}
template <class S, class B, impl::if_arithmetic_t<S> = 0>
HPAR_HD constexpr bool operator==(const S& x, const complex<B>& y) noexcept {
  return y == x;
}
template <class A, class B>
HPAR_HD constexpr bool operator!=(const complex<A>& x, const complex<B>& y) noexcept {
  return !(x == y);
}
template <class A, class S, impl::if_arithmetic_t<S> = 0>
HPAR_HD constexpr bool operator!=(const complex<A>& x, const S& y) noexcept {
  return !(x == y);
}
template <class S, class B, impl::if_arithmetic_t<S> = 0>
HPAR_HD constexpr bool operator!=(const S& x, const complex<B>& y) noexcept {
  return !(y == x);
}

// ---- functions -------------------------------------------------------------------------------------

template <class T>
HPAR_HD constexpr T real(const complex<T>& z) noexcept {
  return z.real();
}
template <class T>
HPAR_HD constexpr T imag(const complex<T>& z) noexcept {
  return z.imag();
}
template <class T>
HPAR_HD constexpr complex<T> conj(const complex<T>& z) noexcept {
  return complex<T>(z.real(), -z.imag());
}
namespace impl {
/// Kokkos' promotion of an arithmetic argument of real, imag and conj: an integer to double.
template <class A>
using complex_promote_t = std::conditional_t<std::is_integral<A>::value, double, A>;
}  // namespace impl

/// real, imag and conj of a real number, as Kokkos has them (an integer is taken as a double).
template <class A, std::enable_if_t<std::is_arithmetic<A>::value, int> = 0>
HPAR_HD constexpr impl::complex_promote_t<A> real(A x) noexcept {
  return x;
}
template <class A, std::enable_if_t<std::is_arithmetic<A>::value, int> = 0>
HPAR_HD constexpr impl::complex_promote_t<A> imag(A) noexcept {
  return impl::complex_promote_t<A>();
}
template <class A, std::enable_if_t<std::is_arithmetic<A>::value, int> = 0>
HPAR_HD constexpr complex<impl::complex_promote_t<A>> conj(A x) noexcept {
  using P = impl::complex_promote_t<A>;
  return complex<P>(P(x), -P());
}

/// The parts of a complex number by position, for structured bindings (`auto [re, im] = z;`),
/// as Kokkos has them (with std::tuple_size and std::tuple_element below).
template <size_t I, class T>
HPAR_HD constexpr T& get(complex<T>& z) noexcept {
  static_assert(I < 2, "hpar::complex has two parts");
  if constexpr (I == 0)
    return z.real();
  else
    return z.imag();
}
template <size_t I, class T>
HPAR_HD constexpr const T& get(const complex<T>& z) noexcept {
  return get<I>(const_cast<complex<T>&>(z));
}
template <size_t I, class T>
HPAR_HD constexpr T&& get(complex<T>&& z) noexcept {
  return static_cast<T&&>(get<I>(z));
}
template <size_t I, class T>
HPAR_HD constexpr const T&& get(const complex<T>&& z) noexcept {
  return static_cast<const T&&>(get<I>(z));
}

/// The squared magnitude.
template <class T>
HPAR_HD constexpr T norm(const complex<T>& z) noexcept {
  return z.real() * z.real() + z.imag() * z.imag();
}
/// The magnitude, without undue overflow.
template <class T>
HPAR_HD T abs(const complex<T>& z) {
  return hypot(z.real(), z.imag());
}
/// The phase angle, in (-pi, pi].
template <class T>
HPAR_HD T arg(const complex<T>& z) {
  return atan2(z.imag(), z.real());
}
/// The complex number of magnitude r and phase angle theta.
template <class T>
HPAR_HD complex<T> polar(const T& r, const T& theta = T()) {
  return complex<T>(r * cos(theta), r * sin(theta));
}

template <class T>
HPAR_HD complex<T> exp(const complex<T>& z) {
  const T m = exp(z.real());
  return complex<T>(m * cos(z.imag()), m * sin(z.imag()));
}
/// The principal value: imaginary part in (-pi, pi].
template <class T>
HPAR_HD complex<T> log(const complex<T>& z) {
  return complex<T>(log(abs(z)), arg(z));
}
template <class T>
HPAR_HD complex<T> log10(const complex<T>& z) {
  return log(z) / static_cast<T>(2.302585092994045684017991454684364208L);
}
/// The principal square root: real part >= 0, imaginary part of the sign of z's.
template <class T>
HPAR_HD complex<T> sqrt(const complex<T>& z) {
  const T x = z.real(), y = z.imag();
  if (x == T(0) && y == T(0)) return complex<T>(T(0), y);
  const T t = sqrt((abs(z) + abs(x)) / T(2));
  if (x >= T(0)) return complex<T>(t, y / (T(2) * t));
  return complex<T>(abs(y) / (T(2) * t), copysign(t, y));
}
template <class T>
HPAR_HD complex<T> pow(const complex<T>& x, const complex<T>& y) {
  return x == T(0) ? complex<T>(T(0)) : exp(y * log(x));
}
template <class A, class S, impl::if_arithmetic_t<S> = 0>
HPAR_HD complex<std::common_type_t<A, S>> pow(const complex<A>& x, const S& y) {
  using R = std::common_type_t<A, S>;
  const complex<R> z(x);
  if (z == R(0)) return complex<R>(R(0));
  return polar(R(pow(abs(z), R(y))), R(R(y) * arg(z)));
}
template <class S, class B, impl::if_arithmetic_t<S> = 0>
HPAR_HD complex<std::common_type_t<S, B>> pow(const S& x, const complex<B>& y) {
  using R = std::common_type_t<S, B>;
  return pow(complex<R>(R(x)), complex<R>(y));
}

template <class T>
HPAR_HD complex<T> sin(const complex<T>& z) {
  return complex<T>(sin(z.real()) * cosh(z.imag()), cos(z.real()) * sinh(z.imag()));
}
template <class T>
HPAR_HD complex<T> cos(const complex<T>& z) {
  return complex<T>(cos(z.real()) * cosh(z.imag()), -sin(z.real()) * sinh(z.imag()));
}
template <class T>
HPAR_HD complex<T> tan(const complex<T>& z) {
  return sin(z) / cos(z);
}
template <class T>
HPAR_HD complex<T> sinh(const complex<T>& z) {
  return complex<T>(sinh(z.real()) * cos(z.imag()), cosh(z.real()) * sin(z.imag()));
}
template <class T>
HPAR_HD complex<T> cosh(const complex<T>& z) {
  return complex<T>(cosh(z.real()) * cos(z.imag()), sinh(z.real()) * sin(z.imag()));
}
template <class T>
HPAR_HD complex<T> tanh(const complex<T>& z) {
  return sinh(z) / cosh(z);
}
template <class T>
HPAR_HD complex<T> asinh(const complex<T>& z) {
  return log(z + sqrt(z * z + T(1)));
}
template <class T>
HPAR_HD complex<T> acosh(const complex<T>& z) {
  return log(z + sqrt(z + T(1)) * sqrt(z - T(1)));
}
template <class T>
HPAR_HD complex<T> atanh(const complex<T>& z) {
  return (log(T(1) + z) - log(T(1) - z)) / T(2);
}
template <class T>
HPAR_HD complex<T> asin(const complex<T>& z) {
  // asin(z) = -i asinh(i z)
  const complex<T> w = asinh(complex<T>(-z.imag(), z.real()));
  return complex<T>(w.imag(), -w.real());
}
template <class T>
HPAR_HD complex<T> acos(const complex<T>& z) {
  const complex<T> w = asin(z);
  return complex<T>(static_cast<T>(1.570796326794896619231321691639751442L) - w.real(), -w.imag());
}
template <class T>
HPAR_HD complex<T> atan(const complex<T>& z) {
  // atan(z) = -i atanh(i z)
  const complex<T> w = atanh(complex<T>(-z.imag(), z.real()));
  return complex<T>(w.imag(), -w.real());
}

// ---- atomics ---------------------------------------------------------------------------------------

/// Adds val to *dest, each part atomically (see the top of this file).
template <class T>
HPAR_HD inline void atomic_add(complex<T>* dest, typename impl::identity<complex<T>>::type val) {
  atomic_add(&dest->real(), val.real());
  atomic_add(&dest->imag(), val.imag());
}
template <class T>
HPAR_HD inline void atomic_sub(complex<T>* dest, typename impl::identity<complex<T>>::type val) {
  atomic_sub(&dest->real(), val.real());
  atomic_sub(&dest->imag(), val.imag());
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar

template <class T>
struct std::tuple_size<hpar::complex<T>> : std::integral_constant<size_t, 2> {};
template <size_t I, class T>
struct std::tuple_element<I, hpar::complex<T>> {
  static_assert(I < 2, "hpar::complex has two parts");
  using type = T;
};

namespace hpar {

/// Writes (re,im), as std::complex does.
template <class CharT, class Traits, class T>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                              const complex<T>& z) {
  return os << '(' << z.real() << ',' << z.imag() << ')';
}

}  // namespace hpar

HPAR_IMPL_DEVICE_CODE_BEGIN

/// The identities of Sum and Prod (reducers.hpp).
template <class T>
struct hpar::reduction_identity<hpar::complex<T>> {
  HPAR_HD static constexpr hpar::complex<T> sum() noexcept { return hpar::complex<T>(T(0), T(0)); }
  HPAR_HD static constexpr hpar::complex<T> prod() noexcept {
    return hpar::complex<T>(T(1), T(0));
  }
};

HPAR_IMPL_DEVICE_CODE_END
