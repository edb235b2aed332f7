// hpar: backend selection and the macros every other header uses.
//
// Exactly one of two kinds of build is chosen here (docs/design.md sections 2 and 4):
//   - serial: no backend is named;
//   - a backend's: HPAR_BACKEND_CONFIG names the backend's configuration header,
//     <hpar/rt/NAME/config.hpp> (the backend runtime's one header names it, so do
//     hpar_add_executable and hpar-translate --backend=NAME), which defines the backend's macros
//     and names its parts of the API header (HPAR_IMPL_BACKEND_SPACES, HPAR_IMPL_BACKEND_MEMORY).
// While hpar-translate parses (__HPAR_TRANSLATING__), a backend's build has its spaces as types of
// their own but serial semantics: HPAR_IMPL_DEVICE stays unset. No header of the API names a
// backend: what differs per backend is in its configuration header and its two parts.
#pragma once

#if defined(HPAR_BACKEND_CONFIG)
#include HPAR_BACKEND_CONFIG
#endif

// HPAR_IMPL_CUDA_DEVICE: the device pass of a CUDA compile (nvcc, or clang in CUDA mode), where
// CUDA's built-in variables and intrinsics exist. Not __CUDA_ARCH__ alone: clang defines it in the
// device pass of OpenMP offload to NVIDIA GPUs too, which has neither.
#if defined(__CUDA_ARCH__) && (defined(__CUDACC__) || defined(__CUDA__))
#define HPAR_IMPL_CUDA_DEVICE 1
#endif

// HPAR_IMPL_TARGET: the build is a backend's (also while translating for it): its device and
// execution spaces exist. HPAR_IMPL_DEVICE (set by the backend's configuration, never while
// translating): kernels run on the backend's device, with memory of its own.
#if defined(HPAR_BACKEND_CONFIG)
#define HPAR_IMPL_TARGET 1
#endif
#if defined(HPAR_IMPL_DEVICE) && defined(__HPAR_TRANSLATING__)
#error "hpar: a backend's configuration set HPAR_IMPL_DEVICE while translating"
#endif

// What a backend's configuration may set, with the defaults of a host build:
//   HPAR_IMPL_VECTOR_LENGTH_MAX  the most vector lanes a team member has
//   HPAR_IMPL_NO_STDERR          code reachable from a kernel may not name stderr
//   HPAR_IMPL_ON_HOST()          whether the code runs on the host (where View counts live)
//   HPAR_IMPL_DEVICE_CODE_BEGIN / END  around the device-usable parts of the header (below)
#if !defined(HPAR_IMPL_VECTOR_LENGTH_MAX)
#define HPAR_IMPL_VECTOR_LENGTH_MAX 1
#endif

// ---- annotations (design.md section 3) ---------------------------------------------------------
// The function macros use the GNU spelling of the same attribute: it produces the same
// AnnotateAttr, and unlike [[...]] it may follow other decl-specifiers, as in
// `static KOKKOS_INLINE_FUNCTION int f();`.
#if defined(__HPAR_TRANSLATING__)
#define HPAR_ANNOTATE(what) [[clang::annotate(what)]]
#define HPAR_IMPL_DEVICE_CALLABLE __attribute__((annotate("hpar::device_callable")))
#else
#define HPAR_ANNOTATE(what)
#define HPAR_IMPL_DEVICE_CALLABLE
#endif

// A name of the API that this build does not have (a space of another backend): any use is an
// error at the user's line that says why, with every compiler hpar supports.
#define HPAR_IMPL_UNAVAILABLE(why) __attribute__((unavailable(why)))

// ---- function and lambda markers (design.md section 4) ------------------------------------------
#if defined(__CUDACC__)
#define HPAR_HD __host__ __device__
#define HPAR_INLINE_FUNCTION __host__ __device__ inline
#define HPAR_FORCEINLINE_FUNCTION __host__ __device__ __forceinline__
#define HPAR_FUNCTION __host__ __device__
#define HPAR_LAMBDA [=] __host__ __device__
#define HPAR_CLASS_LAMBDA [ =, *this ] __host__ __device__
#elif defined(__HPAR_TRANSLATING__)
#define HPAR_HD
#define HPAR_INLINE_FUNCTION HPAR_IMPL_DEVICE_CALLABLE inline
#define HPAR_FORCEINLINE_FUNCTION HPAR_IMPL_DEVICE_CALLABLE inline
#define HPAR_FUNCTION HPAR_IMPL_DEVICE_CALLABLE
#define HPAR_LAMBDA [=]
#define HPAR_CLASS_LAMBDA [ =, *this ]
#else
#define HPAR_HD
#define HPAR_INLINE_FUNCTION inline
#define HPAR_FORCEINLINE_FUNCTION inline __attribute__((always_inline))
#define HPAR_FUNCTION
#define HPAR_LAMBDA [=]
#define HPAR_CLASS_LAMBDA [ =, *this ]
#endif

// ---- device code markers -------------------------------------------------------------------
// Device-usable parts of the header sit between these two markers (the OpenMP backend makes them
// declare-target code). Never put an #include of a standard header between them.
#if !defined(HPAR_IMPL_DEVICE_CODE_BEGIN)
#define HPAR_IMPL_DEVICE_CODE_BEGIN
#define HPAR_IMPL_DEVICE_CODE_END
#endif

