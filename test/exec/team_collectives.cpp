// Checks the team member's collectives: team_barrier (write, barrier, read a neighbour's value, in several rounds), team_broadcast of an int, a double, a pointer and a struct in both forms (value, root) and (closure, value, root), team_reduce(reducer) and team_reduce(reducer, value) with built-in and custom reducers (one contribution per thread whatever the vector length), team_scan(value) and team_scan(value, &global) of long and double, single(PerTeam) and single(PerThread) with and without a value (lanes start from different values), and a team offset claimed with single(PerTeam(team), ..., offset) and atomic_fetch_add that every member sees; team sizes 1, 7, 33, 127 (clamped to team_size_max) and vector lengths 1, 4, 8, 32.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

using MinLocT = typename hpar::MinLoc<long, int>::value_type;

team_policy make_policy(const int league, const int team_request, const int vector) {
  return team_policy(league, clamp_team(team_request, vector), vector);
}

// Gives each vector lane of the calling thread a different value: its lane index. The
// programming model has no lane rank, so this asks the implementation.
HPAR_INLINE_FUNCTION int lane_of(const member_type& team) {
  return team.impl_rank(hpar::impl::VectorLevel());
}

// ---- team_barrier ---------------------------------------------------------------------------------

constexpr int kRounds = 3;

void test_barrier(const team_policy& policy) {
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  hpar::View<int**> buf("buf", L, T);
  hpar::View<int***> got("got", L, T, kRounds);
  hpar::parallel_for("barrier_neighbour", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int r = team.team_rank();
    const int t = team.team_size();
    for (int round = 0; round < kRounds; ++round) {
      // Later threads write later: without the barrier a reader would see the previous round.
      double z = 0.0;
      for (int q = 0; q < 64 * (r + round) % 200; ++q) z += double(q % 7);
      buf(l, r) = 1000 * l + 10 * r + round + 1 + (z < 0.0 ? 1 : 0);
      team.team_barrier();
      got(l, r, round) = buf(l, (r + 1) % t);
      team.team_barrier();
    }
  });
  auto h = hpar::create_mirror_view_and_copy(hpar::HostSpace(), got);
  ElementCheck c(describe("team_barrier: the neighbour's value of this round", L, T, V));
  for (int l = 0; l < L; ++l)
    for (int r = 0; r < T; ++r)
      for (int round = 0; round < kRounds; ++round)
        c(l, r * 10 + round, h(l, r, round), 1000 * l + 10 * ((r + 1) % T) + round + 1);
}

// ---- team_broadcast -------------------------------------------------------------------------------

struct Triple {
  int a;
  double b;
  long c;
};

