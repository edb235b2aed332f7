// The benchmark problems, defined once for the hpar versions (bench/*.cpp) and the hand-written
// baselines (bench/baselines/*.cu): inputs, constants, launch shapes of the team benchmarks,
// bytes moved per run, and the host check of the result. Both sides then measure and check
// exactly the same thing.
//
// The inputs are small integers or multiples of 1/4 and the constants powers of two, so every
// result is exact whatever the evaluation order or FMA contraction, and the checks compare
// exactly (dot and yax, which sum 2^28 terms into one scalar, with a 1e-12 relative tolerance),
// except nbody's, whose square roots round: it checks a sample of bodies within a tolerance.
#pragma once

// Functions of the problem that kernels call: marked as the program including this file marks
// its own (a Kokkos program, hpar's or Kokkos' own, includes <Kokkos_Core.hpp> first; a CUDA
// baseline is compiled by nvcc; an OpenMP baseline is plain host code).
#if defined(KOKKOS_INLINE_FUNCTION)
#define BENCH_FUNCTION KOKKOS_INLINE_FUNCTION
#elif defined(HPAR_INLINE_FUNCTION)
#define BENCH_FUNCTION HPAR_INLINE_FUNCTION
#elif defined(__CUDACC__)
#define BENCH_FUNCTION __host__ __device__ inline
#else
#define BENCH_FUNCTION inline
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>

#include "common.hpp"

/// What an output element holds before the timed kernel writes it, where a check compares every
/// element exactly: NaN equals no value, so an element the kernel never wrote fails the check.
constexpr double bench_unset = std::numeric_limits<double>::quiet_NaN();

// ---- triad: a(i) = b(i) + s * c(i) ---------------------------------------------------------------

/// Bytes one triad moves through device memory: b and c read, a written.
inline double triad_bytes(int64_t n) { return 3.0 * sizeof(double) * double(n); }
constexpr double triad_s = 3.0;
BENCH_FUNCTION double triad_b(int64_t i) { return double(i % 1024); }
BENCH_FUNCTION double triad_c(int64_t i) { return 0.25 * double(i % 509); }

/// Checks every element of a (host memory) against the formula; prints mismatches.
inline bool check_triad(const double* a, int64_t n) {
  bench::Mismatches bad("triad a");
  for (int64_t i = 0; i < n; ++i) bad.expect_eq(i, a[i], triad_b(i) + triad_s * triad_c(i));
  return bad.finish();
}

// ---- dot: sum of x(i) * y(i) -----------------------------------------------------------------------

/// Bytes one dot product moves through device memory: x and y read.
inline double dot_bytes(int64_t n) { return 2.0 * sizeof(double) * double(n); }
BENCH_FUNCTION double dot_x(int64_t i) { return 1.0 + 0.5 * double(i % 8); }
BENCH_FUNCTION double dot_y(int64_t i) { return 0.25 * double(i % 5) - 0.5; }

/// Checks the sum of every repetition against a host sum; prints mismatches.
inline bool check_dot(const std::vector<double>& sums, int64_t n) {
  double expected = 0.0;
  for (int64_t i = 0; i < n; ++i) expected += dot_x(i) * dot_y(i);
  const double tolerance = 1e-12 * std::fabs(expected) + 1e-12;
  bool ok = true;
  for (size_t r = 0; r < sums.size(); ++r) {
    if (!(std::fabs(sums[r] - expected) <= tolerance)) {
      std::printf("mismatch in dot, repetition %zu: got %.17g, expected %.17g\n", r, sums[r],
                  expected);
      ok = false;
    }
  }
  return ok;
}

// ---- scan: out(i) = in(0) + ... + in(i-1) ------------------------------------------------------------

/// Bytes one scan moves through device memory: in read, out written.
inline double scan_bytes(int64_t n) { return 2.0 * sizeof(int64_t) * double(n); }
BENCH_FUNCTION int64_t scan_input(int64_t i) { return (i * 7) % 13 - 4; }

/// Checks every element of out (host memory) against a running sum; prints mismatches.
inline bool check_scan(const int64_t* out, int64_t n) {
  bench::Mismatches bad("scan out");
  int64_t running = 0;
  for (int64_t i = 0; i < n; ++i) {
    bad.expect_eq(i, out[i], running);
    running += scan_input(i);
  }
  return bad.finish();
}

// ---- stencil3d: 7-point Jacobi sweep u -> v on an n^3 grid ---------------------------------------------

/// Bytes one sweep moves through device memory: u read and v written at each interior point.
inline double stencil_bytes(int64_t n) {
  const double interior = double(n - 2) * double(n - 2) * double(n - 2);
  return 2.0 * sizeof(double) * interior;
}
constexpr double stencil_c0 = 0.25;
constexpr double stencil_c1 = 0.125;
BENCH_FUNCTION double stencil_input(int64_t i, int64_t j, int64_t k) {
  return double((i + 2 * j + 3 * k) % 17);
}

