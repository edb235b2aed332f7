// hpar: raw allocation and copies per memory space (docs/design.md section 6).
//
//   allocate(space, bytes, label) -> never null (a zero-byte request gets a minimal block);
//                                    failure prints the label and ends the program
//   deallocate(space, p)          -> p may be null
//   copy_bytes(dst, dst_space, src, src_space, bytes)  synchronous
//   zero_bytes(space, p, bytes)   -> fills with zero bytes, synchronous
// Large host fills and copies run on every OpenMP thread in a compile with OpenMP (host_pieces).
//
// Host memory is 64-byte aligned operator new in every build. Device memory:
//   serial: the same as host memory;
//   a backend's: its memory part (HPAR_IMPL_BACKEND_MEMORY), e.g. hpar/rt/cuda/memory.hpp
//   (cudaMalloc, cudaMemcpy, ...) and hpar/rt/openmp/memory.hpp (omp_target_alloc on omp_device()).
// These functions are host-only.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "impl/host_parallel.hpp"
#include "spaces.hpp"

namespace hpar {
namespace impl {

constexpr size_t host_alignment = 64;

[[noreturn]] inline void allocation_failed(const char* label, size_t bytes, const char* why) {
  std::fprintf(stderr, "hpar: error: allocation of %zu bytes for \"%s\" failed: %s\n", bytes,
               label ? label : "", why);
  std::fflush(stderr);
  std::abort();
}

inline void* host_allocate(size_t bytes, const char* label) {
  void* p = ::operator new(bytes == 0 ? 1 : bytes, std::align_val_t(host_alignment), std::nothrow);
  if (!p) allocation_failed(label, bytes, "out of host memory");
  return p;
}

inline void host_deallocate(void* p) {
  if (p) ::operator delete(p, std::align_val_t(host_alignment));
}

/// Bytes from which a compile with OpenMP fills or copies host memory on every thread.
constexpr size_t host_parallel_bytes = size_t(1) << 22;

/// Calls piece(offset, size) for consecutive pieces of [0, count) (bytes, or elements of
/// `unit` bytes): in a compile with OpenMP, for a large block (host_parallel_bytes) outside a
/// parallel region, one contiguous piece per OpenMP thread (their pages are
/// then where the threads that use them first touched them, as Kokkos' initialisation and
/// deep_copy on its host-parallel space place them; a kernel's static blocks over the same
/// elements are the same pieces); else one piece on the calling thread.
template <class Piece>
void host_pieces(size_t count, const Piece& piece, size_t unit = 1) {
  const int threads = header_dispatch_threads();
  if (count >= host_parallel_bytes / unit && threads > 1)
    for_blocks(int64_t(count), threads,
               [&](int, int64_t first, int64_t last) { piece(size_t(first), size_t(last - first)); });
  else
    piece(size_t(0), count);
}

/// Fills host memory with zero bytes (host_pieces).
inline void host_zero(void* p, size_t bytes) {
  host_pieces(bytes, [&](size_t offset, size_t size) { std::memset(static_cast<char*>(p) + offset, 0, size); });
}

/// Copies host memory; the blocks may overlap (host_pieces when they do not).
inline void host_copy(void* dst, const void* src, size_t bytes) {
  const char* from = static_cast<const char*>(src);
  char* to = static_cast<char*>(dst);
  if (to < from + bytes && from < to + bytes) {
    std::memmove(dst, src, bytes);
    return;
  }
  host_pieces(bytes, [&](size_t offset, size_t size) { std::memcpy(to + offset, from + offset, size); });
}

}  // namespace impl
}  // namespace hpar

// Device memory. A backend's memory part (HPAR_IMPL_BACKEND_MEMORY) defines, in hpar::impl,
//   device_allocate(space, bytes, label), device_deallocate(space, p)   every space but host
//   device_copy(dst, dst_space, src, src_space, bytes)   a copy of bytes > 0 between distinct
//                                                        places, one of them not host memory
//   device_zero(p, bytes), device_fence()
//   device_count()       the devices the backend sees (0 without one), -1 in a build for the host
//   device_select(id)    runs everything after it on device `id` (initialize(): core.hpp)
//   device_in_use()      the device it runs on, -1 in a build for the host
// with the promises above. The serial build (and a translation's parse) has the host's.
#if defined(HPAR_IMPL_DEVICE)
#include HPAR_IMPL_BACKEND_MEMORY
#else
namespace hpar {
namespace impl {
inline void* device_allocate(Space, size_t bytes, const char* label) {
  return host_allocate(bytes, label);
}
inline void device_deallocate(Space, void* p) { host_deallocate(p); }
inline void device_copy(void* dst, Space, const void* src, Space, size_t bytes) {
  std::memmove(dst, src, bytes);
}
inline void device_zero(void* p, size_t bytes) { std::memset(p, 0, bytes); }
inline void device_fence() {}
inline int device_count() { return -1; }
inline void device_select(int) {}
inline int device_in_use() { return -1; }
}  // namespace impl
}  // namespace hpar
#endif

namespace hpar {
namespace impl {

inline void copy_bytes(void* dst, Space dst_space, const void* src, Space src_space, size_t bytes) {
  if (bytes == 0 || dst == src) return;
  if (dst_space == Space::host && src_space == Space::host)
    host_copy(dst, src, bytes);  // (overlap allowed, as the serial build always allowed it)
  else
    device_copy(dst, dst_space, src, src_space, bytes);
}

inline void* allocate(Space s, size_t bytes, const char* label) {
  return s == Space::host ? host_allocate(bytes, label) : device_allocate(s, bytes, label);
}

inline void deallocate(Space s, void* p) {
  if (s == Space::host) return host_deallocate(p);
  device_deallocate(s, p);
}

inline void zero_bytes(Space s, void* p, size_t bytes) {
  if (bytes == 0) return;
  if (s == Space::host)
    host_zero(p, bytes);
  else
    device_zero(p, bytes);
}

template <class SpaceType, Space Where>
void* MemorySpaceBase<SpaceType, Where>::allocate(size_t bytes) const {
  return impl::allocate(Where, bytes, SpaceType::name());
}
template <class SpaceType, Space Where>
void* MemorySpaceBase<SpaceType, Where>::allocate(const char* label, size_t bytes, size_t) const {
  return impl::allocate(Where, bytes, label);
}
template <class SpaceType, Space Where>
void MemorySpaceBase<SpaceType, Where>::deallocate(void* p, size_t) const {
  impl::deallocate(Where, p);
}
template <class SpaceType, Space Where>
void MemorySpaceBase<SpaceType, Where>::deallocate(const char*, void* p, size_t, size_t) const {
  impl::deallocate(Where, p);
}

}  // namespace impl
}  // namespace hpar
