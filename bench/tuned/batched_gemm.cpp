// Batched small matrix products with hpar teams and level-0 scratch: C_e = A_e B_e for E
// independent 16 x 16 double matrices (default E = 65536), one team of 256 threads per matrix.
//
// Each team copies A_e and B_e into two 16 x 16 scratch Views (level 0: shared memory on CUDA),
// meets at a barrier, and each thread computes one element of C_e from scratch. A, B and C are
// View<double***, LayoutRight> (E x 16 x 16), so a matrix is contiguous and the copies coalesce.
//
// Timed: one TeamPolicy<LaunchBounds<256, 8>> parallel_for dispatch plus hpar::fence(), per
// repetition.
// Bytes per run: A and B read, C written (gemm_bytes); the GFLOP line counts 2 x 16^3 per matrix.
// Check: every element of C against a host product, exactly.
// The tuned variant: its launch shape is picked by hand (bench/README.md, "Natural and tuned").
#define BENCH_TUNED 1
#include <hpar/hpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

bool run_batched_gemm(const bench::Options& opt) {
  const int batch = int(opt.n);
  using Batch = hpar::View<double***, hpar::LayoutRight>;
  Batch A(hpar::view_alloc(hpar::WithoutInitializing, "A"), batch, gemm_dim, gemm_dim);
  Batch B(hpar::view_alloc(hpar::WithoutInitializing, "B"), batch, gemm_dim, gemm_dim);
  Batch C(hpar::view_alloc(hpar::WithoutInitializing, "C"), batch, gemm_dim, gemm_dim);
  hpar::parallel_for("gemm_init", int64_t(batch) * gemm_dim * gemm_dim, HPAR_LAMBDA(const int64_t t) {
    const int64_t e = t / (gemm_dim * gemm_dim), i = t / gemm_dim % gemm_dim, j = t % gemm_dim;
    A(e, i, j) = gemm_a(e, i, j);
    B(e, i, j) = gemm_b(e, i, j);
    C(e, i, j) = bench_unset;
  });
  hpar::fence();

  // At most 256 threads per team and 8 resident teams per multiprocessor: on CUDA the kernel is
  // compiled for that (32 registers per thread), as the baseline's __launch_bounds__(256) lets
  // nvcc compile it; without it the kernel takes 36 and only 6 teams fit.
  using Policy = hpar::TeamPolicy<hpar::LaunchBounds<gemm_team_size, 8>>;
  using Member = Policy::member_type;
  using Tile = hpar::View<double**, hpar::LayoutRight, hpar::DefaultExecutionSpace::scratch_memory_space,
                          hpar::MemoryTraits<hpar::Unmanaged>>;
  const size_t tile_bytes = Tile::shmem_size(gemm_dim, gemm_dim);
  const int team_size = bench::fitting_team_size<Policy>(gemm_team_size, 1, hpar::ParallelForTag());
  const Policy policy = Policy(batch, team_size).set_scratch_size(0, hpar::PerTeam(2 * tile_bytes));
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    hpar::Timer timer;
    hpar::parallel_for("batched_gemm", policy, HPAR_LAMBDA(const Member& team) {
      const int e = team.league_rank();
      const Tile a(team.team_scratch(0), gemm_dim, gemm_dim);
      const Tile b(team.team_scratch(0), gemm_dim, gemm_dim);
      hpar::parallel_for(hpar::TeamThreadRange(team, gemm_dim * gemm_dim), [&](const int t) {
        a(t / gemm_dim, t % gemm_dim) = A(e, t / gemm_dim, t % gemm_dim);
        b(t / gemm_dim, t % gemm_dim) = B(e, t / gemm_dim, t % gemm_dim);
      });
      team.team_barrier();
      hpar::parallel_for(hpar::TeamThreadRange(team, gemm_dim * gemm_dim), [&](const int t) {
        const int i = t / gemm_dim, j = t % gemm_dim;
        double sum = 0.0;
        for (int k = 0; k < gemm_dim; ++k) sum += a(i, k) * b(k, j);
        C(e, i, j) = sum;
      });
    });
    hpar::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = hpar::create_mirror_view(C);
  hpar::deep_copy(h, C);
  const bool ok = check_gemm(h.data(), batch);
  bench::print_result("batched_gemm", batch, gemm_bytes(batch), seconds, ok);
  bench::print_gflops("batched_gemm", gemm_flops(batch), seconds);
  return ok;
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "matrices");
  if (opt.n > (int64_t(1) << 24)) {
    std::fprintf(stderr, "batched_gemm: --n must be at most 2^24\n");
    return 2;
  }
  const bool ok = run_batched_gemm(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
