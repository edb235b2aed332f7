// Checks nested parallel_for inside a team functor over TeamThreadRange, ThreadVectorRange and TeamVectorRange, each with (team, count) and (team, begin, end) and int or int64_t indices, and ThreadVectorRange inside TeamThreadRange: every index is run the right number of times (TeamThreadRange: once per lane of the thread that owns it; ThreadVectorRange: once per thread; TeamVectorRange: once per team), with ranges shorter, longer and not multiples of the team size or vector length, and empty ranges; team sizes 1, 7, 33, 127 (clamped to team_size_max), vector lengths 1, 4, 8, 32, a lambda and a functor.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

// The ranges each team (and thread) walks; the same formulas on the host and in the kernels.
HPAR_INLINE_FUNCTION int team_count(const int l, const int T) { return (l * 37 + 3) % (3 * T + 6); }
HPAR_INLINE_FUNCTION int team_begin(const int l) { return l % 4; }
HPAR_INLINE_FUNCTION int lane_count(const int l, const int r, const int V) { return (l + 3 * r) % (2 * V + 5); }
HPAR_INLINE_FUNCTION int lane_begin(const int l, const int r) { return (l + r) % 3; }

constexpr int kRows = 5;   // rows of the TeamThreadRange x ThreadVectorRange nest

void run_lambda(const int league, const int team_request, const int vector) {
  const team_policy policy(league, clamp_team(team_request, vector), vector);
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  const int NT = 3 * T + 6 + 4;    // above team_begin + team_count
  const int NV = 2 * V + 5 + 3;    // above lane_begin + lane_count
  const int NC = 2 * V + 3;        // columns of the nest
  hpar::View<int***> tt("tt", L, 2, NT);          // TeamThreadRange: (count), (begin, end)
  hpar::View<int***> tv("tv", L, 2, NT);          // TeamVectorRange
  hpar::View<int****> lanes("lanes", L, T, 2, NV);  // ThreadVectorRange per thread
  hpar::View<int***> nest("nest", L, kRows, NC);
  hpar::View<int*> tt64("tt64", L);               // int64_t indices: sum of the indices
  hpar::parallel_for("nested_for", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int r = team.team_rank();
    const int n = team_count(l, T);
    const int b = team_begin(l);
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](const int i) { hpar::atomic_add(&tt(l, 0, i), 1); });
    hpar::parallel_for(hpar::TeamThreadRange(team, b, b + n), [&](const int i) { hpar::atomic_add(&tt(l, 1, i), 1); });
    hpar::parallel_for(hpar::TeamVectorRange(team, n), [&](const int i) { hpar::atomic_add(&tv(l, 0, i), 1); });
    hpar::parallel_for(hpar::TeamVectorRange(team, b, b + n), [=](const int i) { hpar::atomic_add(&tv(l, 1, i), 1); });
    const int m = lane_count(l, r, V);
    const int lb = lane_begin(l, r);
    hpar::parallel_for(hpar::ThreadVectorRange(team, m), [&](const int i) { hpar::atomic_add(&lanes(l, r, 0, i), 1); });
    hpar::parallel_for(hpar::ThreadVectorRange(team, lb, lb + m), [&](const int i) { hpar::atomic_add(&lanes(l, r, 1, i), 1); });
    hpar::parallel_for(hpar::TeamThreadRange(team, kRows), [&](const int j) {
      hpar::parallel_for(hpar::ThreadVectorRange(team, NC), [&](const int i) { hpar::atomic_add(&nest(l, j, i), 1); });
    });
    // int64_t indices, and a begin of one type with an end of another.
    hpar::parallel_for(hpar::TeamThreadRange(team, int64_t(n)), [&](const int64_t i) {
      if (i == int64_t(n) - 1) hpar::atomic_add(&tt64(l), 1000);
    });
    hpar::parallel_for(hpar::TeamVectorRange(team, int64_t(b), n + b), [&](const int64_t i) {
      hpar::atomic_add(&tt64(l), int(i - b));
    });
  });
  auto htt = hpar::create_mirror_view_and_copy(hpar::HostSpace(), tt);
  auto htv = hpar::create_mirror_view_and_copy(hpar::HostSpace(), tv);
  auto hlanes = hpar::create_mirror_view_and_copy(hpar::HostSpace(), lanes);
  auto hnest = hpar::create_mirror_view_and_copy(hpar::HostSpace(), nest);
  auto htt64 = hpar::create_mirror_view_and_copy(hpar::HostSpace(), tt64);
  ElementCheck ctt(describe("TeamThreadRange: calls per index are the vector length", L, T, V));
  ElementCheck ctv(describe("TeamVectorRange: one call per index", L, T, V));
  ElementCheck clanes(describe("ThreadVectorRange: one call per index and thread", L, T, V));
  ElementCheck cnest(describe("ThreadVectorRange in TeamThreadRange: one call per (row, column)", L, T, V));
  ElementCheck c64(describe("int64_t indices: sum of indices", L, T, V));
  for (int l = 0; l < L; ++l) {
    const int n = team_count(l, T);
    const int b = team_begin(l);
    for (int i = 0; i < NT; ++i) {
      ctt(l, 0, i, htt(l, 0, i), i < n ? V : 0);
      ctt(l, 1, i, htt(l, 1, i), i >= b && i < b + n ? V : 0);
      ctv(l, 0, i, htv(l, 0, i), i < n ? 1 : 0);
      ctv(l, 1, i, htv(l, 1, i), i >= b && i < b + n ? 1 : 0);
    }
    for (int r = 0; r < T; ++r) {
      const int m = lane_count(l, r, V);
      const int lb = lane_begin(l, r);
      for (int i = 0; i < NV; ++i) {
        clanes(l, r, i, hlanes(l, r, 0, i), i < m ? 1 : 0);
        clanes(l, r, 100 + i, hlanes(l, r, 1, i), i >= lb && i < lb + m ? 1 : 0);
      }
    }
    for (int j = 0; j < kRows; ++j)
      for (int i = 0; i < NC; ++i) cnest(l, j, i, hnest(l, j, i), 1);
    const long long expected64 = (n > 0 ? 1000LL * V : 0) + (long long)n * (n - 1) / 2;
    c64(l, 0, 0, htt64(l), expected64);
  }
}

