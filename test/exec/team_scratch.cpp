// Checks team scratch memory: set_scratch_size with PerTeam, PerThread and both (either order) at levels 0 and 1, chained inline; team_scratch(level) shared by the team (every thread writes its part, after a barrier thread 0 sums all), thread_scratch(level) private to each thread (no thread sees another's values), several allocations in one team (distinct, non-overlapping, 8-byte aligned), scratch Views of rank 1, 2 and 3 built from a scratch handle and sized with shmem_size, team_shmem().get_shmem, atomics on scratch, a functor's team_shmem_size instead of set_scratch_size, 64 KB of level 0 (clamped to scratch_size_max(0)), level 1 with a league far larger than the device runs at once, 64 MB of level 1 per team (written and read back at every MB and at its last long), and a top-level reduction over teams that use scratch.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <cstdint>
#include <string>

using ScratchInts = hpar::View<int*, hpar::DefaultExecutionSpace::scratch_memory_space, hpar::MemoryTraits<hpar::Unmanaged>>;
using ScratchDoubles2 = hpar::View<double**, hpar::DefaultExecutionSpace::scratch_memory_space, hpar::MemoryTraits<hpar::Unmanaged>>;
using ScratchLongs3 = hpar::View<long***, hpar::DefaultExecutionSpace::scratch_memory_space, hpar::MemoryTraits<hpar::Unmanaged>>;

// Team-wide and per-thread scratch at `level`: team views of n ints and n x 3 doubles, a
// per-thread view of m longs (rank 3: m x 2 x 1); errors(l) counts what went wrong in team l.
void run_levels(const char* what, const int level, const int league, const int team_request, const int vector) {
  const int n = 100, m = 5;
  const size_t team_bytes = ScratchInts::shmem_size(n) + ScratchDoubles2::shmem_size(n, 3) + 8;  // + one counter
  const size_t thread_bytes = ScratchLongs3::shmem_size(m, 2, 1);
  const int team = clamp_team(team_request, vector);
  team_policy policy(league, team, vector);
  if (level == 0)
    policy.set_scratch_size(0, hpar::PerTeam(team_bytes), hpar::PerThread(thread_bytes));
  else
    policy.set_scratch_size(1, hpar::PerThread(thread_bytes), hpar::PerTeam(team_bytes));
  const int T = policy.team_size();
  hpar::View<int*> errors("errors", league);
  hpar::View<long*> sums("sums", league);
  hpar::parallel_for("scratch_levels", policy, HPAR_LAMBDA(const member_type& t) {
    const int l = t.league_rank(), r = t.team_rank();
    ScratchInts a(t.team_scratch(level), n);
    ScratchDoubles2 b(t.team_scratch(level), n, 3);
    int* counter = static_cast<int*>(t.team_scratch(level).get_shmem(sizeof(int)));
    ScratchLongs3 mine(t.thread_scratch(level), m, 2, 1);
    int bad = 0;
    if (a.data() == nullptr || b.data() == nullptr || counter == nullptr || mine.data() == nullptr) bad += 1000;
    // Distinct, non-overlapping, aligned.
    const uintptr_t pa = uintptr_t(a.data()), pb = uintptr_t(b.data()), pc = uintptr_t(counter), pm = uintptr_t(mine.data());
    if (pa % 8 || pb % 8 || pc % 8 || pm % 8) bad += 100;
    if (!(pa + n * sizeof(int) <= pb && pb + 3 * n * sizeof(double) <= pc && pc + sizeof(int) <= pm)) bad += 10;
    hpar::single(hpar::PerTeam(t), [&]() { *counter = 0; });
    hpar::parallel_for(hpar::TeamThreadRange(t, n), [&](const int i) {
      a(i) = l + i;
      for (int j = 0; j < 3; ++j) b(i, j) = 0.5 * (i + j);
    });
    hpar::single(hpar::PerThread(t), [&]() {
      for (int k = 0; k < m; ++k)
        for (int j = 0; j < 2; ++j) mine(k, j, 0) = 1000L * r + 10 * k + j;
    });
    t.team_barrier();
    hpar::single(hpar::PerThread(t), [&]() { hpar::atomic_add(counter, 1); });
    t.team_barrier();
    // Every thread checks its own values survived the others' writes.
    for (int k = 0; k < m; ++k)
      for (int j = 0; j < 2; ++j)
        if (mine(k, j, 0) != 1000L * r + 10 * k + j) bad += 1;
    hpar::single(hpar::PerTeam(t), [&]() {
      long s = 0;
      for (int i = 0; i < n; ++i) {
        s += a(i);
        for (int j = 0; j < 3; ++j) s += long(2 * b(i, j));
      }
      sums(l) = s;
      if (*counter != t.team_size()) bad += 10000;
    });
    if (bad) hpar::atomic_add(&errors(l), bad);
  });
  auto he = hpar::create_mirror_view_and_copy(hpar::HostSpace(), errors);
  auto hs = hpar::create_mirror_view_and_copy(hpar::HostSpace(), sums);
  ElementCheck ce(describe(what, league, T, policy.vector_length()) + ": scratch problems (1000 null, 100 misaligned, 10 overlap, 1 thread scratch clobbered, 10000 atomic count)");
  ElementCheck cs(describe(what, league, T, policy.vector_length()) + ": team sums");
  for (int l = 0; l < league; ++l) {
    long expect = 0;
    for (int i = 0; i < n; ++i) expect += l + i + (i + 0) + (i + 1) + (i + 2);
    ce("errors", l, 0, he(l), 0);
    cs("sum", l, 0, hs(l), expect);
  }
}