/// Checks every point of v, read through v_at(i, j, k) on the host: the interior against the
/// stencil, the boundary against its initial value; prints mismatches.
template <class At>
bool check_stencil(At v_at, int64_t n) {
  bench::Mismatches bad("stencil v");
  for (int64_t k = 0; k < n; ++k)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < n; ++i) {
        const bool boundary = i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1;
        const double expected =
            boundary ? stencil_input(i, j, k)
                     : stencil_c0 * stencil_input(i, j, k) +
                           stencil_c1 * (stencil_input(i - 1, j, k) + stencil_input(i + 1, j, k) +
                                         stencil_input(i, j - 1, k) + stencil_input(i, j + 1, k) +
                                         stencil_input(i, j, k - 1) + stencil_input(i, j, k + 1));
        const double got = v_at(i, j, k);
        if (got != expected) {
          char where[80];
          std::snprintf(where, sizeof where, "(%lld,%lld,%lld)", (long long)i, (long long)j,
                        (long long)k);
          bad.expect_eq(where, got, expected);
        }
      }
  return bad.finish();
}

// ---- yax: sum over rows of y(row) * (A(row, :) . x), one team per row ------------------------------
//
// A is n x n, row-major (LayoutRight), so a team's threads read one row contiguously; x and y
// have n elements.

/// Threads per team (hpar) and per block (baseline): both reduce a row with the same number of
/// threads. A fixed size rather than AUTO, so the launch shape is the same in both versions and
/// does not depend on the runtime's choice.
constexpr int yax_team_size = 256;

/// Bytes one yax moves through device memory: A, x and y read once each (x is read by every
/// team; the repeated reads are assumed to hit in cache).
inline double yax_bytes(int64_t n) {
  return sizeof(double) * (double(n) * double(n) + 2.0 * double(n));
}
BENCH_FUNCTION double yax_a(int64_t row, int64_t col) {
  return 0.25 * double((row + 2 * col) % 9);
}
BENCH_FUNCTION double yax_x(int64_t col) { return 1.0 + 0.5 * double(col % 7); }
BENCH_FUNCTION double yax_y(int64_t row) { return double(row % 5) - 1.0; }

/// Checks the result of every repetition against a host sum, relative tolerance 1e-12 (every
/// term and partial sum is a multiple of 1/8 below 2^40 for n <= 2^16, so any evaluation order
/// gives the host sum exactly; the tolerance matches dot's); prints mismatches.
inline bool check_yax(const std::vector<double>& sums, int64_t n) {
  double expected = 0.0;
  for (int64_t row = 0; row < n; ++row) {
    double dot = 0.0;
    for (int64_t col = 0; col < n; ++col) dot += yax_a(row, col) * yax_x(col);
    expected += yax_y(row) * dot;
  }
  const double tolerance = 1e-12 * std::fabs(expected) + 1e-12;
  bool ok = true;
  for (size_t r = 0; r < sums.size(); ++r) {
    if (!(std::fabs(sums[r] - expected) <= tolerance)) {
      std::printf("mismatch in yax, repetition %zu: got %.17g, expected %.17g\n", r, sums[r],
                  expected);
      ok = false;
    }
  }
  return ok;
}

// ---- spmv: y = A x, A the CSR matrix of the 7-point Laplacian on an n^3 grid ------------------------
//
// Row r is the grid point (i, j, k) with r = i + n*(j + n*k). Its nonzeros, in increasing column
// order, are -1 at the neighbours r - n^2, r - n, r - 1 that exist, 6 on the diagonal, and -1 at
// the neighbours r + 1, r + n, r + n^2 that exist (Dirichlet boundary: a point on the boundary
// has fewer than 7 nonzeros). nnz = 7 n^3 - 6 n^2. Row offsets and column indices are int
// (32-bit), values double.

/// The team shape: 64 rows per team, 32 threads of 8 vector lanes (256 per team); each thread
/// takes 2 rows, the 8 lanes of a thread share a row's nonzeros.
constexpr int spmv_rows_per_team = 64;
constexpr int spmv_team_size = 32;
constexpr int spmv_vector_length = 8;

BENCH_FUNCTION int64_t spmv_rows(int64_t n) { return n * n * n; }
BENCH_FUNCTION int64_t spmv_nnz(int64_t n) { return 7 * n * n * n - 6 * n * n; }
/// Whether the matrix of grid edge n fits the int row offsets and column indices (n <= 674; the
/// bound 2048 only keeps spmv_nnz itself from overflowing for absurd n).
inline bool spmv_size_ok(int64_t n) {
  return n >= 1 && n <= 2048 && spmv_nnz(n) <= std::numeric_limits<int>::max();
}

/// Rows before row r whose grid point lies on the lower (k0 = 0) or upper (k0 = n-1) boundary
/// of the axis whose coordinate changes every `stride` rows (stride 1, n, n^2 for i, j, k).
BENCH_FUNCTION int64_t spmv_boundary_rows_before(int64_t n, int64_t stride, int64_t r) {
  const int64_t unit = r / stride, rest = r % stride;   // r = unit * stride + rest
  const int64_t lower = stride * ((unit + n - 1) / n) + (unit % n == 0 ? rest : 0);
  const int64_t upper = stride * (unit / n) + (unit % n == n - 1 ? rest : 0);
  return lower + upper;
}

/// The row offset of row r (0 <= r <= n^3; r = n^3 gives nnz): 7 entries per row before r, less
/// one per missing neighbour, i.e. per boundary face a row before r lies on.
BENCH_FUNCTION int64_t spmv_row_begin(int64_t n, int64_t r) {
  return 7 * r - spmv_boundary_rows_before(n, 1, r) - spmv_boundary_rows_before(n, n, r) -
         spmv_boundary_rows_before(n, n * n, r);
}

