// hpar: backend selection and the macros every other header uses.
//
// Exactly one of three builds is chosen here (docs/design.md sections 2 and 4):
//   - serial (no backend macro, or while hpar-translate parses: __HPAR_TRANSLATING__),
//   - HPAR_BACKEND_CUDA: the device memory space is CUDA global memory,
//   - HPAR_BACKEND_OPENMP: the device memory space is OpenMP device memory.
// The rest of the header tests only HPAR_IMPL_DEVICE_CUDA / HPAR_IMPL_DEVICE_OPENMP, so that a
// translation run sees serial semantics even when the compile command names a backend.
#pragma once

#if defined(HPAR_BACKEND_CUDA) && defined(HPAR_BACKEND_OPENMP)
#error "hpar: HPAR_BACKEND_CUDA and HPAR_BACKEND_OPENMP are mutually exclusive"
#endif

// The backend a build is for: HPAR_IMPL_TARGET_CUDA or HPAR_IMPL_TARGET_OPENMP (neither: the
// serial build). hpar-translate passes __HPAR_TARGET_CUDA__ or __HPAR_TARGET_OPENMP__ for its
// --backend, so that while it parses, the backend's spaces exist as types of their own and the
// KOKKOS_ENABLE_* macros say what the build of the output will say.
#if defined(__HPAR_TRANSLATING__) && defined(__HPAR_TARGET_CUDA__)
#define HPAR_IMPL_TARGET_CUDA 1
#elif defined(__HPAR_TRANSLATING__) && defined(__HPAR_TARGET_OPENMP__)
#define HPAR_IMPL_TARGET_OPENMP 1
#elif defined(HPAR_BACKEND_CUDA)
#define HPAR_IMPL_TARGET_CUDA 1
#elif defined(HPAR_BACKEND_OPENMP)
#define HPAR_IMPL_TARGET_OPENMP 1
#endif

#if !defined(__HPAR_TRANSLATING__)
#if defined(HPAR_BACKEND_CUDA)
#define HPAR_IMPL_DEVICE_CUDA 1
#elif defined(HPAR_BACKEND_OPENMP)
#if !defined(_OPENMP)
#error "hpar: HPAR_BACKEND_OPENMP needs an OpenMP compile (-fopenmp)"
#endif
#define HPAR_IMPL_DEVICE_OPENMP 1
#endif
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

// ---- OpenMP device code ----------------------------------------------------------------------
// Device-usable parts of the header sit between these two markers. Never put an #include of a
// standard header between them.
#if defined(HPAR_IMPL_DEVICE_OPENMP)
#define HPAR_IMPL_DEVICE_CODE_BEGIN _Pragma("omp declare target")
#define HPAR_IMPL_DEVICE_CODE_END _Pragma("omp end declare target")
#else
#define HPAR_IMPL_DEVICE_CODE_BEGIN
#define HPAR_IMPL_DEVICE_CODE_END
#endif

// True while compiling code that runs only on a CUDA device (false in every host pass).
#if defined(__CUDA_ARCH__)
#define HPAR_IMPL_CUDA_DEVICE_PASS 1
#endif
