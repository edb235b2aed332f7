// Checks parallel_reduce over MDRangePolicy ranks 2-6: Sum, Max, MinLoc, a functor with init/join/final, several reducers, View results, both iteration orders, tiles, empty boxes.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>


using hpar::Iterate;
using hpar::MDRangePolicy;
using hpar::Rank;
using MinLocT = typename hpar::MinLoc<double, int64_t>::value_type;

// Sum of squares over a rank-3 box with init/join/final (final takes the square root).
struct Norm3 {
  using value_type = double;
  hpar::View<double***> a;
  int l0, l1, l2;
  HPAR_INLINE_FUNCTION void operator()(const int i, const int j, const int k, value_type& v) const {
    const double x = a(i - l0, j - l1, k - l2);
    v += x * x;
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const { v = 0.0; }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const { dst += src; }
  HPAR_INLINE_FUNCTION void final(value_type& v) const { v = sqrt(v); }
};

void test_rank2() {
  const int l0 = 4, l1 = 1, u0 = 1004, u1 = 601;
  // Exact integer sum of i*j and (i+2j) % 1000 maximum.
  int64_t e = 0, emax = INT64_MIN;
  for (int64_t i = l0; i < u0; ++i)
    for (int64_t j = l1; j < u1; ++j) {
      e += i * j;
      const int64_t m = (i * 7 + j * 13) % 1009;
      if (m > emax) emax = m;
    }
  int64_t s1 = -1, s2 = -1, s3 = -1, m1 = -1, m2 = -1;
  auto sum_body = HPAR_LAMBDA(const int64_t i, const int64_t j, int64_t& v) { v += i * j; };
  auto max_body = HPAR_LAMBDA(const int64_t i, const int64_t j, int64_t& v) {
    const int64_t m = (i * 7 + j * 13) % 1009;
    if (m > v) v = m;
  };
  hpar::parallel_reduce("r2_sum_left", MDRangePolicy<Rank<2, Iterate::Left, Iterate::Left>>({l0, l1}, {u0, u1}, {32, 8}), sum_body, s1);
  hpar::parallel_reduce("r2_sum_right", MDRangePolicy<Rank<2, Iterate::Right, Iterate::Right>>({l0, l1}, {u0, u1}), sum_body,
                        hpar::Sum<int64_t>(s2));
  hpar::parallel_reduce(MDRangePolicy<Rank<2>, hpar::IndexType<int>>({l0, l1}, {u0, u1}, {3, 100}),
                        HPAR_LAMBDA(const int i, const int j, int64_t& v) { v += int64_t(i) * j; }, s3);
  hpar::parallel_reduce("r2_max_left", MDRangePolicy<Rank<2, Iterate::Left, Iterate::Left>>({l0, l1}, {u0, u1}), max_body,
                        hpar::Max<int64_t>(m1));
  hpar::parallel_reduce("r2_max_right", MDRangePolicy<Rank<2, Iterate::Right, Iterate::Right>>({l0, l1}, {u0, u1}, {7, 64}), max_body,
                        hpar::Max<int64_t>(m2));
  check_eq("rank 2 Sum, Left/Left tiles", s1, e);
  check_eq("rank 2 Sum, Right/Right default tiles", s2, e);
  check_eq("rank 2 Sum, IndexType<int>", s3, e);
  check_eq("rank 2 Max, Left/Left", m1, emax);
  check_eq("rank 2 Max, Right/Right tiles", m2, emax);
}

void test_rank3() {
  const int l0 = 1, l1 = 2, l2 = 3, u0 = 41, u1 = 33, u2 = 27;
  hpar::View<double***> a("a", u0 - l0, u1 - l1, u2 - l2);
  auto ha = hpar::create_mirror_view(a);
  double esq = 0.0, esum = 0.0, eabs = 0.0, emin = std::numeric_limits<double>::max();
  int64_t eloc = -1;
  for (int i = 0; i < u0 - l0; ++i)
    for (int j = 0; j < u1 - l1; ++j)
      for (int k = 0; k < u2 - l2; ++k) ha(i, j, k) = double(((i * 131 + j * 71 + k * 29) % 257) - 128) / 16.0;
  ha(17, 5, 11) = -100.0;   // unique minimum
  for (int i = 0; i < u0 - l0; ++i)
    for (int j = 0; j < u1 - l1; ++j)
      for (int k = 0; k < u2 - l2; ++k) {
        const double x = ha(i, j, k);
        esq += x * x;
        esum += x;
        eabs += std::fabs(x);
        if (x < emin) {
          emin = x;
          eloc = (int64_t(i + l0) * 1000 + (j + l1)) * 1000 + (k + l2);
        }
      }
  hpar::deep_copy(a, ha);

  double n1 = -1, n2 = -1;
  hpar::parallel_reduce("r3_norm_left", MDRangePolicy<Rank<3, Iterate::Left, Iterate::Left>>({l0, l1, l2}, {u0, u1, u2}, {4, 4, 4}),
                        Norm3{a, l0, l1, l2}, n1);
  hpar::parallel_reduce("r3_norm_right", MDRangePolicy<Rank<3, Iterate::Right, Iterate::Right>>({l0, l1, l2}, {u0, u1, u2}),
                        Norm3{a, l0, l1, l2}, n2);
  check_near("rank 3 functor with final (norm), Left/Left", n1, std::sqrt(esq), 1e-12 * std::sqrt(esq));
  check_near("rank 3 functor with final (norm), Right/Right", n2, std::sqrt(esq), 1e-12 * std::sqrt(esq));

  // Sum, MinLoc (location encoded from the three indices) and a count in one reduction.
  double s = -1;
  MinLocT ml;
  int64_t c = -1;
  hpar::parallel_reduce("r3_multi", MDRangePolicy<Rank<3, Iterate::Left, Iterate::Right>>({l0, l1, l2}, {u0, u1, u2}, {2, 8, 4}),
                        HPAR_LAMBDA(const int64_t i, const int64_t j, const int64_t k, double& sum, MinLocT& loc, int64_t& cnt) {
                          const double x = a(i - l0, j - l1, k - l2);
                          sum += x;
                          if (x < loc.val) {
                            loc.val = x;
                            loc.loc = (i * 1000 + j) * 1000 + k;
                          }
                          cnt += 1;
                        },
                        hpar::Sum<double>(s), hpar::MinLoc<double, int64_t>(ml), c);
  check_near("rank 3 multi: Sum", s, esum, 1e-12 * eabs);
  check_near("rank 3 multi: MinLoc val", ml.val, emin, 0.0);
  check_eq("rank 3 multi: MinLoc loc", ml.loc, eloc);
  check_eq("rank 3 multi: count", c, int64_t(u0 - l0) * (u1 - l1) * (u2 - l2));

  // Into a rank-0 device View.
  hpar::View<double> dv("dv");
  hpar::parallel_reduce("r3_view", MDRangePolicy<Rank<3>>({l0, l1, l2}, {u0, u1, u2}),
                        HPAR_LAMBDA(const int i, const int j, const int k, double& v) { v += a(i - l0, j - l1, k - l2); }, dv);
  auto hv = hpar::create_mirror_view(dv);
  hpar::deep_copy(hv, dv);
  check_near("rank 3 Sum into a device View", hv(), esum, 1e-12 * eabs);
}

void test_rank4_to_6() {
  // Closed forms: the sum over a box of a sum of per-dimension terms.
  // sum over box of (c0*i0 + c1*i1 + ...) = sum_d c_d * (sum of i_d over its range) * (volume / extent_d).
  const int lo[6] = {1, 0, 2, 3, 1, 2};
  const int up[6] = {9, 7, 6, 8, 5, 6};
  const int64_t c[6] = {1, 10, 100, 1000, 10000, 100000};
  int64_t expect[7] = {0, 0, 0, 0, 0, 0, 0};
  for (int rank = 4; rank <= 6; ++rank) {
    int64_t volume = 1;
    for (int d = 0; d < rank; ++d) volume *= up[d] - lo[d];
    int64_t e = 0;
    for (int d = 0; d < rank; ++d) {
      int64_t s = 0;
      for (int64_t i = lo[d]; i < up[d]; ++i) s += i;
      e += c[d] * s * (volume / (up[d] - lo[d]));
    }
    expect[rank] = e;
  }
  int64_t r4l = -1, r4r = -1, r5l = -1, r5r = -1, r6l = -1, r6r = -1;
  hpar::parallel_reduce("r4_left", MDRangePolicy<Rank<4, Iterate::Left, Iterate::Left>>({1, 0, 2, 3}, {9, 7, 6, 8}, {2, 3, 2, 4}),
                        HPAR_LAMBDA(const int64_t a, const int64_t b, const int64_t cc, const int64_t d, int64_t& v) {
                          v += a + 10 * b + 100 * cc + 1000 * d;
                        },
                        r4l);
  hpar::parallel_reduce("r4_right", MDRangePolicy<Rank<4, Iterate::Right, Iterate::Right>>({1, 0, 2, 3}, {9, 7, 6, 8}),
                        HPAR_LAMBDA(const int64_t a, const int64_t b, const int64_t cc, const int64_t d, int64_t& v) {
                          v += a + 10 * b + 100 * cc + 1000 * d;
                        },
                        r4r);
  hpar::parallel_reduce("r5_left", MDRangePolicy<Rank<5, Iterate::Left, Iterate::Left>>({1, 0, 2, 3, 1}, {9, 7, 6, 8, 5}),
                        HPAR_LAMBDA(const int a, const int b, const int cc, const int d, const int e, int64_t& v) {
                          v += a + 10 * b + 100 * cc + 1000 * d + 10000 * e;
                        },
                        hpar::Sum<int64_t>(r5l));
  hpar::parallel_reduce("r5_right",
                        MDRangePolicy<Rank<5, Iterate::Right, Iterate::Right>>({1, 0, 2, 3, 1}, {9, 7, 6, 8, 5}, {3, 3, 3, 3, 3}),
                        HPAR_LAMBDA(const int a, const int b, const int cc, const int d, const int e, int64_t& v) {
                          v += a + 10 * b + 100 * cc + 1000 * d + 10000 * e;
                        },
                        hpar::Sum<int64_t>(r5r));
  hpar::parallel_reduce(
      "r6_left", MDRangePolicy<Rank<6, Iterate::Left, Iterate::Left>>({1, 0, 2, 3, 1, 2}, {9, 7, 6, 8, 5, 6}, {4, 2, 1, 3, 2, 2}),
      HPAR_LAMBDA(const int64_t a, const int64_t b, const int64_t cc, const int64_t d, const int64_t e, const int64_t f, int64_t& v) {
        v += a + 10 * b + 100 * cc + 1000 * d + 10000 * e + 100000 * f;
      },
      r6l);
  hpar::parallel_reduce(
      "r6_right", MDRangePolicy<Rank<6, Iterate::Right, Iterate::Right>>({1, 0, 2, 3, 1, 2}, {9, 7, 6, 8, 5, 6}),
      HPAR_LAMBDA(const int64_t a, const int64_t b, const int64_t cc, const int64_t d, const int64_t e, const int64_t f, int64_t& v) {
        v += a + 10 * b + 100 * cc + 1000 * d + 10000 * e + 100000 * f;
      },
      r6r);
  check_eq("rank 4 Sum, Left/Left tiles", r4l, expect[4]);
  check_eq("rank 4 Sum, Right/Right", r4r, expect[4]);
  check_eq("rank 5 Sum, Left/Left", r5l, expect[5]);
  check_eq("rank 5 Sum, Right/Right tiles", r5r, expect[5]);
  check_eq("rank 6 Sum, Left/Left tiles", r6l, expect[6]);
  check_eq("rank 6 Sum, Right/Right", r6r, expect[6]);

  // Rank 6 maximum of a mixed function.
  double mx = 0;
  hpar::parallel_reduce("r6_max", MDRangePolicy<Rank<6>>({1, 0, 2, 3, 1, 2}, {9, 7, 6, 8, 5, 6}),
                        HPAR_LAMBDA(const int a, const int b, const int cc, const int d, const int e, const int f, double& v) {
                          const double x = double((a * 37 + b * 11 + cc * 5 + d * 3 + e * 17 + f * 23) % 97);
                          if (x > v) v = x;
                        },
                        hpar::Max<double>(mx));
  double emx = -1;
  for (int a = 1; a < 9; ++a)
    for (int b = 0; b < 7; ++b)
      for (int cc = 2; cc < 6; ++cc)
        for (int d = 3; d < 8; ++d)
          for (int e = 1; e < 5; ++e)
            for (int f = 2; f < 6; ++f) {
              const double x = double((a * 37 + b * 11 + cc * 5 + d * 3 + e * 17 + f * 23) % 97);
              if (x > emx) emx = x;
            }
  check_near("rank 6 Max", mx, emx, 0.0);
}

void test_empty() {
  int64_t s = 5;
  double m = 5;
  int64_t calls = 0;
  hpar::parallel_reduce("empty_sum", MDRangePolicy<Rank<2>>({3, 3}, {10, 3}),
                        HPAR_LAMBDA(const int64_t i, const int64_t j, int64_t& v) { v += 1 + i + j; }, s);
  hpar::parallel_reduce("empty_max", MDRangePolicy<Rank<4, Iterate::Left, Iterate::Left>>({0, 0, 0, 0}, {2, 2, 0, 2}, {2, 2, 2, 2}),
                        HPAR_LAMBDA(const int64_t, const int64_t, const int64_t, const int64_t, double& v) { v = 1.0; },
                        hpar::Max<double>(m));
  hpar::parallel_reduce("empty_count", MDRangePolicy<Rank<3, Iterate::Right, Iterate::Right>>({5, 5, 5}, {5, 6, 7}),
                        HPAR_LAMBDA(const int64_t, const int64_t, const int64_t, int64_t& v) { v += 1; }, calls);
  check_eq("empty MDRange Sum", s, 0);
  check_near("empty MDRange Max", m, -std::numeric_limits<double>::max(), 0.0);
  check_eq("empty MDRange count", calls, 0);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_rank2();
  test_rank3();
  test_rank4_to_6();
  test_empty();
  return report();
}
