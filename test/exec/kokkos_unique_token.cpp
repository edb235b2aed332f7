// Checks Kokkos::Experimental::UniqueToken as users use it: many iterations acquire a value, update a counter per value non-atomically (read, re-read a few times to see any other writer, write) and release it; no update is lost, no other writer is ever seen, every value is below size(): Instance scope (size concurrency()), Instance with max_size 8 under contention, Global scope, AcquireUniqueToken in a TeamThreadRange, AcquireTeamUniqueToken per team, and a host execution space's token.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>

using ExecSpace = Kokkos::DefaultExecutionSpace;
using team_policy = Kokkos::TeamPolicy<ExecSpace>;
using member_type = team_policy::member_type;

// The critical section: counter(id) += 1 without atomics; while it holds id, a thread re-reads
// the counter and counts every change it sees (another holder of the same value).
KOKKOS_INLINE_FUNCTION void exclusive_increment(const Kokkos::View<int*>& counter,
                                                const Kokkos::View<int*>& intrusions, const int id) {
  volatile int* p = &counter(id);
  const int before = *p;
  for (int k = 0; k < 16; ++k)
    if (*p != before) Kokkos::atomic_add(&intrusions(0), 1);
  *p = before + 1;
}

struct Outcome {
  long long total = 0;
  int intrusions = 0;
  int out_of_range = 0;
  int values_used = 0;
};

Outcome read_outcome(const Kokkos::View<int*>& counter, const Kokkos::View<int*>& intrusions,
                     const Kokkos::View<int*>& out_of_range) {
  auto hc = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counter);
  auto hi = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), intrusions);
  auto ho = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out_of_range);
  Outcome o;
  for (size_t v = 0; v < hc.extent(0); ++v) {
    o.total += hc(v);
    if (hc(v) != 0) ++o.values_used;
  }
  o.intrusions = hi(0);
  o.out_of_range = ho(0);
  return o;
}

template <class Token>
void check_token_loop(const char* what, const Token& token, const int n) {
  const int size = int(token.size());
  Kokkos::View<int*> counter("counter", size);
  Kokkos::View<int*> intrusions("intrusions", 1);
  Kokkos::View<int*> out_of_range("out_of_range", 1);
  Kokkos::parallel_for("token_loop", Kokkos::RangePolicy<ExecSpace>(0, n), KOKKOS_LAMBDA(const int) {
    const int id = int(token.acquire());
    if (id < 0 || id >= size) {
      Kokkos::atomic_add(&out_of_range(0), 1);
    } else {
      exclusive_increment(counter, intrusions, id);
      token.release(id);
    }
  });
  Kokkos::fence();
  const Outcome o = read_outcome(counter, intrusions, out_of_range);
  char label[200];
  std::snprintf(label, sizeof label, "%s: no lost update (sum of the counters)", what);
  check_eq(label, o.total, n);
  std::snprintf(label, sizeof label, "%s: no other holder seen", what);
  check_eq(label, o.intrusions, 0);
  std::snprintf(label, sizeof label, "%s: values below size()", what);
  check_eq(label, o.out_of_range, 0);
  std::printf("%s: size %d, %d values used\n", what, size, o.values_used);
}

void instance_tokens() {
  Kokkos::Experimental::UniqueToken<ExecSpace> token;
  check_eq("Instance token: size() is concurrency()", token.size(), ExecSpace::concurrency());
  check_token_loop("Instance token", token, 1000000);

  // A small pool under contention: every thread of the kernel competes for 8 values.
  Kokkos::Experimental::UniqueToken<ExecSpace> small(8);
  check_eq("Instance token (max_size 8): size()", small.size(), 8);
  check_token_loop("Instance token (max_size 8)", small, 100000);
  Kokkos::Experimental::UniqueToken<ExecSpace> small2(ExecSpace(), 3);
  check_eq("Instance token (exec, max_size 3): size()", small2.size(), 3);
  check_token_loop("Instance token (exec, max_size 3)", small2, 20000);

  // One value: every iteration runs alone. Where few threads run at once (the host), many
  // iterations make two of them meet; on a GPU thousands wait for each hand-over.
  Kokkos::Experimental::UniqueToken<ExecSpace, Kokkos::Experimental::UniqueTokenScope::Instance> one(1);
  check_token_loop("Instance token (max_size 1)", one, ExecSpace::concurrency() < 1000 ? 20000 : 4000);
}

void global_tokens() {
  using Global = Kokkos::Experimental::UniqueToken<ExecSpace, Kokkos::Experimental::UniqueTokenScope::Global>;
  Global token;
  check_eq("Global token: size() is concurrency()", token.size(), ExecSpace::concurrency());
  check_token_loop("Global token", token, 1000000);
  Global again(ExecSpace{});
  check_token_loop("Global token (second object)", again, 300000);
}

