// Checks nested parallel_for over TeamThreadMDRange, ThreadVectorMDRange and TeamVectorMDRange at ranks 2, 3, 5 and 8 with Iterate::Left, Right and Default (Default following the build's default layout), and the deduction guides at ranks 2 and 8: every index of the box is run by the right participants the right number of times (TeamThreadMDRange: only by thread slowest % team_size, once per lane; ThreadVectorMDRange: once by every thread; TeamVectorMDRange: once, by the thread whose participant, numbering lanes first, the fastest and slowest index select), each participant meets its indices in the walking order of the direction (except in device code for an NVIDIA GPU, CUDA or clang's OpenMP, where a participant takes eight indices of the second-fastest dimension per pass of the fastest), and in the vector forms a participant only meets one residue of the fastest index modulo the vector length; boxes with extents above and below the team size and vector length, extents of 1, and an empty box; team sizes 1, 7, 13 and 32 (clamped to team_size_max), vector lengths 1, 4, 8 and 32.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"
#include "team_mdrange_common.hpp"

#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>

// Whether a direction walks with index 0 fastest: Default follows the default layout of the
// build's execution space, as for MDRangePolicy.
bool walks_left(const hpar::Iterate dir) {
  if (dir == hpar::Iterate::Default)
    return std::is_same<hpar::DefaultExecutionSpace::array_layout, hpar::LayoutLeft>::value;
  return dir == hpar::Iterate::Left;
}

const char* dir_name(const hpar::Iterate dir) {
  return dir == hpar::Iterate::Left ? "Left" : dir == hpar::Iterate::Right ? "Right" : "Default";
}

template <Kind K, int R, hpar::Iterate Dir>
void run(const int league, const int team_request, const int vector, const Box<R> box) {
  const team_policy policy(league, clamp_team(team_request, vector), vector);
  const int L = policy.league_size();
  const int T = policy.team_size();
  const int V = policy.vector_length();
  long volume = 1;
  for (int d = 0; d < R; ++d) volume *= box.n[d];
  const bool left = walks_left(Dir);
  hpar::View<int***> counts("counts", L, T, volume);  // calls per (team, thread, row-major index)
  hpar::View<int*> bad("bad", 2);                    // participants: out of order, lane residues
  // What each participant (thread, lane) saw of its own walk: the last order index, the first
  // residue of the fastest index modulo V, in order so far, one residue so far. It lives in a
  // View slot of its own, which the host reads after the kernel (a variable of the team body
  // would be each participant's own copy, gone when the kernel ends).
  hpar::View<long****> walk("walk", L, T, V, 4);
  hpar::parallel_for("mdrange_for", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const int r = team.team_rank();
    const int lane = team.impl_rank(hpar::impl::VectorLevel());
    walk(l, r, lane, 0) = -1;
    walk(l, r, lane, 1) = -1;
    walk(l, r, lane, 2) = 1;
    walk(l, r, lane, 3) = 1;
    const auto range = md_range<K, hpar::Rank<R, Dir>>(team, box.n, std::make_index_sequence<R>());
    hpar::parallel_for(range, [&](const auto... i) {
      const int idx[R] = {int(i)...};
      hpar::atomic_add(&counts(l, r, row_major(box, idx)), 1);
      const long order = left ? col_major(box, idx) : row_major(box, idx);
      if (order <= walk(l, r, lane, 0)) walk(l, r, lane, 2) = 0;
      walk(l, r, lane, 0) = order;
      const int c = idx[left ? 0 : R - 1] % V;
      if (walk(l, r, lane, 1) < 0) walk(l, r, lane, 1) = c;
      if (c != walk(l, r, lane, 1)) walk(l, r, lane, 3) = 0;
    });
    bool ordered = walk(l, r, lane, 2) != 0;
    const bool one_residue = walk(l, r, lane, 3) != 0;
    // A parallel_for promises no order; the builds for the host walk each participant's indices
    // in the direction's order, which this checks. Device code for an NVIDIA GPU (the CUDA
    // output, and the OpenMP output built by clang) takes md_for_jam (8) indices of the
    // second-fastest dimension per pass of the fastest (nested_mdrange.hpp), and the counts
    // above are what it is held to.
    if (hpar::impl::md_for_jam > 1) ordered = true;
    if (!ordered) hpar::atomic_add(&bad(0), 1);
    if (!one_residue && K != kTeamThread) hpar::atomic_add(&bad(1), 1);
  });
  auto hc = hpar::create_mirror_view_and_copy(hpar::HostSpace(), counts);
  auto hb = hpar::create_mirror_view_and_copy(hpar::HostSpace(), bad);
  char what[200];
  std::snprintf(what, sizeof what, "%s<Rank<%d, %s>>", kKindName[K], R, dir_name(Dir));
  ElementCheck calls(describe((std::string(what) + ": calls per index and thread").c_str(), L, T, V));
  for (int l = 0; l < L; ++l)
    for (long lin = 0; lin < volume; ++lin) {
      int idx[R];
      long rest = lin;
      for (int d = R - 1; d >= 0; --d) {
        idx[d] = int(rest % box.n[d]);
        rest /= box.n[d];
      }
      const int slowest = idx[left ? R - 1 : 0], fastest = idx[left ? 0 : R - 1];
      const int owner = slowest % T;  // TeamThreadMDRange: the thread of the slowest index
      // TeamVectorMDRange: the participants p = thread * V + lane, the first w = min(T V, n)
      // of them on the fastest index (extent n), their groups on the slowest (md_share).
      const int all = T * V, n = box.n[left ? 0 : R - 1];
      const int w = all < n ? all : n, groups = all / w;
      const int team_vector_owner = ((slowest % groups) * w + fastest % w) / V;
      for (int r = 0; r < T; ++r) {
        const int expected = K == kTeamThread ? (r == owner ? V : 0)
                             : K == kThreadVector ? 1
                                                  : (r == team_vector_owner ? 1 : 0);
        calls(l, r, lin, hc(l, r, lin), expected);
      }
    }
  check_eq(describe((std::string(what) + ": participants that met indices out of walking order").c_str(), L, T, V).c_str(),
           hb(0), 0);
  check_eq(describe((std::string(what) + ": participants that met two residues of the fastest index").c_str(), L, T, V).c_str(),
           hb(1), 0);
}

