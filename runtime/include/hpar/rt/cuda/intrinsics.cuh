// hpar, CUDA backend: the math library and bit instructions of the API header
// (HPAR_IMPL_BACKEND_INTRINSICS, named by cuda/config.hpp; include/hpar/impl/intrinsics_host.hpp
// lists what a part defines).
//
// In the device pass of a CUDA compile (HPAR_IMPL_CUDA_DEVICE) the std:: overloads of the host's
// standard library are host functions: the math functions are CUDA's device math library by
// their C names (::sqrtf, ::sqrt; CUDA declares the classification functions for both float and
// double under their C names), the three-argument hypot is norm3df/norm3d, rsqrt rsqrtf/rsqrt,
// and the bit counts are CUDA's __clz, __ffs and __popc families. The host pass (and a host
// compiler's compile of a CUDA build's file) has the host's.
#pragma once

#include <cmath>

#if defined(HPAR_IMPL_CUDA_DEVICE)

#define HPAR_IMPL_MATH_FLOAT(name) ::name##f
#define HPAR_IMPL_MATH_DOUBLE(name) ::name
#define HPAR_IMPL_MATH_PREDICATE_CALL(name, x) bool(::name(x))
#define HPAR_IMPL_MATH_HYPOT3_FLOAT ::norm3df
#define HPAR_IMPL_MATH_HYPOT3 ::norm3d
#define HPAR_IMPL_MATH_RSQRT_FLOAT(x) ::rsqrtf(x)
#define HPAR_IMPL_MATH_RSQRT(x) ::rsqrt(x)

namespace hpar {
namespace impl {

HPAR_HD inline int backend_clz32(unsigned int x) { return __clz(static_cast<int>(x)); }
HPAR_HD inline int backend_clz64(unsigned long long x) { return __clzll(static_cast<long long>(x)); }
HPAR_HD inline int backend_ctz32(unsigned int x) { return __ffs(static_cast<int>(x)) - 1; }
HPAR_HD inline int backend_ctz64(unsigned long long x) { return __ffsll(static_cast<long long>(x)) - 1; }
HPAR_HD inline int backend_popcount32(unsigned int x) { return __popc(x); }
HPAR_HD inline int backend_popcount64(unsigned long long x) { return __popcll(x); }

}  // namespace impl
}  // namespace hpar

#else
#include <hpar/impl/intrinsics_host.hpp>
#endif
