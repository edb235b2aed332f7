// Checks top-level parallel_reduce over TeamPolicy: every thread contributes once whatever the vector length (each thread adds 10 gives league * team * 10; with a nested TeamThreadRange reduce league * team * count * 10), lambdas and functors (value_type, init/join, work tags), every built-in reducer (Sum, Prod, Min, Max, LAnd, LOr, BAnd, BOr, MinLoc, MaxLoc, MinMax, MinMaxLoc, ties to the smallest location), a custom reducer, several results at once, a device View result, AUTO team sizes, empty leagues and leagues of 50000 to 600001 teams; team sizes 1, 7, 33, 127 (clamped to team_size_max) and vector lengths 1, 4, 8, 32.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using MinLocT = typename hpar::MinLoc<int, int>::value_type;
using MaxLocT = typename hpar::MaxLoc<double, int>::value_type;
using MinMaxT = typename hpar::MinMax<int>::value_type;
using MinMaxLocT = typename hpar::MinMaxLoc<int, int>::value_type;

// A parallel_reduce team functor with a long result, never dispatched: its team_size_max clamps the team sizes.
struct LongReduceProbe {
  HPAR_INLINE_FUNCTION void operator()(const member_type&, long& s) const { s += 1; }
};

// The largest team size not above `requested` for a reduction with this vector length.
int clamp_team_reduce(const int requested, const int vector) {
  const team_policy probe(1, 1, vector);
  return std::min(requested, probe.team_size_max(LongReduceProbe(), hpar::ParallelReduceTag()));
}

// ---- the documented examples --------------------------------------------------------------------

void test_each_thread_adds_ten(const int league, const int team_request, const int vector) {
  const team_policy policy(league, clamp_team_reduce(team_request, vector), vector);
  const int T = policy.team_size();
  const int V = policy.vector_length();
  long total = -1;
  hpar::parallel_reduce("adds_ten", policy, HPAR_LAMBDA(const member_type&, long& update) { update += 10; }, total);
  check_eq(describe("each thread adds 10", league, T, V).c_str(), total, 10LL * league * T);

  // Nested: each thread adds the TeamThreadRange sum over T indices of 10.
  long nested = -1;
  hpar::parallel_reduce("adds_nested", policy, HPAR_LAMBDA(const member_type& team, long& update) {
    long team_sum = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, team.team_size()), [&](const int, long& inner) { inner += 10; }, team_sum);
    update += team_sum;
  }, nested);
  check_eq(describe("nested TeamThreadRange(team, team_size) of 10", league, T, V).c_str(), nested, 10LL * league * T * T);

  // The same over a count unrelated to the team size, through a Sum reducer.
  const int M = 45;
  long counted = -1;
  hpar::parallel_reduce("adds_nested_count", policy, HPAR_LAMBDA(const member_type& team, long& update) {
    long team_sum = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, 3, 3 + M), [&](const int, long& inner) { inner += 10; }, team_sum);
    update += team_sum;
  }, hpar::Sum<long>(counted));
  check_eq(describe("nested TeamThreadRange(team, 3, 48) of 10", league, T, V).c_str(), counted, 10LL * league * T * M);
}

// A league far larger than the device, with a trivial body.
void test_large_league(const int league, const int team_request, const int vector) {
  const team_policy policy(league, clamp_team_reduce(team_request, vector), vector);
  const int T = policy.team_size();
  long total = -1;
  long ranks = -1;
  hpar::parallel_reduce("large_league", policy, HPAR_LAMBDA(const member_type& team, long& a, long& b) {
    a += 10;
    b += team.league_rank() + team.team_rank();
  }, total, ranks);
  check_eq(describe("large league: each thread adds 10", league, T, policy.vector_length()).c_str(), total, 10LL * league * T);
  check_eq(describe("large league: sum of league_rank + team_rank", league, T, policy.vector_length()).c_str(), ranks,
           (long long)T * league * (league - 1) / 2 + (long long)league * T * (T - 1) / 2);
}

// With an AUTO team size the launch chooses the size (design.md section 8: on CUDA from the
// occupancy API for the kernel, which policy.team_size() cannot know): each reduction also
// returns the largest and smallest team.team_size() its functor saw, and the expected values
// use that size after checking that every thread saw the same one, within team_size_max().
void check_auto_size(const char* what, const team_policy& policy, const int tmax, const int tmin) {
  const int most = policy.team_size_max(LongReduceProbe(), hpar::ParallelReduceTag());
  check_eq((std::string(what) + ": every thread sees the same team_size()").c_str(), tmax, tmin);
  check(tmin >= 1 && tmax <= most, (std::string(what) + ": team_size() within [1, team_size_max]").c_str());
}

