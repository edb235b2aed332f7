// hpar: bit manipulation on the host and in kernels (Kokkos_BitManipulation.hpp: C++20's <bit>).
//
// Two spellings, as in Kokkos:
//   Kokkos::popcount, countl_zero, ... are constexpr and written as plain loops, so they work in
//     constant expressions and in every build;
//   Kokkos::Experimental::popcount_builtin, countl_zero_builtin, ... give the same results through
//     the hardware's instructions, the compile's intrinsics part (impl/intrinsics.hpp): CUDA's
//     __popc, __clz and __ffs families in the CUDA device pass, the GCC/clang builtins elsewhere
//     (also in OpenMP target regions). Not constexpr.
// The counting and power-of-two functions take unsigned integer types only; rotl/rotr shift by
// any int, negative meaning the other direction; bit_cast needs types of equal size that are
// trivially copyable.
#pragma once

#include <climits>
#include <cstddef>
#include <type_traits>

#include "impl/intrinsics.hpp"
#include "macros.hpp"

namespace hpar {

namespace impl {
template <class T>
using if_unsigned_t = std::enable_if_t<std::is_integral<T>::value && std::is_unsigned<T>::value &&
                                           !std::is_same<T, bool>::value,
                                       int>;
template <class T>
constexpr int digits_of = int(sizeof(T) * CHAR_BIT);
}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN

/// The object representation of from, read as a To.
template <class To, class From>
HPAR_HD std::enable_if_t<sizeof(To) == sizeof(From) && std::is_trivially_copyable<To>::value &&
                             std::is_trivially_copyable<From>::value,
                         To>
bit_cast(const From& from) noexcept {
  To to;
  __builtin_memcpy(&to, &from, sizeof(To));
  return to;
}

/// The bytes of an integer in the reverse order.
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
HPAR_HD constexpr T byteswap(T value) noexcept {
  using U = std::make_unsigned_t<T>;
  U in = static_cast<U>(value), out = 0;
  // The shifts act on U promoted to int at least, so shifting a one-byte U by 8 is defined.
  for (size_t i = 0; i < sizeof(T); ++i) {
    out = static_cast<U>((out << CHAR_BIT) | (in & U(0xff)));
    in = static_cast<U>(in >> CHAR_BIT);
  }
  return static_cast<T>(out);
}

/// Number of consecutive 0 bits from the most significant one.
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr int countl_zero(T x) noexcept {
  int n = 0;
  for (T bit = T(T(1) << (impl::digits_of<T> - 1)); bit != 0 && !(x & bit); bit = T(bit >> 1)) ++n;
  return n;
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr int countl_one(T x) noexcept {
  return countl_zero(T(~x));
}
/// Number of consecutive 0 bits from the least significant one.
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr int countr_zero(T x) noexcept {
  int n = 0;
  for (T bit = 1; bit != 0 && !(x & bit); bit = T(bit << 1)) ++n;
  return n;
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr int countr_one(T x) noexcept {
  return countr_zero(T(~x));
}
/// Number of 1 bits.
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr int popcount(T x) noexcept {
  int n = 0;
  for (; x != 0; x = T(x & (x - 1))) ++n;
  return n;
}

template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr bool has_single_bit(T x) noexcept {
  return x != 0 && (x & (x - 1)) == 0;
}
/// Bits needed to represent x (0 for 0).
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr T bit_width(T x) noexcept {
  return T(impl::digits_of<T> - countl_zero(x));
}
/// The smallest power of two not below x (1 for 0; undefined when it does not fit in T).
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr T bit_ceil(T x) noexcept {
  return x <= 1 ? T(1) : T(T(1) << bit_width(T(x - 1)));
}
/// The largest power of two not above x (0 for 0).
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr T bit_floor(T x) noexcept {
  return x == 0 ? T(0) : T(T(1) << (bit_width(x) - 1));
}

template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr T rotl(T x, int s) noexcept {
  constexpr int n = impl::digits_of<T>;
  const int r = s % n;
  if (r == 0) return x;
  if (r > 0) return T(T(x << r) | T(x >> (n - r)));
  return T(T(x >> -r) | T(x << (n + r)));
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD constexpr T rotr(T x, int s) noexcept {
  constexpr int n = impl::digits_of<T>;
  const int r = s % n;
  if (r == 0) return x;
  if (r > 0) return T(T(x >> r) | T(x << (n - r)));
  return T(T(x << -r) | T(x >> (n + r)));
}

namespace Experimental {

// The leading and trailing zeros of a value of 32 or 64 bits; wider than T's digits for small T.
namespace impl_bit {
template <class T>
HPAR_HD inline int clz_wide(T x) noexcept {
  return sizeof(T) <= 4 ? ::hpar::impl::backend_clz32(static_cast<unsigned int>(x))
                        : ::hpar::impl::backend_clz64(static_cast<unsigned long long>(x));
}
template <class T>
HPAR_HD inline int ctz(T x) noexcept {
  if (x == 0) return int(sizeof(T) * CHAR_BIT);
  return sizeof(T) <= 4 ? ::hpar::impl::backend_ctz32(static_cast<unsigned int>(x))
                        : ::hpar::impl::backend_ctz64(static_cast<unsigned long long>(x));
}
}  // namespace impl_bit

template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline int countl_zero_builtin(T x) noexcept {
  return impl_bit::clz_wide(x) - ((sizeof(T) <= 4 ? 32 : 64) - impl::digits_of<T>);
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline int countl_one_builtin(T x) noexcept {
  return countl_zero_builtin(T(~x));
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline int countr_zero_builtin(T x) noexcept {
  return impl_bit::ctz(x);
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline int countr_one_builtin(T x) noexcept {
  return impl_bit::ctz(T(~x));
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline int popcount_builtin(T x) noexcept {
  return sizeof(T) <= 4 ? ::hpar::impl::backend_popcount32(static_cast<unsigned int>(x))
                        : ::hpar::impl::backend_popcount64(static_cast<unsigned long long>(x));
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline bool has_single_bit_builtin(T x) noexcept {
  return has_single_bit(x);
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline T bit_width_builtin(T x) noexcept {
  return T(impl::digits_of<T> - countl_zero_builtin(x));
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline T bit_ceil_builtin(T x) noexcept {
  return x <= 1 ? T(1) : T(T(1) << bit_width_builtin(T(x - 1)));
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline T bit_floor_builtin(T x) noexcept {
  return x == 0 ? T(0) : T(T(1) << (bit_width_builtin(x) - 1));
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline T rotl_builtin(T x, int s) noexcept {
  return rotl(x, s);
}
template <class T, impl::if_unsigned_t<T> = 0>
HPAR_HD inline T rotr_builtin(T x, int s) noexcept {
  return rotr(x, s);
}
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
HPAR_HD inline T byteswap_builtin(T x) noexcept {
  return byteswap(x);
}
template <class To, class From>
HPAR_HD inline auto bit_cast_builtin(const From& from) noexcept -> decltype(bit_cast<To>(from)) {
  return bit_cast<To>(from);
}

}  // namespace Experimental

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
