// Checks TeamPolicy: the constructors (team size and vector length given, AUTO or AUTO()), league_size, team_size, vector_length, chunk_size and set_chunk_size, team_size_max and team_size_recommended (for, reduce and reducer forms), and top-level parallel_for over a league with lambdas, a functor and work-tagged functors: every (team, thread) pair is visited once per vector lane with the ranks and sizes the policy reports, for team sizes 1, 7, 33, 127 (clamped to team_size_max), vector lengths 1, 4, 8, 32, AUTO, a set chunk size, empty and one-team leagues and leagues of 100003 to 700001 teams.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

namespace {

bool power_of_two(const int v) { return v >= 1 && (v & (v - 1)) == 0; }

}  // namespace

// ---- policies on the host -----------------------------------------------------------------------

// team_request / vector_request: 0 stands for AUTO.
void check_policy(const char* what, const team_policy& p, const int league, const int team_request,
                  const int vector_request) {
  const std::string w(what);
  check_eq((w + ": league_size").c_str(), p.league_size(), league);
  const int ts = p.team_size();
  const int vl = p.vector_length();
  check(ts >= 1, (w + ": team_size() >= 1").c_str());
  if (team_request > 0) {
    // The request, or 1 where the build runs one thread per team (serial).
    check(ts == team_request || ts == 1, (w + ": team_size() is the request (or 1)").c_str());
  }
  check(power_of_two(vl), (w + ": vector_length() is a power of two").c_str());
  check(vl <= team_policy::vector_length_max(), (w + ": vector_length() <= vector_length_max()").c_str());
  if (vector_request > 0) check(vl <= vector_request, (w + ": vector_length() <= the request").c_str());
  check(p.chunk_size() >= 1, (w + ": chunk_size() >= 1").c_str());

  double result = 0.0;
  const int max_for = p.team_size_max(ForProbe(), hpar::ParallelForTag());
  const int rec_for = p.team_size_recommended(ForProbe(), hpar::ParallelForTag());
  const int max_red = p.team_size_max(ReduceProbe(), hpar::ParallelReduceTag());
  const int rec_red = p.team_size_recommended(ReduceProbe(), hpar::ParallelReduceTag());
  const int max_rr = p.team_size_max(ReduceProbe(), hpar::Sum<double>(result), hpar::ParallelReduceTag());
  const int rec_rr = p.team_size_recommended(ReduceProbe(), hpar::Sum<double>(result), hpar::ParallelReduceTag());
  check(max_for >= 1, (w + ": team_size_max(for) >= 1").c_str());
  check(rec_for >= 1, (w + ": team_size_recommended(for) >= 1").c_str());
  check(rec_for <= max_for, (w + ": team_size_recommended(for) <= team_size_max(for)").c_str());
  check(max_red >= 1, (w + ": team_size_max(reduce) >= 1").c_str());
  check(rec_red >= 1, (w + ": team_size_recommended(reduce) >= 1").c_str());
  check(rec_red <= max_red, (w + ": team_size_recommended(reduce) <= team_size_max(reduce)").c_str());
  check(max_rr >= 1, (w + ": team_size_max(reducer) >= 1").c_str());
  check(rec_rr >= 1, (w + ": team_size_recommended(reducer) >= 1").c_str());
  check(rec_rr <= max_rr, (w + ": team_size_recommended(reducer) <= team_size_max(reducer)").c_str());
  // AUTO resolves within team_size_max. A size asked for may exceed it in the OpenMP build for
  // the host, which advertises Kokkos' OpenMP maximum (the threads, at most 64) and runs larger
  // teams too (docs/design.md section 8).
  if (team_request <= 0) check(ts <= max_for, (w + ": team_size() <= team_size_max(for)").c_str());
  if (team_request == 0) {
    // AUTO: the host-side team size is the recommended one (design.md section 8).
    check_eq((w + ": AUTO team_size() is team_size_recommended(for)").c_str(), ts, rec_for);
  }
}

