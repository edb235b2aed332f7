// Checks nested parallel_scan inside a team functor at all three levels (TeamThreadRange, ThreadVectorRange, TeamVectorRange), each with (team, count) and (team, begin, end), with and without a total, of long and double values (the (team, begin, end) forms of the team-wide levels with two of the four): every element's exclusive prefix (written to a View when final is true) and the total, checked on the host and, for the total, on every participating thread and lane; each scan over its own range: empty, one element, one below, at and above the team size or vector length, and longer, not multiples of either; ThreadVectorRange scans inside TeamThreadRange, and a TeamThreadRange scan whose contributions are ThreadVectorRange reductions; team sizes 1, 7, 33, 127 (clamped to team_size_max) and vector lengths 1, 4, 8, 32, with few teams for the large team sizes (a barrier of 33 OpenMP threads on a 2-core host costs milliseconds).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

enum Case {
  kThreadCount, kThreadBeginEnd, kVectorCount, kVectorBeginEnd, kTeamVectorCount, kTeamVectorBeginEnd,
  kNestRows, kCases
};
const char* const kCaseName[kCases] = {
  "TeamThreadRange(team, count)", "TeamThreadRange(team, begin, end)",
  "ThreadVectorRange(team, count)", "ThreadVectorRange(team, begin, end)",
  "TeamVectorRange(team, count)", "TeamVectorRange(team, begin, end)",
  "ThreadVectorRange(team, begin, end) inside TeamThreadRange"};
// The scans of each case: long without and with a total, double without and with a total.
constexpr int kRows = 5;

const char* const kScanName[4] = {"long scan", "long scan with total", "double scan", "double scan with total"};

// Every scan has its own range of elements, disjoint from all others: a task. Its prefix sums go
// to out_long or out_dbl at the same elements.
struct ScanData {
  hpar::View<long*> k;          // element values: positive integers
  hpar::View<double*> x;        // element values: multiples of 1/4, so every sum is exact
  hpar::View<long*> out_long;   // the prefix each element saw when final was true
  hpar::View<double*> out_dbl;
  hpar::View<int**> task;       // (task, start | length)
  hpar::View<long*> total_long;  // (task): the expected totals
  hpar::View<double*> total_dbl;
  hpar::View<int**> bad;        // (case, scan): participants handed a wrong total
  hpar::View<int*> runs;        // (case): participants that ran the scans
};

// Task numbers: team-level cases first, then the two ThreadVectorRange cases, then the rows.
HPAR_INLINE_FUNCTION int team_task(const int c, const int l, const int w, const int L) { return (c * L + l) * 4 + w; }
HPAR_INLINE_FUNCTION int lane_task(const int v, const int l, const int r, const int w, const int L, const int T) {
  return kCases * L * 4 + ((v * L + l) * T + r) * 4 + w;
}
HPAR_INLINE_FUNCTION int row_task(const int l, const int j, const int L, const int T) {
  return kCases * L * 4 + 2 * L * T * 4 + l * kRows + j;
}
// The (team, begin, end) forms of TeamThreadRange and TeamVectorRange run two of the four scans.
HPAR_INLINE_FUNCTION bool in_short_list(const int w) { return w == 0 || w == 3; }

// Scan w over `range` (element off + i for index i) of task id.
template <class Range>
HPAR_INLINE_FUNCTION void scan_one(const Range& range, const int off, const int w, const int id, const ScanData& d, const int c) {
  const hpar::View<long*> k = d.k;
  const hpar::View<double*> x = d.x;
  const hpar::View<long*> ol = d.out_long;
  const hpar::View<double*> od = d.out_dbl;
  if (w == 0) {
    hpar::parallel_scan(range, [&](const int i, long& update, const bool final) {
      if (final) ol(off + i) = update;
      update += k(off + i);
    });
  } else if (w == 1) {
    long total = -1;
    hpar::parallel_scan(range, [=](const int i, long& update, const bool final) {
      if (final) ol(off + i) = update;
      update += k(off + i);
    }, total);
    if (total != d.total_long(id)) hpar::atomic_add(&d.bad(c, 1), 1);
  } else if (w == 2) {
    hpar::parallel_scan(range, [=](const int i, double& update, const bool final) {
      if (final) od(off + i) = update;
      update += x(off + i);
    });
  } else {
    double total = -1.0;
    hpar::parallel_scan(range, [&](const int i, double& update, const bool final) {
      if (final) od(off + i) = update;
      update += x(off + i);
    }, total);
    if (total != d.total_dbl(id)) hpar::atomic_add(&d.bad(c, 3), 1);
  }
}

