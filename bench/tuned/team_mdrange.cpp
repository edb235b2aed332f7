// A team-level MDRange with hpar teams, the documented Kokkos example shape:
// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3) over a league of L teams (default L = 64), each
// team filling its 32 x 32 x 32 x 32 block of A (256 KiB per team; 512 MiB at L = 64).
//
// TeamPolicy(L, 32, 32): team l walks the box (32, 32, 32, 32) with a
// TeamVectorMDRange<Rank<4, Iterate::Right, Iterate::Right>>, its 32 threads on the slowest index
// i0 and their 32 vector lanes on the fastest, i3 (i1 and i2 serial). A is
// View<double*****, LayoutRight> (L x 32^4), B View<double**, LayoutRight> (L x 32) and C
// View<double***, LayoutRight> (32^3), so the 32 lanes of a thread write 32 consecutive doubles.
// (The shape is team_mdrange_extent / team_mdrange_team_size / team_mdrange_vector_length in
// problems.hpp, shared with the baseline.)
//
// Timed: one TeamPolicy parallel_for dispatch plus hpar::fence(), per repetition.
// Bytes per run: A written, B and C read once (team_mdrange_bytes in problems.hpp).
// Check: every element of A, on a host mirror, against B + C on the host, exactly.
// The tuned variant: its launch shape is picked by hand (bench/README.md, "Natural and tuned").
#define BENCH_TUNED 1
#include <hpar/hpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the team_mdrange benchmark and prints its RESULT line; returns whether the check passed.
bool run_team_mdrange(const bench::Options& opt) {
  const int league = int(opt.n);
  constexpr int n = team_mdrange_extent;
  hpar::View<double*****, hpar::LayoutRight> A(hpar::view_alloc(hpar::WithoutInitializing, "A"),
                                               league, n, n, n, n);
  hpar::View<double**, hpar::LayoutRight> B(hpar::view_alloc(hpar::WithoutInitializing, "B"),
                                            league, n);
  hpar::View<double***, hpar::LayoutRight> C(hpar::view_alloc(hpar::WithoutInitializing, "C"), n,
                                             n, n);

  // One index per element of A in memory order; the elements of A that stand for B(l, i1) (i0 =
  // i2 = i3 = 0) and C(i1, i2, i3) (l = i0 = 0) also write those, each exactly once.
  hpar::parallel_for("team_mdrange_init", int64_t(league) * team_mdrange_block,
                     HPAR_LAMBDA(const int64_t e) {
    const int64_t l = e / team_mdrange_block;
    const int i0 = int(e / (n * n * n) % n), i1 = int(e / (n * n) % n), i2 = int(e / n % n),
              i3 = int(e % n);
    A(l, i0, i1, i2, i3) = team_mdrange_a_unset;
    if (i0 == 0 && i2 == 0 && i3 == 0) B(l, i1) = team_mdrange_b(l, i1);
    if (l == 0 && i0 == 0) C(i1, i2, i3) = team_mdrange_c(i1, i2, i3);
  });
  hpar::fence();

  using Policy = hpar::TeamPolicy<>;
  using Member = Policy::member_type;
  using Box = hpar::Rank<4, hpar::Iterate::Right, hpar::Iterate::Right>;
  const int team_size = bench::fitting_team_size<Policy>(
      team_mdrange_team_size, team_mdrange_vector_length, hpar::ParallelForTag());
  const Policy policy(league, team_size, team_mdrange_vector_length);
  // B and C are only read by the timed kernel: read-only views let the compiler keep them apart
  // from the stores to A (as __restrict__ does for the baseline) and read them through the
  // read-only cache.
  using ReadOnly2 = hpar::View<const double**, hpar::LayoutRight, hpar::MemoryTraits<hpar::RandomAccess>>;
  using ReadOnly3 = hpar::View<const double***, hpar::LayoutRight, hpar::MemoryTraits<hpar::RandomAccess>>;
  const ReadOnly2 B_ro = B;
  const ReadOnly3 C_ro = C;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    hpar::Timer timer;
    hpar::parallel_for("team_mdrange", policy, HPAR_LAMBDA(const Member& team) {
      const int l = team.league_rank();
      hpar::parallel_for(hpar::TeamVectorMDRange<Box, Member>(team, n, n, n, n),
                         [&](const int i0, const int i1, const int i2, const int i3) {
        A(l, i0, i1, i2, i3) = B_ro(l, i1) + C_ro(i1, i2, i3);
      });
    });
    hpar::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = hpar::create_mirror_view(A);
  hpar::deep_copy(h, A);
  const bool ok = check_team_mdrange(h.data(), league);
  bench::print_result("team_mdrange", league, team_mdrange_bytes(league), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, 64, "teams");
  if (opt.n > team_mdrange_max_league) {
    std::fprintf(stderr, "team_mdrange: --n must be at most %d\n", team_mdrange_max_league);
    return 2;
  }
  const bool ok = run_team_mdrange(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
