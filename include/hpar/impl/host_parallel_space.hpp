// hpar: Kokkos::OpenMP in the builds for a device (CUDA, OpenMP offload), where the translator
// leaves host dispatches to the header: a host-parallel space whose dispatches the header runs on
// every OpenMP thread (impl/host_threads.hpp), as Kokkos with OpenMP enabled beside a device
// backend runs them. Its backend's spaces part includes it (hpar/rt/cuda/spaces.hpp,
// hpar/rt/openmp/spaces.hpp); the backend's configuration makes it DefaultHostExecutionSpace and
// HostSpace's execution space (HPAR_IMPL_BACKEND_HOST_SPACE). The OpenMP build for the host
// declares its own Kokkos::OpenMP, whose dispatches are translated.
// Its declaration is the same in every pass of a compile (nvcc's host and device passes, the
// translator's parse); only the bodies of its host functions depend on an OpenMP compile
// (_OPENMP; without one it has one thread).
#pragma once

#include "host_thread_count.hpp"

namespace hpar {

struct HPAR_ANNOTATE("hpar::space::host") OpenMP : impl::ExecutionSpaceBase<OpenMP> {
  using execution_space = OpenMP;
  using scratch_memory_space = ScratchMemorySpace<OpenMP>;
  using memory_space = HostSpace;
  using array_layout = LayoutRight;
  using device_type = Device<OpenMP, HostSpace>;
  static constexpr const char* name() { return "OpenMP"; }
  /// The header runs its dispatches on every OpenMP thread (impl/host_threads.hpp).
  static constexpr bool impl_header_threads = true;
  /// Kokkos runs this space on many host threads, so its defaults are those of a parallel host
  /// space (ScatterView duplicates by default; include/hpar/scatter_view.hpp).
  static constexpr bool impl_is_host_parallel = true;
  static int concurrency() { return impl::header_threads_max(); }
  static bool in_parallel() {
#if defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
    return omp_in_parallel() != 0;
#else
    return false;
#endif
  }
  /// Kokkos' pool: the threads a dispatch starts (inside a region, the threads running it).
  static int impl_thread_pool_size() {
#if defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
    if (omp_in_parallel()) return omp_get_num_threads();
#endif
    return impl::header_threads_max();
  }
  static int impl_thread_pool_size(int depth) { return depth < 2 ? impl_thread_pool_size() : 1; }
  static int impl_thread_pool_rank() { return impl_hardware_thread_id(); }
  static int impl_max_hardware_threads() { return impl::header_threads_max(); }
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

}  // namespace hpar
