// Checks nested parallel_reduce over TeamThreadMDRange, ThreadVectorMDRange and TeamVectorMDRange at ranks 2, 3, 5 and 8 with Iterate::Left, Right and Default, closures f(i0, ..., iN-1, value&...): a plain double scalar (sum, overwriting the scalar), Max<double>, MinLoc<int, int> (ties to the smallest row-major location), a custom reducer (sum and count of the positive values), a plain long scalar and Min<int>, all as results of one reduction at every kind, rank and direction, and the first four each in a reduction of its own at one rank and direction per kind; every thread and vector lane of every team is handed the result computed on the host, for boxes with extents above and below the team size and vector length and for an empty box (the identities); team sizes 1, 7, 13 and 32 (clamped to team_size_max) and vector lengths 1, 4, 8 and 32, one team for the large team sizes.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"
#include "team_mdrange_common.hpp"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

// What is checked (the index of the bad view).
enum Check { kScalar, kMax, kMinLoc, kCustom, kMulti, kChecks };
const char* const kCheckName[kChecks] = {"plain double scalar (sum)", "Max<double>", "MinLoc<int, int>", "custom reducer",
                                         "plain long scalar and Min<int>"};

using MinLocT = hpar::MinLoc<int, int>::value_type;

// A closure f(i0, ..., iR-1, value&...) that hands the indices as an array to op.
template <size_t>
using index_arg = int;
template <class Op, class Seq, class... V>
struct Closure;
template <class Op, size_t... D, class... V>
struct Closure<Op, std::index_sequence<D...>, V...> {
  Op op;
  HPAR_INLINE_FUNCTION void operator()(const index_arg<D>... i, V&... v) const {
    const int idx[] = {i...};
    op(idx, v...);
  }
};
template <int R, class... V, class Op>
HPAR_INLINE_FUNCTION Closure<Op, std::make_index_sequence<R>, V...> closure(const Op& op) {
  return {op};
}

// What every participant must be handed, computed on the host.
struct Expect {
  double sum, max, pos_sum;
  long pos_count, count;
  int min;
  MinLocT minloc;
};

// Elements [0, volume) of one team's data.
Expect expect_of(const double* x, const int* k, const int volume) {
  Expect e{0.0, -DBL_MAX, 0.0, 0, volume, INT_MAX, {INT_MAX, INT_MAX}};
  for (int g = 0; g < volume; ++g) {
    e.sum += x[g];
    e.max = std::max(e.max, x[g]);
    if (x[g] > 0.0) {
      e.pos_sum += x[g];
      e.pos_count += 1;
    }
    e.min = std::min(e.min, k[g]);
    if (k[g] < e.minloc.val) e.minloc = {k[g], g};  // the first of equal values: the smallest location
  }
  return e;
}

// The values of every team, and the participants handed a wrong result per check.
struct Data {
  hpar::View<double**> x;  // (team, row-major index): multiples of 1/4, so every sum is exact in any order
  hpar::View<int**> k;     // (team, row-major index): small integers with many ties
  hpar::View<int*> bad;    // (check)
};

