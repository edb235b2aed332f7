// Teams running side by side on the host's threads. The program asks Kokkos for 6 threads on its
// command line (--kokkos-num-threads=6, which initialize takes out of argv); the OpenMP build for
// the host then runs 6 threads, as Kokkos' OpenMP backend does: concurrency() is 6, AUTO teams
// have 1 thread (Kokkos' OpenMP recommends 1) and run 6 at a time, and teams of 2 and 3 threads
// run 3 and 2 at a time, each meeting at its own barriers. Every team writes its threads' values
// to scratch, meets at team_barrier() and reads its neighbour's, broadcasts, reduces and scans
// over its threads; a barrier that let threads of one team through early, or that waited for
// another team, shows as a wrong value or a hang. Teams under Schedule<Dynamic> with chunk sizes
// run each league once too. Every other build runs the same program with its own shapes.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstring>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;
using scratch_view = Kokkos::View<long*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                  Kokkos::MemoryUnmanaged>;

// For each team: thread t writes (league * 100 + t) to scratch, meets the barrier and stores its
// right-hand neighbour's value; thread 0's value is broadcast; the team's sum of (t + 1) and the
// exclusive scan of (t + 1) at each thread are stored too.
struct TeamWork {
  Kokkos::View<long**> neighbour, broadcast, scanned;
  Kokkos::View<long*> sums;
  Kokkos::View<int*> sizes;  // each team's team_size(), as the kernel sees it

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int t = team.team_rank(), n = team.team_size(), league = team.league_rank();
    if (t == 0) sizes(league) = n;
    if (n > int(neighbour.extent(1))) return;  // more threads than team_size_max(): sizes says so
    scratch_view values(team.team_scratch(0), n);
    for (int round = 0; round < 3; ++round) {
      values(t) = league * 100 + t + round;
      team.team_barrier();
      neighbour(league, t) = values((t + 1) % n) - round;
      team.team_barrier();  // the next round rewrites values
    }
    long root = t == 0 ? league * 7 : -1;
    team.team_broadcast(root, 0);
    broadcast(league, t) = root;
    long sum = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n),
                            [&](const int i, long& part) { part += i + 1; }, sum);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sums(league) = sum; });
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, n),
                          [&](const int i, long& update, const bool final) {
                            if (final) scanned(league, i) = update;
                            update += i + 1;
                          });
  }
};

/// Whether this build runs teams of `team_size` threads (Serial's are one thread).
bool fits(int team_size) {
  return team_size <= team_policy(1, 1).team_size_max(TeamWork(), Kokkos::ParallelForTag());
}

// Runs TeamWork over `league` teams of `team_size` threads (0: AUTO) and checks every value.
void run(const char* what, int league, int team_size) {
  if (!fits(team_size)) return;
  team_policy policy = team_size > 0 ? team_policy(league, team_size) : team_policy(league, Kokkos::AUTO);
  // An AUTO team's size is the launch's (Kokkos' CUDA policy says -1 before it): room, in the
  // Views and in scratch, for the largest team this dispatch may run, and each team's own size
  // recorded by the kernel.
  const int cap = team_size > 0 ? team_size : policy.team_size_max(TeamWork(), Kokkos::ParallelForTag());
  policy.set_scratch_size(0, Kokkos::PerTeam(scratch_view::shmem_size(cap)));
  TeamWork work{Kokkos::View<long**>("neighbour", league, cap), Kokkos::View<long**>("broadcast", league, cap),
                Kokkos::View<long**>("scanned", league, cap), Kokkos::View<long*>("sums", league),
                Kokkos::View<int*>("sizes", league)};
  Kokkos::parallel_for("host_teams", policy, work);
  auto sizes = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), work.sizes);
  auto neighbour = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), work.neighbour);
  auto broadcast = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), work.broadcast);
  auto scanned = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), work.scanned);
  auto sums = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), work.sums);
  long wrong = 0;
  for (int l = 0; l < league; ++l) {
    const int n = sizes(l);
    if (n < 1 || n > cap || (team_size > 0 && n != team_size)) {
      ++wrong;
      continue;
    }
    if (sums(l) != long(n) * (n + 1) / 2) ++wrong;
    for (int t = 0; t < n; ++t) {
      if (neighbour(l, t) != l * 100 + (t + 1) % n) ++wrong;
      if (broadcast(l, t) != l * 7) ++wrong;
      if (scanned(l, t) != long(t) * (t + 1) / 2) ++wrong;
    }
  }
  check_eq(what, wrong, 0L);
}