// The scans of case C for one participant (thread r of team l, on each of its lanes).
template <int C>
HPAR_INLINE_FUNCTION void scan_case(const member_type& team, const ScanData& d, const int L, const int T) {
  const int l = team.league_rank();
  const int r = team.team_rank();
  for (int w = 0; w < 4; ++w) {
    if constexpr (C == kThreadCount || C == kTeamVectorCount) {
      const int id = team_task(C, l, w, L);
      if constexpr (C == kThreadCount)
        scan_one(hpar::TeamThreadRange(team, d.task(id, 1)), d.task(id, 0), w, id, d, C);
      else
        scan_one(hpar::TeamVectorRange(team, d.task(id, 1)), d.task(id, 0), w, id, d, C);
    } else if constexpr (C == kThreadBeginEnd || C == kTeamVectorBeginEnd) {
      if (!in_short_list(w)) continue;
      const int id = team_task(C, l, w, L);
      const int s0 = d.task(id, 0);
      if constexpr (C == kThreadBeginEnd)
        scan_one(hpar::TeamThreadRange(team, s0, s0 + d.task(id, 1)), 0, w, id, d, C);
      else
        scan_one(hpar::TeamVectorRange(team, s0, s0 + d.task(id, 1)), 0, w, id, d, C);
    } else {
      const int id = lane_task(C - kVectorCount, l, r, w, L, T);
      const int s0 = d.task(id, 0);
      if constexpr (C == kVectorCount)
        scan_one(hpar::ThreadVectorRange(team, d.task(id, 1)), s0, w, id, d, C);
      else
        scan_one(hpar::ThreadVectorRange(team, s0, s0 + d.task(id, 1)), 0, w, id, d, C);
    }
  }
  hpar::atomic_add(&d.runs(C), 1);
}

