// hpar: the math library and bit instructions of a compile with no intrinsics part of its own
// (docs/design.md section 2): the serial build, and every pass of a backend's compile whose part
// does not take it over (the host pass of a CUDA compile, every pass of an OpenMP one): std::'s
// functions and GCC/clang's builtins, which both compilers also compile for OpenMP target regions.
//
// Included through include/hpar/impl/intrinsics.hpp; a backend's part
// (HPAR_IMPL_BACKEND_INTRINSICS) defines the same names for the passes it takes over, and
// includes this file for the others:
//   HPAR_IMPL_MATH_FLOAT(name), HPAR_IMPL_MATH_DOUBLE(name)
//                         the float and double overloads of a <cmath> function (math.hpp)
//   HPAR_IMPL_MATH_PREDICATE_CALL(name, x)   a classification function's result as bool
//   HPAR_IMPL_MATH_HYPOT3_FLOAT, HPAR_IMPL_MATH_HYPOT3    the three-argument hypot
//   HPAR_IMPL_MATH_RSQRT_FLOAT(x), HPAR_IMPL_MATH_RSQRT(x)  1 / sqrt(x) of a float, a double
//   backend_clz32(x), backend_clz64(x)       leading zeros of 32 and 64 bits (32, 64 for 0)
//   backend_ctz32(x), backend_ctz64(x)       trailing zeros, x != 0
//   backend_popcount32(x), backend_popcount64(x)
#pragma once

#include <cmath>

#include "../macros.hpp"

#define HPAR_IMPL_MATH_FLOAT(name) std::name
#define HPAR_IMPL_MATH_DOUBLE(name) std::name
#define HPAR_IMPL_MATH_PREDICATE_CALL(name, x) bool(std::name(x))
#define HPAR_IMPL_MATH_HYPOT3_FLOAT std::hypot
#define HPAR_IMPL_MATH_HYPOT3 std::hypot
#define HPAR_IMPL_MATH_RSQRT_FLOAT(x) (1.0f / std::sqrt(x))
#define HPAR_IMPL_MATH_RSQRT(x) (1.0 / std::sqrt(x))

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

HPAR_HD inline int backend_clz32(unsigned int x) { return x == 0 ? 32 : __builtin_clz(x); }
HPAR_HD inline int backend_clz64(unsigned long long x) { return x == 0 ? 64 : __builtin_clzll(x); }
HPAR_HD inline int backend_ctz32(unsigned int x) { return __builtin_ctz(x); }
HPAR_HD inline int backend_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
HPAR_HD inline int backend_popcount32(unsigned int x) { return __builtin_popcount(x); }
HPAR_HD inline int backend_popcount64(unsigned long long x) { return __builtin_popcountll(x); }

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
