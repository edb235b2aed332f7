// Checks nested parallel_reduce inside a team functor at all three levels (TeamThreadRange, ThreadVectorRange, TeamVectorRange), each with (team, count) and (team, begin, end): a plain scalar (sum), every built-in reducer (Sum, Prod, Min, Max, LAnd, LOr, BAnd, BOr, MinLoc, MaxLoc, MinMax, MinMaxLoc, ties to the smallest location), a custom reducer and several results at once (the (team, begin, end) forms of the team-wide levels with a shorter list); each result is checked on every participating thread and vector lane against values computed on the host, each check over its own range: empty, one element, one below, at and above the team size or vector length, and longer, not multiples of either; ThreadVectorRange reductions inside a TeamThreadRange reduction (three levels); team sizes 1, 7, 33, 127 (clamped to team_size_max) and vector lengths 1, 4, 8, 32, with few teams for the large team sizes (a barrier of 33 OpenMP threads on a 2-core host costs milliseconds).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using MinLocT = typename hpar::MinLoc<int, int>::value_type;
using MaxLocT = typename hpar::MaxLoc<double, int>::value_type;
using MinMaxT = typename hpar::MinMax<int>::value_type;
using MinMaxLocT = typename hpar::MinMaxLoc<int, int>::value_type;

// What is checked (the second index of NestedData::bad).
enum Kind {
  kScalar, kScalarLong, kSum, kProd, kMin, kMax, kLAnd, kLOr, kBAnd, kBOr,
  kMinLoc, kMaxLoc, kMinMax, kMinMaxLoc, kCustom, kMulti, kKinds
};
const char* const kKindName[kKinds] = {
  "plain double scalar (sum)", "plain long scalar (sum)", "Sum<double>", "Prod<double>", "Min<int>",
  "Max<double>", "LAnd<int>", "LOr<int>", "BAnd<unsigned>", "BOr<unsigned>", "MinLoc<int, int>",
  "MaxLoc<double, int>", "MinMax<int>", "MinMaxLoc<int, int>", "custom reducer",
  "several results at once"};

// Where it is checked (the first index of NestedData::bad).
enum Case {
  kThreadCount, kThreadBeginEnd, kVectorCount, kVectorBeginEnd, kTeamVectorCount, kTeamVectorBeginEnd,
  kNestRow, kNestTotal, kCases
};
const char* const kCaseName[kCases] = {
  "TeamThreadRange(team, count)", "TeamThreadRange(team, begin, end)",
  "ThreadVectorRange(team, count)", "ThreadVectorRange(team, begin, end)",
  "TeamVectorRange(team, count)", "TeamVectorRange(team, begin, end)",
  "ThreadVectorRange inside TeamThreadRange: row result", "ThreadVectorRange inside TeamThreadRange: total"};

// ---- expected results of one range, computed on the host ------------------------------------------

// Locations are global element indices (kNoLoc for an empty range).
constexpr int kNoLoc = INT_MAX;

struct Expect {
  double sum, prod, max, pos_sum, maxloc_val;
  long ksum, pos_count, count;
  int min, land, lor, minloc_val, minloc, maxloc, mm_min, mm_max, mml_min, mml_max, mml_minloc, mml_maxloc;
  unsigned band, bor;
};

struct HostData {
  std::vector<double> x, f;
  std::vector<int> k;
};

