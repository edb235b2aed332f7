// hpar runtime, OpenMP backend: how large a team may be, and what the API's team-size queries
// answer (impl::backend_team_size_max and the others hpar/team.hpp calls): the threads a device
// grants a team, the launcher's two compilations' bounds, AUTO, concurrency() and the thread
// count initialize() sets. The team member is in team.hpp, the launch in team_launch.hpp.
#pragma once

#include <omp.h>

#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

namespace hpar {
namespace rt {
namespace omp {

/// OpenMP threads a team kernel compiled as written is launched with at most on a GPU: any
/// kernel starts 256 threads a team, whatever its registers (255 a thread at most). Larger teams,
/// up to wide_team_threads, run the team launcher's compilation bounded at that many threads,
/// with clang (bounded_wide_teams; team_launch.hpp).
constexpr int narrow_team_threads = 256;
constexpr int wide_team_threads = 1024;
#if defined(__clang__)
constexpr bool bounded_wide_teams = true;
#else
constexpr bool bounded_wide_teams = false;  // GCC's nvptx offload grants a team about 28 threads
#endif
/// Whether team memory can be a GPU team's shared memory (clang): a team launcher is then
/// compiled once more for team memory in device memory (team_launch.hpp). In clang's device code
/// for an NVIDIA GPU, HPAR_IMPL_OMP_SHARED_TEAM_MEMORY: the other compilation's team memory is
/// the team's shared memory.
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
constexpr bool shared_team_memory = true;
#if defined(__NVPTX__)
#define HPAR_IMPL_OMP_SHARED_TEAM_MEMORY 1
#endif
#else
constexpr bool shared_team_memory = false;
#endif

namespace detail {

/// Threads one team of the device gets when it asks for many (asked once per device).
inline int granted_team_threads(int dev) {
  if (host_only) {
    // A parallel region, not a target region: the OpenMP runtime gives it what it is asked for,
    // up to its thread limit (OMP_THREAD_LIMIT), or only the processors under OMP_DYNAMIC. Said
    // rather than asked (no program starts 1,024 threads to learn it), and without the lock
    // below: every team dispatch's size check reads it.
    (void)dev;
    if (omp_get_dynamic()) return omp_get_num_procs() > 0 ? omp_get_num_procs() : 1;
    const int limit = omp_get_thread_limit();
    return limit > 0 && limit < 1024 ? limit : 1024;
  }
  static std::mutex mutex;
  static std::map<int, int>* known = new std::map<int, int>();  // never destroyed (device.hpp)
  std::lock_guard<std::mutex> lock(mutex);
  const auto found = known->find(dev);
  if (found != known->end()) return found->second;
  int granted = 1;
#pragma omp target teams num_teams(1) thread_limit(1024) device(dev) map(tofrom : granted)
#pragma omp parallel num_threads(1024)
  {
    if (omp_get_thread_num() == 0) granted = omp_get_num_threads();
  }
  (*known)[dev] = granted;
  return granted;
}

}  // namespace detail
}  // namespace omp
}  // namespace rt

namespace impl {

/// The largest team a dispatch runs: what the OpenMP runtime grants a parallel region (1,024, or
/// OMP_THREAD_LIMIT, or the processors under OMP_DYNAMIC), above the team_size_max() the build
/// advertises, so that a program written for a GPU's teams runs on the host as it is.
#if defined(HPAR_IMPL_BACKEND_TEAM_SIZE_RUNS)
inline int backend_team_size_runs(int) {
  return rt::omp::detail::granted_team_threads(rt::omp::device());
}
#endif

inline int backend_team_size_max(int vector_length) {
  const int dev = rt::omp::device();
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  // As Kokkos' OpenMP backend: the threads of a parallel region, at most 64
  // (HostThreadTeamData::max_team_members), and no more than a team runs.
  const int threads = omp_get_max_threads() > 0 ? omp_get_max_threads() : 1;
  const int runs = backend_team_size_runs(vector_length);
  const int most = threads < 64 ? threads : 64;
  (void)dev;
  return most < runs ? most : runs;
#else
  int threads = rt::omp::detail::granted_team_threads(dev);
  // On a GPU a kernel starts as many threads per team as its registers allow, known only when it
  // starts (384 to 896 of 1024 for test kernels on an H200): narrow_team_threads start whatever
  // the kernel, and with clang larger teams take the launcher's compilation bounded at 1,024
  // threads, which starts them all (team_launch.hpp).
  if (!rt::omp::bounded_wide_teams && rt::omp::device_is_gpu(dev) && threads > rt::omp::narrow_team_threads)
    threads = rt::omp::narrow_team_threads;
  return threads / rt::omp::device_lanes(dev, vector_length);
#endif
}

/// What sets backend_team_size_max() (see the file comment), after it in the message of a team
/// size above it. On the host fallback the OpenMP runtime sets it, from the environment; measured
/// with granted_team_threads' region on 2 processors: libomp gives the team the smaller of
/// OMP_NUM_THREADS and KMP_TEAMS_THREAD_LIMIT, each the processors when unset (neither alone
/// raises it; OMP_THREAD_LIMIT and OMP_TEAMS_THREAD_LIMIT do not lower it); libgomp gives every
/// thread asked for (OMP_NUM_THREADS, OMP_THREAD_LIMIT and OMP_TEAMS_THREAD_LIMIT change
/// nothing: the region's clauses win), so the 1,024 the region asks for, except with
/// OMP_DYNAMIC=true, which holds it to the processors not busy.
inline const char* backend_team_size_limit() {
  const int dev = rt::omp::device();
  if (rt::omp::device_is_gpu(dev)) return " (the most threads this GPU starts for a team of this build)";
  if (rt::omp::host_only)
    return omp_get_dynamic() ? " (OpenMP gives a team only the processors while OMP_DYNAMIC is true: "
                               "unset OMP_DYNAMIC to raise it)"
                             : " (the most threads this build asks OpenMP for in a team, or OMP_THREAD_LIMIT)";
#if defined(__clang__)
  return " (libomp gives a team on the host at most OMP_NUM_THREADS threads and at most "
         "KMP_TEAMS_THREAD_LIMIT, each the processor count when unset: set both to raise it)";
#else
  if (omp_get_dynamic())
    return " (libgomp gives a team on the host only the idle processors while OMP_DYNAMIC is "
           "true: unset OMP_DYNAMIC to raise it)";
  return " (the most threads this build asks OpenMP for in a team)";
#endif
}

/// The lanes of a vector length on the device (rt::omp::device_lanes): itself with clang on an
/// NVIDIA GPU, else 1. Asked on the host only (TeamPolicy::vector_length()).
inline int backend_vector_length(int resolved) { return rt::omp::device_lanes(rt::omp::device(), resolved); }

/// The threads of the device's launch shape (rt::omp::partial_shape): in a build for the host, the
/// OpenMP runtime's threads; on the host fallback, the processors.
inline int backend_concurrency() {
  const rt::omp::LaunchShape shape = rt::omp::partial_shape(rt::omp::device());
  return shape.teams * shape.threads > 0 ? shape.teams * shape.threads : 1;
}

/// Both scratch levels come from a device pool: bounded by the device's memory only. What
/// scratch_size_max says is Kokkos' OpenMP backend's (32 KB, 20 MB).
inline int backend_scratch_size_max(int level) { return host_scratch_size_max(level); }
inline size_t backend_scratch_bytes_max(int) { return SIZE_MAX; }

/// AUTO: 256 threads on a GPU (a team's threads share the rows of its TeamThreadRange loops, and
/// its vector loops run in each thread), at most what the device grants a team; in a build for
/// the host 1, as Kokkos' OpenMP backend (its team_size_recommended), so that every thread runs
/// teams of its own (TeamLaunch runs as many at once as there are threads); the processors on
/// the host fallback.
inline int backend_team_size_recommended(int vector_length) {
  const int dev = rt::omp::device();
  const int most = backend_team_size_max(vector_length);
  const int procs = omp_get_num_procs() > 0 ? omp_get_num_procs() : 1;
  const int good = rt::omp::device_is_gpu(dev) ? 256 / rt::omp::device_lanes(dev, vector_length)
                   : rt::omp::host_only        ? 1
                                               : procs;
  return good < most ? good : most;
}

}  // namespace impl

}  // namespace hpar