/// Writes the column indices and values of row r at cols[begin...], vals[begin...], where begin =
/// spmv_row_begin(n, r); returns the number written. Cols and Vals are anything indexable (Views
/// in the hpar version, pointers in the baseline).
template <class Cols, class Vals>
BENCH_FUNCTION int spmv_fill_row(int64_t n, int64_t r, int64_t begin, const Cols& cols,
                                       const Vals& vals) {
  const int64_t i = r % n, j = (r / n) % n, k = r / (n * n);
  int64_t e = begin;
  if (k > 0) { cols[e] = int(r - n * n); vals[e] = -1.0; ++e; }
  if (j > 0) { cols[e] = int(r - n); vals[e] = -1.0; ++e; }
  if (i > 0) { cols[e] = int(r - 1); vals[e] = -1.0; ++e; }
  cols[e] = int(r); vals[e] = 6.0; ++e;
  if (i < n - 1) { cols[e] = int(r + 1); vals[e] = -1.0; ++e; }
  if (j < n - 1) { cols[e] = int(r + n); vals[e] = -1.0; ++e; }
  if (k < n - 1) { cols[e] = int(r + n * n); vals[e] = -1.0; ++e; }
  return int(e - begin);
}

/// Bytes one SpMV moves through device memory: the values (8 B) and column indices (4 B) of the
/// nonzeros, the n^3 + 1 row offsets (4 B), x read once and y written once (8 B each); x's
/// repeated reads (by the neighbouring rows) are assumed to hit in cache.
inline double spmv_bytes(int64_t n) {
  const double rows = double(spmv_rows(n)), nnz = double(spmv_nnz(n));
  return (sizeof(double) + sizeof(int)) * nnz + sizeof(int) * (rows + 1.0) +
         2.0 * sizeof(double) * rows;
}
BENCH_FUNCTION double spmv_x(int64_t r) { return double((r * 7) % 11) - 3.0; }
/// y's value before the SpMV: not an integer, so a row left unwritten cannot pass the check.
constexpr double spmv_y_unset = 0.5;

/// Checks every element of y (host memory) against the stencil applied to x on the host, exactly:
/// the values are integers, so every order of the sum gives the same double; prints mismatches.
inline bool check_spmv(const double* y, int64_t n) {
  bench::Mismatches bad("spmv y");
  for (int64_t k = 0; k < n; ++k)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < n; ++i) {
        const int64_t r = i + n * (j + n * k);
        double expected = 6.0 * spmv_x(r);
        if (i > 0) expected -= spmv_x(r - 1);
        if (i < n - 1) expected -= spmv_x(r + 1);
        if (j > 0) expected -= spmv_x(r - n);
        if (j < n - 1) expected -= spmv_x(r + n);
        if (k > 0) expected -= spmv_x(r - n * n);
        if (k < n - 1) expected -= spmv_x(r + n * n);
        bad.expect_eq(r, y[r], expected);
      }
  return bad.finish();
}

// ---- team_scan: per-row exclusive prefix sum of a rows x cols int64 matrix, one team per row -------
//
// in and out are row-major (LayoutRight): out(row, col) = in(row, 0) + ... + in(row, col-1).

/// Threads per team (hpar) and per block (baseline).
constexpr int team_scan_team_size = 256;

/// Bytes one team_scan moves through device memory: in read, out written.
inline double team_scan_bytes(int64_t rows, int64_t cols) {
  return 2.0 * sizeof(int64_t) * double(rows) * double(cols);
}
BENCH_FUNCTION int64_t team_scan_input(int64_t row, int64_t col) {
  return (row * 5 + col * 7) % 13 - 4;
}

/// Checks every element of out (host memory, row-major) against running sums per row; prints
/// mismatches.
inline bool check_team_scan(const int64_t* out, int64_t rows, int64_t cols) {
  bench::Mismatches bad("team_scan out");
  for (int64_t row = 0; row < rows; ++row) {
    int64_t running = 0;
    for (int64_t col = 0; col < cols; ++col) {
      const int64_t at = row * cols + col;
      if (out[at] != running) {
        char where[48];
        std::snprintf(where, sizeof where, "(%lld,%lld)", (long long)row, (long long)col);
        bad.expect_eq(where, out[at], running);
      }
      running += team_scan_input(row, col);
    }
  }
  return bad.finish();
}

// ---- batched_gemm: C_e = A_e B_e for E independent 16 x 16 double matrices, one team each ---------
//
// A, B and C are E x 16 x 16, row-major per matrix (LayoutRight), so a matrix is 2 KiB of
// contiguous doubles. A team stages A_e and B_e in level-0 scratch (the baseline in shared
// memory), then each of its 256 threads computes one element of C_e.

constexpr int gemm_dim = 16;
constexpr int gemm_team_size = gemm_dim * gemm_dim;

