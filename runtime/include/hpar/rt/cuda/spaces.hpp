// hpar, CUDA backend: the CUDA build's spaces, the backend's part of include/hpar/spaces.hpp
// (named by HPAR_IMPL_BACKEND_SPACES in hpar/rt/cuda/config.hpp; docs/design.md section 2).
// While hpar-translate parses, they are types with serial bodies: what matters then is that a
// policy over Cuda can be told from one over a host space.
#pragma once

namespace hpar {


struct Cuda;
/// CUDA global memory: cudaMalloc / cudaFree / cudaMemcpy.
struct CudaSpace : impl::MemorySpaceBase<CudaSpace, impl::Space::device> {
  using memory_space = CudaSpace;
  using execution_space = Cuda;
  using device_type = Device<Cuda, CudaSpace>;
  static constexpr const char* name() { return "Cuda"; }
};

/// CUDA managed memory (cudaMallocManaged): the host and the GPU both dereference it.
struct CudaUVMSpace : impl::MemorySpaceBase<CudaUVMSpace, impl::Space::managed> {
  using memory_space = CudaUVMSpace;
  using execution_space = Cuda;
  using device_type = Device<Cuda, CudaUVMSpace>;
  static constexpr const char* name() { return "CudaUVM"; }
};

/// Page-locked host memory (cudaMallocHost): the host and the GPU both dereference it.
struct CudaHostPinnedSpace : impl::MemorySpaceBase<CudaHostPinnedSpace, impl::Space::pinned> {
  using memory_space = CudaHostPinnedSpace;
  using execution_space = Serial;
  using device_type = Device<Serial, CudaHostPinnedSpace>;
  static constexpr const char* name() { return "CudaHostPinned"; }
};

/// The CUDA device execution space.
struct HPAR_ANNOTATE("hpar::space::device") Cuda : impl::ExecutionSpaceBase<Cuda> {
  using execution_space = Cuda;
  using scratch_memory_space = ScratchMemorySpace<Cuda>;
  using memory_space = CudaSpace;
  using array_layout = LayoutLeft;
  using device_type = Device<Cuda, CudaSpace>;
  static constexpr const char* name() { return "Cuda"; }
  static int concurrency() { return impl::backend_concurrency(); }
#if defined(HPAR_IMPL_DEVICE)
  void fence() const { cudaDeviceSynchronize(); }
  void fence(const std::string&) const { cudaDeviceSynchronize(); }
#else
  void fence() const {}
  void fence(const std::string&) const {}
#endif
};

using DeviceSpace = CudaSpace;
using DefaultExecutionSpace = Cuda;
using SharedSpace = CudaUVMSpace;
using SharedHostPinnedSpace = CudaHostPinnedSpace;

namespace rt { namespace cuda { class TeamMember; } }
namespace impl {
/// The team member of the build's team kernels (hpar/rt/cuda/team.cuh): the member type of a
/// TeamPolicy over the device (team.hpp).
using DeviceTeamMember = rt::cuda::TeamMember;
}  // namespace impl

}  // namespace hpar