void test_policy_accessors() {
  const team_policy a(10, 4);
  check_policy("TeamPolicy(10, 4)", a, 10, 4, 1);
  check_eq("TeamPolicy(10, 4): vector_length", a.vector_length(), 1);
  const team_policy b(10, hpar::AUTO);
  check_policy("TeamPolicy(10, AUTO)", b, 10, 0, 1);
  const team_policy b2(10, hpar::AUTO());
  check_policy("TeamPolicy(10, AUTO())", b2, 10, 0, 1);
  check_eq("AUTO and AUTO() give the same team size", b.team_size(), b2.team_size());
  const team_policy c(12, 4, 8);
  check_policy("TeamPolicy(12, 4, 8)", c, 12, 4, 8);
  const team_policy d(7, hpar::AUTO, 8);
  check_policy("TeamPolicy(7, AUTO, 8)", d, 7, 0, 8);
  const team_policy e(9, hpar::AUTO, hpar::AUTO);
  check_policy("TeamPolicy(9, AUTO, AUTO)", e, 9, 0, 0);
  const team_policy e2(9, hpar::AUTO(), hpar::AUTO());
  check_policy("TeamPolicy(9, AUTO(), AUTO())", e2, 9, 0, 0);
  const team_policy f(5, 2, hpar::AUTO);
  check_policy("TeamPolicy(5, 2, AUTO)", f, 5, 2, 0);
  const team_policy g(0, 3);
  check_policy("TeamPolicy(0, 3)", g, 0, 3, 1);
  for (const int v : {1, 2, 3, 4, 5, 8, 16, 31, 32, 64}) {
    const team_policy p(3, 1, v);
    check_policy(describe("TeamPolicy(3, 1, v)", 3, 1, v).c_str(), p, 3, 1, v);
    // A vector request rounds down to a power of two, never below half of it (at most 32).
    check(p.vector_length() == 1 || 2 * p.vector_length() > std::min(v, 32),
          describe("vector_length is 1 or the request rounded down", 3, 1, v).c_str());
  }

  // chunk_size: a default of at least 1, set_chunk_size returns the policy.
  team_policy h(20, 1);
  team_policy& same = h.set_chunk_size(5);
  check(&same == &h, "set_chunk_size returns the policy");
  check_eq("chunk_size after set_chunk_size(5)", h.chunk_size(), 5);
  check_eq("set_chunk_size keeps league_size", h.league_size(), 20);

  // Tagged policies report the same sizes.
  struct SomeTag {};
  const hpar::TeamPolicy<SomeTag> t(6, 1, 4);
  check_eq("TeamPolicy<Tag>: league_size", t.league_size(), 6);
  check_eq("TeamPolicy<Tag>: vector_length as untagged", t.vector_length(), team_policy(6, 1, 4).vector_length());
  check_eq("TeamPolicy<Tag>: team_size as untagged", t.team_size(), team_policy(6, 1, 4).team_size());
}

// ---- top-level parallel_for -----------------------------------------------------------------------

// A lambda over the policy: each call (one per thread and vector lane) counts itself in hits
// and records the ranks and sizes it sees. With an AUTO team size the launch chooses the size
// (design.md section 8: on CUDA from the occupancy API for the kernel, which policy.team_size()
// cannot know), so the functor's team.team_size() is the size to check against, up to
// team_size_max(); otherwise it is policy.team_size().
void visit_lambda(const char* what, const team_policy& policy, const bool auto_team = false) {
  const int L = policy.league_size();
  const int V = policy.vector_length();
  const int cap = auto_team ? policy.team_size_max(ForProbe(), hpar::ParallelForTag()) : policy.team_size();
  hpar::View<int**> hits("hits", L > 0 ? L : 1, cap);
  hpar::View<int***> seen("seen", L > 0 ? L : 1, cap, 4);
  hpar::View<int> bad("bad");
  hpar::parallel_for("visit_lambda", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int r = team.team_rank();
    if (l < 0 || l >= L || r < 0 || r >= cap || r >= team.team_size()) {
      hpar::atomic_add(&bad(), 1);
      return;
    }
    hpar::atomic_add(&hits(l, r), 1);
    seen(l, r, 0) = l + 1;
    seen(l, r, 1) = r + 1;
    seen(l, r, 2) = team.team_size();
    seen(l, r, 3) = team.league_size();
  });
  auto hhits = hpar::create_mirror_view_and_copy(hpar::HostSpace(), hits);
  auto hseen = hpar::create_mirror_view_and_copy(hpar::HostSpace(), seen);
  int hbad = -1;
  hpar::deep_copy(hbad, bad);
  int T = policy.team_size();
  if (auto_team && L > 0) {
    T = hseen(0, 0, 2);
    check(T >= 1 && T <= cap, describe("AUTO team size seen by the functor is within [1, team_size_max]", L, T, V).c_str());
    if (T < 1 || T > cap) T = cap;
  }
  const std::string w = describe(what, L, T, V);
  check_eq((w + ": ranks out of range").c_str(), hbad, 0);
  ElementCheck c(w + ": calls per (team, thread) are the vector length");
  ElementCheck s(w + ": ranks and sizes seen");
  for (int l = 0; l < L; ++l)
    for (int r = 0; r < cap; ++r) {
      c("calls", l, r, hhits(l, r), r < T ? V : 0);
      if (r >= T) continue;
      s("league_rank", l, r, hseen(l, r, 0), l + 1);
      s("team_rank", l, r, hseen(l, r, 1), r + 1);
      s("team_size", l, r, hseen(l, r, 2), T);
      s("league_size", l, r, hseen(l, r, 3), L);
    }
}

