// bench/batched_gemm.cpp with the matrices' dimension a run-time argument of the dispatching
// function (--m, default 16; the check needs 16), which the team lambda captures; the scratch
// matrices then have run-time extents (issue 47). The rest of the program is
// bench/spelled/batched_gemm_run.hpp.
#include <Kokkos_Core.hpp>

#include "batched_gemm_run.hpp"

/// C_e = A_e B_e for the batch of dim x dim matrices, one team per matrix.
void batched_gemm(const GemmViews& v, const int batch, const int dim) {
  const auto A = v.A;
  const auto B = v.B;
  const auto C = v.C;
  const int threads = gemm_threads == 1 ? 1 : dim;  // a thread per row; 1 in the serial build
  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  using ScratchMatrix = Kokkos::View<double**, Kokkos::LayoutRight,
                                     Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                     Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const team_policy policy =
      team_policy(batch, threads, dim)
          .set_scratch_size(0, Kokkos::PerTeam(2 * ScratchMatrix::shmem_size(dim, dim)));
  Kokkos::parallel_for("batched_gemm", policy, KOKKOS_LAMBDA(const member_type& team) {
    const int e = team.league_rank();
    ScratchMatrix a(team.team_scratch(0), dim, dim);
    ScratchMatrix b(team.team_scratch(0), dim, dim);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, dim), [&](const int i) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, dim), [&](const int j) {
        a(i, j) = A(e, i, j);
        b(i, j) = B(e, i, j);
      });
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, dim), [&](const int i) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, dim), [&](const int j) {
        double sum = 0.0;
        for (int k = 0; k < dim; ++k) sum += a(i, k) * b(k, j);
        C(e, i, j) = sum;
      });
    });
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = batched_gemm_options(argc, argv, "matrix dimension (16)");
  const bool ok = batched_gemm_run(opt, "batched_gemm_runtime", batched_gemm);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