// A functor that asks for its level-0 scratch through team_shmem_size.
struct ShmemFunctor {
  hpar::View<long*> out;
  int per_thread;
  size_t team_shmem_size(const int team_size) const { return sizeof(long) * size_t(per_thread) * team_size; }
  HPAR_INLINE_FUNCTION void operator()(const member_type& t) const {
    long* p = static_cast<long*>(t.team_shmem().get_shmem(sizeof(long) * size_t(per_thread) * t.team_size()));
    if (p == nullptr) {
      hpar::single(hpar::PerTeam(t), [&]() { out(t.league_rank()) = -1; });
      return;
    }
    hpar::parallel_for(hpar::TeamThreadRange(t, per_thread * t.team_size()), [&](const int i) { p[i] = i; });
    t.team_barrier();
    hpar::single(hpar::PerTeam(t), [&]() {
      long s = 0;
      for (int i = 0; i < per_thread * t.team_size(); ++i) s += p[i];
      out(t.league_rank()) = s;
    });
  }
};

void run_shmem_functor() {
  const int league = 9, per_thread = 6;
  const team_policy policy(league, clamp_team(16, 1), 1);
  const int T = policy.team_size();
  hpar::View<long*> out("out", league);
  hpar::parallel_for("shmem_functor", policy, ShmemFunctor{out, per_thread});
  auto h = hpar::create_mirror_view_and_copy(hpar::HostSpace(), out);
  const long k = long(per_thread) * T;
  for (int l = 0; l < league; ++l)
    check_eq(describe("team_shmem_size functor: team sum", league, T, 1).c_str(), h(l), k * (k - 1) / 2);
}

// 64 KB of level 0 (or the device's limit, if lower), every byte written and read back by the team.
void run_large_level0() {
  const int league = 6;
  const int team = clamp_team(64, 1);
  const size_t limit = size_t(team_policy::scratch_size_max(0));
  const size_t bytes = (limit < 65536 ? limit - 4096 : 65536) / 8 * 8;
  const int count = int(bytes / sizeof(int));
  team_policy policy = team_policy(league, team, 1).set_scratch_size(0, hpar::PerTeam(bytes));
  hpar::View<long*> out("out", league);
  hpar::parallel_for("large_level0", policy, HPAR_LAMBDA(const member_type& t) {
    ScratchInts s(t.team_scratch(0), count);
    if (s.data() == nullptr) {
      hpar::single(hpar::PerTeam(t), [&]() { out(t.league_rank()) = -1; });
      return;
    }
    hpar::parallel_for(hpar::TeamThreadRange(t, count), [&](const int i) { s(i) = i % 1000 + t.league_rank(); });
    t.team_barrier();
    long sum = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(t, count), [&](const int i, long& v) { v += s(i); }, sum);
    hpar::single(hpar::PerTeam(t), [&]() { out(t.league_rank()) = sum; });
  });
  auto h = hpar::create_mirror_view_and_copy(hpar::HostSpace(), out);
  for (int l = 0; l < league; ++l) {
    long expect = 0;
    for (int i = 0; i < count; ++i) expect += i % 1000 + l;
    check_eq(("level 0 scratch of " + std::to_string(bytes) + " bytes: team sum").c_str(), h(l), expect);
  }
}