// Elements [g0, g0 + n): the same predicates as the kernels below.
Expect expect_of(const HostData& h, const int g0, const int n) {
  Expect e;
  e.sum = 0.0;
  e.prod = 1.0;
  e.max = -DBL_MAX;
  e.pos_sum = 0.0;
  e.maxloc_val = -DBL_MAX;
  e.ksum = 0;
  e.pos_count = 0;
  e.count = n;
  e.min = INT_MAX;
  e.land = 1;
  e.lor = 0;
  e.minloc_val = INT_MAX;
  e.minloc = kNoLoc;
  e.maxloc = kNoLoc;
  e.mm_min = INT_MAX;
  e.mm_max = INT_MIN;
  e.mml_min = INT_MAX;
  e.mml_max = INT_MIN;
  e.mml_minloc = kNoLoc;
  e.mml_maxloc = kNoLoc;
  e.band = ~0u;
  e.bor = 0u;
  for (int g = g0; g < g0 + n; ++g) {
    e.sum += h.x[g];
    e.ksum += h.k[g];
    e.prod *= h.f[g];
    e.min = std::min(e.min, h.k[g]);
    e.max = std::max(e.max, h.x[g]);
    e.land = e.land && h.k[g] != 40;
    e.lor = e.lor || h.k[g] == 17;
    e.band &= ~(1u << (h.k[g] % 29));
    e.bor |= 1u << (h.k[g] % 31);
    if (h.k[g] < e.minloc_val) {
      e.minloc_val = h.k[g];
      e.minloc = g;
    }
    if (double(h.k[g]) > e.maxloc_val) {
      e.maxloc_val = double(h.k[g]);
      e.maxloc = g;
    }
    e.mm_min = std::min(e.mm_min, 3 * h.k[g] - 100);
    e.mm_max = std::max(e.mm_max, 3 * h.k[g] - 100);
    if (h.k[g] < e.mml_min) {
      e.mml_min = h.k[g];
      e.mml_minloc = g;
    }
    if (h.k[g] > e.mml_max) {
      e.mml_max = h.k[g];
      e.mml_maxloc = g;
    }
    if (h.x[g] > 0.0) {
      e.pos_sum += h.x[g];
      e.pos_count += 1;
    }
  }
  return e;
}

// ---- the device side ---------------------------------------------------------------------------------

struct NestedData {
  hpar::View<double*> x;   // multiples of 1/4: every sum is exact in any order
  hpar::View<int*> k;      // small integers with many ties
  hpar::View<double*> f;   // factors 1, 2 and 0.5: every product is exact
  hpar::View<int**> bad;   // (case, kind): participants that saw a wrong result
  hpar::View<int*> runs;   // (case): participants that ran the checks
};

// The range of each check, and what it must give, computed on the host. Each kind of check has
// its own range, so that one team covers many range lengths.
struct Tasks {
  hpar::View<int****> team_range;     // (case, league, kind, start | length), team-level cases
  hpar::View<Expect***> team_expect;  // (case, league, kind)
  hpar::View<int*****> lane_range;    // (case - kVectorCount, league, thread, kind, start | length)
  hpar::View<Expect****> lane_expect;  // (case - kVectorCount, league, thread, kind)
};

// A global location seen through a range whose closure index i stands for element off + i.
HPAR_INLINE_FUNCTION int local_loc(const int global, const int off) { return global == kNoLoc ? kNoLoc : global - off; }

// The kinds also run with the (team, begin, end) forms of TeamThreadRange and TeamVectorRange.
HPAR_INLINE_FUNCTION bool in_short_list(const int q) { return q == kScalar || q == kMinMaxLoc || q == kCustom || q == kMulti; }

