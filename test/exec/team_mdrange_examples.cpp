// Checks the documented Kokkos examples of the team-level MDRange policies, spelled Kokkos:: through Kokkos_Core.hpp: TeamThreadMDRange<Rank<4>> and TeamVectorMDRange<Rank<4>> fill A(league, i0, i1, i2, i3) = B(league, i1) + C(i1, i2, i3) and sum A over the range after a team barrier, the sum stored by single(PerTeam); TeamThreadRange over i0 with ThreadVectorMDRange<Rank<3>> over (i1, i2, i3) fills A the same way and a TeamThreadRange reduction of ThreadVectorMDRange reductions sums it; every element of A and every team's sum match values computed on the host; team sizes 1, 5 and 16 (clamped to team_size_max) with vector lengths 1, 8 and 4, and AUTO.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

using TeamHandle = Kokkos::TeamPolicy<>::member_type;
using ViewA = Kokkos::View<int*****>;  // (league, i0, i1, i2, i3)
using ViewB = Kokkos::View<int**>;     // (league, i1)
using ViewC = Kokkos::View<int***>;    // (i1, i2, i3)

constexpr int n0 = 5, n1 = 3, n2 = 4, n3 = 6;

enum Example { kTeamThread, kTeamVector, kThreadVector };
const char* const kExampleName[] = {"TeamThreadMDRange example", "TeamVectorMDRange example",
                                    "TeamThreadRange + ThreadVectorMDRange example"};

int b_of(const int league, const int i1) { return 7 * league + 3 * i1 - 5; }
int c_of(const int i1, const int i2, const int i3) { return 100 * i1 + 10 * i2 + i3; }