void test_auto() {
  const team_policy policy(120, hpar::AUTO);
  long total = -1;
  int tmax = -1, tmin = -1;
  hpar::parallel_reduce("auto_adds_ten", policy, HPAR_LAMBDA(const member_type& team, long& update, int& mx, int& mn) {
    update += 10;
    if (team.team_size() > mx) mx = team.team_size();
    if (team.team_size() < mn) mn = team.team_size();
  }, total, hpar::Max<int>(tmax), hpar::Min<int>(tmin));
  check_auto_size("AUTO", policy, tmax, tmin);
  check_eq("AUTO: each thread adds 10", total, 10LL * 120 * tmax);

  const team_policy p4(50, hpar::AUTO, 4);
  long nested = -1;
  hpar::parallel_reduce("auto_nested", p4, HPAR_LAMBDA(const member_type& team, long& update, int& mx, int& mn) {
    long team_sum = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, 17), [&](const int i, long& inner) { inner += i; }, team_sum);
    update += team_sum;
    if (team.team_size() > mx) mx = team.team_size();
    if (team.team_size() < mn) mn = team.team_size();
  }, nested, hpar::Max<int>(tmax), hpar::Min<int>(tmin));
  check_auto_size("AUTO with vector 4", p4, tmax, tmin);
  check_eq("AUTO with vector 4: nested sum of 0..16 per thread", nested, 136LL * 50 * tmax);

  const team_policy pa(30, hpar::AUTO, hpar::AUTO);
  long ranks = -1;
  hpar::parallel_reduce("auto_auto_ranks", pa, HPAR_LAMBDA(const member_type& team, long& update, int& mx, int& mn) {
    update += team.team_rank() + 1000 * team.league_rank();
    if (team.team_size() > mx) mx = team.team_size();
    if (team.team_size() < mn) mn = team.team_size();
  }, ranks, hpar::Max<int>(tmax), hpar::Min<int>(tmin));
  check_auto_size("AUTO, AUTO", pa, tmax, tmin);
  const long long TA = tmax;
  check_eq("AUTO, AUTO: sum of ranks", ranks, 30 * TA * (TA - 1) / 2 + 1000 * TA * (30 * 29 / 2));
}

void test_empty_league() {
  long total = 7;
  int mn = 7;
  hpar::parallel_reduce("empty_league", team_policy(0, clamp_team_reduce(4, 1)), HPAR_LAMBDA(const member_type&, long& s, int& m) {
    s += 10;
    m = -5;
  }, total, hpar::Min<int>(mn));
  check_eq("empty league: sum is 0", total, 0);
  check_eq("empty league: Min is the identity", mn, INT_MAX);
}

// ---- per-thread data and the built-in reducers ----------------------------------------------------

struct ThreadData {
  int L, T, V;
  hpar::View<int*> k;       // small integers with many ties
  hpar::View<double*> x;    // multiples of 1/4: sums are exact
  hpar::View<double*> f;    // factors 1, 2 or 0.5: products are exact
  std::vector<int> hk;
  std::vector<double> hx, hf;
};

ThreadData make_data(const team_policy& policy, const uint64_t seed) {
  ThreadData d;
  d.L = policy.league_size();
  d.T = policy.team_size();
  d.V = policy.vector_length();
  const int n = d.L * d.T;
  d.k = hpar::View<int*>("k", n);
  d.x = hpar::View<double*>("x", n);
  d.f = hpar::View<double*>("f", n);
  d.hk.resize(n);
  d.hx.resize(n);
  d.hf.resize(n);
  auto mk = hpar::create_mirror_view(d.k);
  auto mx = hpar::create_mirror_view(d.x);
  auto mf = hpar::create_mirror_view(d.f);
  uint64_t s = seed;
  for (int i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    d.hk[i] = int((s >> 33) % 60) + 5;
    d.hx[i] = double(int64_t((s >> 20) % 4001) - 2000) / 4.0;
    const int u = int((s >> 45) % 16);
    d.hf[i] = u == 0 ? 2.0 : (u == 1 ? 0.5 : 1.0);
    mk(i) = d.hk[i];
    mx(i) = d.hx[i];
    mf(i) = d.hf[i];
  }
  hpar::deep_copy(d.k, mk);
  hpar::deep_copy(d.x, mx);
  hpar::deep_copy(d.f, mf);
  return d;
}

