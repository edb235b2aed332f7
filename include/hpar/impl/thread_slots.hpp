// hpar: slots that concurrent threads take and give back: the building block of UniqueToken and
// of the random-number pools' states (docs/design.md section 13).
//
//   thread_hint()                 a number for the calling thread, distinct among the threads that
//                                 run one kernel at once where the build can tell (CUDA: the
//                                 global thread index; OpenMP: team * threads + thread); 0 on the
//                                 host outside a kernel and in the serial build
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

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// The calling thread's number (see the top of this file).
HPAR_HD inline size_t thread_hint() {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  const size_t block = (size_t(blockIdx.z) * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  const size_t in_block = (size_t(threadIdx.z) * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  return block * (size_t(blockDim.x) * blockDim.y * blockDim.z) + in_block;
#elif defined(HPAR_IMPL_THREAD_HINT)
  return HPAR_IMPL_THREAD_HINT();
#else
  return 0;
#endif
}

/// Orders this thread's memory accesses before and after it for every other thread of the device.
HPAR_HD inline void slot_fence() {
#if defined(HPAR_IMPL_CUDA_DEVICE)
  __threadfence();
#elif defined(__NVPTX__) && defined(__clang__)
  __nvvm_membar_gl();  // clang 19's NVPTX backend cannot select a fence instruction
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/// Takes a free slot of `locks[0, n)`, n > 0 (see the top of this file).
/// On the CUDA device a slot is tried with a compare-and-swap only when a (volatile) read finds it
/// free, so that waiting threads read the lock words instead of writing them, and a thread that
/// went once round all n slots pauses (32 ns, doubling to 1 us) before the next round: under heavy
/// contention for a few slots this lets the holders' releases through. Elsewhere every try is a
/// compare-and-swap: with GCC's nvptx offload a relaxed atomic load before it made waiting threads
/// spin for ever on a GPU (exec/kokkos_unique_token.cpp hung), as if the load never saw the slot
/// freed; a compare-and-swap always reads the current value.
HPAR_HD inline int acquire_slot(int* locks, int n, size_t hint) {
  int i = int(hint % size_t(n));
#if defined(HPAR_IMPL_CUDA_DEVICE)
  int tried = 0;
  unsigned pause = 32;
  while (atomic_load(&locks[i]) != 0 || atomic_compare_exchange(&locks[i], 0, 1) != 0) {
#else
  while (atomic_compare_exchange(&locks[i], 0, 1) != 0) {
#endif
    i = i + 1 < n ? i + 1 : 0;
#if defined(HPAR_IMPL_CUDA_DEVICE)
    if (++tried == n) {
      tried = 0;
      __nanosleep(pause);
      if (pause < 1024) pause *= 2;
    }
#endif
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
