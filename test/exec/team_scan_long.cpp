// Checks nested parallel_scan over long ranges at the two team-wide levels: TeamThreadRange with one vector lane and TeamVectorRange, of long, int, double and float values (integer-valued, so every prefix is exact in every type), each with a total, over ranges of up to forty times eight times the participant count: empty and short ranges and lengths one below, at and one above 8 and 16 times the participants (the sizes of the CUDA backend's warp tiles, one step of them, and the step after); team sizes that are whole warps (32, 64, 256 threads; 16 x 4 and 64 x 4 lanes) and not (100 threads, 25 x 4 lanes), both range forms; every prefix and every participant's total checked.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <string>
#include <vector>

// Range lengths around multiples of the participant count p; one per team of a league.
constexpr int kTeams = 10;
int long_length(const int team, const int p) {
  switch (team) {
    case 0: return 0;
    case 1: return 3;
    case 2: return 8 * p - 1;
    case 3: return 8 * p;
    case 4: return 8 * p + 1;
    case 5: return 16 * p - 1;
    case 6: return 16 * p;
    case 7: return 16 * p + 1;
    case 8: return 24 * p - 5;
    default: return 40 * p + 13;
  }
}

HPAR_INLINE_FUNCTION long value_at(const int g) { return (g * 7 + 3) % 5; }

// Outputs of one type: the prefix each element saw when final was true.
struct Outputs {
  hpar::View<long*> out_long;
  hpar::View<int*> out_int;
  hpar::View<double*> out_dbl;
  hpar::View<float*> out_flt;
};

// Scans `range` (element off + i for index i) with values of type V into `out`; participants whose
// total differs from `expected` count themselves in bad(which).
template <class V, class Range>
HPAR_INLINE_FUNCTION void scan_into(const Range& range, const int off, const hpar::View<V*>& out, const long expected,
                                    const hpar::View<int*>& bad, const int which) {
  V total = V();
  hpar::parallel_scan(range, [&](const int i, V& update, const bool final) {
    if (final) out(off + i) = update;
    update += V(value_at(off + i));
  }, total);
  if ((long)total != expected) hpar::atomic_add(&bad(which), 1);
}

template <class Range>
HPAR_INLINE_FUNCTION void scan_all_types(const Range& range, const int off, const Outputs& o, const long expected,
                                         const hpar::View<int*>& bad) {
  scan_into(range, off, o.out_long, expected, bad, 0);
  scan_into(range, off, o.out_int, expected, bad, 1);
  scan_into(range, off, o.out_dbl, expected, bad, 2);
  scan_into(range, off, o.out_flt, expected, bad, 3);
}

void run(const char* what, const int requested_team, const int vector, const bool team_vector) {
  const int team = clamp_team(requested_team, vector);
  const team_policy policy(kTeams, team, vector);
  const int p = team_vector ? policy.team_size() * policy.vector_length() : policy.team_size();
  std::vector<int> start(kTeams), length(kTeams);
  int next = 0;
  for (int t = 0; t < kTeams; ++t) {
    start[t] = next;
    length[t] = long_length(t, p);
    next += length[t];
  }
  const int n = next + 1;
  hpar::View<int**> ranges("ranges", kTeams, 2);
  hpar::View<long*> expected("expected", kTeams);
  auto hr = hpar::create_mirror_view(ranges);
  auto he = hpar::create_mirror_view(expected);
  std::vector<long> prefix(n, 0);
  for (int t = 0; t < kTeams; ++t) {
    hr(t, 0) = start[t];
    hr(t, 1) = length[t];
    long sum = 0;
    for (int g = start[t]; g < start[t] + length[t]; ++g) {
      prefix[g] = sum;
      sum += value_at(g);
    }
    he(t) = sum;
  }
  hpar::deep_copy(ranges, hr);
  hpar::deep_copy(expected, he);
  const Outputs o{hpar::View<long*>("out_long", n), hpar::View<int*>("out_int", n), hpar::View<double*>("out_dbl", n),
                  hpar::View<float*>("out_flt", n)};
  hpar::View<int*> bad("bad", 4);

  hpar::parallel_for("team_scan_long", policy, HPAR_LAMBDA(const member_type& m) {
    const int t = m.league_rank();
    const int s = ranges(t, 0), len = ranges(t, 1);
    const long e = expected(t);
    if (team_vector) {
      if (t % 2 == 0)
        scan_all_types(hpar::TeamVectorRange(m, len), s, o, e, bad);
      else
        scan_all_types(hpar::TeamVectorRange(m, s, s + len), 0, o, e, bad);
    } else {
      if (t % 2 == 0)
        scan_all_types(hpar::TeamThreadRange(m, len), s, o, e, bad);
      else
        scan_all_types(hpar::TeamThreadRange(m, s, s + len), 0, o, e, bad);
    }
  });
  hpar::fence();

  auto hl = hpar::create_mirror_view(o.out_long);
  auto hi = hpar::create_mirror_view(o.out_int);
  auto hd = hpar::create_mirror_view(o.out_dbl);
  auto hf = hpar::create_mirror_view(o.out_flt);
  auto hb = hpar::create_mirror_view(bad);
  hpar::deep_copy(hl, o.out_long);
  hpar::deep_copy(hi, o.out_int);
  hpar::deep_copy(hd, o.out_dbl);
  hpar::deep_copy(hf, o.out_flt);
  hpar::deep_copy(hb, bad);
  const std::string where = describe(what, kTeams, policy.team_size(), policy.vector_length());
  {
    ElementCheck el(where + ": long prefixes"), ei(where + ": int prefixes"), ed(where + ": double prefixes"),
        ef(where + ": float prefixes");
    for (int t = 0; t < kTeams; ++t)
      for (int g = start[t]; g < start[t] + length[t]; ++g) {
        el(t, g - start[t], 0, hl(g), prefix[g]);
        ei(t, g - start[t], 1, hi(g), prefix[g]);
        ed(t, g - start[t], double(hd(g)), double(prefix[g]));
        ef(t, g - start[t], double(hf(g)), double(prefix[g]));
      }
  }
  const char* const types[4] = {"long", "int", "double", "float"};
  for (int w = 0; w < 4; ++w)
    check_eq((where + ": " + types[w] + " scans: participants handed a wrong total").c_str(), hb(w), 0);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  run("TeamThreadRange scans", 32, 1, false);
  run("TeamThreadRange scans", 64, 1, false);
  run("TeamThreadRange scans", 100, 1, false);
  run("TeamThreadRange scans", 256, 1, false);
  run("TeamVectorRange scans", 16, 4, true);
  run("TeamVectorRange scans", 64, 4, true);
  run("TeamVectorRange scans", 25, 4, true);
  return report();
}