void test_builtin_reducers(const int league, const int team_request, const int vector) {
  const team_policy policy(league, clamp_team_reduce(team_request, vector), vector);
  const ThreadData d = make_data(policy, 1000 * uint64_t(league) + 31 * uint64_t(vector) + uint64_t(team_request));
  const int T = d.T;
  const int n = d.L * d.T;
  auto k = d.k;
  auto x = d.x;
  auto f = d.f;
  const std::string w = describe("", d.L, d.T, d.V);

  long sum = -1;
  double dsum = -1, prod = -1, mx = -1;
  int mn = -1, land = -1, lor = -1, lor_none = -1;
  unsigned band = 0, bor = 0;
  MinLocT mloc{-1, -1};
  MaxLocT xloc{-1, -1};
  MinMaxT mm{-1, -1};
  MinMaxLocT mml{-1, -1, -1, -1};
  hpar::parallel_reduce("team_sum", policy, HPAR_LAMBDA(const member_type& team, long& v) {
    v += k(team.league_rank() * T + team.team_rank());
  }, hpar::Sum<long>(sum));
  hpar::parallel_reduce("team_sum_double", policy, HPAR_LAMBDA(const member_type& team, double& v) {
    v += x(team.league_rank() * T + team.team_rank());
  }, hpar::Sum<double>(dsum));
  hpar::parallel_reduce("team_prod", policy, HPAR_LAMBDA(const member_type& team, double& v) {
    v *= f(team.league_rank() * T + team.team_rank());
  }, hpar::Prod<double>(prod));
  hpar::parallel_reduce("team_min", policy, HPAR_LAMBDA(const member_type& team, int& v) {
    const int a = k(team.league_rank() * T + team.team_rank());
    if (a < v) v = a;
  }, hpar::Min<int>(mn));
  hpar::parallel_reduce("team_max", policy, HPAR_LAMBDA(const member_type& team, double& v) {
    const double a = x(team.league_rank() * T + team.team_rank());
    if (a > v) v = a;
  }, hpar::Max<double>(mx));
  hpar::parallel_reduce("team_land", policy, HPAR_LAMBDA(const member_type& team, int& v) {
    v = v && (k(team.league_rank() * T + team.team_rank()) != 40);
  }, hpar::LAnd<int>(land));
  hpar::parallel_reduce("team_lor", policy, HPAR_LAMBDA(const member_type& team, int& v) {
    v = v || (k(team.league_rank() * T + team.team_rank()) == 17);
  }, hpar::LOr<int>(lor));
  hpar::parallel_reduce("team_lor_none", policy, HPAR_LAMBDA(const member_type& team, int& v) {
    v = v || (k(team.league_rank() * T + team.team_rank()) > 1000);
  }, hpar::LOr<int>(lor_none));
  hpar::parallel_reduce("team_band", policy, HPAR_LAMBDA(const member_type& team, unsigned& v) {
    v &= ~(1u << (k(team.league_rank() * T + team.team_rank()) % 29));
  }, hpar::BAnd<unsigned>(band));
  hpar::parallel_reduce("team_bor", policy, HPAR_LAMBDA(const member_type& team, unsigned& v) {
    v |= 1u << (k(team.league_rank() * T + team.team_rank()) % 31);
  }, hpar::BOr<unsigned>(bor));
  hpar::parallel_reduce("team_minloc", policy, HPAR_LAMBDA(const member_type& team, MinLocT& v) {
    const int i = team.league_rank() * T + team.team_rank();
    if (k(i) < v.val || (k(i) == v.val && i < v.loc)) {
      v.val = k(i);
      v.loc = i;
    }
  }, hpar::MinLoc<int, int>(mloc));
  hpar::parallel_reduce("team_maxloc", policy, HPAR_LAMBDA(const member_type& team, MaxLocT& v) {
    const int i = team.league_rank() * T + team.team_rank();
    const double a = double(k(i));
    if (a > v.val || (a == v.val && i < v.loc)) {
      v.val = a;
      v.loc = i;
    }
  }, hpar::MaxLoc<double, int>(xloc));
  hpar::parallel_reduce("team_minmax", policy, HPAR_LAMBDA(const member_type& team, MinMaxT& v) {
    const int a = k(team.league_rank() * T + team.team_rank()) * 3 - 100;
    if (a < v.min_val) v.min_val = a;
    if (a > v.max_val) v.max_val = a;
  }, hpar::MinMax<int>(mm));
  hpar::parallel_reduce("team_minmaxloc", policy, HPAR_LAMBDA(const member_type& team, MinMaxLocT& v) {
    const int i = team.league_rank() * T + team.team_rank();
    if (k(i) < v.min_val || (k(i) == v.min_val && i < v.min_loc)) {
      v.min_val = k(i);
      v.min_loc = i;
    }
    if (k(i) > v.max_val || (k(i) == v.max_val && i < v.max_loc)) {
      v.max_val = k(i);
      v.max_loc = i;
    }
  }, hpar::MinMaxLoc<int, int>(mml));

  long esum = 0;
  double edsum = 0, eprod = 1, emx = -1e300;
  int emn = INT_MAX, eland = 1, elor = 0;
  unsigned eband = ~0u, ebor = 0;
  int eminloc = -1, emaxloc = -1, eminv = INT_MAX, emaxv = INT_MIN;
  for (int i = 0; i < n; ++i) {
    esum += d.hk[i];
    edsum += d.hx[i];
    eprod *= d.hf[i];
    emx = std::max(emx, d.hx[i]);
    emn = std::min(emn, d.hk[i]);
    eland = eland && d.hk[i] != 40;
    elor = elor || d.hk[i] == 17;
    eband &= ~(1u << (d.hk[i] % 29));
    ebor |= 1u << (d.hk[i] % 31);
    if (d.hk[i] < eminv) {
      eminv = d.hk[i];
      eminloc = i;
    }
    if (d.hk[i] > emaxv) {
      emaxv = d.hk[i];
      emaxloc = i;
    }
  }
  check_eq(("Sum<long>" + w).c_str(), sum, esum);
  check_same(("Sum<double>" + w).c_str(), dsum, edsum);
  check_same(("Prod<double>" + w).c_str(), prod, eprod);
  check_eq(("Min<int>" + w).c_str(), mn, emn);
  check_same(("Max<double>" + w).c_str(), mx, emx);
  check_eq(("LAnd<int>" + w).c_str(), land != 0, eland);
  check_eq(("LOr<int>" + w).c_str(), lor != 0, elor);
  check_eq(("LOr<int> with no true value" + w).c_str(), lor_none, 0);
  check_eq(("BAnd<unsigned>" + w).c_str(), band, eband);
  check_eq(("BOr<unsigned>" + w).c_str(), bor, ebor);
  check_eq(("MinLoc val" + w).c_str(), mloc.val, eminv);
  check_eq(("MinLoc loc (smallest of the ties)" + w).c_str(), mloc.loc, eminloc);
  check_same(("MaxLoc val" + w).c_str(), xloc.val, double(emaxv));
  check_eq(("MaxLoc loc (smallest of the ties)" + w).c_str(), xloc.loc, emaxloc);
  check_eq(("MinMax min" + w).c_str(), mm.min_val, 3 * emn - 100);
  check_eq(("MinMax max" + w).c_str(), mm.max_val, 3 * emaxv - 100);
  check_eq(("MinMaxLoc min" + w).c_str(), mml.min_val, eminv);
  check_eq(("MinMaxLoc max" + w).c_str(), mml.max_val, emaxv);
  check_eq(("MinMaxLoc min_loc" + w).c_str(), mml.min_loc, eminloc);
  check_eq(("MinMaxLoc max_loc" + w).c_str(), mml.max_loc, emaxloc);
}

