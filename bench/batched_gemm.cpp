// Batched small matrix products with Kokkos teams and level-0 scratch, written as the Kokkos
// hierarchical-parallelism tutorial writes a team kernel (the natural variant; the hand-shaped
// one is bench/tuned/batched_gemm.cpp): C_e = A_e B_e for E independent 16 x 16 double matrices
// (default E = 65536; A, B, C E x 16 x 16, LayoutRight).
//
// TeamPolicy(E, 16, 16): one team of 16 threads with 16 vector lanes per matrix (TeamPolicy(E, 1,
// 16) in the serial build, whose teams are one thread: gemm_threads). The team stages
// A_e and B_e in two 16 x 16 scratch Views (set_scratch_size(0, PerTeam(...))) with
// TeamThreadRange(team, 16) over rows and ThreadVectorRange(team, 16) over columns, meets at a
// team_barrier(), and computes C_e through the same nest, a 16-term dot product per element.
//
// Timed: one TeamPolicy parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: A and B read, C written (gemm_bytes); the GFLOP line counts 2 x 16^3 per matrix.
// Check: every element of C against a host product, exactly.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// The threads of a team: gemm_dim on the GPU and OpenMP builds, a constant, so that the kernel is
/// compiled for its 16 x 16 block. The serial build runs a team as one thread and stops on a
/// larger team, as Kokkos' Serial does, so it asks for 1.
#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_OPENMPTARGET)
constexpr int gemm_threads = gemm_dim;
#else
constexpr int gemm_threads = 1;
#endif

/// Runs the batched_gemm benchmark and prints its RESULT lines; returns whether the check passed.
bool run_batched_gemm(const bench::Options& opt) {
  const int batch = int(opt.n);
  constexpr int N = gemm_dim;
  using Batch = Kokkos::View<double***, Kokkos::LayoutRight>;
  Batch A("A", batch, N, N), B("B", batch, N, N), C("C", batch, N, N);
  Kokkos::parallel_for("gemm_init",
                       Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {batch, N, N}),
                       KOKKOS_LAMBDA(const int e, const int i, const int j) {
    A(e, i, j) = gemm_a(e, i, j);
    B(e, i, j) = gemm_b(e, i, j);
    C(e, i, j) = bench_unset;
  });
  Kokkos::fence();

  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  using ScratchMatrix = Kokkos::View<double[N][N], Kokkos::LayoutRight,
                                     Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                     Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const team_policy policy =
      team_policy(batch, gemm_threads, N)
          .set_scratch_size(0, Kokkos::PerTeam(2 * ScratchMatrix::shmem_size()));
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("batched_gemm", policy, KOKKOS_LAMBDA(const member_type& team) {
      const int e = team.league_rank();
      ScratchMatrix a(team.team_scratch(0));
      ScratchMatrix b(team.team_scratch(0));
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, N), [&](const int i) {
        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](const int j) {
          a(i, j) = A(e, i, j);
          b(i, j) = B(e, i, j);
        });
      });
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, N), [&](const int i) {
        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](const int j) {
          double sum = 0.0;
          for (int k = 0; k < N; ++k) sum += a(i, k) * b(k, j);
          C(e, i, j) = sum;
        });
      });
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(C);
  Kokkos::deep_copy(h, C);
  const bool ok = check_gemm(h.data(), batch);
  bench::print_result("batched_gemm", batch, gemm_bytes(batch), seconds, ok);
  bench::print_gflops("batched_gemm", gemm_flops(batch), seconds);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "matrices");
  if (opt.n > (int64_t(1) << 24)) {
    std::fprintf(stderr, "batched_gemm: --n must be at most 2^24\n");
    return 2;
  }
  const bool ok = run_batched_gemm(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
