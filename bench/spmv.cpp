// Sparse matrix-vector product y = A x with Kokkos teams, written the way KokkosSparse-style code
// and the Kokkos docs write it (the natural variant; the hand-shaped one is bench/tuned/spmv.cpp).
// A is the CSR matrix of the 7-point Laplacian on an n^3 grid (default n = 256: 2^24 rows; see
// problems.hpp). TeamPolicy(ceil(rows / 64), AUTO, 8): each team takes 64 consecutive rows over
// TeamThreadRange(team, first, last); the 8 vector lanes of a thread share a row's nonzeros with a
// ThreadVectorRange parallel_reduce, and single(PerThread) writes y(row). The team size is left to
// the implementation (AUTO).
//
// Timed: one TeamPolicy parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: values, column indices, row offsets, x, y (spmv_bytes in problems.hpp).
// Check: every element of y against the stencil applied on the host, exactly.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the spmv benchmark and prints its RESULT line; returns whether the check passed.
bool run_spmv(const bench::Options& opt) {
  const int64_t n = opt.n;
  const int rows = int(spmv_rows(n));
  const int64_t nnz = spmv_nnz(n);
  constexpr int rows_per_team = 64;
  Kokkos::View<int*> row_map("row_map", rows + 1);
  Kokkos::View<int*> entries("entries", nnz);
  Kokkos::View<double*> values("values", nnz);
  Kokkos::View<double*> x("x", rows);
  Kokkos::View<double*> y("y", rows);

  Kokkos::parallel_for("spmv_init", rows, KOKKOS_LAMBDA(const int r) {
    const int64_t begin = spmv_row_begin(n, r);
    row_map(r) = int(begin);
    if (r == rows - 1) row_map(rows) = int(spmv_row_begin(n, rows));
    spmv_fill_row(n, r, begin, entries, values);
    x(r) = spmv_x(r);
    y(r) = spmv_y_unset;
  });
  Kokkos::fence();

  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  const int league = (rows + rows_per_team - 1) / rows_per_team;
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("spmv", team_policy(league, Kokkos::AUTO, 8),
                         KOKKOS_LAMBDA(const member_type& team) {
      const int first = team.league_rank() * rows_per_team;
      const int last = first + rows_per_team < rows ? first + rows_per_team : rows;
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, last), [&](const int row) {
        double sum = 0.0;
        Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, row_map(row), row_map(row + 1)),
                                [&](const int e, double& partial) {
          partial += values(e) * x(entries(e));
        }, sum);
        Kokkos::single(Kokkos::PerThread(team), [&]() { y(row) = sum; });
      });
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(y);
  Kokkos::deep_copy(h, y);
  const bool ok = check_spmv(h.data(), n);
  bench::print_result("spmv", n, spmv_bytes(n), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, 256, "grid edge length");
  if (!spmv_size_ok(opt.n)) {
    std::fprintf(stderr, "spmv: --n must be at most 674 (nonzeros must fit an int)\n");
    return 2;
  }
  const bool ok = run_spmv(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