// Nested reduction of kind q over `range` (element off + i for index i); every participant
// compares what it was handed with e.
template <class Range>
HPAR_INLINE_FUNCTION void reduce_one(const Range& range, const int off, const int q, const Expect& e, const NestedData& d, const int c) {
  const hpar::View<double*> x = d.x;
  const hpar::View<int*> k = d.k;
  const hpar::View<double*> f = d.f;
  bool ok = true;
  switch (q) {
    case kScalar: {
      double s = -1.0;
      hpar::parallel_reduce(range, [&](const int i, double& a) { a += x(off + i); }, s);
      ok = s == e.sum;
      break;
    }
    case kScalarLong: {
      long s = -1;
      hpar::parallel_reduce(range, [=](const int i, long& a) { a += k(off + i); }, s);
      ok = s == e.ksum;
      break;
    }
    case kSum: {
      double s = -1.0;
      hpar::parallel_reduce(range, [&](const int i, double& a) { a += x(off + i); }, hpar::Sum<double>(s));
      ok = s == e.sum;
      break;
    }
    case kProd: {
      double p = -1.0;
      hpar::parallel_reduce(range, [&](const int i, double& a) { a *= f(off + i); }, hpar::Prod<double>(p));
      ok = p == e.prod;
      break;
    }
    case kMin: {
      int m = -1;
      hpar::parallel_reduce(range, [&](const int i, int& a) { if (k(off + i) < a) a = k(off + i); }, hpar::Min<int>(m));
      ok = m == e.min;
      break;
    }
    case kMax: {
      double m = -1.0;
      hpar::parallel_reduce(range, [&](const int i, double& a) { if (x(off + i) > a) a = x(off + i); }, hpar::Max<double>(m));
      ok = m == e.max;
      break;
    }
    case kLAnd: {
      int v = -1;
      hpar::parallel_reduce(range, [&](const int i, int& a) { a = a && (k(off + i) != 40); }, hpar::LAnd<int>(v));
      ok = (v != 0) == (e.land != 0);
      break;
    }
    case kLOr: {
      int v = -1;
      hpar::parallel_reduce(range, [&](const int i, int& a) { a = a || (k(off + i) == 17); }, hpar::LOr<int>(v));
      ok = (v != 0) == (e.lor != 0);
      break;
    }
    case kBAnd: {
      unsigned v = 12345u;
      hpar::parallel_reduce(range, [&](const int i, unsigned& a) { a &= ~(1u << (k(off + i) % 29)); }, hpar::BAnd<unsigned>(v));
      ok = v == e.band;
      break;
    }
    case kBOr: {
      unsigned v = 12345u;
      hpar::parallel_reduce(range, [&](const int i, unsigned& a) { a |= 1u << (k(off + i) % 31); }, hpar::BOr<unsigned>(v));
      ok = v == e.bor;
      break;
    }
    case kMinLoc: {
      MinLocT v{-1, -1};
      hpar::parallel_reduce(range, [&](const int i, MinLocT& a) {
        if (k(off + i) < a.val || (k(off + i) == a.val && i < a.loc)) {
          a.val = k(off + i);
          a.loc = i;
        }
      }, hpar::MinLoc<int, int>(v));
      ok = v.val == e.minloc_val && v.loc == local_loc(e.minloc, off);
      break;
    }
    case kMaxLoc: {
      MaxLocT v{-1.0, -1};
      hpar::parallel_reduce(range, [&](const int i, MaxLocT& a) {
        const double b = double(k(off + i));
        if (b > a.val || (b == a.val && i < a.loc)) {
          a.val = b;
          a.loc = i;
        }
      }, hpar::MaxLoc<double, int>(v));
      ok = v.val == e.maxloc_val && v.loc == local_loc(e.maxloc, off);
      break;
    }
    case kMinMax: {
      MinMaxT v{-1, -1};
      hpar::parallel_reduce(range, [&](const int i, MinMaxT& a) {
        const int b = 3 * k(off + i) - 100;
        if (b < a.min_val) a.min_val = b;
        if (b > a.max_val) a.max_val = b;
      }, hpar::MinMax<int>(v));
      ok = v.min_val == e.mm_min && v.max_val == e.mm_max;
      break;
    }
    case kMinMaxLoc: {
      MinMaxLocT v{-1, -1, -1, -1};
      hpar::parallel_reduce(range, [&](const int i, MinMaxLocT& a) {
        const int b = k(off + i);
        if (b < a.min_val || (b == a.min_val && i < a.min_loc)) {
          a.min_val = b;
          a.min_loc = i;
        }
        if (b > a.max_val || (b == a.max_val && i < a.max_loc)) {
          a.max_val = b;
          a.max_loc = i;
        }
      }, hpar::MinMaxLoc<int, int>(v));
      ok = v.min_val == e.mml_min && v.max_val == e.mml_max && v.min_loc == local_loc(e.mml_minloc, off) &&
           v.max_loc == local_loc(e.mml_maxloc, off);
      break;
    }
    case kCustom: {
      SumCountValue v{-1.0, -1};
      hpar::parallel_reduce(range, [&](const int i, SumCountValue& a) {
        if (x(off + i) > 0.0) {
          a.sum += x(off + i);
          a.count += 1;
        }
      }, SumCount(v));
      ok = v.sum == e.pos_sum && v.count == e.pos_count;
      break;
    }
    default: {
      // Plain scalars, built-in reducers and a custom reducer in one reduction.
      double s = -1.0;
      int m = -1;
      MinLocT ml{-1, -1};
      long n = -1;
      SumCountValue sc{-1.0, -1};
      unsigned bor = 0u;
      hpar::parallel_reduce(range, [&](const int i, double& a, int& b, MinLocT& l, long& cnt, SumCountValue& p, unsigned& o) {
        a += x(off + i);
        if (k(off + i) < b) b = k(off + i);
        if (k(off + i) < l.val || (k(off + i) == l.val && i < l.loc)) {
          l.val = k(off + i);
          l.loc = i;
        }
        cnt += 1;
        if (x(off + i) > 0.0) {
          p.sum += x(off + i);
          p.count += 1;
        }
        o |= 1u << (k(off + i) % 31);
      }, s, hpar::Min<int>(m), hpar::MinLoc<int, int>(ml), n, SumCount(sc), hpar::BOr<unsigned>(bor));
      ok = s == e.sum && m == e.min && ml.val == e.minloc_val && ml.loc == local_loc(e.minloc, off) && n == e.count &&
           sc.sum == e.pos_sum && sc.count == e.pos_count && bor == e.bor;
      break;
    }
  }
  if (!ok) hpar::atomic_add(&d.bad(c, q), 1);
}

