// hpar: Kokkos::OpenMP, the host-parallel execution space of the CUDA and OpenMP builds.
//
// impl::OpenMPSpaceBase<Space> is what every Kokkos::OpenMP of hpar has: its types, name, thread
// pool queries (OpenMP's: omp_get_max_threads() threads, or inside a region the threads running
// it) and Kokkos' parallel defaults (impl_is_host_parallel). Its backend's spaces part includes
// this file (hpar/rt/cuda/spaces.hpp, hpar/rt/openmp/spaces.hpp); the backend's configuration
// makes the space DefaultHostExecutionSpace and HostSpace's execution space
// (HPAR_IMPL_BACKEND_HOST_SPACE).
//
// In the builds for a device, where the translator leaves host dispatches to the header, this file
// declares Kokkos::OpenMP itself: the header runs its dispatches on every OpenMP thread
// (impl/host_threads.hpp), as Kokkos with OpenMP enabled beside a device backend runs them. A
// backend whose kernels run it instead declares it (the OpenMP build for the host, which defines
// HPAR_IMPL_BACKEND_TRANSLATES_HOST_SPACE: hpar/rt/openmp/spaces.hpp).
// Its declaration is the same in every pass of a compile (nvcc's host and device passes, the
// translator's parse); only the bodies of its host functions depend on an OpenMP compile
// (_OPENMP; without one it has one thread).
#pragma once

#include <string>

#include "host_parallel.hpp"

namespace hpar {

namespace impl {
/// See the top of this file. Space: the Kokkos::OpenMP that derives from it.
template <class Space>
struct OpenMPSpaceBase : ExecutionSpaceBase<Space> {
  using execution_space = Space;
  using scratch_memory_space = ScratchMemorySpace<Space>;
  using memory_space = HostSpace;
  using array_layout = LayoutRight;
  using device_type = Device<Space, HostSpace>;
  static constexpr const char* name() { return "OpenMP"; }
  /// Kokkos runs this space on many host threads, so its defaults are those of a parallel host
  /// space (ScatterView duplicates by default; include/hpar/scatter_view.hpp).
  static constexpr bool impl_is_host_parallel = true;
  static bool in_parallel() { return header_threads_in_parallel(); }
  /// Kokkos' pool: the threads a dispatch starts (inside a region, the threads running it).
  static int impl_thread_pool_size() {
#if defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
    if (omp_in_parallel()) return omp_get_num_threads();
#endif
    return header_threads_max();
  }
  static int impl_thread_pool_size(int depth) { return depth < 2 ? impl_thread_pool_size() : 1; }
  static int impl_thread_pool_rank() { return impl_hardware_thread_id(); }
  static int impl_max_hardware_threads() { return header_threads_max(); }
  static int impl_hardware_thread_id() {
#if defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
    return omp_get_thread_num();
#else
    return 0;
#endif
  }
  void fence() const {}
  void fence(const std::string&) const {}
};
}  // namespace impl

#if !defined(HPAR_IMPL_BACKEND_TRANSLATES_HOST_SPACE)
/// Kokkos::OpenMP run in the header on every OpenMP thread (see the top of this file).
struct HPAR_ANNOTATE("hpar::space::host") OpenMP : impl::OpenMPSpaceBase<OpenMP> {
  /// The header runs its dispatches on every OpenMP thread (impl/host_threads.hpp).
  static constexpr bool impl_header_threads = true;
  static int concurrency() { return impl::header_threads_max(); }
};
#endif

}  // namespace hpar
