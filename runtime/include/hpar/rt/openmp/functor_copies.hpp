// hpar runtime, OpenMP backend: how a region's threads read the kernel's functor and spec. With
// clang on a GPU the functor is copied into the GPU's constant memory for its launch
// (ConstantFunctor, HPAR_OMP_MAP_CONSTANT_FUNCTOR), where its Views' pointers and extents are read
// from the constant bank as a CUDA kernel's parameters are; elsewhere, and for a spec, each thread
// reads its own copy of the bytes the region received (ThreadFunctor), or the bytes themselves
// when the object is large.
#pragma once

#include <omp.h>

#include <hpar/rt/openmp/device.hpp>

#include <cstddef>
#include <cstring>
#include <mutex>

namespace hpar {
namespace rt {
namespace omp {
#pragma omp declare target
/// The functor of the kernel being launched, in the GPU's constant memory, with clang (one buffer
/// for the program, for one launch at a time: ConstantFunctor; an inline variable, as the host
/// can update only a declare target variable visible outside its translation unit). Read from
/// constant memory, its Views' pointers and extents are loaded from the constant bank where they
/// are used (LDC), as a CUDA kernel's parameters are, where a copy in each thread (below) holds
/// them all in registers for the whole kernel (yax: 54 registers that way, 40 from constant
/// memory; docs/performance.md).
#if defined(__clang__) && !defined(HPAR_IMPL_OMP_HOST_ONLY)
#define HPAR_IMPL_OMP_CONSTANT_FUNCTOR 1
constexpr std::size_t constant_functor_bytes = 2048;
alignas(16) inline unsigned char constant_functor[constant_functor_bytes];
#pragma omp allocate(constant_functor) allocator(omp_const_mem_alloc)

/// Whether a functor of type T is launched from constant_functor.
template <class T>
constexpr bool in_constant_memory() {
  return sizeof(T) <= constant_functor_bytes && alignof(T) <= 16;
}
template <class T>
struct ConstantFunctorView {
  const T& get() const { return *reinterpret_cast<const T*>(constant_functor); }
};
#else
template <class T>
constexpr bool in_constant_memory() {
  return false;  // no constant-memory buffer: GCC
}
#endif

/// A thread's view of an object (the functor, the reduction or scan spec) whose bytes a region
/// received: its own copy of the bytes when the object is small, so that its Views' pointers and
/// extents stay in registers (through the bytes, every store through a View would make the
/// compiler load them again), else the bytes themselves. The copy is of the bytes, into storage
/// aligned for the type: no copy constructor runs (GCC's nvptx compiler emits one as an alias,
/// which nvptx refuses), and GCC's device copy of mapped bytes need not be aligned for the type
/// (an H200 reported misaligned addresses reading a reduction spec there).
/// (An aggregate made by thread_functor(), without constructors: GCC emits a constructor as an
/// alias of another when it does not inline it, at -O0 say, and nvptx refuses aliases.)
template <class T, bool Copy = (sizeof(T) <= 256)>
struct ThreadFunctor {
  alignas(T) unsigned char storage[sizeof(T)];
  const T& get() const { return *reinterpret_cast<const T*>(storage); }
};
template <class T>
struct ThreadFunctor<T, false> {
  const unsigned char* bytes;
  const T& get() const { return *reinterpret_cast<const T*>(bytes); }
};
template <class T>
ThreadFunctor<T> thread_functor(const unsigned char* bytes) {
  ThreadFunctor<T> view;
  if constexpr (sizeof(T) <= 256)
    std::memcpy(view.storage, bytes, sizeof(T));
  else
    view.bytes = bytes;
  return view;
}

/// The functor of a kernel as the region's threads read it: from constant memory where it was put
/// there (ConstantFunctor), else the thread's view of its bytes.
template <class T>
auto kernel_functor(const unsigned char* bytes) {
#if defined(HPAR_IMPL_OMP_CONSTANT_FUNCTOR)
  if constexpr (in_constant_memory<T>()) {
    (void)bytes;
    return ConstantFunctorView<T>{};
  } else
#endif
  {
    return thread_functor<T>(bytes);
  }
}
#pragma omp end declare target

#if defined(HPAR_IMPL_OMP_CONSTANT_FUNCTOR)
/// The lock of constant_functor: one for the program, whatever the functor's type.
inline std::mutex& constant_functor_mutex() {
  static std::mutex mutex;
  return mutex;
}
#endif

/// Puts a kernel's functor into constant_functor for one launch, with clang, and holds the buffer
/// until the launch has ended (the generated function's regions wait for their kernels); one
/// launch at a time in the process. Elsewhere, and for a functor too large, nothing. The copy to
/// the device is one of the region's own maps, `map(to: f_bytes[0:mapped_bytes()])
/// HPAR_OMP_MAP_CONSTANT_FUNCTOR(constant_bytes())`, so that it joins the region's other
/// transfers and its kernel in one wait (a `target update` of its own cost each launch ~22 us on
/// an H200: docs/performance.md).
template <class Functor>
class ConstantFunctor {
 public:
  explicit ConstantFunctor(const Functor& f) {
#if defined(HPAR_IMPL_OMP_CONSTANT_FUNCTOR)
    if constexpr (in_constant_memory<Functor>()) {
      m_lock = std::unique_lock<std::mutex>(constant_functor_mutex());
      std::memcpy(constant_functor, &f, sizeof(Functor));
    }
#else
    (void)f;
#endif
  }

  /// Bytes of constant_functor the region copies to the device: the functor's, or 0.
  static constexpr std::size_t constant_bytes() {
    return in_constant_memory<Functor>() ? sizeof(Functor) : 0;
  }
  /// Bytes of the functor the region maps as such: 0 when it goes to constant memory.
  static constexpr std::size_t mapped_bytes() {
    return in_constant_memory<Functor>() ? 0 : sizeof(Functor);
  }

 private:
  std::unique_lock<std::mutex> m_lock;
};

/// The map clause of a region whose functor is in constant memory (ConstantFunctor): `bytes` of
/// constant_functor copied to the device with the region's other transfers; nothing with GCC.
#if defined(HPAR_IMPL_OMP_CONSTANT_FUNCTOR)
#define HPAR_OMP_MAP_CONSTANT_FUNCTOR(bytes) map(always, to: hpar::rt::omp::constant_functor[0:bytes])
#else
#define HPAR_OMP_MAP_CONSTANT_FUNCTOR(bytes)
#endif
}  // namespace omp
}  // namespace rt
}  // namespace hpar
