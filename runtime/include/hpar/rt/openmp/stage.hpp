// hpar OpenMP runtime: a range parallel_for's loop that reads the same View elements in every
// thread (docs/design.md section 7, "A loop every thread runs alike"), as rt/cuda/stage.cuh does
// it for CUDA. With clang on an NVIDIA GPU the threads of a team load the elements a tile at a
// time into the team's shared memory (the region's HPAR_OMP_TEAM_MEMORY: stage bytes per thread
// times its threads), between two `omp barrier`s, and then read the tile. Every thread of the
// team runs the lambda, so each reaches the same barriers. The translator writes
//
//   if (hpar::rt::omp::stage_loops) { the loop over tiles } else { the loop as written }
//
// so every other build (GCC, the host, clang's host fallback) runs the loop as written; the
// functions below still compile there. Not `if constexpr`: stage_loops differs between clang's
// host and device compilations of one file, and a discarded branch would make the lambda capture
// its variables in another layout on the device than on the host, which copies it there.
#pragma once

#include <hpar/rt/openmp/device.hpp>
#include <hpar/rt/stage_bounds.hpp>

#include <cstddef>
#include <type_traits>

namespace hpar {
namespace rt {
namespace omp {

/// Whether this compilation stages loops: clang's code for an NVIDIA GPU, where a team's threads
/// share memory that a region asks for (HPAR_OMP_TEAM_MEMORY).
#if defined(__clang__) && defined(__NVPTX__) && defined(HPAR_IMPL_OMP_TEAM_MEMORY)
#define HPAR_IMPL_OMP_STAGE_LOOPS 1
inline constexpr bool stage_loops = true;
#else
inline constexpr bool stage_loops = false;
#endif

/// Put before the loop over a tile's indices: clang unrolls it four times, as nvcc does by itself
/// for the CUDA output's loop (a run-time trip count). Left rolled by clang, a compute-bound step
/// waits on its own shared-memory loads: docking's kernel took 8.32 ms rolled and 7.59 unrolled,
/// the CUDA output 7.69 (docs/performance.md, 2026-12-01 04:12-04:26 UTC). GCC, which runs the loop as
/// written, gets nothing.
#if defined(__clang__)
#define HPAR_OMP_STAGE_UNROLL _Pragma("unroll 4")
#else
#define HPAR_OMP_STAGE_UNROLL
#endif

/// The most threads of a team that stage a loop together: the region asks for shared memory for
/// this many at most.
inline constexpr int stage_max_block = 256;

/// The threads that stage together (the team's), and this thread's number among them.
inline int stage_threads() { return stage_loops ? omp_get_num_threads() : 1; }
inline int stage_thread() { return stage_loops ? omp_get_thread_num() : 0; }

/// The barrier of the team's threads around a tile's loads (in the team's parallel region).
inline void stage_barrier() {
  if constexpr (stage_loops) {
#pragma omp barrier
  }
}

/// A tile of one element per staging thread, in the team's shared memory after `offset` bytes
/// per thread of the tiles before it (a multiple of 16, as the team's shared memory starts at one);
/// the elements are those a View access gives.
template <class Access>
struct StageTile {
  using value_type = std::remove_cv_t<std::remove_reference_t<Access>>;
  static_assert(std::is_trivially_copyable<value_type>::value,
                "a staged View element is trivially copyable");
  value_type* elements;

  explicit StageTile(std::size_t offset) : elements(nullptr) {
#if defined(HPAR_IMPL_OMP_STAGE_LOOPS)
    elements = reinterpret_cast<value_type*>(
        static_cast<unsigned char*>(llvm_omp_target_dynamic_shared_alloc()) +
        offset * std::size_t(omp_get_num_threads()));
#else
    (void)offset;
#endif
  }
  value_type& operator[](std::size_t k) const { return stage_element(elements, k); }
};

/// A table of a staged loop: a copy of a View's elements from data() to the last, which
/// stage_table_fits allows, in the team's shared memory after the tiles (`tile_bytes` per thread)
/// and the tables before it (`index` of them); `at(view, i...)` reads `view(i...)` there. The
/// threads of the team copy it together, between a barrier after the last use of the table and
/// the barrier before the first tile's use.
template <class Pointer>
struct StageTable {
  using value_type = std::remove_cv_t<std::remove_pointer_t<Pointer>>;
  static_assert(std::is_trivially_copyable<value_type>::value,
                "a staged View element is trivially copyable");
  value_type* elements = nullptr;

  template <class View>
  StageTable(const View& view, std::size_t tile_bytes, std::size_t index) {
#if defined(HPAR_IMPL_OMP_STAGE_LOOPS)
    elements = reinterpret_cast<value_type*>(
        static_cast<unsigned char*>(llvm_omp_target_dynamic_shared_alloc()) +
        tile_bytes * std::size_t(omp_get_num_threads()) + index * stage_table_bytes);
    stage_copy_whole(elements, view, std::size_t(stage_thread()), std::size_t(stage_threads()));
#else
    (void)view;
    (void)tile_bytes;
    (void)index;
#endif
  }
  template <class View, class... I>
  const value_type& at(const View& view, I... i) const {
    return stage_table_element(elements, view, i...);
  }
};

// stage_in_bounds, stage_alignment, stage_element, stage_table_bytes, stage_table_fits,
// stage_copy_whole, stage_table_element, with_flag: hpar/rt/stage_bounds.hpp, shared with the
// other backend.
using rt::stage_alignment;
using rt::stage_copy_whole;
using rt::stage_element;
using rt::stage_table_element;
using rt::stage_in_bounds;
using rt::stage_table_bytes;
using rt::stage_table_fits;
using rt::with_flag;

}  // namespace omp
}  // namespace rt
}  // namespace hpar
