// bench/batched_gemm.cpp with its team body a functor class (MultiplyMatrix) holding the Views,
// the dimension a static constexpr member (issue 47); the rest of the program is
// bench/spelled/batched_gemm_run.hpp.
#include <Kokkos_Core.hpp>

#include "batched_gemm_run.hpp"

/// C_e = A_e B_e for the team's matrix e, staged in two scratch matrices.
struct MultiplyMatrix {
  using member_type = Kokkos::TeamPolicy<>::member_type;
  static constexpr int N = gemm_dim;
  using ScratchMatrix = Kokkos::View<double[N][N], Kokkos::LayoutRight,
                                     Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                     Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  Kokkos::View<double***, Kokkos::LayoutRight> A;
  Kokkos::View<double***, Kokkos::LayoutRight> B;
  Kokkos::View<double***, Kokkos::LayoutRight> C;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
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
  }
};

/// C_e = A_e B_e for the batch of matrices, one team per matrix.
void batched_gemm(const GemmViews& v, const int batch) {
  const auto A = v.A;
  const auto B = v.B;
  const auto C = v.C;
  using team_policy = Kokkos::TeamPolicy<>;
  constexpr int N = MultiplyMatrix::N;
  const team_policy policy =
      team_policy(batch, gemm_threads, N)
          .set_scratch_size(0, Kokkos::PerTeam(2 * MultiplyMatrix::ScratchMatrix::shmem_size()));
  Kokkos::parallel_for("batched_gemm", policy, MultiplyMatrix{A, B, C});
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = batched_gemm_options(argc, argv);
  const bool ok = batched_gemm_run(opt, "batched_gemm_functor", batched_gemm);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
