// bench/batched_gemm.cpp with the matrices' dimension a local `const int` (16) instead of a
// constexpr (issue 47); the rest of the program is bench/spelled/batched_gemm_run.hpp.
#include <Kokkos_Core.hpp>

#include "batched_gemm_run.hpp"

/// C_e = A_e B_e for the batch of 16 x 16 matrices, one team per matrix.
void batched_gemm(const GemmViews& v, const int batch) {
  const auto A = v.A;
  const auto B = v.B;
  const auto C = v.C;
  const int N = 16;
  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  using ScratchMatrix = Kokkos::View<double[N][N], Kokkos::LayoutRight,
                                     Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                     Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const team_policy policy =
      team_policy(batch, gemm_threads, N)
          .set_scratch_size(0, Kokkos::PerTeam(2 * ScratchMatrix::shmem_size()));
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
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = batched_gemm_options(argc, argv);
  const bool ok = batched_gemm_run(opt, "batched_gemm_local_const", batched_gemm);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
