// hpar, CUDA backend: the sort of include/hpar/sort.hpp on the GPU, the backend's part named by
// HPAR_IMPL_BACKEND_SORT in hpar/rt/cuda/config.hpp. thrust::sort on the default stream, in place:
// thrust picks a radix sort for arithmetic values with the ascending order and a merge sort with
// any other comparator (which must be callable on the device: KOKKOS_INLINE_FUNCTION or a
// KOKKOS_LAMBDA). Synchronous; a failure names the View's label.
#pragma once

#include <cstddef>
#include <type_traits>

#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/sort.h>

#include "library_for.cuh"

namespace hpar {
namespace impl {

struct sort_ascending;

template <class T, class Compare>
void backend_sort(T* first, size_t n, const Compare& comp, const char* label) {
  if constexpr (std::is_same<Compare, sort_ascending>::value)
    thrust::sort(thrust::cuda::par, first, first + n, thrust::less<T>());
  else
    thrust::sort(thrust::cuda::par, first, first + n, comp);
  library_launch_done("Kokkos::sort of the View", label);
}

}  // namespace impl
}  // namespace hpar