// Every kind of check of case C for one participant (thread r of team l, on each of its lanes).
template <int C>
HPAR_INLINE_FUNCTION void reduce_case(const member_type& team, const Tasks& t, const NestedData& d) {
  const int l = team.league_rank();
  const int r = team.team_rank();
  for (int q = 0; q < kKinds; ++q) {
    if constexpr (C == kThreadCount || C == kTeamVectorCount) {
      const int s0 = t.team_range(C, l, q, 0);
      const int n = t.team_range(C, l, q, 1);
      if constexpr (C == kThreadCount)
        reduce_one(hpar::TeamThreadRange(team, n), s0, q, t.team_expect(C, l, q), d, C);
      else
        reduce_one(hpar::TeamVectorRange(team, n), s0, q, t.team_expect(C, l, q), d, C);
    } else if constexpr (C == kThreadBeginEnd || C == kTeamVectorBeginEnd) {
      if (!in_short_list(q)) continue;
      const int s0 = t.team_range(C, l, q, 0);
      const int n = t.team_range(C, l, q, 1);
      if constexpr (C == kThreadBeginEnd)
        reduce_one(hpar::TeamThreadRange(team, s0, s0 + n), 0, q, t.team_expect(C, l, q), d, C);
      else
        reduce_one(hpar::TeamVectorRange(team, s0, s0 + n), 0, q, t.team_expect(C, l, q), d, C);
    } else {
      const int s0 = t.lane_range(C - kVectorCount, l, r, q, 0);
      const int n = t.lane_range(C - kVectorCount, l, r, q, 1);
      if constexpr (C == kVectorCount)
        reduce_one(hpar::ThreadVectorRange(team, n), s0, q, t.lane_expect(C - kVectorCount, l, r, q), d, C);
      else
        reduce_one(hpar::ThreadVectorRange(team, s0, s0 + n), 0, q, t.lane_expect(C - kVectorCount, l, r, q), d, C);
    }
  }
  hpar::atomic_add(&d.runs(C), 1);
}

// ---- the ranges of each check ---------------------------------------------------------------------------

