// A team kernel that stages a whole row in level-0 scratch (the natural variant; the hand-shaped
// one is bench/tuned/big_scratch.cpp): out(row, j) = 2 * in(row, 8191 - j) over rows of 8192
// doubles (default 2^14 rows, LayoutRight, 1 GiB per matrix). TeamPolicy(rows, AUTO) with
// set_scratch_size(0, PerTeam(64 KiB)), one team per row: a TeamThreadRange parallel_for copies
// the row into a scratch View, team_barrier(), a second one writes it back reversed and doubled.
// 64 KiB is more than the 48 KB a CUDA block gets without opting in.
//
// Timed: one TeamPolicy parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: in read, out written (big_scratch_bytes). Check: every element of out, exactly.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the big_scratch benchmark and prints its RESULT line; returns whether the check passed.
bool run_big_scratch(const bench::Options& opt) {
  const int rows = int(opt.n);
  constexpr int cols = big_scratch_cols;
  using Matrix = Kokkos::View<double**, Kokkos::LayoutRight>;
  Matrix in("in", rows, cols), out("out", rows, cols);
  Kokkos::parallel_for("big_scratch_init",
                       Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {rows, cols}),
                       KOKKOS_LAMBDA(const int row, const int col) {
    in(row, col) = big_scratch_input(row, col);
    out(row, col) = bench_unset;
  });
  Kokkos::fence();

  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  using ScratchRow = Kokkos::View<double*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                  Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const team_policy policy =
      team_policy(rows, Kokkos::AUTO)
          .set_scratch_size(0, Kokkos::PerTeam(ScratchRow::shmem_size(cols)));
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("big_scratch", policy, KOKKOS_LAMBDA(const member_type& team) {
      const int row = team.league_rank();
      ScratchRow stage(team.team_scratch(0), cols);
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cols),
                           [&](const int j) { stage(j) = in(row, j); });
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cols),
                           [&](const int j) { out(row, j) = 2.0 * stage(cols - 1 - j); });
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  const bool ok = check_big_scratch(h.data(), rows);
  bench::print_result("big_scratch", rows, big_scratch_bytes(rows), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 14, "rows");
  if (opt.n > (int64_t(1) << 20)) {
    std::fprintf(stderr, "big_scratch: --n must be at most 2^20\n");
    return 2;
  }
  const bool ok = run_big_scratch(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