void run(const int league, const int team_request, const int vector) {
  const int team = clamp_team(team_request, vector);
  const team_policy policy(league, team, vector);
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();

  // The tasks: disjoint element ranges, with a gap after each.
  const int ntasks = row_task(L, 0, L, T);
  std::vector<int> start(ntasks, 0), length(ntasks, 0);
  std::vector<char> is_long(ntasks, 1);
  int next = 0;
  auto place = [&](const int id, const int n, const bool long_values) {
    start[id] = next;
    length[id] = n;
    is_long[id] = long_values ? 1 : 0;
    next += n + 1;
  };
  for (int l = 0; l < L; ++l) {
    for (const int c : {kThreadCount, kThreadBeginEnd, kTeamVectorCount, kTeamVectorBeginEnd})
      for (int w = 0; w < 4; ++w)
        if (c == kThreadCount || c == kTeamVectorCount || in_short_list(w))
          place(team_task(c, l, w, L), length_of(l * 4 + w + 3 * c, T), w < 2);
    for (int v = 0; v < 2; ++v)
      for (int r = 0; r < T; ++r)
        for (int w = 0; w < 4; ++w) place(lane_task(v, l, r, w, L, T), length_of((l * T + r) * 4 + w + 5 * v, V), w < 2);
    for (int j = 0; j < kRows; ++j) place(row_task(l, j, L, T), length_of(l + j + 3, V), true);
  }
  const int N = next + 1;

  std::vector<long> hk(N);
  std::vector<double> hx(N);
  ScanData d{hpar::View<long*>("k", N), hpar::View<double*>("x", N), hpar::View<long*>("out_long", N), hpar::View<double*>("out_dbl", N),
             hpar::View<int**>("task", ntasks, 2), hpar::View<long*>("total_long", ntasks), hpar::View<double*>("total_dbl", ntasks),
             hpar::View<int**>("bad", kCases, 4), hpar::View<int*>("runs", kCases)};
  {
    auto mk = hpar::create_mirror_view(d.k);
    auto mx = hpar::create_mirror_view(d.x);
    uint64_t s = 99 + uint64_t(N);
    for (int g = 0; g < N; ++g) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      hk[g] = long((s >> 33) % 1000) + 1;
      hx[g] = double(int64_t((s >> 20) % 4001) - 2000) / 4.0;
      mk(g) = hk[g];
      mx(g) = hx[g];
    }
    hpar::deep_copy(d.k, mk);
    hpar::deep_copy(d.x, mx);
    auto mt = hpar::create_mirror_view(d.task);
    auto mtl = hpar::create_mirror_view(d.total_long);
    auto mtd = hpar::create_mirror_view(d.total_dbl);
    for (int id = 0; id < ntasks; ++id) {
      mt(id, 0) = start[id];
      mt(id, 1) = length[id];
      long tl = 0;
      double td = 0.0;
      for (int g = start[id]; g < start[id] + length[id]; ++g) {
        tl += hk[g];
        td += hx[g];
      }
      mtl(id) = tl;
      mtd(id) = td;
    }
    hpar::deep_copy(d.task, mt);
    hpar::deep_copy(d.total_long, mtl);
    hpar::deep_copy(d.total_dbl, mtd);
  }
  hpar::deep_copy(d.out_long, -7L);
  hpar::deep_copy(d.out_dbl, -7.0);

  hpar::parallel_for("nested_scan_levels", policy, HPAR_LAMBDA(const member_type& team) {
    scan_case<kThreadCount>(team, d, L, T);
    scan_case<kThreadBeginEnd>(team, d, L, T);
    scan_case<kVectorCount>(team, d, L, T);
    scan_case<kVectorBeginEnd>(team, d, L, T);
    scan_case<kTeamVectorCount>(team, d, L, T);
    scan_case<kTeamVectorBeginEnd>(team, d, L, T);
  });

  // ThreadVectorRange scans of rows inside a TeamThreadRange, and a TeamThreadRange scan of the
  // row sums (each a ThreadVectorRange reduction) giving each row's offset.
  hpar::View<long**> row_offset("row_offset", L, kRows);
  hpar::View<long*> rows_total("rows_total", L);
  hpar::View<int> nest_bad("nest_bad");
  const auto k = d.k;
  const auto ol = d.out_long;
  const auto task = d.task;
  const auto total_long = d.total_long;
  hpar::parallel_for("nested_scan_rows", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadRange(team, kRows), [&](const int j) {
      const int id = row_task(l, j, L, T);
      const int s0 = task(id, 0);
      const int m = task(id, 1);
      long total = -1;
      hpar::parallel_scan(hpar::ThreadVectorRange(team, s0, s0 + m), [&](const int i, long& update, const bool final) {
        if (final) ol(i) = update;
        update += k(i);
      }, total);
      if (total != total_long(id)) hpar::atomic_add(&nest_bad(), 1);
    });
    long all = -1;
    hpar::parallel_scan(hpar::TeamThreadRange(team, kRows), [&](const int j, long& update, const bool final) {
      const int id = row_task(l, j, L, T);
      const int s0 = task(id, 0);
      long row = 0;
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, task(id, 1)), [&](const int i, long& a) { a += k(s0 + i); }, row);
      if (final) row_offset(l, j) = update;
      update += row;
    }, all);
    if (team.team_rank() == 0) rows_total(l) = all;
    long expected_all = 0;
    for (int j = 0; j < kRows; ++j) expected_all += total_long(row_task(l, j, L, T));
    if (all != expected_all) hpar::atomic_add(&nest_bad(), 1);
  });

  auto hol = hpar::create_mirror_view_and_copy(hpar::HostSpace(), d.out_long);
  auto hod = hpar::create_mirror_view_and_copy(hpar::HostSpace(), d.out_dbl);
  auto hbad = hpar::create_mirror_view_and_copy(hpar::HostSpace(), d.bad);
  auto hruns = hpar::create_mirror_view_and_copy(hpar::HostSpace(), d.runs);
  auto hoff = hpar::create_mirror_view_and_copy(hpar::HostSpace(), row_offset);
  auto hall = hpar::create_mirror_view_and_copy(hpar::HostSpace(), rows_total);
  int hnest_bad = -1;
  hpar::deep_copy(hnest_bad, nest_bad);

  char where[240];
  // The prefix of every element of every task of case c, scan w.
  auto check_task = [&](ElementCheck& ec, const int id, const int w) {
    long pl = 0;
    double pd = 0.0;
    for (int g = start[id]; g < start[id] + length[id]; ++g) {
      if (w < 2) ec(id, g - start[id], double(hol(g)), double(pl));
      else ec(id, g - start[id], hod(g), pd);
      pl += hk[g];
      pd += hx[g];
    }
  };
  for (int c = 0; c < kNestRows; ++c)
    for (int w = 0; w < 4; ++w) {
      const bool team_level = !(c == kVectorCount || c == kVectorBeginEnd);
      if ((c == kThreadBeginEnd || c == kTeamVectorBeginEnd) && !in_short_list(w)) continue;
      std::snprintf(where, sizeof where, "%s, %s (league %d, team %d, vector %d): prefix of each element", kCaseName[c],
                    kScanName[w], L, T, V);
      ElementCheck ec(where);
      for (int l = 0; l < L; ++l) {
        if (team_level) check_task(ec, team_task(c, l, w, L), w);
        else
          for (int r = 0; r < T; ++r) check_task(ec, lane_task(c - kVectorCount, l, r, w, L, T), w);
      }
    }
  {
    std::snprintf(where, sizeof where, "%s (league %d, team %d, vector %d): prefix of each element", kCaseName[kNestRows], L, T, V);
    ElementCheck ec(where);
    for (int l = 0; l < L; ++l)
      for (int j = 0; j < kRows; ++j) check_task(ec, row_task(l, j, L, T), 0);
  }
  {
    // Elements outside every task (and the other type's array) were never written.
    std::vector<char> in_long(N, 0), in_dbl(N, 0);
    for (int id = 0; id < ntasks; ++id)
      for (int g = start[id]; g < start[id] + length[id]; ++g) (is_long[id] ? in_long : in_dbl)[g] = 1;
    std::snprintf(where, sizeof where, "(league %d, team %d, vector %d): elements outside the scanned ranges untouched", L, T, V);
    ElementCheck outside(where);
    for (int g = 0; g < N; ++g) {
      if (!in_long[g]) outside(0, g, double(hol(g)), -7.0);
      if (!in_dbl[g]) outside(1, g, hod(g), -7.0);
    }
  }
  for (int c = 0; c < kNestRows; ++c) {
    std::snprintf(where, sizeof where, "%s (league %d, team %d, vector %d)", kCaseName[c], L, T, V);
    check_eq((std::string(where) + ": participants that ran the scans").c_str(), hruns(c), (long long)L * T * V);
    check_eq((std::string(where) + ": long scan with total: participants handed a wrong total").c_str(), hbad(c, 1), 0);
    check_eq((std::string(where) + ": double scan with total: participants handed a wrong total").c_str(), hbad(c, 3), 0);
  }
  std::snprintf(where, sizeof where, "(league %d, team %d, vector %d)", L, T, V);
  check_eq((std::string("row scans and the scan of row sums: wrong totals seen ") + where).c_str(), hnest_bad, 0);
  ElementCheck eo(std::string("TeamThreadRange scan of ThreadVectorRange row sums: row offsets ") + where);
  for (int l = 0; l < L; ++l) {
    long p = 0;
    for (int j = 0; j < kRows; ++j) {
      const int id = row_task(l, j, L, T);
      eo(l, j, double(hoff(l, j)), double(p));
      for (int g = start[id]; g < start[id] + length[id]; ++g) p += hk[g];
    }
    eo(l, -1, double(hall(l)), double(p));
  }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  run(12, 1, 1);
  run(4, 7, 1);
  run(4, 7, 4);
  run(3, 7, 32);
  run(1, 33, 1);
  run(1, 33, 8);
  run(1, 127, 4);
  run(1, 127, 8);
  return report();
}
