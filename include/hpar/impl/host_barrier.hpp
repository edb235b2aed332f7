// hpar: the barrier of one team of host threads, where one parallel region runs several teams at
// once and `omp barrier` would wait for the whole region: the teams of the OpenMP build for the
// host (hpar/rt/openmp/team.hpp) and those of a host-parallel space run in the header
// (impl/host_threads.hpp).
#pragma once

#include <sched.h>

namespace hpar {
namespace impl {

/// Zero before the team's first wait. Each thread reads the generation and counts itself in; the
/// last to arrive resets the count and starts the next generation, which the others wait for:
/// spinning briefly (the team's threads usually arrive together), then yielding the processor,
/// so that a team whose threads outnumber the free processors still moves. The release store of
/// the generation and the acquire loads order every thread's writes before the barrier before
/// every thread's reads after it.
class HostBarrier {
 public:
  void wait(int threads) {
    const int generation = __atomic_load_n(&m_generation, __ATOMIC_ACQUIRE);
    if (__atomic_fetch_add(&m_arrived, 1, __ATOMIC_ACQ_REL) == threads - 1) {
      __atomic_store_n(&m_arrived, 0, __ATOMIC_RELAXED);
      __atomic_store_n(&m_generation, generation + 1, __ATOMIC_RELEASE);  // publishes the reset
      return;
    }
    for (int spins = 0; __atomic_load_n(&m_generation, __ATOMIC_ACQUIRE) == generation; ++spins) {
      if (spins < 2048) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
      } else {
        sched_yield();
      }
    }
  }

 private:
  int m_arrived;
  int m_generation;
};

}  // namespace impl
}  // namespace hpar
