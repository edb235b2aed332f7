// hpar: Kokkos::Experimental::half_t and bhalf_t.
//
// Both are float in every hpar build: Kokkos' own definition on backends without a native half
// type (Serial, OpenMP: KOKKOS_HALF_T_IS_FLOAT and KOKKOS_BHALF_T_IS_FLOAT are true), so host
// builds behave exactly as Kokkos'. On CUDA, Kokkos stores 16 bits (__half, __nv_bfloat16) and
// rounds every operation to them; hpar's CUDA build keeps float there too, so its half
// arithmetic is more precise than Kokkos CUDA's and takes 4 bytes (docs/design.md section
// 5, the half_t entry).
#pragma once

#include <type_traits>

#include "macros.hpp"

namespace hpar {
namespace Experimental {

using half_t = float;
using bhalf_t = float;

HPAR_IMPL_DEVICE_CODE_BEGIN

/// Conversions to and from the half types (Kokkos' cast_to_half / cast_from_half and the bhalf
/// forms): for the arithmetic types Kokkos lists.
template <class T>
using impl_half_castable = std::enable_if_t<
    std::is_same<T, float>::value || std::is_same<T, bool>::value ||
        std::is_same<T, double>::value || std::is_same<T, short>::value ||
        std::is_same<T, unsigned short>::value || std::is_same<T, int>::value ||
        std::is_same<T, unsigned int>::value || std::is_same<T, long>::value ||
        std::is_same<T, unsigned long>::value || std::is_same<T, long long>::value ||
        std::is_same<T, unsigned long long>::value,
    T>;

template <class T, class = impl_half_castable<T>>
HPAR_HD inline half_t cast_to_half(T value) {
  return half_t(value);
}
template <class T>
HPAR_HD inline impl_half_castable<T> cast_from_half(half_t value) {
  return T(value);
}
template <class T, class = impl_half_castable<T>>
HPAR_HD inline bhalf_t cast_to_bhalf(T value) {
  return bhalf_t(value);
}
template <class T>
HPAR_HD inline impl_half_castable<T> cast_from_bhalf(bhalf_t value) {
  return T(value);
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace Experimental
}  // namespace hpar

#define KOKKOS_HALF_T_IS_FLOAT true
#define KOKKOS_BHALF_T_IS_FLOAT true
#define KOKKOS_IMPL_HALF_TYPE_DEFINED
#define KOKKOS_IMPL_BHALF_TYPE_DEFINED