// The same with a functor class.
struct VisitFunctor {
  hpar::View<int**> hits;
  hpar::View<int***> seen;
  hpar::View<int> bad;
  int L, T;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int l = team.league_rank();
    const int r = team.team_rank();
    if (l < 0 || l >= L || r < 0 || r >= T || team.league_size() != L || team.team_size() != T) {
      hpar::atomic_add(&bad(), 1);
      return;
    }
    hpar::atomic_add(&hits(l, r), 1);
    seen(l, r, 0) = l + 1;
    seen(l, r, 1) = r + 1;
  }
};

void visit_functor(const int league, const int team_request, const int vector) {
  const int team = clamp_team(team_request, vector);
  const team_policy policy(league, team, vector);
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  const VisitFunctor f{hpar::View<int**>("hits", L, T), hpar::View<int***>("seen", L, T, 2), hpar::View<int>("bad"), L, T};
  hpar::parallel_for("visit_functor", policy, f);
  auto hhits = hpar::create_mirror_view_and_copy(hpar::HostSpace(), f.hits);
  auto hseen = hpar::create_mirror_view_and_copy(hpar::HostSpace(), f.seen);
  int hbad = -1;
  hpar::deep_copy(hbad, f.bad);
  const std::string w = describe("functor", L, T, V);
  check_eq((w + ": ranks or sizes wrong").c_str(), hbad, 0);
  ElementCheck c(w + ": calls per (team, thread) are the vector length");
  ElementCheck s(w + ": ranks seen");
  for (int l = 0; l < L; ++l)
    for (int r = 0; r < T; ++r) {
      c("calls", l, r, hhits(l, r), V);
      s("league_rank", l, r, hseen(l, r, 0), l + 1);
      s("team_rank", l, r, hseen(l, r, 1), r + 1);
    }
}

// Work tags: one functor, two tagged entry points dispatched by two tagged policies.
struct TagOnes {};
struct TagHundreds {};
struct TaggedVisit {
  hpar::View<int**> hits;
  hpar::View<int> bad;
  int L, T;
  HPAR_INLINE_FUNCTION bool ok(const member_type& team) const {
    const bool good = team.league_rank() >= 0 && team.league_rank() < L && team.team_rank() >= 0 &&
                      team.team_rank() < T && team.team_size() == T && team.league_size() == L;
    if (!good) hpar::atomic_add(&bad(), 1);
    return good;
  }
  HPAR_INLINE_FUNCTION void operator()(TagOnes, const member_type& team) const {
    if (ok(team)) hpar::atomic_add(&hits(team.league_rank(), team.team_rank()), 1);
  }
  HPAR_INLINE_FUNCTION void operator()(TagHundreds, const member_type& team) const {
    if (ok(team)) hpar::atomic_add(&hits(team.league_rank(), team.team_rank()), 100);
  }
};