/// Bytes one batched_gemm moves through device memory: A and B read, C written.
inline double gemm_bytes(int64_t batch) {
  return 3.0 * sizeof(double) * double(batch) * gemm_dim * gemm_dim;
}
/// Floating-point operations of one batched_gemm: a multiply and an add per term.
inline double gemm_flops(int64_t batch) { return 2.0 * double(batch) * gemm_dim * gemm_dim * gemm_dim; }
BENCH_FUNCTION double gemm_a(int64_t e, int64_t i, int64_t k) {
  return double((e + 3 * i + 5 * k) % 7) - 3.0;
}
BENCH_FUNCTION double gemm_b(int64_t e, int64_t k, int64_t j) {
  return 0.5 * double((2 * e + k + 7 * j) % 5);
}

/// Checks every element of C (host memory, E x 16 x 16 row-major) against a host product; the
/// inputs are small multiples of 1/2, so every sum is exact in any order.
inline bool check_gemm(const double* c, int64_t batch) {
  bench::Mismatches bad("batched_gemm C");
  for (int64_t e = 0; e < batch; ++e)
    for (int i = 0; i < gemm_dim; ++i)
      for (int j = 0; j < gemm_dim; ++j) {
        double expected = 0.0;
        for (int k = 0; k < gemm_dim; ++k) expected += gemm_a(e, i, k) * gemm_b(e, k, j);
        const double got = c[(e * gemm_dim + i) * gemm_dim + j];
        if (got != expected) {
          char where[64];
          std::snprintf(where, sizeof where, "(%lld,%d,%d)", (long long)e, i, j);
          bad.expect_eq(where, got, expected);
        }
      }
  return bad.finish();
}

// ---- big_scratch: each team reverses a row of 8192 doubles through 64 KiB of level-0 scratch ------
//
// in and out are rows x 8192, row-major: out(row, j) = in(row, 8191 - j) * 2. The whole row is
// staged in scratch (the baseline: dynamic shared memory) before any of it is written: a kernel
// that needs more than the 48 KB a block gets without opting in.

constexpr int big_scratch_cols = 8192;
constexpr int big_scratch_team_size = 512;

/// Bytes one big_scratch moves through device memory: in read, out written.
inline double big_scratch_bytes(int64_t rows) {
  return 2.0 * sizeof(double) * double(rows) * big_scratch_cols;
}
BENCH_FUNCTION double big_scratch_input(int64_t row, int64_t col) {
  return double((row * 3 + col * 11) % 17) - 8.0;
}
inline bool check_big_scratch(const double* out, int64_t rows) {
  bench::Mismatches bad("big_scratch out");
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t j = 0; j < big_scratch_cols; ++j) {
      const double expected = 2.0 * big_scratch_input(row, big_scratch_cols - 1 - j);
      const double got = out[row * big_scratch_cols + j];
      if (got != expected) {
        char where[48];
        std::snprintf(where, sizeof where, "(%lld,%lld)", (long long)row, (long long)j);
        bad.expect_eq(where, got, expected);
      }
    }
  return bad.finish();
}

// ---- team_mdrange: A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3), one team per l -----------------
//
// The documented Kokkos example of the team-level MDRange policies: a league of L teams, each
// filling its 32 x 32 x 32 x 32 block of A with a TeamVectorMDRange<Rank<4, Right, Right>>, the
// team's 32 threads on the slowest index i0, their 32 vector lanes on the fastest, i3. A is
// L x 32 x 32 x 32 x 32, B is L x 32 and C 32 x 32 x 32, all row-major (LayoutRight), so a warp
// (the 32 lanes of one thread) writes 32 consecutive doubles of A.

constexpr int team_mdrange_extent = 32;         // each of i0, i1, i2, i3
constexpr int team_mdrange_team_size = 32;      // threads per team (i0)
constexpr int team_mdrange_vector_length = 32;  // vector lanes per thread (i3)
/// The most teams: A is then 2^30 doubles (8 GiB).
constexpr int team_mdrange_max_league = 1024;

/// Elements of A per team: 32^4.
constexpr int64_t team_mdrange_block = int64_t(team_mdrange_extent) * team_mdrange_extent *
                                       team_mdrange_extent * team_mdrange_extent;

/// Bytes one team_mdrange moves through device memory: A written, B and C read once each (C is
/// read by every team and B(l, i1) by every thread of team l; the repeated reads are assumed to
/// hit in cache).
inline double team_mdrange_bytes(int64_t league) {
  const double n = team_mdrange_extent;
  return sizeof(double) * (double(league) * double(team_mdrange_block) + double(league) * n +
                           n * n * n);
}
BENCH_FUNCTION double team_mdrange_b(int64_t l, int64_t i1) {
  return double((3 * l + 5 * i1) % 11);
}
BENCH_FUNCTION double team_mdrange_c(int64_t i1, int64_t i2, int64_t i3) {
  return double((i1 + 3 * i2 + 7 * i3) % 13);
}
/// A's value before the kernel: B + C is never negative, so an element left unwritten cannot
/// pass the check.
constexpr double team_mdrange_a_unset = -1.0;

/// Checks every element of A (host memory, L x 32^4 row-major) against B + C computed on the
/// host, exactly (small integers); prints mismatches.
inline bool check_team_mdrange(const double* a, int64_t league) {
  constexpr int n = team_mdrange_extent;
  bench::Mismatches bad("team_mdrange A");
  int64_t at = 0;
  for (int64_t l = 0; l < league; ++l)
    for (int i0 = 0; i0 < n; ++i0)
      for (int i1 = 0; i1 < n; ++i1)
        for (int i2 = 0; i2 < n; ++i2)
          for (int i3 = 0; i3 < n; ++i3, ++at) {
            const double expected = team_mdrange_b(l, i1) + team_mdrange_c(i1, i2, i3);
            if (a[at] != expected) {
              char where[80];
              std::snprintf(where, sizeof where, "(%lld,%d,%d,%d,%d)", (long long)l, i0, i1, i2,
                            i3);
              bad.expect_eq(where, a[at], expected);
            }
          }
  return bad.finish();
}