void test_broadcast(const team_policy& policy) {
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  hpar::View<double*> data("data", L * T + 1);
  {
    auto m = hpar::create_mirror_view(data);
    for (int q = 0; q <= L * T; ++q) m(q) = 0.5 * q + 3.0;
    hpar::deep_copy(data, m);
  }
  // (l, r, what): int, double, pointed-to value, struct a, b, c; then the same for the closure form.
  hpar::View<double***> out("out", L, T, 12);
  hpar::View<int> bad_ptr("bad_ptr");
  hpar::parallel_for("broadcast", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int r = team.team_rank();
    const int t = team.team_size();
    const int lane = lane_of(team);
    const int root = (17 * l + 5) % t;
    const int root2 = (29 * l + t - 1) % t;
    int vi = 100 * l + r + 1000000 * lane;
    team.team_broadcast(vi, root);
    double vd = 0.25 * (l * t + r) + 1000.0 * lane;
    team.team_broadcast(vd, root2);
    const double* p = &data(l * t + r);
    team.team_broadcast(p, root);
    if (p != &data(l * t + root)) hpar::atomic_add(&bad_ptr(), 1);
    Triple s{r + lane, 0.5 * r, 1000L * l + r};
    team.team_broadcast(s, root2);
    out(l, r, 0) = vi;
    out(l, r, 1) = vd;
    out(l, r, 2) = *p;
    out(l, r, 3) = s.a;
    out(l, r, 4) = s.b;
    out(l, r, 5) = double(s.c);

    // The closure form: the closure's change of the root's value reaches every member.
    int wi = 100 * l + r + 1000000 * lane;
    team.team_broadcast([&](int& v) { v = 2 * v + 3; }, wi, root2);
    double wd = 0.25 * (l * t + r) + 1000.0 * lane;
    team.team_broadcast([](double& v) { v *= 0.5; }, wd, root);
    const double* q = &data(l * t + r);
    team.team_broadcast([&](const double*& v) { v += 1; }, q, root);
    if (q != &data(l * t + root + 1)) hpar::atomic_add(&bad_ptr(), 1);
    Triple u{r + lane, 0.5 * r, 1000L * l + r};
    team.team_broadcast([=](Triple& v) {
      v.a += 7;
      v.b *= 4.0;
      v.c = -v.c + l;
    }, u, root);
    out(l, r, 6) = wi;
    out(l, r, 7) = wd;
    out(l, r, 8) = *q;
    out(l, r, 9) = u.a;
    out(l, r, 10) = u.b;
    out(l, r, 11) = double(u.c);
  });
  auto h = hpar::create_mirror_view_and_copy(hpar::HostSpace(), out);
  int hbad = -1;
  hpar::deep_copy(hbad, bad_ptr);
  check_eq(describe("team_broadcast of a pointer: members holding another pointer", L, T, V).c_str(), hbad, 0);
  const char* names[12] = {"int", "double", "pointer (value pointed to)", "struct .a", "struct .b", "struct .c",
                           "closure form: int", "closure form: double", "closure form: pointer", "closure form: struct .a",
                           "closure form: struct .b", "closure form: struct .c"};
  for (int w = 0; w < 12; ++w) {
    ElementCheck c(describe((std::string("team_broadcast of ") + names[w]).c_str(), L, T, V));
    for (int l = 0; l < L; ++l) {
      const int root = (17 * l + 5) % T;
      const int root2 = (29 * l + T - 1) % T;
      double e = 0.0;
      switch (w) {
        case 0: e = 100 * l + root; break;
        case 1: e = 0.25 * (l * T + root2); break;
        case 2: e = 0.5 * (l * T + root) + 3.0; break;
        case 3: e = root2; break;
        case 4: e = 0.5 * root2; break;
        case 5: e = 1000.0 * l + root2; break;
        case 6: e = 2 * (100 * l + root2) + 3; break;
        case 7: e = 0.5 * (0.25 * (l * T + root)); break;
        case 8: e = 0.5 * (l * T + root + 1) + 3.0; break;
        case 9: e = root + 7; break;
        case 10: e = 4.0 * 0.5 * root; break;
        default: e = -(1000.0 * l + root) + l; break;
      }
      for (int r = 0; r < T; ++r) c(l, r, h(l, r, w), e);
    }
  }
}

// ---- team_reduce and team_scan ----------------------------------------------------------------------

enum { kMax, kSum, kMin, kBOr, kProd, kMinLoc, kCustom, kSumValue, kMinLocValue, kCustomValue, kReduceKinds };