// A functor whose operator() runs the same nested loops over a TeamThreadRange and a
// TeamVectorRange of a shared length, writing the index into each slot.
struct FillFunctor {
  hpar::View<int**> a;   // TeamThreadRange: a(l, i) = i + 1
  hpar::View<int**> c;   // TeamVectorRange: c(l, i) = 2 i + 1
  int n;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int l = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadRange(team, 0, n), [&](const int i) { a(l, i) = i + 1; });
    hpar::parallel_for(hpar::TeamVectorRange(team, n), [&](const int i) { c(l, i) = 2 * i + 1; });
  }
};

void run_functor(const int league, const int team_request, const int vector, const int n) {
  const team_policy policy(league, clamp_team(team_request, vector), vector);
  const FillFunctor f{hpar::View<int**>("a", league, n), hpar::View<int**>("c", league, n), n};
  hpar::parallel_for("nested_for_functor", policy, f);
  auto ha = hpar::create_mirror_view_and_copy(hpar::HostSpace(), f.a);
  auto hc = hpar::create_mirror_view_and_copy(hpar::HostSpace(), f.c);
  ElementCheck ca(describe("functor TeamThreadRange fill", league, policy.team_size(), policy.vector_length()));
  ElementCheck cc(describe("functor TeamVectorRange fill", league, policy.team_size(), policy.vector_length()));
  for (int l = 0; l < league; ++l)
    for (int i = 0; i < n; ++i) {
      ca(l, i, 0, ha(l, i), i + 1);
      cc(l, i, 0, hc(l, i), 2 * i + 1);
    }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  for (const int team : {1, 7, 33, 127})
    for (const int vector : {1, 4, 8, 32}) run_lambda(team >= 33 ? 11 : 47, team, vector);
  run_lambda(1, 16, 2);
  run_functor(64, 7, 4, 1000);
  run_functor(13, 33, 1, 35);
  run_functor(5, 127, 8, 1);
  return report();
}