// ---- nbody: all-pairs gravitational accelerations, softened ------------------------------------------
//
// N bodies, body j at r_j = (x_j, y_j, z_j) with mass m_j; the acceleration of body i (G = 1) is
//   a_i = sum over all j of m_j (r_j - r_i) / (|r_j - r_i|^2 + eps^2)^(3/2),
// j = i included (its term is 0: r_j - r_i = 0, and the softening keeps the denominator positive).
// The positions and masses are an N x 4 array, row-major (a body's x, y, z, m are 32 contiguous
// bytes: Kokkos::View<double*[4], LayoutRight>, the baseline's pairs of double2); the
// accelerations an N x 3 array, row-major. Compute-bound: 20 N^2 flops on 56 N bytes.

/// Bodies per tile of positions staged in level-0 scratch (nbody_team) or shared memory (the
/// baseline), and threads per team and per block, each the owner of one body.
constexpr int nbody_tile = 256;
constexpr int nbody_team_size = 256;
/// The most bodies: the check's tolerance (check_nbody) holds up to here, and the host check of a
/// sample of N / 97 bodies takes a few seconds.
constexpr int64_t nbody_max_bodies = int64_t(1) << 18;
/// eps^2, the softening: the spacing of the positions squared (1/16).
constexpr double nbody_softening2 = 0.0625;

/// Floating-point operations counted per run: 20 per pair, N^2 pairs (j = i included), the
/// convention of the all-pairs GPU codes (Nyland, Harris and Prins, GPU Gems 3 ch. 31): 3 for
/// r_j - r_i, 6 for |r_j - r_i|^2 + eps^2, 2 for 1 / sqrt(...) (a square root and a division, or
/// one rsqrt counted as two), 2 for its cube, 1 for the mass, 6 to accumulate the three
/// components (a multiply and an add each).
inline double nbody_flops(int64_t n) { return 20.0 * double(n) * double(n); }
/// Bytes one run moves through device memory: the positions and masses read once (32 B a body;
/// every body reads them all, the repeated reads hitting in cache or, tiled, in scratch) and the
/// accelerations written (24 B a body).
inline double nbody_bytes(int64_t n) { return (4.0 + 3.0) * sizeof(double) * double(n); }

// Positions are multiples of 1/4 in [0, 255] and masses in {1, 1.25, ..., 2}: a coordinate
// difference is k/4 with |k| < 2^10, its square k^2/16 exact, and |r_j - r_i|^2 + eps^2 (a multiple
// of 1/16 below 2^18) is exact whatever the order or FMA contraction. The three residues repeat
// only every 1021 * 1019 * 1013 bodies, so no two bodies coincide.
BENCH_FUNCTION double nbody_x(int64_t i) { return 0.25 * double((i * 193) % 1021); }
BENCH_FUNCTION double nbody_y(int64_t i) { return 0.25 * double((i * 389) % 1019); }
BENCH_FUNCTION double nbody_z(int64_t i) { return 0.25 * double((i * 577) % 1013); }
BENCH_FUNCTION double nbody_m(int64_t i) { return 1.0 + 0.25 * double(i % 5); }

/// Checks the accelerations (host memory, N x 3 row-major): every one finite (they start as NaN,
/// bench_unset, so a body the kernel never wrote fails), and a sample, bodies 0, 97, 194, ... and
/// N - 1, against a host double-precision sum in the order of j, each component within
///   |got - expected| <= 1e-10 * (sum over j of |term_j|),
/// the sum of the magnitudes of that component's terms. Why 1e-10: r_j - r_i and the squared
/// distance are exact (above), so a term m_j d (d^2 + eps^2)^(-3/2) carries only the rounding of
/// the reciprocal square root (a square root and a division, or CUDA's rsqrt: within 1 ulp, 2u
/// relative, u = 2^-53), of its cube (2 roundings) and of the products with m_j and d (2): at most
/// 10u relative. Summing N terms in any order (a serial loop, tiles, SIMD lanes) adds at most
/// (N - 1) u times the sum of their magnitudes. The kernel and the host sum each err by at most
/// (N + 9) u of that sum, together 2 (N + 9) u = 5.8e-11 at N = 2^18 (nbody_max_bodies), 1.5e-11 at
/// the default 2^16. A wrong result is far outside: a body's term weighs about 1/N of the sum of
/// magnitudes (1.5e-5 at 2^16), so a tile left out, a term counted twice or a wrong softening
/// shows. Prints mismatches.
inline bool check_nbody(const double* acc, int64_t n) {
  long long bad = 0;
  for (int64_t e = 0; e < 3 * n; ++e) {
    if (!std::isfinite(acc[e])) {
      if (bad < 5)
        std::printf("mismatch in nbody acceleration of body %lld, component %d: got %.17g, "
                    "expected a finite value\n",
                    (long long)(e / 3), int(e % 3), acc[e]);
      ++bad;
    }
  }
  constexpr double tolerance = 1e-10;
  for (int64_t i = 0; i < n; i = (i == n - 1) ? n : std::min(i + 97, n - 1)) {
    const double xi = nbody_x(i), yi = nbody_y(i), zi = nbody_z(i);
    double sum[3] = {0.0, 0.0, 0.0}, magnitude[3] = {0.0, 0.0, 0.0};
    for (int64_t j = 0; j < n; ++j) {
      const double d[3] = {nbody_x(j) - xi, nbody_y(j) - yi, nbody_z(j) - zi};
      const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + nbody_softening2;
      const double inv_r = 1.0 / std::sqrt(r2);
      const double s = nbody_m(j) * inv_r * inv_r * inv_r;
      for (int c = 0; c < 3; ++c) {
        sum[c] += d[c] * s;
        magnitude[c] += std::fabs(d[c] * s);
      }
    }
    for (int c = 0; c < 3; ++c) {
      const double got = acc[3 * i + c];
      if (!(std::fabs(got - sum[c]) <= tolerance * magnitude[c])) {
        if (bad < 5)
          std::printf("mismatch in nbody acceleration of body %lld, component %d: got %.17g, "
                      "expected %.17g (tolerance %.3g)\n",
                      (long long)i, c, got, sum[c], tolerance * magnitude[c]);
        ++bad;
      }
    }
  }
  if (bad != 0) std::printf("nbody acceleration: %lld mismatching values\n", bad);
  return bad == 0;
}

