// hpar CUDA runtime: how the functor reaches a kernel, as a parameter or through device memory.
//
// Mapping: a generated kernel takes its functor (and a reduction's or scan's spec, which holds a
// copy of the functor) as a FunctorArg<T, ByValue> and calls it through `const T& = arg.get()`.
// The launch object (launchers.cuh) decides ByValue at compile time, its by_value, with
// fits_in_parameters<...>() over the types of all the kernel's parameters:
//   ByValue = true   every parameter fits in the kernel-parameter space: FunctorArg holds T itself
//                    and is a kernel parameter exactly as T would be (same bytes, same loads);
//   ByValue = false  they do not (nvcc would stop with "Formal parameter space overflowed"): the
//                    launch copies T's bytes to device memory and the kernel reads T through a
//                    pointer. One device buffer per type T, device and stream holds them,
//                    allocated by the first such launch and reused by every later one.
//
// Preconditions (of FunctorArg<T, false>, the ones kernel parameters already have):
//   - T's bytes, copied as they are, are a valid T on the device: T is a type nvcc accepts as a
//     kernel parameter (closures and functors holding Views are). No constructor or destructor runs
//     on the device copy, and no copy constructor runs on the host: the caller's object is copied
//     bit for bit, as CUDA copies kernel arguments.
//   - What T points to (a View's data) stays allocated until the kernel has finished, as for a
//     kernel parameter, whose host-side copy is destroyed when the launch returns.
//   - It is constructed on the host, in the launch expression of the kernel that reads it, with
//     the stream that kernel is launched on. The copy is enqueued on that stream, whose buffer
//     only that stream's kernels read (buffer.cuh), so it runs after every earlier kernel that may
//     still read the buffer and before the kernel it is for. cudaMemcpyAsync from
//     pageable host memory has taken the bytes by the time it returns (staged or synchronous), so
//     the caller's object may go away after the launch, as with a kernel argument. (An object in
//     pinned host memory would be copied later: it would have to outlive the copy.)
//
// Usage (what the CUDA backend emits):
//   template <class Policy, class Functor, bool ByValue>
//   __global__ void hpar_saxpy_L28(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg) {
//     const Functor& f = f_arg.get();
//     ...
//   }
//   // launcher (launchers.cuh, RangeFor::run):
//   constexpr bool by_value = hpar::rt::cuda::fits_in_parameters<Policy, Functor>();
//   kernel<<<shape.grid, shape.block, shape.shmem, stream>>>(policy,
//       hpar::rt::cuda::functor_arg<by_value>(f, stream, site));
#pragma once

#include <cstddef>

namespace hpar {
namespace rt {
namespace cuda {
namespace detail {

/// Bytes of kernel parameters nvcc accepts: 32764 from CUDA 12.1 when every architecture compiled
/// for is Volta (sm_70) or newer, 4096 before. __CUDA_ARCH_LIST__ has the same value in the host and
/// the device passes, so both see the same kernel signature.
constexpr size_t default_parameter_limit() {
#if defined(__CUDA_ARCH_LIST__) && defined(__CUDACC_VER_MAJOR__) && \
    (__CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 1))
  constexpr int archs[] = {__CUDA_ARCH_LIST__};
  for (int arch : archs)
    if (arch < 700) return 4096;
  return 32764;
#else
  return 4096;
#endif
}

}  // namespace detail

/// The kernel-parameter space of one kernel, in bytes. Define HPAR_CUDA_PARAMETER_LIMIT (the same
/// value for every translation unit) to pass smaller functors through device memory too.
#ifdef HPAR_CUDA_PARAMETER_LIMIT
constexpr size_t kernel_parameter_limit = HPAR_CUDA_PARAMETER_LIMIT;
#else
constexpr size_t kernel_parameter_limit = detail::default_parameter_limit();
#endif

/// Whether a kernel taking parameters of these types, in this order, by value fits in the
/// parameter space: each parameter starts at a multiple of its alignment, as nvcc lays them out.
template <class... Params>
constexpr bool fits_in_parameters() {
  constexpr size_t sizes[] = {sizeof(Params)...};
  constexpr size_t alignments[] = {alignof(Params)...};
  size_t end = 0;
  for (size_t k = 0; k < sizeof...(Params); ++k) end = detail::align_up(end, alignments[k]) + sizes[k];
  return end <= kernel_parameter_limit;
}

template <class T, bool ByValue>
class FunctorArg;

/// T as a kernel parameter.
template <class T>
class FunctorArg<T, true> {
 public:
  FunctorArg(const T& value, cudaStream_t, const KernelSite&) : value_(value) {}
  __device__ const T& get() const { return value_; }

 private:
  T value_;
};

namespace detail {

/// The device buffer of the FunctorArg<T, false> of one type T.
template <class T>
GrowOnlyBuffer& functor_buffer() {
  static GrowOnlyBuffer buffer;
  return buffer;
}

}  // namespace detail

/// T in device memory: the constructor copies the bytes of `value` there, ordered on `stream`
/// after every kernel launched on it before.
template <class T>
class FunctorArg<T, false> {
 public:
  FunctorArg(const T& value, cudaStream_t stream, const KernelSite& site) {
    static_assert(alignof(T) <= 256, "hpar: cudaMalloc aligns the functor's bytes to 256 only");
    bool fresh = false;
    void* bytes = detail::functor_buffer<T>().get(sizeof(T), fresh, stream, site);
    detail::check_cuda(cudaMemcpyAsync(bytes, &value, sizeof(T), cudaMemcpyDefault, stream), site,
                       "cannot copy the functor to the device");
    device_ = static_cast<const T*>(bytes);
  }
  __device__ const T& get() const { return *device_; }

 private:
  const T* device_;
};

/// The FunctorArg of `value` for a kernel compiled with ByValue and launched on `stream`.
template <bool ByValue, class T>
FunctorArg<T, ByValue> functor_arg(const T& value, cudaStream_t stream, const KernelSite& site) {
  return FunctorArg<T, ByValue>(value, stream, site);
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