void test_reduce_and_scan(const team_policy& policy) {
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  const int n = L * T;
  std::vector<long> hv(n);
  hpar::View<long*> v("v", n);   // one value per thread, ties included
  {
    auto m = hpar::create_mirror_view(v);
    uint64_t s = 5 + uint64_t(n);
    for (int q = 0; q < n; ++q) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      hv[q] = long((s >> 33) % 50) + 1;
      m(q) = hv[q];
    }
    hpar::deep_copy(v, m);
  }
  // Expected per team, computed here.
  hpar::View<long**> expect("expect", L, kReduceKinds + 2);
  {
    auto m = hpar::create_mirror_view(expect);
    for (int l = 0; l < L; ++l) {
      long mx = LONG_MIN, sum = 0, mn = LONG_MAX, bor = 0, prod = 1, pos = 0;
      int loc = INT_MAX;
      for (int r = 0; r < T; ++r) {
        const long a = hv[l * T + r];
        mx = std::max(mx, a);
        sum += a;
        if (a < mn) {
          mn = a;
          loc = r;
        }
        bor |= 1L << (a % 40);
        prod *= (a % 10 == 0) ? 2 : 1;
        if (a > 25) pos += 1;
      }
      m(l, kMax) = mx;
      m(l, kSum) = sum;
      m(l, kMin) = mn;
      m(l, kBOr) = bor;
      m(l, kProd) = prod;
      m(l, kMinLoc) = loc;
      m(l, kCustom) = pos;
      m(l, kSumValue) = sum;
      m(l, kMinLocValue) = loc;
      m(l, kCustomValue) = pos;
      m(l, kReduceKinds) = mn;
      m(l, kReduceKinds + 1) = sum;
    }
    hpar::deep_copy(expect, m);
  }
  hpar::View<int*> bad("bad", kReduceKinds);
  hpar::View<long**> scan("scan", L, T);
  hpar::View<double**> scan_d("scan_d", L, T);
  hpar::View<long**> scan_g("scan_g", L, T);
  hpar::View<long> global("global");
  hpar::deep_copy(global, 1000L);
  hpar::parallel_for("team_reduce_scan", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int r = team.team_rank();
    const int t = team.team_size();
    const long a = v(l * t + r);
    long mx = a;
    team.team_reduce(hpar::Max<long>(mx));
    if (mx != expect(l, kMax)) hpar::atomic_add(&bad(kMax), 1);
    long sum = a;
    team.team_reduce(hpar::Sum<long>(sum));
    if (sum != expect(l, kSum)) hpar::atomic_add(&bad(kSum), 1);
    long mn = a;
    team.team_reduce(hpar::Min<long>(mn));
    if (mn != expect(l, kMin)) hpar::atomic_add(&bad(kMin), 1);
    long bor = 1L << (a % 40);
    team.team_reduce(hpar::BOr<long>(bor));
    if (bor != expect(l, kBOr)) hpar::atomic_add(&bad(kBOr), 1);
    long prod = (a % 10 == 0) ? 2 : 1;
    team.team_reduce(hpar::Prod<long>(prod));
    if (prod != expect(l, kProd)) hpar::atomic_add(&bad(kProd), 1);
    MinLocT ml{a, r};
    team.team_reduce(hpar::MinLoc<long, int>(ml));
    if (ml.val != expect(l, kMin) || ml.loc != expect(l, kMinLoc)) hpar::atomic_add(&bad(kMinLoc), 1);
    SumCountValue sc{double(a), a > 25 ? 1L : 0L};
    team.team_reduce(SumCount(sc));
    if (sc.sum != double(expect(l, kSum)) || sc.count != expect(l, kCustom)) hpar::atomic_add(&bad(kCustom), 1);

    // The (reducer, value) form: the result lands in the reducer's reference.
    long total = -1;
    team.team_reduce(hpar::Sum<long>(total), a);
    if (total != expect(l, kSumValue)) hpar::atomic_add(&bad(kSumValue), 1);
    MinLocT ml2{-1, -1};
    team.team_reduce(hpar::MinLoc<long, int>(ml2), MinLocT{a, r});
    if (ml2.val != expect(l, kMin) || ml2.loc != expect(l, kMinLocValue)) hpar::atomic_add(&bad(kMinLocValue), 1);
    SumCountValue sc2{-1.0, -1};
    team.team_reduce(SumCount(sc2), SumCountValue{double(a), a > 25 ? 1L : 0L});
    if (sc2.sum != double(expect(l, kSumValue)) || sc2.count != expect(l, kCustomValue)) hpar::atomic_add(&bad(kCustomValue), 1);

    // Exclusive prefix sums over the team's threads.
    scan(l, r) = team.team_scan(a);
    scan_d(l, r) = team.team_scan(0.5 * double(a));
    scan_g(l, r) = team.team_scan(a, &global());
  });
  auto hbad = hpar::create_mirror_view_and_copy(hpar::HostSpace(), bad);
  const char* names[kReduceKinds] = {"team_reduce(Max<long>)", "team_reduce(Sum<long>)", "team_reduce(Min<long>)",
                                     "team_reduce(BOr<long>)", "team_reduce(Prod<long>)", "team_reduce(MinLoc<long, int>)",
                                     "team_reduce(custom)", "team_reduce(Sum<long>, value)",
                                     "team_reduce(MinLoc<long, int>, value)", "team_reduce(custom, value)"};
  for (int q = 0; q < kReduceKinds; ++q)
    check_eq(describe((std::string(names[q]) + ": members handed a wrong result").c_str(), L, T, V).c_str(), hbad(q), 0);

  auto hs = hpar::create_mirror_view_and_copy(hpar::HostSpace(), scan);
  auto hsd = hpar::create_mirror_view_and_copy(hpar::HostSpace(), scan_d);
  auto hsg = hpar::create_mirror_view_and_copy(hpar::HostSpace(), scan_g);
  long hglobal = -1;
  hpar::deep_copy(hglobal, global);
  ElementCheck cs(describe("team_scan(long)", L, T, V));
  ElementCheck csd(describe("team_scan(double)", L, T, V));
  ElementCheck csg(describe("team_scan(long, &global): prefix within the team", L, T, V));
  std::vector<std::pair<long, long>> bases;   // (base, team total)
  long all = 0;
  for (int l = 0; l < L; ++l) {
    long p = 0;
    for (int r = 0; r < T; ++r) {
      cs(l, r, double(hs(l, r)), double(p));
      csd(l, r, hsd(l, r), 0.5 * double(p));
      csg(l, r, double(hsg(l, r) - hsg(l, 0)), double(p));
      p += hv[l * T + r];
    }
    bases.push_back({hsg(l, 0), p});
    all += p;
  }
  // The teams' bases are the running totals of the teams in some order, starting at 1000.
  std::sort(bases.begin(), bases.end());
  long next = 1000;
  long wrong = 0;
  for (const auto& b : bases) {
    if (b.first != next) ++wrong;
    next = b.first + b.second;
  }
  check_eq(describe("team_scan(long, &global): team bases are consecutive running totals", L, T, V).c_str(), wrong, 0);
  check_eq(describe("team_scan(long, &global): global after", L, T, V).c_str(), hglobal, 1000 + all);
}