constexpr int kElements = 40000;
constexpr int kRows = 6;

int start_of(const int seed, const int length) { return int((uint64_t(seed) * 2654435761u) % uint64_t(kElements - length)); }
// Row j of a team in the three-level nest.
int row_length(const int l, const int j, const int V) { return (j == 2) ? 0 : length_of(l + j + 1, V); }
int row_start(const int l, const int j) { return start_of(7919 * l + 31 * j + 5, 4 * 32 + 7); }

void run(const HostData& h, const NestedData& dev, const int league, const int team_request, const int vector) {
  const int team = clamp_team(team_request, vector);
  const team_policy policy(league, team, vector);
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();

  // Ranges and expected values, computed here and handed to the kernels.
  const Tasks t{hpar::View<int****>("team_range", kCases, L, kKinds, 2), hpar::View<Expect***>("team_expect", kCases, L, kKinds),
                hpar::View<int*****>("lane_range", 2, L, T, kKinds, 2), hpar::View<Expect****>("lane_expect", 2, L, T, kKinds)};
  hpar::View<Expect**> row_expect("row_expect", L, kRows);
  hpar::View<int***> row_range("row_range", L, kRows, 2);
  hpar::View<double*> nest_total("nest_total", L);
  {
    auto tr = hpar::create_mirror_view(t.team_range);
    auto te = hpar::create_mirror_view(t.team_expect);
    auto lr = hpar::create_mirror_view(t.lane_range);
    auto le = hpar::create_mirror_view(t.lane_expect);
    auto re = hpar::create_mirror_view(row_expect);
    auto rr = hpar::create_mirror_view(row_range);
    auto nt = hpar::create_mirror_view(nest_total);
    for (int l = 0; l < L; ++l) {
      for (int c : {kThreadCount, kThreadBeginEnd, kTeamVectorCount, kTeamVectorBeginEnd})
        for (int q = 0; q < kKinds; ++q) {
          const int n = length_of(l * kKinds + q + 3 * c, T);
          const int s0 = start_of((c * 1000 + l) * kKinds + q, n);
          tr(c, l, q, 0) = s0;
          tr(c, l, q, 1) = n;
          te(c, l, q) = expect_of(h, s0, n);
        }
      for (int v = 0; v < 2; ++v)
        for (int r = 0; r < T; ++r)
          for (int q = 0; q < kKinds; ++q) {
            const int n = length_of((l * T + r) * kKinds + q + 5 * v, V);
            const int s0 = start_of(((v + 7) * 1000 + l * T + r) * kKinds + q, n);
            lr(v, l, r, q, 0) = s0;
            lr(v, l, r, q, 1) = n;
            le(v, l, r, q) = expect_of(h, s0, n);
          }
      double total = 0.0;
      for (int j = 0; j < kRows; ++j) {
        rr(l, j, 0) = row_start(l, j);
        rr(l, j, 1) = row_length(l, j, V);
        re(l, j) = expect_of(h, rr(l, j, 0), rr(l, j, 1));
        total += re(l, j).sum;
      }
      nt(l) = total;
    }
    hpar::deep_copy(t.team_range, tr);
    hpar::deep_copy(t.team_expect, te);
    hpar::deep_copy(t.lane_range, lr);
    hpar::deep_copy(t.lane_expect, le);
    hpar::deep_copy(row_expect, re);
    hpar::deep_copy(row_range, rr);
    hpar::deep_copy(nest_total, nt);
  }
  hpar::deep_copy(dev.bad, 0);
  hpar::deep_copy(dev.runs, 0);

  const NestedData d = dev;
  hpar::parallel_for("nested_reduce_levels", policy, HPAR_LAMBDA(const member_type& team) {
    reduce_case<kThreadCount>(team, t, d);
    reduce_case<kThreadBeginEnd>(team, t, d);
    reduce_case<kVectorCount>(team, t, d);
    reduce_case<kVectorBeginEnd>(team, t, d);
    reduce_case<kTeamVectorCount>(team, t, d);
    reduce_case<kTeamVectorBeginEnd>(team, t, d);
  });

  // Three levels: a TeamThreadRange reduction over rows of ThreadVectorRange reductions.
  const auto x = dev.x;
  const auto k = dev.k;
  const auto bad = dev.bad;
  const auto runs = dev.runs;
  hpar::parallel_for("nested_reduce_three_levels", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    double total = -1.0;
    int total_min = -1;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, kRows), [&](const int j, double& acc, int& acc_min) {
      const int s0 = row_range(l, j, 0);
      const int m = row_range(l, j, 1);
      double row = -1.0;
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, s0, s0 + m), [&](const int i, double& a) { a += x(i); }, row);
      int row_min = -1;
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, m), [&](const int i, int& a) {
        if (k(s0 + i) < a) a = k(s0 + i);
      }, hpar::Min<int>(row_min));
      if (row != row_expect(l, j).sum || row_min != row_expect(l, j).min) hpar::atomic_add(&bad(kNestRow, kScalar), 1);
      hpar::atomic_add(&runs(kNestRow), 1);
      acc += row;
      if (row_min < acc_min) acc_min = row_min;
    }, total, hpar::Min<int>(total_min));
    int emin = INT_MAX;
    for (int j = 0; j < kRows; ++j) emin = row_expect(l, j).min < emin ? row_expect(l, j).min : emin;
    if (total != nest_total(l) || total_min != emin) hpar::atomic_add(&bad(kNestTotal, kScalar), 1);
    hpar::atomic_add(&runs(kNestTotal), 1);
  });

  auto hbad = hpar::create_mirror_view_and_copy(hpar::HostSpace(), dev.bad);
  auto hruns = hpar::create_mirror_view_and_copy(hpar::HostSpace(), dev.runs);
  char where[200];
  for (int c = 0; c < kCases; ++c) {
    const long long participants = (long long)L * (c == kNestRow ? kRows : T) * V;
    std::snprintf(where, sizeof where, "%s (league %d, team %d, vector %d)", kCaseName[c], L, T, V);
    check_eq((std::string(where) + ": participants that ran the checks").c_str(), hruns(c), participants);
    for (int q = 0; q < kKinds; ++q)
      check_eq((std::string(where) + ": " + kKindName[q] + ": participants handed a wrong result").c_str(), hbad(c, q), 0);
  }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  HostData h;
  h.x.resize(kElements);
  h.f.resize(kElements);
  h.k.resize(kElements);
  NestedData dev{hpar::View<double*>("x", kElements), hpar::View<int*>("k", kElements), hpar::View<double*>("f", kElements),
                 hpar::View<int**>("bad", kCases, kKinds), hpar::View<int*>("runs", kCases)};
  {
    auto mx = hpar::create_mirror_view(dev.x);
    auto mk = hpar::create_mirror_view(dev.k);
    auto mf = hpar::create_mirror_view(dev.f);
    uint64_t s = 2024;
    for (int g = 0; g < kElements; ++g) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      h.k[g] = int((s >> 33) % 60) + 5;
      h.x[g] = double(int64_t((s >> 20) % 4001) - 2000) / 4.0;
      const int u = int((s >> 45) % 12);
      h.f[g] = u == 0 ? 2.0 : (u == 1 ? 0.5 : 1.0);
      mk(g) = h.k[g];
      mx(g) = h.x[g];
      mf(g) = h.f[g];
    }
    hpar::deep_copy(dev.x, mx);
    hpar::deep_copy(dev.k, mk);
    hpar::deep_copy(dev.f, mf);
  }
  run(h, dev, 10, 1, 1);
  run(h, dev, 4, 7, 1);
  run(h, dev, 4, 7, 4);
  run(h, dev, 3, 7, 32);
  run(h, dev, 1, 33, 1);
  run(h, dev, 1, 33, 8);
  run(h, dev, 1, 127, 4);
  run(h, dev, 1, 127, 32);
  return report();
}