// Each result in a reduction of its own; every participant compares what it was handed with e.
template <int R, class Range>
HPAR_INLINE_FUNCTION void reduce_checks(std::true_type, const Range& range, const Box<R>& box, const int l, const Expect& e,
                                        const Data& d) {
  const auto x = d.x;
  const auto k = d.k;
  double sum = -1.0;
  hpar::parallel_reduce(range, closure<R, double>([&](const int* i, double& a) { a += x(l, row_major(box, i)); }), sum);
  if (sum != e.sum) hpar::atomic_add(&d.bad(kScalar), 1);

  double max = -1.0;
  hpar::parallel_reduce(range, closure<R, double>([&](const int* i, double& a) {
    const double v = x(l, row_major(box, i));
    if (v > a) a = v;
  }), hpar::Max<double>(max));
  if (max != e.max) hpar::atomic_add(&d.bad(kMax), 1);

  MinLocT minloc{-1, -1};
  hpar::parallel_reduce(range, closure<R, MinLocT>([&](const int* i, MinLocT& a) {
    const int g = row_major(box, i);
    if (k(l, g) < a.val || (k(l, g) == a.val && g < a.loc)) {
      a.val = k(l, g);
      a.loc = g;
    }
  }), hpar::MinLoc<int, int>(minloc));
  if (minloc.val != e.minloc.val || minloc.loc != e.minloc.loc) hpar::atomic_add(&d.bad(kMinLoc), 1);

  SumCountValue positive{-1.0, -1};
  hpar::parallel_reduce(range, closure<R, SumCountValue>([&](const int* i, SumCountValue& a) {
    const double v = x(l, row_major(box, i));
    if (v > 0.0) {
      a.sum += v;
      a.count += 1;
    }
  }), SumCount(positive));
  if (positive.sum != e.pos_sum || positive.count != e.pos_count) hpar::atomic_add(&d.bad(kCustom), 1);
}

// The same results, a plain long scalar and Min<int>, in one reduction.
template <int R, class Range>
HPAR_INLINE_FUNCTION void reduce_checks(std::false_type, const Range& range, const Box<R>& box, const int l, const Expect& e,
                                        const Data& d) {
  const auto x = d.x;
  const auto k = d.k;
  double sum = -1.0;
  double max = -1.0;
  MinLocT minloc{-1, -1};
  SumCountValue positive{-1.0, -1};
  long count = -1;
  int min = -1;
  hpar::parallel_reduce(range, closure<R, double, double, MinLocT, SumCountValue, long, int>(
      [&](const int* i, double& asum, double& amax, MinLocT& aloc, SumCountValue& apos, long& c, int& m) {
        const int g = row_major(box, i);
        const double v = x(l, g);
        asum += v;
        if (v > amax) amax = v;
        if (k(l, g) < aloc.val || (k(l, g) == aloc.val && g < aloc.loc)) {
          aloc.val = k(l, g);
          aloc.loc = g;
        }
        if (v > 0.0) {
          apos.sum += v;
          apos.count += 1;
        }
        c += 1;
        if (k(l, g) < m) m = k(l, g);
      }), sum, hpar::Max<double>(max), hpar::MinLoc<int, int>(minloc), SumCount(positive), count, hpar::Min<int>(min));
  if (sum != e.sum) hpar::atomic_add(&d.bad(kScalar), 1);
  if (max != e.max) hpar::atomic_add(&d.bad(kMax), 1);
  if (minloc.val != e.minloc.val || minloc.loc != e.minloc.loc) hpar::atomic_add(&d.bad(kMinLoc), 1);
  if (positive.sum != e.pos_sum || positive.count != e.pos_count) hpar::atomic_add(&d.bad(kCustom), 1);
  if (count != e.count || min != e.min) hpar::atomic_add(&d.bad(kMulti), 1);
}

