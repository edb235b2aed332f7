// hpar, OpenMP 5 offload backend: the API header's configuration for this backend
// (docs/design.md section 2).
//
// Included first by include/hpar/macros.hpp when HPAR_BACKEND_CONFIG names it: by
// hpar/rt/openmp.hpp (the one header a translated file includes), by hpar_add_executable for
// every source of an OpenMP target, and by hpar-translate --backend=openmp while it parses (with
// __HPAR_TRANSLATING__: then the OpenMP spaces exist as types with serial bodies).
// Macros only: the backend's spaces, memory and primitives follow from the headers it names.
#pragma once

/// Defined in the OpenMP build (and its translation), for programs that test their build.
#define HPAR_BACKEND_OPENMP 1

// The backend's parts of the API header: its spaces (included by hpar/spaces.hpp) and its
// device memory (included by hpar/memory.hpp).
#define HPAR_IMPL_BACKEND_SPACES <hpar/rt/openmp/spaces.hpp>
#define HPAR_IMPL_BACKEND_MEMORY <hpar/rt/openmp/memory.hpp>
// The loops of hpar's own library code (include/hpar/impl/library_for.hpp). Its sort has no part
// here: include/hpar/sort.hpp sorts a copy on the host, as Kokkos does for OpenMPTarget.
#define HPAR_IMPL_BACKEND_LIBRARY_FOR <hpar/rt/openmp/library_for.hpp>
// The locks, fences and loads of an offload compile's device pass for an NVIDIA GPU
// (include/hpar/impl/primitives.hpp); the atomics and math of every pass are the host's.
#define HPAR_IMPL_BACKEND_PRIMITIVES <hpar/rt/openmp/primitives.hpp>

// What a Kokkos program tests (the same in the translator's parse and in the build of its output).
// An OpenMP build for the host (the default: the host fallback) is what Kokkos' OpenMP backend
// is to a program: KOKKOS_ENABLE_OPENMP alone, so that programs take the host paths they take
// with Kokkos on a CPU. A build that offloads to a device other than the host is translated with
// HPAR_OPENMP_OFFLOAD defined (hpar-c++ and hpar_add_executable define it when their OpenMP flags
// name such a device; the output's prologue repeats what the translation saw) and is Kokkos with
// OpenMPTarget as well. As in Kokkos with OpenMPTarget, there is no SharedSpace.
#define KOKKOS_ENABLE_OPENMP 1
#if defined(HPAR_OPENMP_OFFLOAD)
#define KOKKOS_ENABLE_OPENMPTARGET 1
#else
/// A build for the host: the generated regions are `parallel` regions without a target construct
/// (the emitter's openRegion), on the initial device, shaped by the OpenMP runtime's thread count.
#define HPAR_IMPL_OMP_HOST_ONLY 1
/// Its kernels run Kokkos::OpenMP, which its spaces part declares (hpar/rt/openmp/spaces.hpp),
/// not the header's (include/hpar/impl/host_parallel_space.hpp).
#define HPAR_IMPL_BACKEND_TRANSLATES_HOST_SPACE 1
/// Its team_size_max() is Kokkos' OpenMP backend's, and it runs larger teams too
/// (hpar/rt/openmp/team_limits.hpp, backend_team_size_runs).
#define HPAR_IMPL_BACKEND_TEAM_SIZE_RUNS 1
#endif
/// Kokkos::OpenMP runs its dispatches on every OpenMP thread (as translated kernels in a build
/// for the host, in the header in a build for a device: hpar/rt/openmp/spaces.hpp), and is
/// DefaultHostExecutionSpace and HostSpace's execution space, as in Kokkos with OpenMP enabled.
#define HPAR_IMPL_BACKEND_HOST_SPACE OpenMP
#include <omp.h>  // as Kokkos' headers do with OpenMP enabled: programs call omp_get_thread_num()

#if !defined(__HPAR_TRANSLATING__)
#if !defined(_OPENMP)
#error "hpar: the OpenMP backend needs an OpenMP compile (-fopenmp)"
#endif
/// Kernels run on the OpenMP device (or, without one, as host fallback), with memory of its own.
#define HPAR_IMPL_DEVICE 1
/// A vector length resolves to a power of two up to 32, as on CUDA, when the kernels run on an
/// NVIDIA GPU through clang (its lanes are OpenMP threads of their own); elsewhere to 1. Which
/// it is depends on the device found at run time (rt/openmp/team.hpp, backend_vector_length).
#define HPAR_IMPL_VECTOR_LENGTH_MAX 32
#define HPAR_IMPL_RUNTIME_VECTOR_LENGTH 1
// The device-usable parts of the API header are declare-target code.
#define HPAR_IMPL_DEVICE_CODE_BEGIN _Pragma("omp declare target")
#define HPAR_IMPL_DEVICE_CODE_END _Pragma("omp end declare target")
/// Code reachable from a target region may not name stderr: GCC compiles offloaded code from the
/// host's preprocessed source, and the device C library has no such symbol.
#define HPAR_IMPL_NO_STDERR 1
#if defined(__NVPTX__) || defined(__nvptx__) || defined(__AMDGPU__) || defined(__amdgcn__)
/// A device pass stops a failing kernel with a trap.
#define HPAR_IMPL_ERROR_EXIT() __builtin_trap()
#endif
/// Whether the code runs on the host (a target region may run on the device or as host fallback).
#define HPAR_IMPL_ON_HOST() omp_is_initial_device()
/// The calling thread's number among those running one target region (impl/thread_slots.hpp).
#define HPAR_IMPL_THREAD_HINT() \
  (size_t(omp_get_team_num()) * size_t(omp_get_num_threads()) + size_t(omp_get_thread_num()))
#endif