// ---- docking: the energy of every pose of a ligand against a protein -------------------------------
//
// A protein of P atoms and a ligand of L = 26 atoms, each atom x, y, z (floats) and a type (an int:
// struct DockAtom, 16 bytes); a force field of docking_types types, each a radius, a hardness and a
// charge (an N_types x 3 array of floats, row-major); and N poses, each a translation (an N x 4
// array of floats, row-major, the fourth unused) and a turn: pose k turns the ligand k % 4 quarter
// turns about z before translating it. The energy of pose k, summed over every ligand atom l,
// placed by the pose, and every protein atom p, d the distance between them:
//   overlap = radius(type_l) + radius(type_p) - d,
//   e_k += hardness(type_p) overlap^2 where overlap > 0, and e_k += charge(type_l) charge(type_p)
//          / (1 + d^2) always.
// Single precision, as docking codes compute. Compute-bound: about 20 flops a pair, N L P pairs,
// on 16 (P + L) + 16 N + 4 N bytes.

/// Ligand atoms, and the force field's types.
constexpr int docking_ligand_atoms = 26;
constexpr int docking_types = 8;
/// The most poses and protein atoms: the check's tolerance (check_docking) holds up to here.
constexpr int64_t docking_max_poses = int64_t(1) << 20;
constexpr int64_t docking_max_protein = 16384;

struct DockAtom {
  float x, y, z;
  int type;
};

/// Floating-point operations counted per run, 20 a pair: 3 for the difference, 5 for d^2, 1 for
/// the square root, 2 for the overlap, 3 for the hardness term, 4 for the charge term (a product,
/// 1 + d^2, a division, the sum), 2 for the comparison and the turn's share.
inline double docking_flops(int64_t poses, int64_t protein) {
  return 20.0 * double(poses) * double(docking_ligand_atoms) * double(protein);
}
/// Bytes one run moves through device memory: the protein, the ligand, the force field and the
/// poses read once (every pose reads all the atoms, the repeated reads hitting in cache or
/// shared memory), the energies written.
inline double docking_bytes(int64_t poses, int64_t protein) {
  return 16.0 * double(protein + docking_ligand_atoms) + 12.0 * docking_types +
         (16.0 + 4.0) * double(poses);
}

// The inputs: coordinates multiples of 1/4, the protein in a 40 A box, the ligand in a 6 A one,
// the poses' translations inside the protein's box; radii 1.5 to 2.25 A, hardness 1 to 2.75,
// charges -1 to 0.75, each a multiple of 1/4.
BENCH_FUNCTION DockAtom docking_protein_atom(int64_t p) {
  return DockAtom{0.25f * float((p * 193) % 161), 0.25f * float((p * 389) % 157),
                  0.25f * float((p * 577) % 163), int(p % docking_types)};
}
BENCH_FUNCTION DockAtom docking_ligand_atom(int64_t l) {
  return DockAtom{0.25f * float((l * 7) % 25), 0.25f * float((l * 11) % 23),
                  0.25f * float((l * 13) % 21), int((l * 3) % docking_types)};
}
BENCH_FUNCTION float docking_radius(int t) { return 1.5f + 0.25f * float(t % 4); }
BENCH_FUNCTION float docking_hardness(int t) { return 1.0f + 0.25f * float((t * 5) % 8); }
BENCH_FUNCTION float docking_charge(int t) { return -1.0f + 0.25f * float((t * 3) % 8); }
BENCH_FUNCTION float docking_shift(int64_t k, int c) {
  return 0.25f * float((k * (31 + 6 * c) + 17 * c) % 141);
}

