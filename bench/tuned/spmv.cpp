// Sparse matrix-vector product with hpar teams, y = A x, A the CSR matrix of the 7-point Laplacian
// on an n^3 grid (default n = 256: 2^24 rows, 117,047,296 nonzeros; Dirichlet boundary, so a
// boundary row has only its existing neighbours; see problems.hpp).
//
// TeamPolicy(ceil(rows / 64), 32, 8): each team takes 64 consecutive rows, distributed over its
// 32 threads with TeamThreadRange; the 8 vector lanes of a thread share a row's nonzeros with a
// ThreadVectorRange parallel_reduce, and single(PerThread) writes y(row) once. (The shape is
// spmv_rows_per_team / spmv_team_size / spmv_vector_length in problems.hpp, shared with the
// baseline.) The matrix is built on the device: every row computes its offset in closed form
// (spmv_row_begin) and writes its own entries.
//
// Timed: one TeamPolicy parallel_for dispatch plus hpar::fence(), per repetition.
// Bytes per run: values, column indices, row offsets, x, y (spmv_bytes in problems.hpp).
// Check: every element of y, on a host mirror, against the stencil applied on the host, exactly
// (integer values).
// The tuned variant: its launch shape is picked by hand (bench/README.md, "Natural and tuned").
#define BENCH_TUNED 1
#include <hpar/hpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the spmv benchmark and prints its RESULT line; returns whether the check passed.
bool run_spmv(const bench::Options& opt) {
  const int64_t n = opt.n;
  const int rows = int(spmv_rows(n));
  const int64_t nnz = spmv_nnz(n);
  hpar::View<int*> row_begin(hpar::view_alloc(hpar::WithoutInitializing, "row_begin"), rows + 1);
  hpar::View<int*> cols(hpar::view_alloc(hpar::WithoutInitializing, "cols"), nnz);
  hpar::View<double*> vals(hpar::view_alloc(hpar::WithoutInitializing, "vals"), nnz);
  hpar::View<double*> x(hpar::view_alloc(hpar::WithoutInitializing, "x"), rows);
  hpar::View<double*> y(hpar::view_alloc(hpar::WithoutInitializing, "y"), rows);

  hpar::parallel_for("spmv_init", rows, HPAR_LAMBDA(const int64_t r) {
    const int64_t begin = spmv_row_begin(n, r);
    row_begin(r) = int(begin);
    if (r == rows - 1) row_begin(rows) = int(spmv_row_begin(n, rows));
    spmv_fill_row(n, r, begin, cols, vals);
    x(r) = spmv_x(r);
    y(r) = spmv_y_unset;
  });
  hpar::fence();

  // The matrix and x are read-only in the product: const RandomAccess views load them through the
  // read-only data cache, as the baseline's const __restrict__ pointers do.
  using ReadOnly = hpar::MemoryTraits<hpar::RandomAccess>;
  const hpar::View<const int*, ReadOnly> A_row_begin = row_begin;
  const hpar::View<const int*, ReadOnly> A_cols = cols;
  const hpar::View<const double*, ReadOnly> A_vals = vals;
  const hpar::View<const double*, ReadOnly> x_in = x;

  using Policy = hpar::TeamPolicy<>;
  const int team_size = bench::fitting_team_size<Policy>(spmv_team_size, spmv_vector_length, hpar::ParallelForTag());
  using Member = Policy::member_type;
  const int teams = (rows + spmv_rows_per_team - 1) / spmv_rows_per_team;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    hpar::Timer timer;
    hpar::parallel_for("spmv", Policy(teams, team_size, spmv_vector_length),
                       HPAR_LAMBDA(const Member& team) {
      const int first = team.league_rank() * spmv_rows_per_team;
      const int count = rows - first < spmv_rows_per_team ? rows - first : spmv_rows_per_team;
      hpar::parallel_for(hpar::TeamThreadRange(team, count), [&](const int t) {
        const int row = first + t;
        double sum = 0.0;
        hpar::parallel_reduce(hpar::ThreadVectorRange(team, A_row_begin(row), A_row_begin(row + 1)),
                              [&](const int e, double& partial) {
          partial += A_vals(e) * x_in(A_cols(e));
        }, sum);
        hpar::single(hpar::PerThread(team), [&]() { y(row) = sum; });
      });
    });
    hpar::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = hpar::create_mirror_view(y);
  hpar::deep_copy(h, y);
  const bool ok = check_spmv(h.data(), n);
  bench::print_result("spmv", n, spmv_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, 256, "grid edge length");
  if (!spmv_size_ok(opt.n)) {
    std::fprintf(stderr, "spmv: --n must be at most 674 (nonzeros must fit an int)\n");
    return 2;
  }
  const bool ok = run_spmv(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
