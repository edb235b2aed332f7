// hpar: array layouts, memory spaces and execution spaces.
//
// Spaces per build (docs/design.md sections 2 and 5):
//   serial:  Serial executes; HostSpace is both the host and the device memory space.
//   CUDA:    Cuda executes on the GPU with CudaSpace (= DeviceSpace), LayoutLeft by default;
//            Serial and OpenMP (DefaultHostExecutionSpace) are host execution spaces.
//   OpenMP:  OpenMPTarget executes on the OpenMP device with OpenMPTargetSpace (= DeviceSpace),
//            LayoutLeft by default; Serial and OpenMP (DefaultHostExecutionSpace) are host
//            execution spaces.
// (The list of every space per build is at the top of the spaces section below.)
// A memory space's impl_space says where its bytes live for hpar::impl::copy_bytes.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "macros.hpp"

namespace hpar {

namespace impl {
/// Where the bytes of an allocation live (docs/design.md section 6): host memory, device memory,
/// and, where a backend offers them (CUDA), managed memory and page-locked host memory, which
/// both sides reach.
enum class Space { host, device, managed, pinned };
}  // namespace impl

// ---- layouts -------------------------------------------------------------------------------------

/// Column-major: index 0 has stride 1.
struct HPAR_ANNOTATE("hpar::layout_left") LayoutLeft {
  using array_layout = LayoutLeft;
  // An enumerator, not a static data member: GCC 12 cannot map a type with one into a target region.
  enum : bool { is_extent_constructible = true };
  size_t dimension[8];
  explicit constexpr LayoutLeft(size_t n0 = 0, size_t n1 = 0, size_t n2 = 0, size_t n3 = 0,
                                size_t n4 = 0, size_t n5 = 0, size_t n6 = 0, size_t n7 = 0)
      : dimension{n0, n1, n2, n3, n4, n5, n6, n7} {}
};

/// Row-major: the last index has stride 1.
struct HPAR_ANNOTATE("hpar::layout_right") LayoutRight {
  using array_layout = LayoutRight;
  // An enumerator, not a static data member: GCC 12 cannot map a type with one into a target region.
  enum : bool { is_extent_constructible = true };
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
//
// Which spaces a build has (the KOKKOS_ENABLE_* macros of the backend's configuration say the same):
//   every build:  Serial (the host execution space, DefaultHostExecutionSpace unless the backend
//                 names its host-parallel space: HPAR_IMPL_BACKEND_HOST_SPACE), HostSpace;
//   CUDA, OpenMP: OpenMP, Kokkos' host-parallel space, DefaultHostExecutionSpace: translated in
//                 the OpenMP build for the host, run in the header on every OpenMP thread in
//                 the builds for a device (impl/host_parallel_space.hpp);
//   serial:       DefaultExecutionSpace = Serial, DeviceSpace = SharedSpace = HostSpace;
//   a backend's:  what the backend's spaces part (HPAR_IMPL_BACKEND_SPACES) declares, its
//                 execution space as DefaultExecutionSpace and its memory as DeviceSpace:
//                 hpar/rt/cuda/spaces.hpp: Cuda, CudaSpace, CudaUVMSpace (= SharedSpace),
//                   CudaHostPinnedSpace (= SharedHostPinnedSpace), and OpenMP;
//                 hpar/rt/openmp/spaces.hpp: OpenMPTarget, OpenMPTargetSpace, and OpenMP.
// A space of Kokkos that the build lacks is declared unavailable, so that naming it is an error
// at the user's line that says which build lacks it. While hpar-translate parses, the spaces of its
// --backend are declared with serial bodies: what matters then is that they are types of their
// own, so that a policy over a host space can be told from one over the device.
// Execution spaces carry an annotation saying where their dispatches run (analysis reads it:
// a dispatch over a host space is left to the header: dispatch.hpp, on the calling thread, or
// impl/host_threads.hpp, on every OpenMP thread, for a space with impl_header_threads).

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

namespace impl {
/// Threads the device of this build keeps resident at once (what the backend's execution space's
/// concurrency() returns): defined by the backend's runtime.
#if defined(HPAR_IMPL_DEVICE)
int backend_concurrency();
#else
inline int backend_concurrency() { return 1; }
#endif

/// What every memory space has besides its types: a name, where its bytes live, and
/// allocate/deallocate (defined in memory.hpp).
template <class SpaceType, impl::Space Where>
struct MemorySpaceBase {
  using size_type = size_t;
  static constexpr impl::Space impl_space = Where;
  void* allocate(size_t bytes) const;
  void* allocate(const char* label, size_t bytes, size_t logical_bytes = 0) const;
  void deallocate(void* p, size_t bytes) const;
  void deallocate(const char* label, void* p, size_t bytes, size_t logical_bytes = 0) const;
};

/// What every execution space has besides its types (Kokkos spelling). `concurrency` is static
/// and so also callable on an instance, as Kokkos 4 spells it.
template <class Space>
struct ExecutionSpaceBase {
  using size_type = size_t;
  /// Whether the space's dispatches run as the build's translated kernels (Cuda, OpenMPTarget)
  /// rather than in the header on the calling thread (Serial, OpenMP): impl::on_device.
  static constexpr bool impl_on_device = false;
  /// Whether the header runs the space's dispatches on several host threads (Kokkos::OpenMP in
  /// the builds for a device: impl/host_parallel_space.hpp, impl/host_threads.hpp) rather than on
  /// the calling thread alone.
  static constexpr bool impl_header_threads = false;
  static bool in_parallel() { return false; }
  static bool impl_is_initialized() { return true; }
  template <class Stream>
  void print_configuration(Stream& os, bool /*verbose*/ = false) const {
    os << "hpar execution space " << Space::name() << "\n";
  }
  bool operator==(const Space&) const { return true; }
  bool operator!=(const Space&) const { return false; }
};
}  // namespace impl

/// The host execution space that Kokkos' HostSpace and host mirrors run in: Serial, or the
/// backend's host-parallel space where its configuration names one that runs on every host
/// thread (HPAR_IMPL_BACKEND_HOST_SPACE: the CUDA and OpenMP builds name OpenMP), as Kokkos
/// takes OpenMP when it is enabled.
#if defined(HPAR_IMPL_BACKEND_HOST_SPACE)
struct HPAR_IMPL_BACKEND_HOST_SPACE;
using DefaultHostExecutionSpace = HPAR_IMPL_BACKEND_HOST_SPACE;
#else
using DefaultHostExecutionSpace = Serial;
#endif

/// Host memory: aligned operator new / delete.
struct HostSpace : impl::MemorySpaceBase<HostSpace, impl::Space::host> {
  using memory_space = HostSpace;
  using execution_space = DefaultHostExecutionSpace;
  using device_type = Device<DefaultHostExecutionSpace, HostSpace>;
  static constexpr const char* name() { return "HostSpace"; }
};

/// The host execution space: runs everything in order on the calling thread.
struct HPAR_ANNOTATE("hpar::space::host") Serial : impl::ExecutionSpaceBase<Serial> {
  using execution_space = Serial;
  using scratch_memory_space = ScratchMemorySpace<Serial>;
  using memory_space = HostSpace;
  using array_layout = LayoutRight;
  using device_type = Device<Serial, HostSpace>;
  static constexpr const char* name() { return "Serial"; }
  static int concurrency() { return 1; }
  void fence() const {}
  void fence(const std::string&) const {}
};

}  // namespace hpar

// A backend's spaces (its spaces part, HPAR_IMPL_BACKEND_SPACES): its execution and memory spaces,
// DeviceSpace, DefaultExecutionSpace, SharedSpace and SharedHostPinnedSpace where it has them,
// and impl::DeviceTeamMember, the member type of its team kernels. The serial build has these:
#if defined(HPAR_IMPL_BACKEND_SPACES)
#include HPAR_IMPL_BACKEND_SPACES
#endif

namespace hpar {

#if !defined(HPAR_IMPL_BACKEND_SPACES)
using DeviceSpace = HostSpace;
using DefaultExecutionSpace = Serial;
using SharedSpace = HostSpace;
using SharedHostPinnedSpace = HostSpace;

#endif

// The spaces of Kokkos' backends that this build lacks: naming one is an error that says which
// build has it.
#if !defined(KOKKOS_ENABLE_CUDA)
#define HPAR_IMPL_CUDA_ONLY(name)                                                                  \
  HPAR_IMPL_UNAVAILABLE("Kokkos::" name " exists only in a CUDA build (hpar-translate "          \
                        "--backend=cuda); guard its use with #ifdef KOKKOS_ENABLE_CUDA")
struct HPAR_IMPL_CUDA_ONLY("Cuda") Cuda;
struct HPAR_IMPL_CUDA_ONLY("CudaSpace") CudaSpace;
struct HPAR_IMPL_CUDA_ONLY("CudaUVMSpace") CudaUVMSpace;
struct HPAR_IMPL_CUDA_ONLY("CudaHostPinnedSpace") CudaHostPinnedSpace;
#undef HPAR_IMPL_CUDA_ONLY
#endif
#if !defined(KOKKOS_ENABLE_OPENMP)
struct HPAR_IMPL_UNAVAILABLE("Kokkos::OpenMP exists only in an OpenMP or a CUDA build "
                             "(hpar-translate --backend=openmp or cuda); guard its use with "
                             "#ifdef KOKKOS_ENABLE_OPENMP") OpenMP;
#endif
#if !defined(HPAR_BACKEND_OPENMP)
#define HPAR_IMPL_OPENMP_ONLY(name, macro)                                                         \
  HPAR_IMPL_UNAVAILABLE("Kokkos::" name " exists only in an OpenMP build (hpar-translate "       \
                        "--backend=openmp); guard its use with #ifdef " macro)
struct HPAR_IMPL_OPENMP_ONLY("OpenMPTarget", "KOKKOS_ENABLE_OPENMPTARGET") OpenMPTarget;
struct HPAR_IMPL_OPENMP_ONLY("OpenMPTargetSpace", "KOKKOS_ENABLE_OPENMPTARGET") OpenMPTargetSpace;
namespace Experimental {
struct HPAR_IMPL_OPENMP_ONLY("Experimental::OpenMPTarget", "KOKKOS_ENABLE_OPENMPTARGET") OpenMPTarget;
struct HPAR_IMPL_OPENMP_ONLY("Experimental::OpenMPTargetSpace", "KOKKOS_ENABLE_OPENMPTARGET")
    OpenMPTargetSpace;
}  // namespace Experimental
#undef HPAR_IMPL_OPENMP_ONLY
#endif
// ---- space traits --------------------------------------------------------------------------------

/// An execution space is its own execution_space (policies, Views and Devices name another).
template <class T, class = void>
struct is_execution_space : std::false_type {};
template <class T>
struct is_execution_space<T, std::enable_if_t<std::is_same<typename T::execution_space, T>::value>>
    : std::true_type {};

/// A memory space is its own memory_space.
template <class T, class = void>
struct is_memory_space : std::false_type {};
template <class T>
struct is_memory_space<T, std::enable_if_t<std::is_same<typename T::memory_space, T>::value &&
                                           !is_execution_space<T>::value>> : std::true_type {};

template <class T>
struct is_device : std::false_type {};
template <class E, class M>
struct is_device<Device<E, M>> : std::true_type {};

template <class T>
struct is_space : std::integral_constant<bool, is_memory_space<T>::value ||
                                                   is_execution_space<T>::value ||
                                                   is_device<T>::value> {};

namespace impl {
/// Whether code on the host may dereference memory that lives in `s`.
constexpr bool host_accessible(Space s) { return s != Space::device; }
/// Whether code on the device may dereference memory that lives in `s` (in the serial build
/// the device is the host).
constexpr bool device_accessible(Space s) {
#if defined(HPAR_IMPL_TARGET)
  return s != Space::host;
#else
  return true;
#endif
}
}  // namespace impl

namespace impl {
/// Whether Space is an execution space whose dispatches are the build's translated kernels.
template <class Space, class = void>
struct on_device : std::false_type {};
template <class Space>
struct on_device<Space, std::enable_if_t<Space::impl_on_device>> : std::true_type {};
}  // namespace impl

/// Whether code running in AccessSpace (an execution or memory space: a translated execution
/// space runs on the device, else its memory space says which side it runs on) may dereference
/// memory of MemSpace.
template <class AccessSpace, class MemSpace>
struct SpaceAccessibility {
  static constexpr bool assignable =
      std::is_same<typename AccessSpace::memory_space, MemSpace>::value;
  static constexpr bool accessible =
      assignable ||
      (!impl::on_device<AccessSpace>::value &&
               AccessSpace::memory_space::impl_space == impl::Space::host
           ? impl::host_accessible(MemSpace::impl_space)
           : impl::device_accessible(MemSpace::impl_space));
  static constexpr bool deepcopy = true;
};

namespace Experimental {
/// Instances of `space` for work that may run side by side, one per weight (Kokkos 4; the weights
/// only count the instances). A space without instances of its own gives copies of `space`; the
/// CUDA build's Cuda gives instances on new streams (hpar/rt/cuda/spaces.hpp).
template <class ExecSpace, class... Weights>
std::vector<ExecSpace> partition_space(const ExecSpace& space, Weights...) {
  static_assert(is_execution_space<ExecSpace>::value,
                "Kokkos::Experimental::partition_space: the first argument is an execution space");
  static_assert((std::is_arithmetic<Weights>::value && ...),
                "Kokkos::Experimental::partition_space: weights must be integers or floats");
  return std::vector<ExecSpace>(sizeof...(Weights), space);
}

template <class ExecSpace, class T>
std::vector<ExecSpace> partition_space(const ExecSpace& space, const std::vector<T>& weights) {
  static_assert(is_execution_space<ExecSpace>::value,
                "Kokkos::Experimental::partition_space: the first argument is an execution space");
  static_assert(std::is_arithmetic<T>::value,
                "Kokkos::Experimental::partition_space: weights must be integers or floats");
  return std::vector<ExecSpace>(weights.size(), space);
}
}  // namespace Experimental

}  // namespace hpar