// Level 1 with a league far larger than the device runs at once, in a top-level reduction: each
// team fills 64 longs of level-1 scratch and adds them up. An H100 holds 4224 teams of 2 threads,
// so the CUDA build runs 450000 teams; the OpenMP host build runs one team at a time and a
// barrier of its threads costs microseconds, so it runs 4500.
void run_large_league_level1() {
#if defined(__CUDACC__)
  const int league = 450000;
#else
  const int league = 4500;
#endif
  const int k = 64;
  const team_policy policy = team_policy(league, clamp_team(2, 1), 1).set_scratch_size(1, hpar::PerTeam(k * sizeof(long)));
  long total = 0;
  hpar::parallel_reduce("level1_league", policy, HPAR_LAMBDA(const member_type& t, long& acc) {
    long* s = static_cast<long*>(t.team_scratch(1).get_shmem(k * sizeof(long)));
    hpar::parallel_for(hpar::TeamThreadRange(t, k), [&](const int i) { s[i] = t.league_rank() % 7 + i; });
    t.team_barrier();
    hpar::single(hpar::PerTeam(t), [&]() {
      long v = 0;
      for (int i = 0; i < k; ++i) v += s[i];
      acc += v;
    });
  }, total);
  long expect = 0;
  for (int l = 0; l < league; ++l) expect += long(l % 7) * k + long(k) * (k - 1) / 2;
  check_eq(("level 1 scratch, league of " + std::to_string(league) + ": total").c_str(), total, expect);
}

// 64 MB of level 1 per team: each team writes one long in each of the 64 MB's 1 MB pieces (the
// first and the last long of the level among them), then thread 0 reads them all back.
void run_huge_level1() {
  const int league = 5;
  const size_t bytes = size_t(64) << 20, piece = size_t(1) << 20;
  const int pieces = int(bytes / piece);
  const team_policy policy = team_policy(league, clamp_team(4, 1), 1).set_scratch_size(1, hpar::PerTeam(bytes));
  hpar::View<long*> sums("sums", league);
  hpar::View<int*> missing("missing", league);
  hpar::parallel_for("huge_level1", policy, HPAR_LAMBDA(const member_type& t) {
    char* base = static_cast<char*>(t.team_scratch(1).get_shmem(bytes));
    if (base == nullptr) {
      hpar::single(hpar::PerTeam(t), [&]() { missing(t.league_rank()) = 1; });
      return;
    }
    const long l = t.league_rank();
    hpar::parallel_for(hpar::TeamThreadRange(t, pieces), [&](const int p) {
      long* at = reinterpret_cast<long*>(base + size_t(p) * piece + (p == pieces - 1 ? piece - sizeof(long) : 0));
      *at = 1000 * l + p;
    });
    t.team_barrier();
    hpar::single(hpar::PerTeam(t), [&]() {
      long v = 0;
      for (int p = 0; p < pieces; ++p)
        v += *reinterpret_cast<const long*>(base + size_t(p) * piece + (p == pieces - 1 ? piece - sizeof(long) : 0));
      sums(l) = v;
    });
  });
  auto hs = hpar::create_mirror_view_and_copy(hpar::HostSpace(), sums);
  auto hm = hpar::create_mirror_view_and_copy(hpar::HostSpace(), missing);
  for (int l = 0; l < league; ++l) {
    const std::string team = "64 MB of level 1, team " + std::to_string(l);
    check_eq((team + ": allocation returned nullptr").c_str(), hm(l), 0);
    check_eq((team + ": sum of the values read back").c_str(), hs(l), 1000L * l * pieces + long(pieces) * (pieces - 1) / 2);
  }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  check(team_policy(1, 1).set_scratch_size(0, hpar::PerTeam(40), hpar::PerThread(12)).scratch_size(0, 4) == 40 + 4 * 12,
        "scratch_size(0, 4) = per team + 4 x per thread");
  check(team_policy(1, 1).set_scratch_size(1, hpar::PerThread(3)).team_scratch_size(1) == 0, "team_scratch_size(1) unset is 0");
  // Kokkos' host and OpenMP numbers are 32 KB and 20 MB; CUDA offers what the device has. A
  // launch may ask for more (64 MB of level 1 below).
  check(team_policy::scratch_size_max(0) >= (32 << 10) && team_policy::scratch_size_max(1) >= (20 << 20),
        "scratch_size_max: level 0 at least 32 KB, level 1 at least 20 MB");
  run_levels("level 0", 0, 11, 7, 1);
  run_levels("level 0", 0, 5, 33, 4);
  run_levels("level 1", 1, 11, 7, 1);
  run_levels("level 1", 1, 5, 33, 4);
  run_shmem_functor();
  run_large_level0();
  run_large_league_level1();
  run_huge_level1();
  return report();
}
