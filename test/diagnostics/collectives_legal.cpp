// Collectives the rules accept: under conditions on league_rank(), team_size(), parameters,
// captures and functor members; on values made the same on every thread (single(PerTeam) with a
// value, team_broadcast, team_reduce, a nested reduction's result, a nested scan's total); in loops
// with uniform bounds, breaks and continues; team_rank()-dependent code that holds no collective;
// vector patterns and single(PerThread) under a condition on team_rank() or on a TeamThreadRange
// index (every lane of the thread takes the same branch); helpers called with uniform arguments;
// null checks of a thread's scratch.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA < %t.cu
// LEGAL-NOT: {{error|warning}}
// CUDA: hpar_uniform_L
// CUDA: hpar_scratch_checks_L
// CUDA: hpar_functor_L
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

HPAR_INLINE_FUNCTION void sync_if(const member_type& team, int who) {
  if (who == 0) team.team_barrier();
}

HPAR_INLINE_FUNCTION int rounds(const member_type& team, int n) { return n / team.team_size(); }

void uniform(hpar::View<double**> a, hpar::View<int> next, int n, bool twice) {
  hpar::parallel_for("uniform", hpar::TeamPolicy<>(n, hpar::AUTO, 4), HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int r = team.team_rank();
    if (l % 2 == 0) team.team_barrier();
    if (team.team_size() > 1 && twice) team.team_barrier();
    sync_if(team, l);
    for (int k = 0; k < rounds(team, n); ++k) {
      if (k == l) continue;
      team.team_barrier();
      if (k > n / 2) break;
    }
    int offset = -1 - r;
    hpar::single(hpar::PerTeam(team), [&](int& o) { o = hpar::atomic_fetch_add(&next(), 4); }, offset);
    if (offset >= 0) team.team_barrier();
    double v = a(l, r % n);
    team.team_broadcast(v, 0);
    if (v > 0) team.team_barrier();
    int most = r;
    team.team_reduce(hpar::Max<int>(most));
    while (most-- > 0) team.team_barrier();
    double s = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, n), [&](int i, double& t) { t += a(l, i) * r; }, s);
    if (s > 0) hpar::single(hpar::PerTeam(team), [&]() { a(l, 0) = s; });
    long total = 0;
    hpar::parallel_scan(hpar::TeamThreadRange(team, n), [&](int i, long& u, bool final) { u += i + r; }, total);
    if (total > 0) hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) { a(l, i) += 1; });
    if (r == 0) a(l, 0) += 1;
    for (int q = 0; q < 10 * (r + 1); ++q) a(l, 1) += q;
    const int p = team.team_scan(r);
    if (p > 3) a(l, 2) = p;
    if (r < 2) hpar::single(hpar::PerThread(team), [&]() { a(l, 3) = r; });
    if (r % 2) hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) { a(l, j) += r; });
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int i) {
      if (i % 2) hpar::parallel_for(hpar::ThreadVectorRange(team, n), [&](int j) { a(i, j) += 1; });
      if (i == 0) hpar::single(hpar::PerThread(team), [&]() { a(i, 0) = 0; });
    });
    auto sync = [&]() { team.team_barrier(); };
    sync();
  });
}

// Whether thread scratch was allocated is the same on every thread, although each thread's
// pointer differs: null checks of it do not make a collective divergent (Kokkos' TestTeam).
void scratch_checks(hpar::View<long*> x, int n) {
  using Scratch = hpar::View<long*, hpar::DefaultExecutionSpace::scratch_memory_space>;
  auto policy = hpar::TeamPolicy<>(n, hpar::AUTO).set_scratch_size(1, hpar::PerThread(Scratch::shmem_size(10)));
  hpar::parallel_for("scratch_checks", policy, HPAR_LAMBDA(const member_type& team) {
    const Scratch mine(team.thread_scratch(1), 10);
    long* raw = mine.data();
    if (mine.data() == nullptr || !raw) {
      x(team.league_rank()) = -1;
    } else {
      hpar::parallel_for(hpar::TeamThreadRange(team, 10), [&](int i) { x(i) += i; });
      team.team_barrier();
    }
    if (nullptr != raw) team.team_barrier();
  });
}

struct Stages {
  hpar::View<double*> x;
  int stages;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    for (int k = 0; k < stages; ++k) {
      if (team.team_rank() == k) x(team.league_rank()) += k;
      team.team_barrier();
    }
    if (stages > 2) team.team_barrier();
  }
};

void functor(hpar::View<double*> x, int n) {
  hpar::parallel_for("functor", hpar::TeamPolicy<>(n, hpar::AUTO), Stages{x, 3});
}

int main() {
  hpar::View<double**> a("a", 4, 4);
  hpar::View<double*> x("x", 4);
  hpar::View<int> next("next");
  uniform(a, next, 4, true);
  functor(x, 4);
}