/// The terms of one pose's energy in double precision, in the kernels' order (ligand atom, then
/// protein atom): their sum and the sum of their magnitudes.
inline void docking_pose_host(int64_t k, int64_t protein, double& sum, double& magnitude) {
  sum = 0.0;
  magnitude = 0.0;
  const int turn = int(k % 4);
  for (int l = 0; l < docking_ligand_atoms; ++l) {
    const DockAtom a = docking_ligand_atom(l);
    const double ax = turn == 0 ? a.x : turn == 1 ? -a.y : turn == 2 ? -a.x : a.y;
    const double ay = turn == 0 ? a.y : turn == 1 ? a.x : turn == 2 ? -a.y : -a.x;
    const double lx = ax + docking_shift(k, 0), ly = ay + docking_shift(k, 1),
                 lz = a.z + docking_shift(k, 2);
    for (int64_t p = 0; p < protein; ++p) {
      const DockAtom b = docking_protein_atom(p);
      const double dx = b.x - lx, dy = b.y - ly, dz = b.z - lz;
      const double d2 = dx * dx + dy * dy + dz * dz;
      const double overlap = docking_radius(a.type) + docking_radius(b.type) - std::sqrt(d2);
      if (overlap > 0) {
        const double t = docking_hardness(b.type) * overlap * overlap;
        sum += t;
        magnitude += t;
      }
      const double c = double(docking_charge(a.type)) * docking_charge(b.type) / (1.0 + d2);
      sum += c;
      magnitude += std::fabs(c);
    }
  }
}

/// Checks the energies (host memory, N floats): every one finite (they start as NaN, bench_unset,
/// so a pose the kernel never wrote fails), and a sample, poses 0, 89, 178, ... and N - 1, against
/// the host's double-precision sum within 4e-6 (L P + 10) of the sum of the terms' magnitudes.
/// Why: the differences and d^2 are exact (multiples of 1/16 below 2^14), the square root, the
/// overlap, its square and the products round at most 6 times (6u relative, u = 2^-24), the charge
/// term's division and products 4 times, and summing L P terms in float in any order adds at most
/// (L P - 1) u of the sum of magnitudes: (L P + 10) u = 6e-8 (L P + 10) in all, doubled for the
/// rounding of overlaps near 0 that the sign test may count on either side (a term there is below
/// 1e-12). Far below what a wrong result shows: a tile of protein atoms left out, a ligand atom
/// missed or a wrong turn moves the energy by a few percent of the magnitudes. Prints mismatches.
inline bool check_docking(const float* energies, int64_t poses, int64_t protein) {
  long long bad = 0;
  for (int64_t k = 0; k < poses; ++k)
    if (!std::isfinite(energies[k])) {
      if (bad < 5)
        std::printf("mismatch in docking energy of pose %lld: got %.9g, expected a finite value\n",
                    (long long)k, double(energies[k]));
      ++bad;
    }
  const double tolerance = 1.2e-7 * (double(docking_ligand_atoms) * double(protein) + 10.0);
  for (int64_t k = 0; k < poses; k = (k == poses - 1) ? poses : std::min(k + 89, poses - 1)) {
    double sum = 0.0, magnitude = 0.0;
    docking_pose_host(k, protein, sum, magnitude);
    if (!(std::fabs(double(energies[k]) - sum) <= tolerance * magnitude)) {
      if (bad < 5)
        std::printf("mismatch in docking energy of pose %lld: got %.9g, expected %.9g (tolerance "
                    "%.3g)\n",
                    (long long)k, double(energies[k]), sum, tolerance * magnitude);
      ++bad;
    }
  }
  if (bad != 0) std::printf("docking energies: %lld mismatching values\n", bad);
  return bad == 0;
}

// ---- stream: the five kernels of the STREAM memory-bandwidth benchmark, in one program --------------
//
// Arrays a, b and c of N doubles; one repetition runs, in this order and each timed alone,
//   copy  c(i) = a(i)              mul   b(i) = s * c(i)
//   add   c(i) = a(i) + b(i)       triad a(i) = b(i) + s * c(i)
//   dot   sum of a(i) * b(i)       (a parallel_reduce into a host double)
// Why every value is exact: with a(i) = A at the start of a repetition, copy gives c = A, mul
// b = s A, add c = (1 + s) A and triad a = (2 s + s^2) A. STREAM's own s = 3 makes a grow by 15 a
// repetition, which leaves the 53 bits of a double after 13 repetitions; here s = 2, so a grows by
// exactly 8 (b = 2 A, c = 3 A, a = 2 A + 2 (3 A) = 8 A), every product by s is a shift and every
// sum (A + 2 A, 2 A + 6 A) is exact, with or without FMA contraction. The initial a(i) is a small
// integer m(i) = 1 + (i mod 61) times 2^-500, so after r repetitions every element is m(i) times
// 1, 2 or 3 times a power of two, and the dot of repetition r (from 0) is
//   sum of 8 A(i) * 2 A(i) = 2^(4 + 6 r - 1000) * sum of m(i)^2,
// each term an integer multiple of 2^(4 + 6 r - 1000) and the whole sum below 2^53 of them (m^2 <=
// 3721 < 2^12, N <= 2^40), so every partial sum is exact in any order and the dot compares
// exactly. The scale 2^-500 keeps everything a normal double for up to stream_max_runs
// repetitions, warm-up included: the smallest dot term, 2^-996, is well above 2^-1022, and after
// 300 runs the largest dot is below 2^(4 + 6 * 299 - 1000 + 12 + 40) = 2^850 and a below 2^406.
// b and c start as NaN (bench_unset): the first copy and mul write them, and an element a kernel
// never wrote fails the check.
//
// The host check does not use the closed form: it runs the same four assignments on one double per
// residue m (61 of them) as many times as the program ran them, in the same order, and compares
// every element of a, b and c, and the dot of every repetition, with those values exactly. Since
// every operation is exact (above), the device's element i and the host's value for m(i) are the
// same double.

