// hpar: printf for kernels, assertions, kokkos_swap, and raw allocations in a memory space
// (Kokkos_Printf.hpp, Kokkos_Assert.hpp, Kokkos_Swap.hpp, kokkos_malloc/kokkos_free/kokkos_realloc).
// abort(message) is in core.hpp.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <type_traits>

#include "core.hpp"
#include "macros.hpp"
#include "memory.hpp"
#include "spaces.hpp"

// ---- assertions ------------------------------------------------------------------------------------
//
// HPAR_ASSERT(condition): when the condition is false, ends the program (traps the kernel on a GPU)
// with a message naming the condition, the file and the line. Enabled as Kokkos enables
// KOKKOS_ASSERT: unless NDEBUG is defined, or when KOKKOS_ENABLE_DEBUG or KOKKOS_ENFORCE_CONTRACTS
// is defined; also by HPAR_ENABLE_DEBUG_BOUNDS_CHECK. Disabled, it does not evaluate the condition.
// It is an expression, so it also fits where a statement does.
#define HPAR_IMPL_STRINGIFY_TOKENS(...) #__VA_ARGS__
#define HPAR_IMPL_STRINGIFY(...) HPAR_IMPL_STRINGIFY_TOKENS(__VA_ARGS__)

#if !defined(NDEBUG) || defined(KOKKOS_ENABLE_DEBUG) || defined(KOKKOS_ENFORCE_CONTRACTS) || \
    defined(HPAR_ENABLE_DEBUG_BOUNDS_CHECK)
#define HPAR_ASSERT_ENABLED 1
#define HPAR_ASSERT(...)                                                             \
  (bool(__VA_ARGS__) ? (void)0                                                       \
                     : ::hpar::abort("assertion `" #__VA_ARGS__ "` failed at " __FILE__ \
                                     ":" HPAR_IMPL_STRINGIFY(__LINE__)))
#else
#define HPAR_ASSERT(...) ((void)0)
#endif

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

// ---- printf ----------------------------------------------------------------------------------------

/// std::printf that also works in kernels (CUDA device printf, the OpenMP device's printf). Returns
/// nothing, as in Kokkos, since the device versions do not return the count of characters.
/// Unqualified `printf(...)` after `using namespace Kokkos;` still compiles: with arguments this
/// template is the better match than C's variadic printf (and forwards to it), without arguments
/// C's printf is chosen.
template <class... Args>
HPAR_HD inline void printf(const char* format, Args... args) {
  if constexpr (sizeof...(Args) == 0)
    ::printf("%s", format);
  else
    ::printf(format, args...);
}

// ---- swap --------------------------------------------------------------------------------------------

/// Exchanges a and b (Kokkos' name: a `Kokkos::swap` would compete with std::swap under ADL).
template <class T>
HPAR_HD constexpr std::enable_if_t<std::is_move_constructible<T>::value &&
                                   std::is_move_assignable<T>::value>
kokkos_swap(T& a, T& b) noexcept(std::is_nothrow_move_constructible<T>::value &&
                                 std::is_nothrow_move_assignable<T>::value) {
  T t(static_cast<T&&>(a));
  a = static_cast<T&&>(b);
  b = static_cast<T&&>(t);
}

/// Exchanges two arrays element by element.
template <class T, size_t N>
HPAR_HD constexpr void kokkos_swap(T (&a)[N], T (&b)[N]) noexcept(noexcept(kokkos_swap(a[0], b[0]))) {
  for (size_t i = 0; i < N; ++i) kokkos_swap(a[i], b[i]);
}

namespace Experimental {
/// The name of kokkos_swap before Kokkos 4.3.
template <class T>
HPAR_HD constexpr auto swap(T& a, T& b) noexcept(noexcept(kokkos_swap(a, b)))
    -> decltype(kokkos_swap(a, b)) {
  kokkos_swap(a, b);
}
}  // namespace Experimental

HPAR_IMPL_DEVICE_CODE_END

// ---- raw allocations -------------------------------------------------------------------------------
//
// kokkos_malloc<Space>(label, bytes) returns memory of Space (a memory space, or an execution space
// for its memory space; default: the device memory space) that kernels or the host, as Space says,
// may use; kokkos_free<Space> and kokkos_realloc<Space> take the same Space. Each block starts with
// a header that records its size (written into the block, so into device memory for a device
// space), which kokkos_realloc reads to know how much to copy. Host functions only.

namespace impl {
/// Bytes in front of each kokkos_malloc block; a multiple of every alignment hpar allocates with,
/// so the pointer returned keeps the block's alignment.
constexpr size_t raw_header_bytes = 64;
}  // namespace impl

template <class Space = DefaultExecutionSpace::memory_space>
inline void* kokkos_malloc(const std::string& label, size_t bytes) {
  constexpr impl::Space space = Space::memory_space::impl_space;
  char* block =
      static_cast<char*>(impl::allocate(space, impl::raw_header_bytes + bytes, label.c_str()));
  impl::copy_bytes(block, space, &bytes, impl::Space::host, sizeof bytes);
  return block + impl::raw_header_bytes;
}

template <class Space = DefaultExecutionSpace::memory_space>
inline void* kokkos_malloc(size_t bytes) {
  return kokkos_malloc<Space>("no-label", bytes);
}

/// Frees a block of kokkos_malloc or kokkos_realloc; a null pointer does nothing.
template <class Space = DefaultExecutionSpace::memory_space>
inline void kokkos_free(void* p) {
  if (!p) return;
  impl::deallocate(Space::memory_space::impl_space,
                   static_cast<char*>(p) - impl::raw_header_bytes);
}

/// A block of `bytes` that starts with the old block's contents (as many bytes as both hold); the
/// old block is freed. A null pointer allocates.
template <class Space = DefaultExecutionSpace::memory_space>
inline void* kokkos_realloc(void* p, size_t bytes) {
  if (!p) return kokkos_malloc<Space>(bytes);
  constexpr impl::Space space = Space::memory_space::impl_space;
  size_t old_bytes = 0;
  impl::copy_bytes(&old_bytes, impl::Space::host, static_cast<char*>(p) - impl::raw_header_bytes,
                   space, sizeof old_bytes);
  void* q = kokkos_malloc<Space>("no-label", bytes);
  impl::copy_bytes(q, space, p, space, old_bytes < bytes ? old_bytes : bytes);
  kokkos_free<Space>(p);
  return q;
}

}  // namespace hpar
