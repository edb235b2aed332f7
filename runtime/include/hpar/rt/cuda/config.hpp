// hpar, CUDA backend: the API header's configuration for this backend (docs/design.md section 2).
//
// Included first by include/hpar/macros.hpp when HPAR_BACKEND_CONFIG names it: by hpar/rt/cuda.cuh
// (the one header a translated .cu file includes), by hpar_add_executable for every source of a
// CUDA target, and by hpar-translate --backend=cuda while it parses (with __HPAR_TRANSLATING__:
// then the CUDA spaces exist as types with serial bodies, and no CUDA header is read).
// Macros only: the backend's spaces, memory and primitives follow from the headers it names.
#pragma once

/// Defined in the CUDA build (and its translation), for programs that test their build.
#define HPAR_BACKEND_CUDA 1

// The backend's parts of the API header: its spaces (included by hpar/spaces.hpp) and its
// device memory (included by hpar/memory.hpp).
#define HPAR_IMPL_BACKEND_SPACES <hpar/rt/cuda/spaces.hpp>
#define HPAR_IMPL_BACKEND_MEMORY <hpar/rt/cuda/memory.hpp>
// The loops of hpar's own library code (include/hpar/impl/library_for.hpp) and its sort
// (include/hpar/sort.hpp).
#define HPAR_IMPL_BACKEND_LIBRARY_FOR <hpar/rt/cuda/library_for.cuh>
#define HPAR_IMPL_BACKEND_SORT <hpar/rt/cuda/sort.cuh>
// What CUDA's device pass has instructions and a library for: atomics (include/hpar/atomics.hpp),
// locks, fences and loads (include/hpar/impl/primitives.hpp), math and bit counts
// (include/hpar/impl/intrinsics.hpp). Each part has the host's for the host pass.
#define HPAR_IMPL_BACKEND_ATOMICS <hpar/rt/cuda/atomics.cuh>
#define HPAR_IMPL_BACKEND_PRIMITIVES <hpar/rt/cuda/primitives.cuh>
#define HPAR_IMPL_BACKEND_INTRINSICS <hpar/rt/cuda/intrinsics.cuh>

// HPAR_IMPL_CUDA_DEVICE: the device pass of a CUDA compile (nvcc, or clang in CUDA mode), where
// CUDA's built-in variables and intrinsics exist. Not __CUDA_ARCH__ alone: clang defines it in the
// device pass of OpenMP offload to NVIDIA GPUs too, which has neither.
#if defined(__CUDA_ARCH__) && (defined(__CUDACC__) || defined(__CUDA__))
#define HPAR_IMPL_CUDA_DEVICE 1
#endif

// The function and lambda markers of a CUDA compile (include/hpar/macros.hpp has the others'),
// and a constant usable in device code, also by reference (include/hpar/math.hpp): nvcc rejects
// an odr-use of a host constexpr variable in device code, so the constants are __device__
// variables, whose values host code may still read; nvcc's whole-program mode wants such a
// variable to have internal linkage, hence `static`.
#if defined(__CUDACC__)
#define HPAR_HD __host__ __device__
#define HPAR_INLINE_FUNCTION __host__ __device__ inline
#define HPAR_FORCEINLINE_FUNCTION __host__ __device__ __forceinline__
#define HPAR_FUNCTION __host__ __device__
#define HPAR_LAMBDA [=] __host__ __device__
#define HPAR_CLASS_LAMBDA [ =, *this ] __host__ __device__
#define HPAR_IMPL_DEVICE_CONSTANT static __device__ constexpr
#endif

// What a Kokkos program tests (the same in the translator's parse and in the build of its output).
#define KOKKOS_ENABLE_CUDA 1
#define KOKKOS_ENABLE_CUDA_LAMBDA 1
#define KOKKOS_ENABLE_CUDA_UVM_SPACE 1
#define KOKKOS_HAS_SHARED_SPACE 1
#define KOKKOS_HAS_SHARED_HOST_PINNED_SPACE 1
/// Kokkos::OpenMP, as in Kokkos built with CUDA and OpenMP: DefaultHostExecutionSpace and
/// HostSpace's execution space, whose dispatches the header runs on every OpenMP thread
/// (include/hpar/impl/host_parallel_space.hpp; the build compiles its host code with -fopenmp,
/// rewriter/emit/Builds.def). Declared the same in every pass; <omp.h> as Kokkos' headers
/// include it, for programs that call omp_get_thread_num().
#define KOKKOS_ENABLE_OPENMP 1
#define HPAR_IMPL_BACKEND_HOST_SPACE OpenMP
#include <omp.h>

#if !defined(__HPAR_TRANSLATING__)
#include <cuda_runtime.h>
/// Kernels run on the GPU, with memory of its own.
#define HPAR_IMPL_DEVICE 1
/// The most vector lanes a team member has (a warp); a vector length resolves to the largest power
/// of two not above the request and this.
#define HPAR_IMPL_VECTOR_LENGTH_MAX 32
#if defined(HPAR_IMPL_CUDA_DEVICE)
/// Device code reports with printf and traps.
#define HPAR_IMPL_NO_STDERR 1
#define HPAR_IMPL_ERROR_EXIT() __trap()
/// Device code never runs on the host: kernels leave View reference counts alone.
#define HPAR_IMPL_ON_HOST() false
/// The calling thread's global index (include/hpar/impl/thread_slots.hpp; cuda/primitives.cuh).
#define HPAR_IMPL_THREAD_HINT() ::hpar::impl::cuda_global_thread_index()
/// The device has no long double.
#define HPAR_IMPL_NO_LONG_DOUBLE 1
#elif defined(__CUDACC__)
/// The host pass of nvcc: host code cannot dereference device memory, so a View's element access
/// in it checks the View's space (include/hpar/view.hpp). A host compiler's compile of a CUDA
/// build's file does not check.
#define HPAR_IMPL_HOST_CHECKS_VIEW_ACCESS 1
#endif
#endif
