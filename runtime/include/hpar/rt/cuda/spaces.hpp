// hpar, CUDA backend: the CUDA build's spaces, the backend's part of include/hpar/spaces.hpp
// (named by HPAR_IMPL_BACKEND_SPACES in hpar/rt/cuda/config.hpp; docs/design.md section 2).
// While hpar-translate parses, they are types whose bodies never run: what matters then is that
// a policy over Cuda can be told from one over a host space, and that a program's instances on
// its own streams type-check (hpar/rt/cuda/parse_api.hpp declares cudaStream_t and the calls
// around it for that parse).
//
// Execution space instances (docs/design.md, "CUDA: execution space instances and streams"):
// a Cuda is a CUDA stream. Cuda() is the default instance, the legacy default stream (a null
// cudaStream_t); Cuda(stream) runs on the program's stream, which the program destroys;
// Cuda(stream, Impl::ManageStream::yes) and the instances of partition_space own their stream:
// host copies share it, and the last one waits for it and destroys it (as Kokkos' instances do,
// through a shared pointer). A copy made on the device, such as the policy a kernel receives,
// never touches the count. Every kernel of a dispatch over a policy runs on its instance's
// stream; fence() waits for that stream only, Kokkos::fence() for the whole device.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__HPAR_TRANSLATING__)
#include <hpar/rt/cuda/parse_api.hpp>
#endif
#include <hpar/impl/host_parallel_space.hpp>  // Kokkos::OpenMP

namespace hpar {

struct Cuda;
/// CUDA global memory: cudaMalloc / cudaFree / cudaMemcpy.
struct CudaSpace : impl::MemorySpaceBase<CudaSpace, impl::Space::device> {
  using memory_space = CudaSpace;
  using execution_space = Cuda;
  using device_type = Device<Cuda, CudaSpace>;
  /// Its dispatches are translated kernels (include/hpar/spaces.hpp, impl::on_device).
  static constexpr bool impl_on_device = true;
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
  using execution_space = DefaultHostExecutionSpace;
  using device_type = Device<DefaultHostExecutionSpace, CudaHostPinnedSpace>;
  static constexpr const char* name() { return "CudaHostPinned"; }
};

namespace Impl {
/// Whether an instance made from a stream destroys it when its last copy goes (Kokkos 4's
/// Kokkos::Impl::ManageStream).
enum class ManageStream : bool { no, yes };
}  // namespace Impl

namespace impl {

/// A stream that its instances destroy, and how many host copies of them there are.
struct CudaOwnedStream {
  cudaStream_t stream;
  long copies;
};

/// Called with a stream hpar is about to destroy, once the stream has finished: the CUDA runtime
/// frees the launch buffers it keeps for that stream (hpar/rt/cuda/buffer.cuh sets it; a program
/// none of whose files launches a kernel leaves it null).
inline void (*&cuda_stream_retiring())(cudaStream_t) {
  static void (*hook)(cudaStream_t) = nullptr;
  return hook;
}

[[noreturn]] inline void cuda_instance_failed(const char* what, cudaError_t err) {
  std::fprintf(stderr, "hpar: error: Kokkos::Cuda: %s: %s\n", what, cudaGetErrorString(err));
  std::fflush(stderr);
  std::abort();
}

/// Waits for an owned stream, lets the runtime free what it kept for it, and destroys it. Errors
/// are not reported here: a failed kernel is reported by the next fence or launch, and at exit
/// the CUDA runtime may already be gone.
inline void retire_owned_stream(CudaOwnedStream* owned) {
  (void)cudaStreamSynchronize(owned->stream);
  if (void (*retiring)(cudaStream_t) = cuda_stream_retiring()) retiring(owned->stream);
  (void)cudaStreamDestroy(owned->stream);
  delete owned;
}

}  // namespace impl

/// The CUDA device execution space; an instance is a stream (see the top of this file).
struct HPAR_ANNOTATE("hpar::space::device") Cuda : impl::ExecutionSpaceBase<Cuda> {
  using execution_space = Cuda;
  using size_type = unsigned int;  // as Kokkos' (CudaSpace::size_type): policies' default index
  using scratch_memory_space = ScratchMemorySpace<Cuda>;
#if defined(KOKKOS_ENABLE_CUDA_UVM)
  // Kokkos_ENABLE_CUDA_UVM: the device's Views are managed memory by default, which the host (and
  // an MPI library that is not CUDA-aware) can read and write, as with Kokkos.
  using memory_space = CudaUVMSpace;
  using device_type = Device<Cuda, CudaUVMSpace>;
#else
  using memory_space = CudaSpace;
  using device_type = Device<Cuda, CudaSpace>;
#endif
  using array_layout = LayoutLeft;
  /// Its dispatches are translated kernels (include/hpar/spaces.hpp, impl::on_device).
  static constexpr bool impl_on_device = true;
  static constexpr const char* name() { return "Cuda"; }
  static int concurrency() { return impl::backend_concurrency(); }

  /// The default instance: the legacy default stream.
  Cuda() = default;
  /// An instance on the program's stream; the program keeps it alive and destroys it.
  explicit Cuda(cudaStream_t stream) : Cuda(stream, Impl::ManageStream::no) {}
  /// With ManageStream::yes the last copy of the instance destroys the stream.
  Cuda(cudaStream_t stream, Impl::ManageStream manage) : m_stream(stream) {
    if (stream == nullptr) return;  // the default instance
    m_device = stream_device(stream);
    if (manage == Impl::ManageStream::yes) m_owned = new impl::CudaOwnedStream{stream, 1};
  }