template <Kind K, hpar::Iterate Dir>
void run_ranks(const int league, const int team, const int vector) {
  run<K, 2, Dir>(league, team, vector, Box<2>{{17, 11}});
  run<K, 3, Dir>(league, team, vector, Box<3>{{9, 3, 10}});
  run<K, 5, Dir>(league, team, vector, Box<5>{{15, 2, 1, 3, 9}});
  // Second-fastest extents of 19, 9 and 10: CUDA's eight-index passes and their remainders.
  run<K, 3, Dir>(league, team, vector, Box<3>{{4, 19, 5}});
  run<K, 5, Dir>(league, team, vector, Box<5>{{3, 9, 1, 10, 5}});
  run<K, 8, Dir>(league, team, vector, Box<8>{{9, 2, 1, 2, 1, 3, 2, 11}});
}

template <Kind K>
void run_all(const int league, const int team, const int vector) {
  run_ranks<K, hpar::Iterate::Left>(league, team, vector);
  run_ranks<K, hpar::Iterate::Right>(league, team, vector);
  run_ranks<K, hpar::Iterate::Default>(league, team, vector);
  run<K, 3, hpar::Iterate::Right>(league, team, vector, Box<3>{{5, 0, 4}});  // empty
}

// The deduction guides: TeamThreadMDRange(team, 4, 5) is rank 2 and eight extents are rank 8;
// TeamThreadMDRange runs every index once per lane, TeamVectorMDRange once per team and
// ThreadVectorMDRange once per thread.
void run_deduced(const int league, const int team_request, const int vector) {
  const team_policy policy(league, clamp_team(team_request, vector), vector);
  const int L = policy.league_size();
  const int V = policy.vector_length();
  hpar::View<long**> sums("sums", L, 3);
  hpar::parallel_for("mdrange_deduced", policy, HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    const auto r2 = hpar::TeamThreadMDRange(team, 4, 5);
    static_assert(std::is_same<std::remove_const_t<decltype(r2)>, hpar::TeamThreadMDRange<hpar::Rank<2>, member_type>>::value,
                  "two extents deduce Rank<2>");
    const auto r8 = hpar::TeamVectorMDRange(team, 4, 5, 6, 2, 3, 4, 5, 6);
    static_assert(std::is_same<std::remove_const_t<decltype(r8)>, hpar::TeamVectorMDRange<hpar::Rank<8>, member_type>>::value,
                  "eight extents deduce Rank<8>");
    hpar::parallel_for(r2, [&](const int i, const int j) { hpar::atomic_add(&sums(l, 0), long(10 * i + j)); });
    hpar::parallel_for(r8, [&](int a, int b, int c, int d, int e, int f, int g, int h) {
      hpar::atomic_add(&sums(l, 1), long(a + b + c + d + e + f + g + h));
    });
    hpar::parallel_for(hpar::ThreadVectorMDRange(team, 3, 7), [&](const int i, const int j) { hpar::atomic_add(&sums(l, 2), long(i * j)); });
  });
  auto h = hpar::create_mirror_view_and_copy(hpar::HostSpace(), sums);
  long e2 = 0, e8 = 0, e3 = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j) e2 += 10 * i + j;
  const int n8[8] = {4, 5, 6, 2, 3, 4, 5, 6};
  long volume8 = 1;
  for (int d = 0; d < 8; ++d) volume8 *= n8[d];
  for (int d = 0; d < 8; ++d) e8 += volume8 / n8[d] * (long(n8[d]) * (n8[d] - 1) / 2);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 7; ++j) e3 += i * j;
  ElementCheck c(describe("deduced ranks: sums of the indices", L, policy.team_size(), V));
  for (int l = 0; l < L; ++l) {
    c("TeamThreadMDRange(team, 4, 5)", l, 0, h(l, 0), e2 * V);
    c("TeamVectorMDRange(team, eight extents)", l, 1, h(l, 1), e8);
    c("ThreadVectorMDRange(team, 3, 7), on every thread", l, 2, h(l, 2), e3 * policy.team_size());
  }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  const int configs[][3] = {{3, 1, 1}, {3, 7, 4}, {2, 13, 8}, {1, 32, 32}};  // league, team, vector
  for (const auto& c : configs) {
    run_all<kTeamThread>(c[0], c[1], c[2]);
    run_all<kThreadVector>(c[0], c[1], c[2]);
    run_all<kTeamVector>(c[0], c[1], c[2]);
    run_deduced(c[0], c[1], c[2]);
  }
  return report();
}