/// s of mul and triad: a power of two, so s * x is exact.
constexpr double stream_s = 2.0;
/// Distinct initial values of a: m(i) = 1 + (i mod stream_period).
constexpr int stream_period = 61;
/// The most repetitions, warm-up included, for which every value stays a normal double (above).
constexpr int stream_max_runs = 300;
/// The largest N for which every dot stays exact (sum of m^2 below 2^53 units, above).
constexpr int64_t stream_max_n = int64_t(1) << 40;

/// a(i) before the first repetition: m(i) * 2^-500.
BENCH_FUNCTION double stream_a0(int64_t i) { return double(1 + i % stream_period) * 0x1p-500; }

/// Bytes each kernel moves through device memory (8 N per array read or written).
inline double stream_copy_bytes(int64_t n) { return 2.0 * sizeof(double) * double(n); }   // a -> c
inline double stream_mul_bytes(int64_t n) { return 2.0 * sizeof(double) * double(n); }    // c -> b
inline double stream_add_bytes(int64_t n) { return 3.0 * sizeof(double) * double(n); }    // a, b -> c
inline double stream_triad_bytes(int64_t n) { return 3.0 * sizeof(double) * double(n); }  // b, c -> a
inline double stream_dot_bytes(int64_t n) { return 2.0 * sizeof(double) * double(n); }    // a, b

/// Whether the program may run `runs` repetitions (warm-up included) over n elements.
inline bool stream_size_ok(int64_t n, int runs) {
  return n >= 1 && n <= stream_max_n && runs >= 1 && runs <= stream_max_runs;
}

/// What a, b, c and the dots hold after `runs` repetitions, from the four assignments run on the
/// host, one double per residue.
struct StreamExpected {
  double a[stream_period], b[stream_period], c[stream_period];
  std::vector<double> dots;  // the dot of every repetition
};

inline StreamExpected stream_expected(int64_t n, int runs) {
  StreamExpected e;
  int64_t count[stream_period];  // elements of each residue
  for (int m = 0; m < stream_period; ++m) {
    e.a[m] = stream_a0(m);
    e.b[m] = e.c[m] = bench_unset;
    count[m] = n / stream_period + (m < n % stream_period ? 1 : 0);
  }
  const double s = stream_s;
  for (int r = 0; r < runs; ++r) {
    double dot = 0.0;
    for (int m = 0; m < stream_period; ++m) {
      e.c[m] = e.a[m];
      e.b[m] = s * e.c[m];
      e.c[m] = e.a[m] + e.b[m];
      e.a[m] = e.b[m] + s * e.c[m];
      dot += double(count[m]) * (e.a[m] * e.b[m]);  // exact: count * m^2 < 2^53
    }
    e.dots.push_back(dot);
  }
  return e;
}

/// Checks every element of a, b and c (host memory) after `runs` repetitions, and the dot of
/// every repetition (`dots`, the warm-up ones included), exactly; prints mismatches.
inline bool check_stream(const double* a, const double* b, const double* c,
                         const std::vector<double>& dots, int64_t n, int runs) {
  const StreamExpected e = stream_expected(n, runs);
  bench::Mismatches bad_a("stream a"), bad_b("stream b"), bad_c("stream c");
  for (int64_t i = 0; i < n; ++i) {
    const int m = int(i % stream_period);
    bad_a.expect_eq(i, a[i], e.a[m]);
    bad_b.expect_eq(i, b[i], e.b[m]);
    bad_c.expect_eq(i, c[i], e.c[m]);
  }
  const bool a_ok = bad_a.finish(), b_ok = bad_b.finish(), c_ok = bad_c.finish();  // each prints
  bool ok = a_ok && b_ok && c_ok;
  if (dots.size() != e.dots.size()) {
    std::printf("stream dot: %zu sums for %d repetitions\n", dots.size(), runs);
    return false;
  }
  for (size_t r = 0; r < dots.size(); ++r) {
    if (dots[r] != e.dots[r]) {
      std::printf("mismatch in stream dot, repetition %zu: got %.17g, expected %.17g\n", r,
                  dots[r], e.dots[r]);
      ok = false;
    }
  }
  return ok;
}

// ---- launch: parallel_for dispatches of a(i) += 1 over 100 doubles, the cost of a launch ------

/// Elements of the launch benchmark's range: few enough that the work is nothing beside the
/// dispatch, and more than the threads of a host.
constexpr int64_t launch_elements = 100;
/// Bytes one launch moves: a read and written.
inline double launch_bytes() { return 2.0 * sizeof(double) * double(launch_elements); }

/// Checks that every element of a (host memory) was incremented once per dispatch.
inline bool check_launch(const double* a, int64_t n, double dispatches) {
  bench::Mismatches bad("launch a");
  for (int64_t i = 0; i < n; ++i) bad.expect_eq(i, a[i], dispatches);
  return bad.finish();
}
