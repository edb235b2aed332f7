// hpar: array layouts, memory spaces and execution spaces.
//
// Spaces per build (docs/design.md sections 2 and 5):
//   serial:  Serial executes; HostSpace is both the host and the device memory space.
//   CUDA:    Cuda executes on the GPU with CudaSpace (= DeviceSpace), LayoutLeft by default;
//            Serial is the host execution space.
//   OpenMP:  OpenMPTarget executes on the OpenMP device with OpenMPTargetSpace (= DeviceSpace),
//            LayoutLeft by default; Serial is the host execution space.
// A memory space's impl_space says where its bytes live for hpar::impl::copy_bytes.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>

#include "macros.hpp"

#if defined(HPAR_IMPL_DEVICE_CUDA)
#include <cuda_runtime.h>
#endif
#if defined(HPAR_IMPL_DEVICE_OPENMP)
#include <omp.h>
#endif

namespace hpar {

namespace impl {
/// Where the bytes of an allocation live (docs/design.md section 6).
enum class Space { host, device };
}  // namespace impl

// ---- layouts -------------------------------------------------------------------------------------

/// Column-major: index 0 has stride 1.
struct LayoutLeft {
  using array_layout = LayoutLeft;
  static constexpr bool is_extent_constructible = true;
  size_t dimension[8];
  explicit constexpr LayoutLeft(size_t n0 = 0, size_t n1 = 0, size_t n2 = 0, size_t n3 = 0,
                                size_t n4 = 0, size_t n5 = 0, size_t n6 = 0, size_t n7 = 0)
      : dimension{n0, n1, n2, n3, n4, n5, n6, n7} {}
};

/// Row-major: the last index has stride 1.
struct LayoutRight {
  using array_layout = LayoutRight;
  static constexpr bool is_extent_constructible = true;
  size_t dimension[8];
  explicit constexpr LayoutRight(size_t n0 = 0, size_t n1 = 0, size_t n2 = 0, size_t n3 = 0,
                                 size_t n4 = 0, size_t n5 = 0, size_t n6 = 0, size_t n7 = 0)
      : dimension{n0, n1, n2, n3, n4, n5, n6, n7} {}
};

template <class T>
struct is_array_layout : std::false_type {};
template <>
struct is_array_layout<LayoutLeft> : std::true_type {};
template <>
struct is_array_layout<LayoutRight> : std::true_type {};

// ---- spaces --------------------------------------------------------------------------------------

struct Serial;
struct HostSpace;
template <class ExecSpace>
class ScratchMemorySpace;  // team scratch memory (scratch.hpp)

/// An execution space paired with the memory space it uses (Kokkos::Device).
template <class ExecSpace, class MemSpace>
struct Device {
  using execution_space = ExecSpace;
  using memory_space = MemSpace;
  using device_type = Device;
};

/// Host memory: aligned operator new / delete.
struct HostSpace {
  using memory_space = HostSpace;
  using execution_space = Serial;
  using device_type = Device<Serial, HostSpace>;
  using size_type = size_t;
  static constexpr impl::Space impl_space = impl::Space::host;
  static constexpr const char* name() { return "Host"; }
};

/// The host execution space: runs everything in order on the calling thread.
struct Serial {
  using execution_space = Serial;
  using scratch_memory_space = ScratchMemorySpace<Serial>;
  using memory_space = HostSpace;
  using array_layout = LayoutRight;
  using device_type = Device<Serial, HostSpace>;
  using size_type = size_t;
  static constexpr const char* name() { return "Serial"; }
  static int concurrency() { return 1; }
  static bool in_parallel() { return false; }
  void fence() const {}
  void fence(const std::string&) const {}
};

#if defined(HPAR_IMPL_DEVICE_CUDA)

struct Cuda;
/// CUDA global memory: cudaMalloc / cudaFree / cudaMemcpy.
struct CudaSpace {
  using memory_space = CudaSpace;
  using execution_space = Cuda;
  using device_type = Device<Cuda, CudaSpace>;
  using size_type = size_t;
  static constexpr impl::Space impl_space = impl::Space::device;
  static constexpr const char* name() { return "Cuda"; }
};

/// The CUDA device execution space.
struct Cuda {
  using execution_space = Cuda;
  using scratch_memory_space = ScratchMemorySpace<Cuda>;
  using memory_space = CudaSpace;
  using array_layout = LayoutLeft;
  using device_type = Device<Cuda, CudaSpace>;
  using size_type = size_t;
  static constexpr const char* name() { return "Cuda"; }
  static int concurrency() { return 1 << 20; }
  static bool in_parallel() { return false; }
  void fence() const { cudaDeviceSynchronize(); }
  void fence(const std::string&) const { cudaDeviceSynchronize(); }
};

using DeviceSpace = CudaSpace;
using DefaultExecutionSpace = Cuda;

#elif defined(HPAR_IMPL_DEVICE_OPENMP)

struct OpenMPTarget;
/// OpenMP device memory: omp_target_alloc on hpar::impl::omp_device().
struct OpenMPTargetSpace {
  using memory_space = OpenMPTargetSpace;
  using execution_space = OpenMPTarget;
  using device_type = Device<OpenMPTarget, OpenMPTargetSpace>;
  using size_type = size_t;
  static constexpr impl::Space impl_space = impl::Space::device;
  static constexpr const char* name() { return "OpenMPTargetSpace"; }
};

/// The OpenMP offload execution space (target regions are synchronous, so fence does nothing).
struct OpenMPTarget {
  using execution_space = OpenMPTarget;
  using scratch_memory_space = ScratchMemorySpace<OpenMPTarget>;
  using memory_space = OpenMPTargetSpace;
  using array_layout = LayoutLeft;
  using device_type = Device<OpenMPTarget, OpenMPTargetSpace>;
  using size_type = size_t;
  static constexpr const char* name() { return "OpenMPTarget"; }
  static int concurrency() { return 1 << 20; }
  static bool in_parallel() { return false; }
  void fence() const {}
  void fence(const std::string&) const {}
};

namespace Experimental {
using hpar::OpenMPTarget;
using hpar::OpenMPTargetSpace;
}  // namespace Experimental

using DeviceSpace = OpenMPTargetSpace;
using DefaultExecutionSpace = OpenMPTarget;

#else

using DeviceSpace = HostSpace;
using DefaultExecutionSpace = Serial;

#endif

#if defined(HPAR_BACKEND_CUDA) && !defined(HPAR_IMPL_DEVICE_CUDA)
// Parsed by hpar-translate for a CUDA build: keep the CUDA spellings available.
using CudaSpace = DeviceSpace;
using Cuda = DefaultExecutionSpace;
#endif

using DefaultHostExecutionSpace = Serial;

// ---- space traits --------------------------------------------------------------------------------

template <class T>
struct is_memory_space : std::false_type {};
template <>
struct is_memory_space<HostSpace> : std::true_type {};

template <class T>
struct is_execution_space : std::false_type {};
template <>
struct is_execution_space<Serial> : std::true_type {};

#if defined(HPAR_IMPL_DEVICE_CUDA) || defined(HPAR_IMPL_DEVICE_OPENMP)
template <>
struct is_memory_space<DeviceSpace> : std::true_type {};
template <>
struct is_execution_space<DefaultExecutionSpace> : std::true_type {};
#endif

template <class T>
struct is_device : std::false_type {};
template <class E, class M>
struct is_device<Device<E, M>> : std::true_type {};

template <class T>
struct is_space : std::integral_constant<bool, is_memory_space<T>::value ||
                                                   is_execution_space<T>::value ||
                                                   is_device<T>::value> {};

/// Whether code running in AccessSpace may dereference memory of MemSpace.
template <class AccessSpace, class MemSpace>
struct SpaceAccessibility {
  static constexpr bool assignable =
      std::is_same<typename AccessSpace::memory_space, MemSpace>::value;
  static constexpr bool accessible =
      assignable || (AccessSpace::memory_space::impl_space == impl::Space::host &&
                     MemSpace::impl_space == impl::Space::host);
  static constexpr bool deepcopy = true;
};

}  // namespace hpar
