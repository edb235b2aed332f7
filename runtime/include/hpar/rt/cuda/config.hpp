// hpar, CUDA backend: the API header's configuration for this backend (docs/design.md section 2).
//
// Included first by include/hpar/macros.hpp when HPAR_BACKEND_CONFIG names it: by hpar/rt/cuda.cuh
// (the one header a translated .cu file includes), by hpar_add_executable for every source of a
// CUDA target, and by hpar-translate --backend=cuda while it parses (with __HPAR_TRANSLATING__:
// then the CUDA spaces exist as types with serial bodies, and no CUDA header is read).
// Macros only: the backend's spaces and memory follow from the two headers it names.
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

// What a Kokkos program tests (the same in the translator's parse and in the build of its output).
#define KOKKOS_ENABLE_CUDA 1
#define KOKKOS_ENABLE_CUDA_LAMBDA 1
#define KOKKOS_ENABLE_CUDA_UVM_SPACE 1
#define KOKKOS_HAS_SHARED_SPACE 1
#define KOKKOS_HAS_SHARED_HOST_PINNED_SPACE 1

#if !defined(__HPAR_TRANSLATING__)
#include <cuda_runtime.h>
/// Kernels run on the GPU, with memory of its own.
#define HPAR_IMPL_DEVICE 1
/// The most vector lanes a team member has (a warp); a vector length resolves to the largest power
/// of two not above the request and this.
#define HPAR_IMPL_VECTOR_LENGTH_MAX 32
#endif