// A team reduction into a host scalar: the sum over the league of each team's sum of its ranks.
void run_reduce(const char* what, int league, int team_size) {
  if (!fits(team_size)) return;
  team_policy policy = team_size > 0 ? team_policy(league, team_size) : team_policy(league, Kokkos::AUTO);
  // Each team adds its league rank, and a million when its threads' sum of ranks is wrong (an
  // AUTO team's size is the launch's: the kernel reads it).
  long total = 0;
  Kokkos::parallel_reduce("host_team_sums", policy, KOKKOS_LAMBDA(const member_type& team, long& acc) {
    const long n = team.team_size();
    long part = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, team.team_size()),
                            [&](const int i, long& p) { p += i; }, part);
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      acc += (part == n * (n - 1) / 2 ? 0 : 1000000) + team.league_rank();
    });
  }, total);
  check_eq(what, total, long(league) * (league - 1) / 2);
}

// Teams under Schedule<Dynamic> with a chunk size: every league once (its team's threads mark it
// together), and a reduction over them.
void run_dynamic(const char* what, int league, int team_size, int chunk) {
  using dynamic_policy = Kokkos::TeamPolicy<Kokkos::Schedule<Kokkos::Dynamic>>;
  using dynamic_member = dynamic_policy::member_type;
  if (!fits(team_size)) return;
  dynamic_policy policy = team_size > 0 ? dynamic_policy(league, team_size) : dynamic_policy(league, Kokkos::AUTO);
  policy.set_chunk_size(chunk);
  Kokkos::View<int*> visits("visits", league);
  Kokkos::parallel_for("dynamic_teams", policy, KOKKOS_LAMBDA(const dynamic_member& team) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, team.team_size()),
                         [&](const int) { Kokkos::atomic_add(&visits(team.league_rank()), 1); });
    team.team_barrier();
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      visits(team.league_rank()) = visits(team.league_rank()) == team.team_size() ? 1 : 1000;
    });
  });
  long total = 0;
  Kokkos::parallel_reduce("dynamic_team_sums", policy, KOKKOS_LAMBDA(const dynamic_member& team, long& acc) {
    Kokkos::single(Kokkos::PerTeam(team), [&]() { acc += team.league_rank(); });
  }, total);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), visits);
  long wrong = 0;
  for (int l = 0; l < league; ++l) wrong += h(l) != 1;
  check_eq(what, wrong, 0L);
  check_eq(what, total, long(league) * (league - 1) / 2);
}

int main(int argc, char** argv) {
  char threads[] = "--kokkos-num-threads=6";
  char other[] = "--not-for-kokkos";
  char* args[] = {argc > 0 ? argv[0] : nullptr, threads, other, nullptr};
  int count = 3;
  Kokkos::initialize(count, args);
  check(count == 2 && std::strcmp(args[1], "--not-for-kokkos") == 0 && args[2] == nullptr,
        "initialize takes --kokkos-num-threads out of argv");
  {
#if defined(KOKKOS_ENABLE_OPENMP) && !defined(KOKKOS_ENABLE_OPENMPTARGET) && !defined(KOKKOS_ENABLE_CUDA)
    check_eq("concurrency() of the OpenMP build for the host", Kokkos::DefaultExecutionSpace().concurrency(), 6);
    check_eq("AUTO team size on the host", team_policy(10, Kokkos::AUTO).team_size(), 1);
#endif
    run("AUTO teams", 601, 0);
    run("teams of 1", 37, 1);
    run("teams of 2", 601, 2);
    run("teams of 3", 400, 3);
    run("one team of 2 (fewer teams than fit)", 1, 2);
    run_reduce("team reduction, AUTO teams", 1001, 0);
    run_reduce("team reduction, teams of 2", 1001, 2);
    run_reduce("team reduction, teams of 3", 5, 3);
    run_dynamic("Schedule<Dynamic>, AUTO teams, chunks of 3", 1001, 0, 3);
    run_dynamic("Schedule<Dynamic>, teams of 2, chunks of 1", 37, 2, 1);
    run_dynamic("Schedule<Dynamic>, teams of 3, chunks of 50 (more than a team's share)", 101, 3, 50);
  }
  Kokkos::finalize();
  return report();
}
