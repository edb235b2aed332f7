// Everything of bench/spmv.cpp but its timed dispatch, for the spellings of that dispatch in
// bench/spelled/spmv_*.cpp (issue 47): the Views and their initialisation, the timing loop, the
// check and the RESULT line, as bench/spmv.cpp writes them.
//
// y = A x, A the CSR matrix of the 7-point Laplacian on an n^3 grid (default n = 256: 2^24 rows;
// see problems.hpp), 64 rows per team in bench/spmv.cpp.
// Timed: the spelling's dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: values, column indices, row offsets, x, y (spmv_bytes in problems.hpp).
// Check: every element of y against the stencil applied on the host, exactly.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "problems.hpp"

/// The Views of spmv: the matrix (row_map, entries, values), x, and y (written).
struct SpmvViews {
  Kokkos::View<int*> row_map;
  Kokkos::View<int*> entries;
  Kokkos::View<double*> values;
  Kokkos::View<double*> x;
  Kokkos::View<double*> y;
};

/// A spelling's timed dispatch over the matrix's rows (the caller fences).
using SpmvDispatch = void (*)(const SpmvViews& m, int rows);
/// The same for a spelling that takes the rows per team as a run-time argument (--m).
using SpmvRowsPerTeamDispatch = void (*)(const SpmvViews& m, int rows, int rows_per_team);

/// The options of spmv (--n grid edge length, default 256, at most 674), and --m when
/// `m_meaning` is given (default spmv_rows_per_team); exits with status 2 on a bad one.
inline bench::Options spmv_options(int argc, char* argv[], const char* m_meaning = nullptr) {
  const bench::Options opt =
      bench::parse_options(argc, argv, 256, "grid edge length", spmv_rows_per_team, m_meaning);
  if (!spmv_size_ok(opt.n)) {
    std::fprintf(stderr, "spmv: --n must be at most 674 (nonzeros must fit an int)\n");
    std::exit(2);
  }
  if (m_meaning && opt.m > 0x7fffffff) {
    std::fprintf(stderr, "spmv: --m must be below 2^31\n");
    std::exit(2);
  }
  return opt;
}

/// Runs the benchmark with `dispatch` (or `rows_per_team_dispatch`, given --m) as its timed
/// dispatch and prints its RESULT line under `result_name`; returns whether the check passed.
inline bool spmv_run_either(const bench::Options& opt, const char* result_name,
                            SpmvDispatch dispatch, SpmvRowsPerTeamDispatch rows_per_team_dispatch) {
  const int64_t n = opt.n;
  const int rows = int(spmv_rows(n));
  const int64_t nnz = spmv_nnz(n);
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

  const SpmvViews matrix{row_map, entries, values, x, y};
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    if (dispatch)
      dispatch(matrix, rows);
    else
      rows_per_team_dispatch(matrix, rows, int(opt.m));
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(y);
  Kokkos::deep_copy(h, y);
  const bool ok = check_spmv(h.data(), n);
  bench::print_result(result_name, n, spmv_bytes(n), seconds, ok);
  return ok;
}

/// Runs the benchmark with a spelling's dispatch (spmv_run_either).
inline bool spmv_run(const bench::Options& opt, const char* result_name, SpmvDispatch dispatch) {
  return spmv_run_either(opt, result_name, dispatch, nullptr);
}
inline bool spmv_run(const bench::Options& opt, const char* result_name,
                     SpmvRowsPerTeamDispatch dispatch) {
  return spmv_run_either(opt, result_name, nullptr, dispatch);
}
