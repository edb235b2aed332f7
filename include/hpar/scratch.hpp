// hpar: team scratch memory — ScratchMemorySpace, PerTeam(bytes) / PerThread(bytes) for
// TeamPolicy::set_scratch_size, and the per-team state every build's team member keeps.
//
// A team has two scratch levels (0: small and fast, 1: large). Each level of a team is one block
// of bytes: the policy's per-team size plus its per-thread size times the team size (plus, at
// level 0, what a functor's team_shmem_size(team_size) asks for). Allocation is a bump pointer,
// as in Kokkos: every thread of a team makes the same allocations in the same order and so gets
// the same addresses. team_scratch(level) hands out team-wide blocks; thread_scratch(level) hands
// out, for an allocation of n bytes, n bytes per thread (thread r gets the r-th of team_size
// consecutive n-byte slices), so the threads' blocks never overlap. Both draw on the level's one
// bump pointer. An allocation takes exactly the bytes asked, as in Kokkos (a level's size is
// rounded up to 8 bytes per request); get_shmem_aligned and scratch Views align their start (a
// View to Kokkos' scratch_value_alignment). An allocation that does not fit returns nullptr.
//
// Where the bytes live, per build (docs/design.md section 8):
//   serial:  host buffers of the launch, reused by consecutive teams;
//   CUDA:    level 0 in dynamic shared memory, level 1 in a device pool slice per block;
//   OpenMP:  both levels in a device pool slice per OpenMP team.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "macros.hpp"
#include "spaces.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// The scratch sizes a policy asks for, in bytes: set_scratch_size(level, PerTeam(bytes)) and
/// set_scratch_size(level, PerThread(bytes)).
struct HPAR_ANNOTATE("hpar::scratch::per_team") PerTeamValue {
  size_t value;
};
struct HPAR_ANNOTATE("hpar::scratch::per_thread") PerThreadValue {
  size_t value;
};

/// Rounds a byte count up to the 8-byte granularity of scratch allocations.
HPAR_HD constexpr size_t scratch_round(size_t bytes) { return (bytes + 7) / 8 * 8; }

/// One level of one team's scratch: its bytes and the bump pointer of the allocations made so far.
struct ScratchLevel {
  char* base = nullptr;
  size_t size = 0;
  size_t used = 0;
};

}  // namespace impl

/// A team's scratch memory at one level, as seen by one thread. team.team_scratch(level) and
/// team.thread_scratch(level) return it; get_shmem(bytes) allocates from it.
template <class ExecSpace>
class ScratchMemorySpace {
 public:
  using memory_space = ScratchMemorySpace;
  using execution_space = ExecSpace;
  using device_type = Device<ExecSpace, ScratchMemorySpace>;
  using size_type = size_t;
  using array_layout = typename ExecSpace::array_layout;
  static constexpr impl::Space impl_space = ExecSpace::memory_space::impl_space;
  static constexpr const char* name() { return "Scratch"; }

  ScratchMemorySpace() = default;
  /// `level`: the team's scratch at one level; `team_size` / `rank`: 1 / 0 for team-wide
  /// allocations, the team size and the thread's rank for per-thread ones.
  HPAR_HD ScratchMemorySpace(impl::ScratchLevel* level, int team_size, int rank)
      : m_level(level), m_team_size(team_size), m_rank(rank) {}

  /// `bytes` of scratch (for this thread, in a per-thread space) right after the previous
  /// allocation, as in Kokkos: no padding, so get_shmem(12) leaves the next one 4 bytes off an
  /// 8-byte boundary (get_shmem_aligned and scratch Views align); nullptr when the level has no
  /// room left. Every thread of the team must make the same allocations.
  HPAR_HD void* get_shmem(size_t bytes, int = 0) const {
    if (!m_level) return nullptr;
    const size_t each = bytes;
    const size_t total = each * size_t(m_team_size);
    if (m_level->used + total > m_level->size) return nullptr;
    void* p = m_level->base + m_level->used + each * size_t(m_rank);
    m_level->used += total;
    return p;
  }
  /// As get_shmem, starting at an address that is a multiple of `alignment` (any positive
  /// number: a View of 24-byte structs aligns to 24, as in Kokkos).
  HPAR_HD void* get_shmem_aligned(size_t bytes, size_t alignment, int = 0) const {
    if (!m_level) return nullptr;
    if (alignment > 1) {
      const uintptr_t at = reinterpret_cast<uintptr_t>(m_level->base + m_level->used);
      const size_t skip = size_t((alignment - at % alignment) % alignment);
      if (m_level->used + skip > m_level->size) return nullptr;
      m_level->used += skip;
    }
    return get_shmem(bytes);
  }

 private:
  impl::ScratchLevel* m_level = nullptr;
  int m_team_size = 1;
  int m_rank = 0;
};

namespace impl {

/// Both scratch levels of one team, owned by the team member.
struct TeamScratchState {
  mutable ScratchLevel level[2];

  TeamScratchState() = default;
  HPAR_HD TeamScratchState(char* base0, size_t size0, char* base1, size_t size1) {
    level[0].base = base0;
    level[0].size = size0;
    level[1].base = base1;
    level[1].size = size1;
  }
  HPAR_HD ScratchMemorySpace<DefaultExecutionSpace> team(int l) const {
    return ScratchMemorySpace<DefaultExecutionSpace>(&level[l == 1 ? 1 : 0], 1, 0);
  }
  HPAR_HD ScratchMemorySpace<DefaultExecutionSpace> thread(int l, int team_size, int rank) const {
    return ScratchMemorySpace<DefaultExecutionSpace>(&level[l == 1 ? 1 : 0], team_size, rank);
  }
};

/// Whether a functor F has team_shmem_size(int team_size), the level-0 bytes per team it asks
/// for in addition to the policy's.
template <class F, class = void>
struct has_team_shmem_size : std::false_type {};
template <class F>
struct has_team_shmem_size<F, std::void_t<decltype(std::declval<const F&>().team_shmem_size(0))>>
    : std::true_type {};

template <class F>
size_t functor_team_shmem_size(const F& f, int team_size) {
  if constexpr (has_team_shmem_size<F>::value)
    return size_t(f.team_shmem_size(team_size));
  else
    return 0;
}

/// The bytes one team's scratch `level` takes in a launch of functor f with teams of `team_size`
/// threads: the policy's request (TeamPolicy::impl_scratch_bytes) plus, at level 0, what the
/// functor's team_shmem_size asks for, rounded as allocations are. Every build sizes its scratch
/// with this.
template <class Policy, class F>
size_t team_scratch_bytes(const Policy& policy, const F& f, int level, int team_size) {
  return policy.impl_scratch_bytes(level, team_size) +
         (level == 0 ? scratch_round(functor_team_shmem_size(f, team_size)) : 0);
}

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