// ---- single --------------------------------------------------------------------------------------------

void test_single(const team_policy& policy) {
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  hpar::View<int*> per_team("per_team", L);
  hpar::View<int**> per_thread("per_thread", L, T);
  hpar::View<int**> team_value("team_value", L, T);
  hpar::View<double**> thread_value("thread_value", L, T);
  hpar::View<int*> bad("bad", 2);
  hpar::parallel_for("single", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int r = team.team_rank();
    const int lane = lane_of(team);
    hpar::single(hpar::PerTeam(team), [&]() { hpar::atomic_add(&per_team(l), 1); });
    hpar::single(hpar::PerThread(team), [&]() { hpar::atomic_add(&per_thread(l, r), 1); });
    // Every member starts from a different value; the one who runs the closure sets it for all.
    int tv = 1000 * r + lane;
    hpar::single(hpar::PerTeam(team), [&](int& x) { x = 7 * l + 3; }, tv);
    if (tv != 7 * l + 3) hpar::atomic_add(&bad(0), 1);
    team_value(l, r) = tv;
    double wv = -1.0 - lane;
    hpar::single(hpar::PerThread(team), [&](double& x) { x = l + 0.5 * r; }, wv);
    if (wv != l + 0.5 * r) hpar::atomic_add(&bad(1), 1);
    thread_value(l, r) = wv;
  });
  auto hpt = hpar::create_mirror_view_and_copy(hpar::HostSpace(), per_team);
  auto hpth = hpar::create_mirror_view_and_copy(hpar::HostSpace(), per_thread);
  auto htv = hpar::create_mirror_view_and_copy(hpar::HostSpace(), team_value);
  auto hwv = hpar::create_mirror_view_and_copy(hpar::HostSpace(), thread_value);
  auto hbad = hpar::create_mirror_view_and_copy(hpar::HostSpace(), bad);
  check_eq(describe("single(PerTeam, f, value): members holding another value", L, T, V).c_str(), hbad(0), 0);
  check_eq(describe("single(PerThread, f, value): lanes holding another value", L, T, V).c_str(), hbad(1), 0);
  ElementCheck c1(describe("single(PerTeam): runs once per team", L, T, V));
  ElementCheck c2(describe("single(PerThread): runs once per thread", L, T, V));
  ElementCheck c3(describe("single(PerTeam, f, value): the value", L, T, V));
  ElementCheck c4(describe("single(PerThread, f, value): the value", L, T, V));
  for (int l = 0; l < L; ++l) {
    c1(l, 0, hpt(l), 1);
    for (int r = 0; r < T; ++r) {
      c2(l, r, hpth(l, r), 1);
      c3(l, r, htv(l, r), 7 * l + 3);
      c4(l, r, hwv(l, r), l + 0.5 * r);
    }
  }
}

