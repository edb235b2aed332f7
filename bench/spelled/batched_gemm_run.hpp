// Everything of bench/batched_gemm.cpp but its timed dispatch, for the spellings of that dispatch
// in bench/spelled/batched_gemm_*.cpp (issue 47): the Views and their initialisation, the timing
// loop, the check and the RESULT and FLOPS lines, as bench/batched_gemm.cpp writes them.
//
// C_e = A_e B_e for E independent 16 x 16 double matrices (default E = 65536; A, B, C
// E x 16 x 16, LayoutRight), one team per matrix.
// Timed: the spelling's dispatch plus Kokkos::fence(), per repetition. The spellings make their
// TeamPolicy (with its scratch size) in the dispatch, so inside the timed region, where
// bench/batched_gemm.cpp makes it once before the loop: a few host operations per repetition.
// Bytes per run: A and B read, C written (gemm_bytes); the GFLOP line counts 2 x 16^3 per matrix.
// Check: every element of C against a host product, exactly.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "problems.hpp"

/// The threads of a team, as bench/batched_gemm.cpp has them: gemm_dim on the GPU and OpenMP
/// builds, 1 in the serial build (whose teams are one thread).
#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_OPENMPTARGET)
constexpr int gemm_threads = gemm_dim;
#else
constexpr int gemm_threads = 1;
#endif

/// The Views of batched_gemm.
struct GemmViews {
  Kokkos::View<double***, Kokkos::LayoutRight> A;
  Kokkos::View<double***, Kokkos::LayoutRight> B;
  Kokkos::View<double***, Kokkos::LayoutRight> C;  // written
};

/// A spelling's timed dispatch over the batch of matrices (the caller fences).
using GemmDispatch = void (*)(const GemmViews& v, int batch);
/// The same for a spelling that takes the matrices' dimension as a run-time argument (--m, which
/// must be gemm_dim).
using GemmDimDispatch = void (*)(const GemmViews& v, int batch, int dim);

/// The options of batched_gemm (--n matrices, default 2^16, at most 2^24), and --m when
/// `m_meaning` is given (default gemm_dim); exits with status 2 on a bad one.
inline bench::Options batched_gemm_options(int argc, char* argv[],
                                           const char* m_meaning = nullptr) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 16, "matrices", gemm_dim, m_meaning);
  if (opt.n > (int64_t(1) << 24)) {
    std::fprintf(stderr, "batched_gemm: --n must be at most 2^24\n");
    std::exit(2);
  }
  if (m_meaning && opt.m != gemm_dim) {
    std::fprintf(stderr, "batched_gemm: the check needs --m %d\n", gemm_dim);
    std::exit(2);
  }
  return opt;
}

/// Runs the benchmark with `dispatch` (or `dim_dispatch`, given --m) as its timed dispatch and
/// prints its RESULT and FLOPS lines under `result_name`; returns whether the check passed.
inline bool batched_gemm_run_either(const bench::Options& opt, const char* result_name,
                                    GemmDispatch dispatch, GemmDimDispatch dim_dispatch) {
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

  const GemmViews views{A, B, C};
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    if (dispatch)
      dispatch(views, batch);
    else
      dim_dispatch(views, batch, int(opt.m));
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(C);
  Kokkos::deep_copy(h, C);
  const bool ok = check_gemm(h.data(), batch);
  bench::print_result(result_name, batch, gemm_bytes(batch), seconds, ok);
  bench::print_gflops(result_name, gemm_flops(batch), seconds);
  return ok;
}

/// Runs the benchmark with a spelling's dispatch (batched_gemm_run_either).
inline bool batched_gemm_run(const bench::Options& opt, const char* result_name,
                             GemmDispatch dispatch) {
  return batched_gemm_run_either(opt, result_name, dispatch, nullptr);
}
inline bool batched_gemm_run(const bench::Options& opt, const char* result_name,
                             GemmDimDispatch dispatch) {
  return batched_gemm_run_either(opt, result_name, nullptr, dispatch);
}
