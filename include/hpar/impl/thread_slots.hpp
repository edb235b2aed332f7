// hpar: slots that concurrent threads take and give back: the building block of UniqueToken and
// of the random-number pools' states (docs/design.md section 13).
//
//   thread_hint()                 a number for the calling thread, distinct among the threads that
//                                 run one kernel at once where the build can tell (its
//                                 configuration's HPAR_IMPL_THREAD_HINT(); CUDA: the global thread
//                                 index; OpenMP: team * threads + thread), or the OpenMP thread
//                                 number in a host compile with OpenMP (Kokkos::OpenMP's kernels
//                                 in a CUDA build); 0 on the host outside a kernel and in the
//                                 serial build
//   acquire_slot(locks, n, hint)  takes a free slot of the n lock words (0 free, 1 taken), trying
//                                 hint % n first and then the next ones in turn; spins until one
//                                 is free. The slot's earlier holder's writes are visible after.
//   release_slot(locks, i)        gives slot i back; this thread's writes are visible to its next
//                                 holder.
// The lock words live in memory of the space whose threads take them (a View of int). A thread
// holds a slot for a short while (Kokkos' rule for states and tokens), so with n at least the
// threads that run at once, no acquire waits long; with fewer, waiting threads spin until one is
// given back (on the GPU every resident thread makes progress, sm_70 and later).
// Invariant: a slot is taken only by a compare-and-swap from 0 to 1, so at most one thread holds
// it; the holder's accesses lie between slot_fence() after that compare-and-swap (acquire) and
// slot_fence() before the store of 0 that gives it back (release), so the next holder, whose
// compare-and-swap reads that 0, sees everything the last holder wrote to the slot's state.
#pragma once

#include <cstddef>

#include "../atomics.hpp"
#include "../macros.hpp"
#include "primitives.hpp"

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// The calling thread's number (see the top of this file): the backend configuration's
/// HPAR_IMPL_THREAD_HINT() where it has one for this compile.
HPAR_HD inline size_t thread_hint() {
#if defined(HPAR_IMPL_THREAD_HINT)
  return HPAR_IMPL_THREAD_HINT();
#elif defined(_OPENMP) && !defined(__HPAR_TRANSLATING__)
  return size_t(omp_get_thread_num());  // a host compile's OpenMP threads (impl/host_threads.hpp)
#else
  return 0;
#endif
}

/// Orders this thread's memory accesses before and after it for every other thread of the device.
HPAR_HD inline void slot_fence() { backend_fence(); }

/// Takes a free slot of `locks[0, n)`, n > 0 (see the top of this file).
/// How a thread waits is the device primitives' (impl/primitives.hpp): whether it reads a lock
/// word before it tries a compare-and-swap on it (slot_read_before_try(); on the CUDA device, so
/// that waiting threads read the lock words instead of writing them), and what it does after
/// each slot it found taken (SlotBackoff; on the CUDA device a pause after each round of all n).
HPAR_HD inline int acquire_slot(int* locks, int n, size_t hint) {
  int i = int(hint % size_t(n));
  SlotBackoff backoff;
  while ((slot_read_before_try() && atomic_load(&locks[i]) != 0) ||
         atomic_compare_exchange(&locks[i], 0, 1) != 0) {
    i = i + 1 < n ? i + 1 : 0;
    backoff.after_taken(n);
  }
  slot_fence();
  return i;
}

/// Gives slot i back.
HPAR_HD inline void release_slot(int* locks, int i) {
  slot_fence();
  atomic_store(&locks[i], 0);
}

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