// ---- a custom reducer (SumCount) ---------------------------------------------------------------------

void test_custom_and_multi(const int league, const int team_request, const int vector) {
  const team_policy policy(league, clamp_team_reduce(team_request, vector), vector);
  const ThreadData d = make_data(policy, 77 + uint64_t(league));
  const int T = d.T;
  const int n = d.L * d.T;
  auto k = d.k;
  auto x = d.x;
  const std::string w = describe("", d.L, d.T, d.V);

  SumCountValue sc{-1.0, -1};
  hpar::parallel_reduce("team_custom", policy, HPAR_LAMBDA(const member_type& team, SumCountValue& v) {
    const double a = x(team.league_rank() * T + team.team_rank());
    if (a > 0.0) {
      v.sum += a;
      v.count += 1;
    }
  }, SumCount(sc));

  // Several results at once: reducers and a plain scalar.
  long s = -1;
  int mn = -1;
  MaxLocT ml{-1, -1};
  double plain = -1;
  hpar::parallel_reduce("team_multi", policy, HPAR_LAMBDA(const member_type& team, long& a, int& b, MaxLocT& c, double& e) {
    const int i = team.league_rank() * T + team.team_rank();
    a += k(i);
    if (k(i) < b) b = k(i);
    if (x(i) > c.val || (x(i) == c.val && i < c.loc)) {
      c.val = x(i);
      c.loc = i;
    }
    e += 2.0 * x(i);
  }, hpar::Sum<long>(s), hpar::Min<int>(mn), hpar::MaxLoc<double, int>(ml), plain);

  // Two plain scalars and a custom reducer together.
  long cnt = -1;
  double tot = -1;
  SumCountValue sc2{-1.0, -1};
  hpar::parallel_reduce("team_multi_custom", policy, HPAR_LAMBDA(const member_type& team, long& c, double& t, SumCountValue& v) {
    const int i = team.league_rank() * T + team.team_rank();
    c += 1;
    t += x(i);
    if (x(i) > 0.0) {
      v.sum += x(i);
      v.count += 1;
    }
  }, cnt, tot, SumCount(sc2));

  // A result in a device View.
  hpar::View<long> dview("dview");
  hpar::parallel_reduce("team_to_device_view", policy, HPAR_LAMBDA(const member_type& team, long& v) {
    v += k(team.league_rank() * T + team.team_rank()) * 2;
  }, dview);
  hpar::fence();
  long from_view = -1;
  hpar::deep_copy(from_view, dview);

  double epos = 0, etot = 0;
  long ecount = 0, esum = 0;
  int emn = INT_MAX, eloc = -1;
  double emx = -1e300;
  for (int i = 0; i < n; ++i) {
    etot += d.hx[i];
    esum += d.hk[i];
    emn = std::min(emn, d.hk[i]);
    if (d.hx[i] > emx) {
      emx = d.hx[i];
      eloc = i;
    }
    if (d.hx[i] > 0.0) {
      epos += d.hx[i];
      ++ecount;
    }
  }
  check_same(("custom SumCount sum" + w).c_str(), sc.sum, epos);
  check_eq(("custom SumCount count" + w).c_str(), sc.count, ecount);
  check_eq(("multi: Sum<long>" + w).c_str(), s, esum);
  check_eq(("multi: Min<int>" + w).c_str(), mn, emn);
  check_same(("multi: MaxLoc val" + w).c_str(), ml.val, emx);
  check_eq(("multi: MaxLoc loc" + w).c_str(), ml.loc, eloc);
  check_same(("multi: plain scalar" + w).c_str(), plain, 2.0 * etot);
  check_eq(("multi with custom: count" + w).c_str(), cnt, n);
  check_same(("multi with custom: total" + w).c_str(), tot, etot);
  check_same(("multi with custom: SumCount sum" + w).c_str(), sc2.sum, epos);
  check_eq(("multi with custom: SumCount count" + w).c_str(), sc2.count, ecount);
  check_eq(("device View result" + w).c_str(), from_view, 2 * esum);
}

