// hpar: backend selection and the macros every other header uses.
//
// Exactly one of two kinds of build is chosen here (docs/design.md sections 2 and 4):
//   - serial: no backend is named;
//   - a backend's: HPAR_BACKEND_CONFIG names the backend's configuration header,
//     <hpar/rt/NAME/config.hpp> (the backend runtime's one header names it, so do
//     hpar_add_executable and hpar-translate --backend=NAME), which defines the backend's macros
//     and names its parts of the API header (HPAR_IMPL_BACKEND_SPACES, HPAR_IMPL_BACKEND_MEMORY,
//     HPAR_IMPL_BACKEND_ATOMICS, ...; where it names none, the host's in impl/*_host.hpp serve).
// While hpar-translate parses (__HPAR_TRANSLATING__), a backend's build has its spaces as types of
// their own but serial semantics: HPAR_IMPL_DEVICE stays unset. No header of the API names a
// backend or a device compiler: what differs per backend (and per pass of its compiler) is in its
// configuration header and its parts.
#pragma once

#if defined(HPAR_BACKEND_CONFIG)
#include HPAR_BACKEND_CONFIG
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

// What a backend's configuration may set, with the defaults of a host build (a configuration
// may set them for some passes of its compiler only: a device pass, the host pass):
//   HPAR_IMPL_VECTOR_LENGTH_MAX  the most vector lanes a team member has
//   HPAR_IMPL_NO_STDERR          code reachable from a kernel may not name stderr: it reports with
//                                printf and stops with HPAR_IMPL_ERROR_EXIT()
//   HPAR_IMPL_ERROR_EXIT()       how such code stops the program (default: fflush(nullptr), then
//                                abort(); a device pass traps)
//   HPAR_IMPL_ON_HOST()          whether the code runs on the host (where View counts live)
//   HPAR_IMPL_THREAD_HINT()      the calling thread's number in a kernel (impl/thread_slots.hpp)
//   HPAR_IMPL_NO_LONG_DOUBLE     the compile has no long double (reducers' identities)
//   HPAR_IMPL_HOST_CHECKS_VIEW_ACCESS  host code of this compile cannot dereference device
//                                memory: a View's element access checks its space
//   HPAR_IMPL_DEVICE_CODE_BEGIN / END  around the device-usable parts of the header (below)
//   HPAR_HD and the function and lambda markers, HPAR_IMPL_DEVICE_CONSTANT (below, math.hpp)
#if !defined(HPAR_IMPL_VECTOR_LENGTH_MAX)
#define HPAR_IMPL_VECTOR_LENGTH_MAX 1
#endif
#if !defined(HPAR_IMPL_ERROR_EXIT)
#define HPAR_IMPL_ERROR_EXIT() (fflush(nullptr), ::abort())
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
// A backend whose compiler marks where functions run (CUDA: __host__ __device__) defines them in
// its configuration for its compiler's passes; otherwise they are these.
#if !defined(HPAR_HD)
#if defined(__HPAR_TRANSLATING__)
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
#endif

// ---- device code markers -------------------------------------------------------------------
// Device-usable parts of the header sit between these two markers (the OpenMP backend makes them
// declare-target code). Never put an #include of a standard header between them.
#if !defined(HPAR_IMPL_DEVICE_CODE_BEGIN)
#define HPAR_IMPL_DEVICE_CODE_BEGIN
#define HPAR_IMPL_DEVICE_CODE_END
#endif

