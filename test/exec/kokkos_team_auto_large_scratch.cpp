// Checks TeamPolicy(league, Kokkos::AUTO) with level-0 scratch larger than a GPU gives a team in
// shared memory without opting in (64 KB a team, above 48 KB), where a backend may choose wide
// teams (the CUDA output's occupancy choice; the OpenMP output with clang keeps such scratch in
// device memory and takes 1,024 threads): each team builds a histogram of its row in 16,384 bins of
// team scratch, zeroed and read back over TeamThreadRange around team barriers, the way the
// Kokkos tutorials use team scratch. The league is long enough to fill a GPU with teams of 256.
// Every team's bins are checked exactly against the host, and each team's team_size() against
// the policy's team_size_max() for the functor (Kokkos' rule).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "check.hpp"

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;
using ScratchBins = Kokkos::View<int*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                 Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

constexpr int kLeague = 1200;  // teams of 256 threads: more than an H200 holds at once
constexpr int kRow = 1024;     // values per team
constexpr int kBins = 16384;   // 64 KB of int bins a team

KOKKOS_INLINE_FUNCTION int value_of(int64_t l, int64_t i) { return int((l * 7919 + i * i * 31 + i) % kBins); }

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int**> values("values", kLeague, kRow);
  Kokkos::parallel_for("fill", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {kLeague, kRow}),
                       KOKKOS_LAMBDA(const int l, const int i) { values(l, i) = value_of(l, i); });

  // Per team: how many bins are used, and the sum over bins of bin x count.
  Kokkos::View<int64_t**> summary("summary", kLeague, 2);
  Kokkos::View<int*> sizes("sizes", kLeague);
  const auto histogram = KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    ScratchBins bins(team.team_scratch(0), kBins);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kBins), [&](const int b) { bins(b) = 0; });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kRow),
                         [&](const int i) { Kokkos::atomic_add(&bins(values(l, i)), 1); });
    team.team_barrier();
    int64_t used = 0, weighted = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, kBins),
                            [&](const int b, int64_t& u) { u += bins(b) > 0 ? 1 : 0; }, used);
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, kBins),
                            [&](const int b, int64_t& w) { w += int64_t(b) * bins(b); }, weighted);
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      summary(l, 0) = used;
      summary(l, 1) = weighted;
      sizes(l) = team.team_size();
    });
  };
  const team_policy policy =
      team_policy(kLeague, Kokkos::AUTO).set_scratch_size(0, Kokkos::PerTeam(ScratchBins::shmem_size(kBins)));
  const int most = policy.team_size_max(histogram, Kokkos::ParallelForTag());
  Kokkos::parallel_for("histogram", policy, histogram);

  auto h_summary = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), summary);
  auto h_sizes = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sizes);
  long long wrong = 0;
  std::vector<int> bins(kBins);
  for (int l = 0; l < kLeague; ++l) {
    std::fill(bins.begin(), bins.end(), 0);
    for (int i = 0; i < kRow; ++i) ++bins[value_of(l, i)];
    int64_t used = 0, weighted = 0;
    for (int b = 0; b < kBins; ++b) {
      used += bins[b] > 0 ? 1 : 0;
      weighted += int64_t(b) * bins[b];
    }
    wrong += h_summary(l, 0) != used;
    wrong += h_summary(l, 1) != weighted;
  }
  check_eq("histogram: wrong team summaries", wrong, 0);
  bool same = h_sizes(0) >= 1;
  for (int l = 1; l < kLeague; ++l) same = same && h_sizes(l) == h_sizes(0);
  check(same, "histogram: every team has the same team_size()");
  check(h_sizes(0) <= most, "histogram: team_size() is at most team_size_max()");
  std::printf("histogram kernel: team_size() %d, team_size_max() %d\n", h_sizes(0), most);
  return report();
}