// ---- functors ----------------------------------------------------------------------------------------

// value_type and operator() only: a sum.
struct RankSum {
  using value_type = long;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team, value_type& v) const {
    v += 1 + team.team_rank() + 100 * team.league_rank();
  }
};

// value_type, init and join: a maximum starting below every value.
struct RankMax {
  using value_type = double;
  hpar::View<double*> x;
  int T;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team, value_type& v) const {
    const double a = x(team.league_rank() * T + team.team_rank());
    if (a > v) v = a;
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const { v = -1e300; }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (src > dst) dst = src;
  }
};

// Work tags: two sums and a tagged maximum with tagged init and join.
struct TagCount {};
struct TagWeighted {};
struct TagMax {};
struct Tagged {
  using value_type = long;
  hpar::View<int*> k;
  int T;
  HPAR_INLINE_FUNCTION void operator()(TagCount, const member_type&, value_type& v) const { v += 1; }
  HPAR_INLINE_FUNCTION void operator()(TagWeighted, const member_type& team, value_type& v) const {
    v += long(k(team.league_rank() * T + team.team_rank())) * (team.team_rank() + 1);
  }
  HPAR_INLINE_FUNCTION void operator()(TagMax, const member_type& team, value_type& v) const {
    const long a = k(team.league_rank() * T + team.team_rank());
    if (a > v) v = a;
  }
  HPAR_INLINE_FUNCTION void init(TagMax, value_type& v) const { v = -1000000; }
  HPAR_INLINE_FUNCTION void join(TagMax, value_type& dst, const value_type& src) const {
    if (src > dst) dst = src;
  }
};

