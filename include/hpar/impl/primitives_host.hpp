// hpar: the device primitives of a compile with no primitives part of its own (docs/design.md
// section 2): the serial build, and every pass of a backend's compile whose part does not take it
// over (the host pass of a CUDA or OpenMP compile). C++'s and GCC/clang's builtins.
//
// Included through include/hpar/impl/primitives.hpp; a backend's part
// (HPAR_IMPL_BACKEND_PRIMITIVES) defines the same names in hpar::impl for the passes it takes
// over, and includes this file for the others:
//   backend_lock_acquire(lock), backend_lock_release(lock)
//                          take a lock word (0 free, 1 taken) with acquire order, spinning until
//                          it is free; give it back with release order (locked atomics)
//   backend_fence()        orders the calling thread's accesses before and after it for every
//                          other thread of the device (thread slots)
//   backend_load_acquire(p), backend_store_release(p, v)
//                          a 32-bit state word with acquire / release order (UnorderedMap)
//   slot_read_before_try(), SlotBackoff
//                          how a thread waits for a free slot (impl/thread_slots.hpp)
//   view_count_retain(count), view_count_release(count)
//                          a View's reference count, where the code may touch it
//                          (impl::may_touch_count); release says whether it reached 0
//   read_only_load(p)      *p, through the read-only data cache where the device has one
//   unreduced_index(i)     i, as a short loop's body uses it (nested.hpp)
//   md_for_jam             the indices a nested MDRange parallel_for takes per step
//                          (nested_mdrange.hpp)
//   lone_participant_loops whether a nested range whose level has one participant at run time
//                          (a team of one thread, a thread of one lane: the host's) runs as a
//                          plain loop, and its scan in one pass (nested.hpp)
//   backend_nan(arg), backend_nanf(arg)   C's nan and nanf
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "../macros.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

HPAR_HD inline void backend_lock_acquire(int* lock) {
  int unlocked = 0;
  while (!__atomic_compare_exchange_n(lock, &unlocked, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
    unlocked = 0;
}

HPAR_HD inline void backend_lock_release(int* lock) { __atomic_store_n(lock, 0, __ATOMIC_RELEASE); }

HPAR_HD inline void backend_fence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

HPAR_HD inline uint32_t backend_load_acquire(uint32_t* p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

HPAR_HD inline void backend_store_release(uint32_t* p, uint32_t v) {
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/// Whether a thread that waits for a slot reads its lock word before it tries a compare-and-swap
/// on it. Here every try is a compare-and-swap: with GCC's nvptx offload a relaxed atomic load
/// before it made waiting threads spin for ever on a GPU (exec/kokkos_unique_token.cpp hung), as
/// if the load never saw the slot freed; a compare-and-swap always reads the current value.
HPAR_HD constexpr bool slot_read_before_try() { return false; }

/// What a thread that waits for a slot does after each slot it found taken: nothing here.
struct SlotBackoff {
  HPAR_HD void after_taken(int /*n*/) {}
};

HPAR_HD inline void view_count_retain(int* count) { __atomic_add_fetch(count, 1, __ATOMIC_RELAXED); }

HPAR_HD inline bool view_count_release(int* count) {
  return __atomic_sub_fetch(count, 1, __ATOMIC_ACQ_REL) == 0;
}

template <class T>
HPAR_HD inline T read_only_load(const T* p) {
  return *p;
}

template <class I>
HPAR_HD inline I unreduced_index(I i) {
  return i;
}

constexpr int md_for_jam = 1;

/// On the host a level often has one participant (AUTO teams of one thread, threads of one
/// lane): its loops then have a unit stride the compiler can see, and vectorise.
constexpr bool lone_participant_loops = true;

HPAR_HD inline double backend_nan(const char* arg) { return ::nan(arg); }
HPAR_HD inline float backend_nanf(const char* arg) { return ::nanf(arg); }

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