void run(const Example example, const Kokkos::TeamPolicy<> policy) {
  const int N = policy.league_size();
  ViewA A("A", N, n0, n1, n2, n3);
  ViewB B("B", N, n1);
  ViewC C("C", n1, n2, n3);
  Kokkos::View<int*> A_rowSum("A_rowSum", N);
  {
    auto hB = Kokkos::create_mirror_view(B);
    auto hC = Kokkos::create_mirror_view(C);
    for (int l = 0; l < N; ++l)
      for (int i1 = 0; i1 < n1; ++i1) hB(l, i1) = b_of(l, i1);
    for (int i1 = 0; i1 < n1; ++i1)
      for (int i2 = 0; i2 < n2; ++i2)
        for (int i3 = 0; i3 < n3; ++i3) hC(i1, i2, i3) = c_of(i1, i2, i3);
    Kokkos::deep_copy(B, hB);
    Kokkos::deep_copy(C, hC);
  }

  if (example == kTeamThread) {
    Kokkos::parallel_for("example_team_thread_mdrange", policy, KOKKOS_LAMBDA(TeamHandle const& team) {
      int leagueRank = team.league_rank();
      auto range = Kokkos::TeamThreadMDRange<Kokkos::Rank<4>, TeamHandle>(team, n0, n1, n2, n3);
      Kokkos::parallel_for(range, [=](int i0, int i1, int i2, int i3) {
        A(leagueRank, i0, i1, i2, i3) = B(leagueRank, i1) + C(i1, i2, i3);
      });
      team.team_barrier();
      int teamSum = 0;
      Kokkos::parallel_reduce(range, [=](int i0, int i1, int i2, int i3, int& threadSum) {
        threadSum += A(leagueRank, i0, i1, i2, i3);
      }, teamSum);
      Kokkos::single(Kokkos::PerTeam(team), [&]() { A_rowSum(leagueRank) = teamSum; });
    });
  } else if (example == kTeamVector) {
    Kokkos::parallel_for("example_team_vector_mdrange", policy, KOKKOS_LAMBDA(TeamHandle const& team) {
      int leagueRank = team.league_rank();
      auto range = Kokkos::TeamVectorMDRange<Kokkos::Rank<4>, TeamHandle>(team, n0, n1, n2, n3);
      Kokkos::parallel_for(range, [=](int i0, int i1, int i2, int i3) {
        A(leagueRank, i0, i1, i2, i3) = B(leagueRank, i1) + C(i1, i2, i3);
      });
      team.team_barrier();
      int teamSum = 0;
      Kokkos::parallel_reduce(range, [=](int i0, int i1, int i2, int i3, int& vectorSum) {
        vectorSum += A(leagueRank, i0, i1, i2, i3);
      }, teamSum);
      Kokkos::single(Kokkos::PerTeam(team), [&]() { A_rowSum(leagueRank) = teamSum; });
    });
  } else {
    Kokkos::parallel_for("example_thread_vector_mdrange", policy, KOKKOS_LAMBDA(TeamHandle const& team) {
      int leagueRank = team.league_rank();
      auto teamThreadRange = Kokkos::TeamThreadRange(team, n0);
      auto threadVectorMDRange = Kokkos::ThreadVectorMDRange<Kokkos::Rank<3>, TeamHandle>(team, n1, n2, n3);
      Kokkos::parallel_for(teamThreadRange, [=](int i0) {
        Kokkos::parallel_for(threadVectorMDRange, [=](int i1, int i2, int i3) {
          A(leagueRank, i0, i1, i2, i3) = B(leagueRank, i1) + C(i1, i2, i3);
        });
      });
      team.team_barrier();
      int teamSum = 0;
      Kokkos::parallel_reduce(teamThreadRange, [=](int i0, int& threadSum) {
        int vectorSum = 0;
        Kokkos::parallel_reduce(threadVectorMDRange, [=](int i1, int i2, int i3, int& laneSum) {
          laneSum += A(leagueRank, i0, i1, i2, i3);
        }, vectorSum);
        threadSum += vectorSum;
      }, teamSum);
      Kokkos::single(Kokkos::PerTeam(team), [&]() { A_rowSum(leagueRank) = teamSum; });
    });
  }

  auto hA = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), A);
  auto hSum = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), A_rowSum);
  char what[200];
  std::snprintf(what, sizeof what, "%s (league %d, team %d, vector %d)", kExampleName[example], N, policy.team_size(),
                policy.vector_length());
  long long wrong = 0;
  for (int l = 0; l < N; ++l) {
    long long sum = 0;
    for (int i0 = 0; i0 < n0; ++i0)
      for (int i1 = 0; i1 < n1; ++i1)
        for (int i2 = 0; i2 < n2; ++i2)
          for (int i3 = 0; i3 < n3; ++i3) {
            const int expected = b_of(l, i1) + c_of(i1, i2, i3);
            sum += expected;
            if (hA(l, i0, i1, i2, i3) != expected) ++wrong;
          }
    check_eq((std::string(what) + ": team sum of A, league " + std::to_string(l)).c_str(), hSum(l), sum);
  }
  check_eq((std::string(what) + ": wrong elements of A").c_str(), wrong, 0);
}

// A team functor that is never dispatched: team_size_max is asked about it.
struct ForProbe {
  KOKKOS_INLINE_FUNCTION void operator()(TeamHandle const&) const {}
};

// The largest team size not above `requested` that the build can launch with this vector length.
int clamp_team(const int requested, const int vector) {
  const Kokkos::TeamPolicy<> probe(1, 1, vector);
  return std::min(requested, probe.team_size_max(ForProbe(), Kokkos::ParallelForTag()));
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  for (const Example example : {kTeamThread, kTeamVector, kThreadVector}) {
    run(example, Kokkos::TeamPolicy<>(4, clamp_team(1, 1), 1));
    run(example, Kokkos::TeamPolicy<>(3, clamp_team(5, 8), 8));
    run(example, Kokkos::TeamPolicy<>(2, clamp_team(16, 4), 4));
    run(example, Kokkos::TeamPolicy<>(3, Kokkos::AUTO));
  }
  return report();
}