void visit_tagged(const int league, const int team_request, const int vector) {
  TaggedVisit probe{};
  const int team = std::min({team_request,
                             hpar::TeamPolicy<TagOnes>(1, 1, vector).team_size_max(probe, hpar::ParallelForTag()),
                             hpar::TeamPolicy<TagHundreds>(1, 1, vector).team_size_max(probe, hpar::ParallelForTag())});
  const hpar::TeamPolicy<TagOnes> p1(league, team, vector);
  const hpar::TeamPolicy<TagHundreds> p2(league, team, vector);
  const int L = p1.league_size();
  const int T = p1.team_size();
  const int V = p1.vector_length();
  check_eq("tagged: both policies have the same team size", p2.team_size(), T);
  check_eq("tagged: both policies have the same vector length", p2.vector_length(), V);
  const TaggedVisit f{hpar::View<int**>("hits", L, T), hpar::View<int>("bad"), L, T};
  hpar::parallel_for("visit_tag_ones", p1, f);
  hpar::parallel_for("visit_tag_hundreds", p2, f);
  hpar::parallel_for("visit_tag_ones_again", hpar::TeamPolicy<TagOnes>(league, team, vector), f);
  auto hhits = hpar::create_mirror_view_and_copy(hpar::HostSpace(), f.hits);
  int hbad = -1;
  hpar::deep_copy(hbad, f.bad);
  const std::string w = describe("tagged functor", L, T, V);
  check_eq((w + ": ranks or sizes wrong").c_str(), hbad, 0);
  ElementCheck c(w + ": 2 x TagOnes + TagHundreds per lane");
  for (int l = 0; l < L; ++l)
    for (int r = 0; r < T; ++r) c("hits", l, r, hhits(l, r), 102LL * V);
}

// A league far larger than the device with a trivial body: every (team, thread) once per lane.
void visit_large_league(const int league, const int team_request, const int vector) {
  const int team = clamp_team(team_request, vector);
  const team_policy policy(league, team, vector);
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  hpar::View<int*> hits("hits", int64_t(L) * T);
  hpar::parallel_for("large_league", policy, HPAR_LAMBDA(const member_type& team) {
    hpar::atomic_add(&hits(int64_t(team.league_rank()) * T + team.team_rank()), 1);
  });
  auto h = hpar::create_mirror_view_and_copy(hpar::HostSpace(), hits);
  ElementCheck c(describe("large league", L, T, V) + ": calls per (team, thread)");
  for (int l = 0; l < L; ++l)
    for (int r = 0; r < T; ++r) c("calls", l, r, h(int64_t(l) * T + r), V);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_policy_accessors();

  // Every team size with every vector length, through a lambda and a functor.
  for (const int team : {1, 7, 33, 127})
    for (const int vector : {1, 4, 8, 32}) {
      const int league = team >= 33 ? 23 : 151;
      visit_lambda("lambda", team_policy(league, clamp_team(team, vector), vector));
      visit_functor(league + 2, team, vector);
    }
  visit_tagged(57, 7, 1);
  visit_tagged(31, 33, 8);
  visit_tagged(9, 127, 4);

  // AUTO team sizes and vector lengths.
  visit_lambda("lambda, AUTO", team_policy(61, hpar::AUTO), true);
  visit_lambda("lambda, AUTO()", team_policy(5, hpar::AUTO()), true);
  visit_lambda("lambda, AUTO with vector 4", team_policy(33, hpar::AUTO, 4), true);
  visit_lambda("lambda, AUTO, AUTO", team_policy(17, hpar::AUTO, hpar::AUTO), true);
  visit_lambda("lambda, team 3 with AUTO vector", team_policy(40, clamp_team(3, 1), hpar::AUTO));

  // A chunk size, one team, no team.
  visit_lambda("lambda, chunk size 7", team_policy(300, clamp_team(5, 2), 2).set_chunk_size(7));
  visit_lambda("lambda, one team", team_policy(1, clamp_team(64, 1), 1));
  visit_lambda("lambda, empty league", team_policy(0, clamp_team(8, 1), 1));

  // Many more teams than the device runs at once.
  visit_large_league(200000, 4, 1);
  visit_large_league(100003, 2, 8);
  visit_large_league(700001, 4, 1);  // over 64 teams per resident block: the CUDA grid is one wave
  return report();
}