  HPAR_HD Cuda(const Cuda& other)
      : m_stream(other.m_stream), m_device(other.m_device), m_owned(other.m_owned) {
    retain();
  }
  HPAR_HD Cuda& operator=(const Cuda& other) {
    other.retain();  // first, so that assigning an instance to itself keeps its stream
    release();
    m_stream = other.m_stream;
    m_device = other.m_device;
    m_owned = other.m_owned;
    return *this;
  }
  HPAR_HD ~Cuda() { release(); }

  /// The instance's stream (null for the default instance: the legacy default stream).
  cudaStream_t cuda_stream() const { return m_stream; }
  /// The device the instance's stream belongs to (the current device for the default instance).
  int cuda_device() const {
    if (m_device >= 0) return m_device;
    int device = 0;
    const cudaError_t err = cudaGetDevice(&device);
    if (err != cudaSuccess) impl::cuda_instance_failed("cuda_device", err);
    return device;
  }

  /// Waits for the work on this instance's stream (Kokkos::fence() waits for the whole device).
  void fence() const {
    const cudaError_t err = cudaStreamSynchronize(m_stream);
    if (err != cudaSuccess) impl::cuda_instance_failed("fence", err);
  }
  void fence(const std::string&) const { fence(); }

  /// Instances on the same stream are the same instance.
  bool operator==(const Cuda& other) const { return m_stream == other.m_stream; }
  bool operator!=(const Cuda& other) const { return m_stream != other.m_stream; }

  /// deep_copy(instance, ...) (deep_copy.hpp): copies `bytes` on the stream, returning before
  /// they arrive (cudaMemcpyAsync); both places must stay until the stream has passed the copy.
  void impl_copy_bytes_async(void* dst, impl::Space, const void* src, impl::Space,
                             size_t bytes) const {
    const cudaError_t err = cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, m_stream);
    if (err != cudaSuccess) impl::cuda_instance_failed("deep_copy: cudaMemcpyAsync", err);
  }
  /// deep_copy(instance, view, zero): zero bytes on the stream (cudaMemsetAsync).
  void impl_zero_bytes_async(void* p, size_t bytes) const {
    const cudaError_t err = cudaMemsetAsync(p, 0, bytes, m_stream);
    if (err != cudaSuccess) impl::cuda_instance_failed("deep_copy: cudaMemsetAsync", err);
  }

 private:
  cudaStream_t m_stream = nullptr;
  int m_device = -1;                       // -1: the current device (the default instance)
  impl::CudaOwnedStream* m_owned = nullptr;  // null unless the instance owns its stream

  /// The device of `stream` (cudaStreamGetDevice, CUDA 12.8); before that the current device.
  static int stream_device(cudaStream_t stream) {
    int device = 0;
#if defined(CUDART_VERSION) && CUDART_VERSION >= 12080
    const cudaError_t err = cudaStreamGetDevice(stream, &device);
#else
    (void)stream;
    const cudaError_t err = cudaGetDevice(&device);
#endif
    if (err != cudaSuccess) impl::cuda_instance_failed("the device of a stream", err);
    return device;
  }

  HPAR_HD void retain() const {
#if !defined(HPAR_IMPL_CUDA_DEVICE)
    if (m_owned) __atomic_add_fetch(&m_owned->copies, 1, __ATOMIC_RELAXED);
#endif
  }
  HPAR_HD void release() {
#if !defined(HPAR_IMPL_CUDA_DEVICE)
    if (m_owned && __atomic_sub_fetch(&m_owned->copies, 1, __ATOMIC_ACQ_REL) == 0)
      impl::retire_owned_stream(m_owned);
#endif
    m_owned = nullptr;
  }
};

namespace Experimental {

/// One instance per weight, each on a new stream of its own, which the instance's last copy
/// destroys (Kokkos' CUDA partition_space: the weights only count the instances). The streams
/// are created with cudaStreamCreate, so they wait for the legacy default stream, as Kokkos'
/// do for its default instance.
template <class... Weights>
std::vector<Cuda> partition_space(const Cuda&, Weights...) {
  static_assert((std::is_arithmetic<Weights>::value && ...),
                "Kokkos::Experimental::partition_space: weights must be integers or floats");
  std::vector<Cuda> instances;
  for (size_t k = 0; k < sizeof...(Weights); ++k) {
    cudaStream_t stream = nullptr;
    const cudaError_t err = cudaStreamCreate(&stream);
    if (err != cudaSuccess) impl::cuda_instance_failed("partition_space: cudaStreamCreate", err);
    instances.push_back(Cuda(stream, Impl::ManageStream::yes));
  }
  return instances;
}

template <class T>
std::vector<Cuda> partition_space(const Cuda& space, const std::vector<T>& weights) {
  static_assert(std::is_arithmetic<T>::value,
                "Kokkos::Experimental::partition_space: weights must be integers or floats");
  std::vector<Cuda> instances;
  for (size_t k = 0; k < weights.size(); ++k) instances.push_back(partition_space(space, 1)[0]);
  return instances;
}

}  // namespace Experimental

using DeviceSpace = Cuda::memory_space;
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