void test_functors(const int league, const int team_request, const int vector) {
  const int team = std::min(clamp_team_reduce(team_request, vector),
                            hpar::TeamPolicy<TagWeighted>(1, 1, vector).team_size_max(Tagged{}, hpar::ParallelReduceTag()));
  const team_policy policy(league, team, vector);
  const ThreadData d = make_data(policy, 5 + uint64_t(vector));
  const int L = d.L;
  const int T = d.T;
  const std::string w = describe("", d.L, d.T, d.V);

  long ranks = -1;
  hpar::parallel_reduce("functor_rank_sum", policy, RankSum(), ranks);
  long long eranks = 0;
  for (int l = 0; l < L; ++l)
    for (int r = 0; r < T; ++r) eranks += 1 + r + 100LL * l;
  check_eq(("functor with value_type" + w).c_str(), ranks, eranks);

  double mx = 0;
  hpar::parallel_reduce(policy, RankMax{d.x, T}, mx);
  check_same(("functor with init and join" + w).c_str(), mx, *std::max_element(d.hx.begin(), d.hx.end()));
  double mx_reducer = 0;
  hpar::parallel_reduce("functor_max_reducer", policy, RankMax{d.x, T}, hpar::Max<double>(mx_reducer));
  check_same(("functor with a Max reducer" + w).c_str(), mx_reducer, *std::max_element(d.hx.begin(), d.hx.end()));

  const Tagged tf{d.k, T};
  long count = -1, weighted = -1, tmax = 0;
  hpar::parallel_reduce("tag_count", hpar::TeamPolicy<TagCount>(league, team, vector), tf, count);
  hpar::parallel_reduce("tag_weighted", hpar::TeamPolicy<TagWeighted>(league, team, vector), tf, hpar::Sum<long>(weighted));
  hpar::parallel_reduce("tag_max", hpar::TeamPolicy<TagMax>(league, team, vector), tf, tmax);
  long long eweighted = 0;
  long emax = -1000000;
  for (int l = 0; l < L; ++l)
    for (int r = 0; r < T; ++r) {
      eweighted += (long long)d.hk[l * T + r] * (r + 1);
      emax = std::max(emax, long(d.hk[l * T + r]));
    }
  check_eq(("tagged count" + w).c_str(), count, (long long)L * T);
  check_eq(("tagged weighted sum" + w).c_str(), weighted, eweighted);
  check_eq(("tagged max with tagged init and join" + w).c_str(), tmax, emax);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  // Few teams for the large team sizes: a barrier of 33 OpenMP threads on a 2-core host costs
  // milliseconds.
  for (const int team : {1, 7, 33, 127})
    for (const int vector : {1, 4, 8, 32}) test_each_thread_adds_ten(team == 1 ? 50 : (team == 7 ? 20 : 3), team, vector);
  test_builtin_reducers(60, 1, 1);
  test_builtin_reducers(30, 7, 4);
  test_builtin_reducers(4, 33, 1);
  test_builtin_reducers(6, 33, 8);
  test_builtin_reducers(3, 127, 32);
  test_large_league(100000, 2, 1);
  test_large_league(50000, 4, 8);
  test_large_league(600001, 2, 1);  // over 64 teams per resident block: the CUDA grid is one wave
  test_auto();
  test_empty_league();
  test_custom_and_multi(97, 7, 1);
  test_custom_and_multi(41, 33, 8);
  test_custom_and_multi(10, 127, 32);
  test_functors(67, 7, 4);
  test_functors(23, 33, 1);
  test_functors(8, 127, 8);
  return report();
}
