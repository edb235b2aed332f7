// Checks TeamPolicy(league, Kokkos::AUTO) over leagues too short to fill a GPU, where a backend
// may choose wide teams (the CUDA output takes 1,024 threads there): a light parallel_for over
// TeamThreadRange, a register-heavy parallel_reduce with nested TeamThreadRange reductions and
// single(PerTeam), and a kernel with per-thread level-0 scratch. Each team reports its
// team_size(), which must be the same for every team of a dispatch and every thread of a team,
// and at most the policy's team_size_max() for the functor (Kokkos' rule: code sizes per-thread
// buffers by it); every result is checked exactly against the host.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "check.hpp"

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;

constexpr int kLeague = 12;
constexpr int kWidth = 5000;  // indices of each team's TeamThreadRange
constexpr int kTerms = 24;    // values each index of the heavy kernel keeps live

// The heavy kernel's contribution of index i: the sum over pairs a < b of term(a) * term(b).
KOKKOS_INLINE_FUNCTION int64_t term(int64_t i, int a) { return (i * (a + 3) + a * a) % 1009 - 504; }

// Each team writes its indices; every thread records the team size it sees.
void light_kernel() {
  Kokkos::View<int64_t**> out("out", kLeague, kWidth);
  Kokkos::View<int*> sizes("sizes", kLeague);
  Kokkos::View<int*> disagree("disagree", 1);
  const auto light = KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sizes(l) = team.team_size(); });
    team.team_barrier();
    if (sizes(l) != team.team_size() || team.team_rank() >= team.team_size()) Kokkos::atomic_add(&disagree(0), 1);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kWidth), [&](const int i) {
      out(l, i) = int64_t(l) * kWidth + i + 1;
    });
  };
  const team_policy policy(kLeague, Kokkos::AUTO);
  const int most = policy.team_size_max(light, Kokkos::ParallelForTag());
  Kokkos::parallel_for("light", policy, light);
  auto h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  auto h_sizes = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sizes);
  auto h_disagree = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), disagree);
  long long wrong = 0;
  for (int l = 0; l < kLeague; ++l)
    for (int i = 0; i < kWidth; ++i) wrong += h_out(l, i) != int64_t(l) * kWidth + i + 1;
  check_eq("light: wrong elements", wrong, 0);
  check_eq("light: threads that saw another team size", h_disagree(0), 0);
  bool same = h_sizes(0) >= 1;
  for (int l = 1; l < kLeague; ++l) same = same && h_sizes(l) == h_sizes(0);
  check(same, "light: every team has the same team_size()");
  check(h_sizes(0) <= most, "light: team_size() is at most team_size_max()");
  std::printf("light kernel: team_size() %d, team_size_max() %d\n", h_sizes(0), most);
}

// A top-level team reduction whose teams each reduce kTerms live values per index.
void heavy_kernel() {
  Kokkos::View<int*> sizes("sizes", kLeague);
  int64_t total = 0;
  Kokkos::parallel_reduce("heavy", team_policy(kLeague, Kokkos::AUTO),
                          KOKKOS_LAMBDA(const member_type& team, int64_t& update) {
    const int l = team.league_rank();
    int64_t team_sum = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, kWidth), [&](const int i, int64_t& inner) {
      const int64_t index = int64_t(l) * kWidth + i;
      int64_t t[kTerms];
      for (int a = 0; a < kTerms; ++a) t[a] = term(index, a);
      int64_t pairs = 0;
      for (int a = 0; a < kTerms; ++a)
        for (int b = a + 1; b < kTerms; ++b) pairs += t[a] * t[b];
      inner += pairs;
    }, team_sum);
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      sizes(l) = team.team_size();
      update += team_sum;
    });
  }, total);
  int64_t expected = 0;
  for (int64_t index = 0; index < int64_t(kLeague) * kWidth; ++index)
    for (int a = 0; a < kTerms; ++a)
      for (int b = a + 1; b < kTerms; ++b) expected += term(index, a) * term(index, b);
  check_eq("heavy: the sum of the teams' sums", total, expected);
  auto h_sizes = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sizes);
  bool same = h_sizes(0) >= 1;
  for (int l = 1; l < kLeague; ++l) same = same && h_sizes(l) == h_sizes(0);
  check(same, "heavy: every team has the same team_size()");
  std::printf("heavy kernel: team_size() %d\n", h_sizes(0));
  // A second dispatch of the same kernel, after whatever the first learned.
  int64_t again = 0;
  Kokkos::parallel_reduce("heavy_again", team_policy(kLeague, Kokkos::AUTO),
                          KOKKOS_LAMBDA(const member_type& team, int64_t& update) {
    int64_t team_sum = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, kWidth), [&](const int i, int64_t& inner) {
      inner += term(int64_t(team.league_rank()) * kWidth + i, i % kTerms);
    }, team_sum);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { update += team_sum; });
  }, again);
  int64_t expected_again = 0;
  for (int64_t index = 0; index < int64_t(kLeague) * kWidth; ++index) expected_again += term(index, int(index % kWidth) % kTerms);
  check_eq("heavy_again: the sum", again, expected_again);
}

// Per-thread scratch: each thread writes its rank and league into its own scratch and reads it back.
void scratch_kernel() {
  using ScratchInts = Kokkos::View<int*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                   Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  constexpr int per_thread = 16;
  Kokkos::View<int*> wrong("wrong", 1);
  Kokkos::View<int*> sizes("sizes", kLeague);
  const team_policy policy = team_policy(kLeague, Kokkos::AUTO)
                                 .set_scratch_size(0, Kokkos::PerThread(ScratchInts::shmem_size(per_thread)));
  Kokkos::parallel_for("scratch", policy, KOKKOS_LAMBDA(const member_type& team) {
    ScratchInts mine(team.thread_scratch(0), per_thread);
    for (int k = 0; k < per_thread; ++k) mine(k) = team.league_rank() * 100000 + team.team_rank() * 100 + k;
    team.team_barrier();
    for (int k = 0; k < per_thread; ++k)
      if (mine(k) != team.league_rank() * 100000 + team.team_rank() * 100 + k) Kokkos::atomic_add(&wrong(0), 1);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sizes(team.league_rank()) = team.team_size(); });
  });
  auto h_wrong = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), wrong);
  auto h_sizes = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sizes);
  check_eq("scratch: values read back wrong", h_wrong(0), 0);
  std::printf("scratch kernel: team_size() %d\n", h_sizes(0));
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  light_kernel();
  heavy_kernel();
  scratch_kernel();
  return report();
}
