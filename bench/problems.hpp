// The four benchmark problems, defined once for the hpar versions (bench/*.cpp) and the
// hand-written baselines (bench/baselines/*.cu): inputs, constants, bytes moved per run, and the
// host check of the result. Both sides then measure and check exactly the same thing.
//
// The inputs are small integers or multiples of 1/4 and the constants powers of two, so every
// result is exact whatever the evaluation order or FMA contraction, and the checks compare
// exactly (dot, which sums 2^28 terms, with a 1e-12 relative tolerance).
#pragma once

#include <hpar/macros.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "common.hpp"

// ---- triad: a(i) = b(i) + s * c(i) ---------------------------------------------------------------

/// Bytes one triad moves through device memory: b and c read, a written.
inline double triad_bytes(int64_t n) { return 3.0 * sizeof(double) * double(n); }
constexpr double triad_s = 3.0;
HPAR_INLINE_FUNCTION double triad_b(int64_t i) { return double(i % 1024); }
HPAR_INLINE_FUNCTION double triad_c(int64_t i) { return 0.25 * double(i % 509); }

/// Checks every element of a (host memory) against the formula; prints mismatches.
inline bool check_triad(const double* a, int64_t n) {
  bench::Mismatches bad("triad a");
  for (int64_t i = 0; i < n; ++i) bad.expect_eq(i, a[i], triad_b(i) + triad_s * triad_c(i));
  return bad.finish();
}

// ---- dot: sum of x(i) * y(i) -----------------------------------------------------------------------

/// Bytes one dot product moves through device memory: x and y read.
inline double dot_bytes(int64_t n) { return 2.0 * sizeof(double) * double(n); }
HPAR_INLINE_FUNCTION double dot_x(int64_t i) { return 1.0 + 0.5 * double(i % 8); }
HPAR_INLINE_FUNCTION double dot_y(int64_t i) { return 0.25 * double(i % 5) - 0.5; }

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
HPAR_INLINE_FUNCTION int64_t scan_input(int64_t i) { return (i * 7) % 13 - 4; }

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
HPAR_INLINE_FUNCTION double stencil_input(int64_t i, int64_t j, int64_t k) {
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
