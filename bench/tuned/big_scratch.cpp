// A team kernel that needs more than 48 KB of level-0 scratch: each team of 512 threads stages a
// row of 8192 doubles (64 KiB) in level-0 scratch and writes it back reversed and doubled,
// out(row, j) = 2 in(row, 8191 - j), over rows x 8192 doubles (default 16384 rows, 1 GiB each).
//
// The whole row is in scratch before any of it is written back (a barrier separates the two
// passes), so the team needs all 64 KiB at once; on CUDA that is dynamic shared memory above the
// 48 KB a block gets without opting in.
//
// Timed: one TeamPolicy parallel_for dispatch plus hpar::fence(), per repetition.
// Bytes per run: in read, out written (big_scratch_bytes). Check: every element of out, exactly.
// The tuned variant: its launch shape is picked by hand (bench/README.md, "Natural and tuned").
#define BENCH_TUNED 1
#include <hpar/hpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

bool run_big_scratch(const bench::Options& opt) {
  const int rows = int(opt.n);
  using Matrix = hpar::View<double**, hpar::LayoutRight>;
  Matrix in(hpar::view_alloc(hpar::WithoutInitializing, "in"), rows, big_scratch_cols);
  Matrix out(hpar::view_alloc(hpar::WithoutInitializing, "out"), rows, big_scratch_cols);
  hpar::parallel_for("big_scratch_init", int64_t(rows) * big_scratch_cols, HPAR_LAMBDA(const int64_t e) {
    const int64_t row = e / big_scratch_cols, col = e % big_scratch_cols;
    in(row, col) = big_scratch_input(row, col);
    out(row, col) = bench_unset;
  });
  hpar::fence();

  using Policy = hpar::TeamPolicy<>;
  using Member = Policy::member_type;
  using Row = hpar::View<double*, hpar::DefaultExecutionSpace::scratch_memory_space,
                         hpar::MemoryTraits<hpar::Unmanaged>>;
  const int team_size = bench::fitting_team_size<Policy>(big_scratch_team_size, 1, hpar::ParallelForTag());
  const Policy policy =
      Policy(rows, team_size).set_scratch_size(0, hpar::PerTeam(Row::shmem_size(big_scratch_cols)));
  const hpar::View<const double**, hpar::LayoutRight, hpar::MemoryTraits<hpar::RandomAccess>> in_ro = in;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    hpar::Timer timer;
    hpar::parallel_for("big_scratch", policy, HPAR_LAMBDA(const Member& team) {
      const int row = team.league_rank();
      const Row stage(team.team_scratch(0), big_scratch_cols);
      hpar::parallel_for(hpar::TeamThreadRange(team, big_scratch_cols),
                         [&](const int j) { stage(j) = in_ro(row, j); });
      team.team_barrier();
      hpar::parallel_for(hpar::TeamThreadRange(team, big_scratch_cols),
                         [&](const int j) { out(row, j) = 2.0 * stage(big_scratch_cols - 1 - j); });
    });
    hpar::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = hpar::create_mirror_view(out);
  hpar::deep_copy(h, out);
  const bool ok = check_big_scratch(h.data(), rows);
  bench::print_result("big_scratch", rows, big_scratch_bytes(rows), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 14, "rows");
  if (opt.n > (int64_t(1) << 20)) {
    std::fprintf(stderr, "big_scratch: --n must be at most 2^20\n");
    return 2;
  }
  const bool ok = run_big_scratch(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