// A team claims `size` slots of a shared array: one atomic_fetch_add in single(PerTeam), the
// offset then known to every member, which fill the slots together.
int claim_size(const int l) { return (l * 13) % 23 + (l % 5 == 0 ? 0 : 1); }

void test_claimed_offset(const team_policy& policy) {
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  hpar::View<int*> sizes("sizes", L);
  int total = 0;
  {
    auto m = hpar::create_mirror_view(sizes);
    for (int l = 0; l < L; ++l) {
      m(l) = claim_size(l);
      total += m(l);
    }
    hpar::deep_copy(sizes, m);
  }
  hpar::View<int> next("next");
  hpar::View<int*> slots("slots", total + 1);
  hpar::View<int**> offsets("offsets", L, T);
  hpar::View<int> bad("bad");
  hpar::parallel_for("claim_offset", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int size = sizes(l);
    int offset = -1 - team.team_rank();
    hpar::single(hpar::PerTeam(team), [&](int& o) { o = hpar::atomic_fetch_add(&next(), size); }, offset);
    if (offset < 0 || offset + size > total) {
      hpar::atomic_add(&bad(), 1);
      return;
    }
    offsets(l, team.team_rank()) = offset;
    hpar::parallel_for(hpar::TeamThreadRange(team, size), [&](const int i) { slots(offset + i) = l + 1; });
  });
  auto ho = hpar::create_mirror_view_and_copy(hpar::HostSpace(), offsets);
  auto hs = hpar::create_mirror_view_and_copy(hpar::HostSpace(), slots);
  int hbad = -1, hnext = -1;
  hpar::deep_copy(hbad, bad);
  hpar::deep_copy(hnext, next);
  check_eq(describe("claimed offset: members with an offset out of range", L, T, V).c_str(), hbad, 0);
  check_eq(describe("claimed offset: the counter after", L, T, V).c_str(), hnext, total);
  ElementCheck same(describe("claimed offset: every member holds the team's offset", L, T, V));
  ElementCheck fill(describe("claimed offset: each slot filled by the team that claimed it", L, T, V));
  std::vector<std::pair<int, int>> claims;   // (offset, size)
  for (int l = 0; l < L; ++l) {
    for (int r = 0; r < T; ++r) same(l, r, ho(l, r), ho(l, 0));
    for (int i = 0; i < claim_size(l); ++i) fill(l, i, hs(ho(l, 0) + i), l + 1);
    claims.push_back({ho(l, 0), claim_size(l)});
  }
  std::sort(claims.begin(), claims.end());
  int expected_offset = 0;
  long wrong = 0;
  for (const auto& c : claims) {
    if (c.first != expected_offset) ++wrong;
    expected_offset = c.first + c.second;
  }
  check_eq(describe("claimed offset: the claims tile [0, total)", L, T, V).c_str(), wrong, 0);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  // Few teams for the large team sizes: a barrier of 33 OpenMP threads on a 2-core host costs milliseconds.
  const int configs[][3] = {{41, 1, 1}, {10, 7, 1}, {8, 7, 4}, {6, 12, 8}, {2, 33, 8}, {1, 33, 32}, {2, 127, 1}, {1, 127, 32}};
  for (const auto& c : configs) {
    const team_policy policy = make_policy(c[0], c[1], c[2]);
    test_barrier(policy);
    test_broadcast(policy);
    test_reduce_and_scan(policy);
    test_single(policy);
    test_claimed_offset(policy);
  }
  return report();
}