// Alone: each result in a reduction of its own; otherwise all of them in one reduction.
template <Kind K, int R, hpar::Iterate Dir, bool Alone = false>
void run(const int league, const int team_request, const int vector, const Box<R> box) {
  const team_policy policy(league, clamp_team(team_request, vector), vector);
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  int volume = 1;
  for (int d = 0; d < R; ++d) volume *= box.n[d];

  hpar::View<double**> x("x", L, volume);
  hpar::View<int**> k("k", L, volume);
  hpar::View<Expect*> expect("expect", L);
  {
    auto hx = hpar::create_mirror_view(x);
    auto hk = hpar::create_mirror_view(k);
    auto he = hpar::create_mirror_view(expect);
    uint64_t s = 77 + uint64_t(R) * 1000 + uint64_t(K) * 100 + uint64_t(Dir);
    for (int l = 0; l < L; ++l) {
      std::vector<double> vx(volume);
      std::vector<int> vk(volume);
      for (int g = 0; g < volume; ++g) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        vx[g] = double(int64_t((s >> 20) % 801) - 400) / 4.0;
        vk[g] = int((s >> 40) % 50) + 3;
        hx(l, g) = vx[g];
        hk(l, g) = vk[g];
      }
      he(l) = expect_of(vx.data(), vk.data(), volume);
    }
    hpar::deep_copy(x, hx);
    hpar::deep_copy(k, hk);
    hpar::deep_copy(expect, he);
  }
  hpar::View<int*> bad("bad", kChecks);  // participants handed a wrong result
  hpar::View<int*> runs("runs", 1);      // participants that ran the checks

  const Data d{x, k, bad};
  hpar::parallel_for("mdrange_reduce", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const auto range = md_range<K, hpar::Rank<R, Dir>>(team, box.n, std::make_index_sequence<R>());
    reduce_checks(std::integral_constant<bool, Alone>(), range, box, l, expect(l), d);
    hpar::atomic_add(&runs(0), 1);
  });

  auto hb = hpar::create_mirror_view_and_copy(hpar::HostSpace(), bad);
  auto hr = hpar::create_mirror_view_and_copy(hpar::HostSpace(), runs);
  const char* dir = Dir == hpar::Iterate::Left ? "Left" : Dir == hpar::Iterate::Right ? "Right" : "Default";
  char where[200];
  std::snprintf(where, sizeof where, "%s<Rank<%d, %s>> over %d indices, %s (league %d, team %d, vector %d)", kKindName[K],
                R, dir, volume, Alone ? "one reducer per reduction" : "several results per reduction", L, T, V);
  check_eq((std::string(where) + ": participants that ran the checks").c_str(), hr(0), (long long)L * T * V);
  for (int q = 0; q < kChecks; ++q)
    if (q != kMulti || !Alone)
      check_eq((std::string(where) + ": " + kCheckName[q] + ": participants handed a wrong result").c_str(), hb(q), 0);
}

template <Kind K, hpar::Iterate Dir>
void run_ranks(const int league, const int team, const int vector) {
  run<K, 2, Dir>(league, team, vector, Box<2>{{17, 11}});
  run<K, 3, Dir>(league, team, vector, Box<3>{{9, 3, 10}});
  run<K, 5, Dir>(league, team, vector, Box<5>{{15, 2, 1, 3, 9}});
  run<K, 8, Dir>(league, team, vector, Box<8>{{9, 2, 1, 2, 1, 3, 2, 11}});
}

template <Kind K>
void run_all(const int league, const int team, const int vector) {
  run_ranks<K, hpar::Iterate::Left>(league, team, vector);
  run_ranks<K, hpar::Iterate::Right>(league, team, vector);
  run_ranks<K, hpar::Iterate::Default>(league, team, vector);
  run<K, 3, hpar::Iterate::Left>(league, team, vector, Box<3>{{5, 0, 4}});  // empty: the identities
  // One result per reduction, at a rank and direction per kind.
  if constexpr (K == kTeamThread) run<K, 3, hpar::Iterate::Left, true>(league, team, vector, Box<3>{{9, 3, 10}});
  if constexpr (K == kThreadVector) run<K, 5, hpar::Iterate::Right, true>(league, team, vector, Box<5>{{15, 2, 1, 3, 9}});
  if constexpr (K == kTeamVector)
    run<K, 8, hpar::Iterate::Default, true>(league, team, vector, Box<8>{{9, 2, 1, 2, 1, 3, 2, 11}});
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  const int configs[][3] = {{4, 1, 1}, {3, 7, 4}, {1, 13, 8}, {1, 32, 32}};  // league, team, vector
  for (const auto& c : configs) {
    run_all<kTeamThread>(c[0], c[1], c[2]);
    run_all<kThreadVector>(c[0], c[1], c[2]);
    run_all<kTeamVector>(c[0], c[1], c[2]);
  }
  return report();
}