// AcquireUniqueToken (RAII) inside a TeamThreadRange.
void acquire_in_team() {
  Kokkos::Experimental::UniqueToken<ExecSpace> token;
  const int size = int(token.size());
  const int league = 2000, per_team = 97;
  Kokkos::View<int*> counter("counter", size);
  Kokkos::View<int*> intrusions("intrusions", 1);
  Kokkos::View<int*> out_of_range("out_of_range", 1);
  Kokkos::parallel_for("acquire_in_team", team_policy(league, Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, per_team), [&](const int) {
      Kokkos::Experimental::AcquireUniqueToken<ExecSpace> held(token);
      const int id = int(held.value());
      if (id < 0 || id >= size) Kokkos::atomic_add(&out_of_range(0), 1);
      else exclusive_increment(counter, intrusions, id);
    });
  });
  Kokkos::fence();
  const Outcome o = read_outcome(counter, intrusions, out_of_range);
  check_eq("AcquireUniqueToken in TeamThreadRange: no lost update", o.total, (long long)league * per_team);
  check_eq("AcquireUniqueToken in TeamThreadRange: no other holder seen", o.intrusions, 0);
  check_eq("AcquireUniqueToken in TeamThreadRange: values below size()", o.out_of_range, 0);
}

// AcquireTeamUniqueToken: one value per team, fewer values than teams.
void acquire_per_team() {
  const int values = 8;
  Kokkos::Experimental::UniqueToken<ExecSpace> token(values);
  const int league = 3000, per_team = 64;
  Kokkos::View<int*> leader_counter("leader_counter", values);  // the leader's critical section
  Kokkos::View<int*> team_work("team_work", values);            // all threads: atomic adds
  Kokkos::View<int*> intrusions("intrusions", 1);
  Kokkos::View<int*> out_of_range("out_of_range", 1);
  Kokkos::View<int*> disagreements("disagreements", 1);
  using TeamToken = Kokkos::Experimental::AcquireTeamUniqueToken<team_policy>;
  team_policy policy(league, Kokkos::AUTO);
  policy.set_scratch_size(0, Kokkos::PerTeam(TeamToken::shmem_size()));
  Kokkos::parallel_for("acquire_per_team", policy, KOKKOS_LAMBDA(const member_type& team) {
    TeamToken held(token, team);
    const int id = int(held.value());
    // Every thread sees the leader's value.
    int leader_id = id;
    team.team_broadcast(leader_id, 0);
    if (leader_id != id) Kokkos::atomic_add(&disagreements(0), 1);
    if (id < 0 || id >= values) {
      Kokkos::single(Kokkos::PerTeam(team), [&]() { Kokkos::atomic_add(&out_of_range(0), 1); });
    } else {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, per_team),
                           [&](const int) { Kokkos::atomic_add(&team_work(id), 1); });
      Kokkos::single(Kokkos::PerTeam(team), [&]() { exclusive_increment(leader_counter, intrusions, id); });
    }
  });
  Kokkos::fence();
  const Outcome o = read_outcome(leader_counter, intrusions, out_of_range);
  auto hw = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), team_work);
  auto hd = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), disagreements);
  long long work = 0;
  for (int v = 0; v < values; ++v) work += hw(v);
  check_eq("AcquireTeamUniqueToken: one update per team", o.total, league);
  check_eq("AcquireTeamUniqueToken: no other team seen", o.intrusions, 0);
  check_eq("AcquireTeamUniqueToken: values below size()", o.out_of_range, 0);
  check_eq("AcquireTeamUniqueToken: the team's threads all did their work", work, (long long)league * per_team);
  check_eq("AcquireTeamUniqueToken: every thread holds the leader's value", hd(0), 0);
}

// A host execution space's token, used in a dispatch over that space.
void host_token() {
  using Host = Kokkos::DefaultHostExecutionSpace;
  Kokkos::Experimental::UniqueToken<Host> token;
  check_eq("host token: size() is the host space's concurrency()", token.size(), Host::concurrency());
  const int n = 10000;
  const int size = int(token.size());
  Kokkos::View<int*, Kokkos::HostSpace> counter("host_counter", size);
  Kokkos::View<int*, Kokkos::HostSpace> out("host_out", 1);
  Kokkos::parallel_for("host_token", Kokkos::RangePolicy<Host>(0, n), KOKKOS_LAMBDA(const int) {
    Kokkos::Experimental::AcquireUniqueToken<Host> held(token);
    const int id = int(held.value());
    if (id < 0 || id >= size) out(0) += 1;
    else counter(id) += 1;
  });
  long long total = 0;
  for (int v = 0; v < size; ++v) total += counter(v);
  check_eq("host token: every iteration counted", total, n);
  check_eq("host token: values below size()", out(0), 0);
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  instance_tokens();
  global_tokens();
  acquire_in_team();
  acquire_per_team();
  host_token();
  return report();
}
