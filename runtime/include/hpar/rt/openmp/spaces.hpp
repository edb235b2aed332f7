// hpar, OpenMP 5 offload backend: the OpenMP build's spaces, the backend's part of
// include/hpar/spaces.hpp (named by HPAR_IMPL_BACKEND_SPACES in hpar/rt/openmp/config.hpp;
// docs/design.md section 2). While hpar-translate parses, they are types with serial bodies:
// what matters then is that a policy over OpenMPTarget can be told from one over a host space.
#pragma once

// Kokkos::OpenMP: its base, and in a build for a device the space itself.
#include <hpar/impl/host_parallel_space.hpp>

namespace hpar {


struct OpenMPTarget;
/// OpenMP device memory: omp_target_alloc on hpar::impl::omp_device().
struct OpenMPTargetSpace : impl::MemorySpaceBase<OpenMPTargetSpace, impl::Space::device> {
  using memory_space = OpenMPTargetSpace;
  using execution_space = OpenMPTarget;
  using device_type = Device<OpenMPTarget, OpenMPTargetSpace>;
  static constexpr const char* name() { return "OpenMPTargetSpace"; }
};

/// The OpenMP offload execution space (its regions are synchronous, so fence does nothing): its
/// kernels are translated, and run on the OpenMP device, or in a build for the host as parallel
/// regions of the OpenMP runtime's threads (docs/design.md section 7, "OpenMP for the host"). An OpenMP build for a device (HPAR_OPENMP_OFFLOAD; hpar/rt/openmp/config.hpp) keeps
/// its data in OpenMPTargetSpace, LayoutLeft, as Kokkos with OpenMPTarget does. A build for the
/// host is Kokkos' OpenMP configuration to the program: its default space keeps its data in
/// HostSpace, LayoutRight, as Kokkos::OpenMP's does (a program built without a GPU may take
/// DefaultExecutionSpace::memory_space to be HostSpace, as ExaMiniMD does).
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
// Its kernels run on the host's threads: a dispatch over it inside a host kernel is legal, as over
// Kokkos' OpenMP (rewriter/analysis/DispatchFinder.cpp).
#define HPAR_IMPL_OMP_TARGET_SPACE "hpar::space::device_on_host"
#else
#define HPAR_IMPL_OMP_TARGET_SPACE "hpar::space::device"
#endif
struct HPAR_ANNOTATE(HPAR_IMPL_OMP_TARGET_SPACE) OpenMPTarget
    : impl::ExecutionSpaceBase<OpenMPTarget> {
  using execution_space = OpenMPTarget;
  using scratch_memory_space = ScratchMemorySpace<OpenMPTarget>;
#if defined(HPAR_OPENMP_OFFLOAD)
  using memory_space = OpenMPTargetSpace;
  using array_layout = LayoutLeft;
  using size_type = unsigned;  // Kokkos' OpenMPTargetSpace::size_type: policies' default index
#else
  using memory_space = HostSpace;
  using array_layout = LayoutRight;
#endif
  using device_type = Device<OpenMPTarget, memory_space>;
  /// Its dispatches are translated kernels (include/hpar/spaces.hpp, impl::on_device).
  static constexpr bool impl_on_device = true;
  static constexpr const char* name() { return "OpenMPTarget"; }
  static int concurrency() { return impl::backend_concurrency(); }
  void fence() const {}
  void fence(const std::string&) const {}
};
#undef HPAR_IMPL_OMP_TARGET_SPACE

#if defined(HPAR_IMPL_OMP_HOST_ONLY)
/// Kokkos' host-parallel execution space in a build for the host: what OpenMPTarget is there, and
/// DefaultHostExecutionSpace. Its dispatches are translated kernels, parallel regions of the
/// OpenMP runtime's threads with Kokkos' OpenMP team sizes, scratch and levels (docs/design.md
/// section 2, "Host execution spaces"). In a build for a device it is the header's
/// (include/hpar/impl/host_parallel_space.hpp, included above), which shares its base.
struct HPAR_ANNOTATE("hpar::space::host_threads") OpenMP : impl::OpenMPSpaceBase<OpenMP> {
  static constexpr bool impl_on_device = true;
  /// A range or MDRange dispatch written inside a host kernel is left to the header, which runs
  /// it on the calling thread (impl/host_threads.hpp), as Kokkos runs a nested dispatch.
  static constexpr bool impl_header_threads = true;
  static int concurrency() { return impl::backend_concurrency(); }
};
#endif

namespace Experimental {
using hpar::OpenMPTarget;
using hpar::OpenMPTargetSpace;
}  // namespace Experimental

using DeviceSpace = OpenMPTarget::memory_space;
using DefaultExecutionSpace = OpenMPTarget;

struct HPAR_IMPL_UNAVAILABLE("Kokkos::SharedSpace does not exist in an OpenMP build (as in Kokkos "
                             "with OpenMPTarget); guard its use with #ifdef KOKKOS_HAS_SHARED_SPACE")
    SharedSpace;
struct HPAR_IMPL_UNAVAILABLE("Kokkos::SharedHostPinnedSpace does not exist in an OpenMP build (as "
                             "in Kokkos with OpenMPTarget); guard its use with #ifdef "
                             "KOKKOS_HAS_SHARED_HOST_PINNED_SPACE") SharedHostPinnedSpace;

namespace rt { namespace omp { class TeamMember; } }
namespace impl {
/// The team member of the build's team kernels (hpar/rt/openmp/team.hpp): the member type of a
/// TeamPolicy over the device (team.hpp).
using DeviceTeamMember = rt::omp::TeamMember;
}  // namespace impl

}  // namespace hpar
