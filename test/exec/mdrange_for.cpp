// Checks parallel_for over MDRangePolicy ranks 2-6: both iteration orders, default order, explicit and default tiles, non-zero (and, with a signed IndexType, negative) lower bounds, boxes with at least 16 rows per host thread along the fastest row index, every point visited exactly once.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>
#include <string>

namespace {



template <int R, class Mirror>
double at(const Mirror& m, const int64_t* d) {
  if constexpr (R == 2) return m(d[0], d[1]);
  else if constexpr (R == 3) return m(d[0], d[1], d[2]);
  else if constexpr (R == 4) return m(d[0], d[1], d[2], d[3]);
  else if constexpr (R == 5) return m(d[0], d[1], d[2], d[3], d[4]);
  else return m(d[0], d[1], d[2], d[3], d[4], d[5]);
}

// Checks one launch: every point counted once, none outside, the value view holds
// sum_d (lower_d + offset_d) * 64^d at every point. Then resets the views.
template <int R, class ValView>
void verify(const std::string& what, hpar::View<int*> cnt, hpar::View<int*> outside, ValView val, const int* lower,
            const int* upper) {
  auto hc = hpar::create_mirror_view(cnt);
  auto ho = hpar::create_mirror_view(outside);
  auto hv = hpar::create_mirror_view(val);
  hpar::deep_copy(hc, cnt);
  hpar::deep_copy(ho, outside);
  hpar::deep_copy(hv, val);
  int64_t ext[R];
  int64_t volume = 1;
  for (int d = 0; d < R; ++d) {
    ext[d] = upper[d] - lower[d];
    volume *= ext[d];
  }
  bool ok = true;
  if (ho(0) != 0) {
    std::printf("  %s: %d calls outside the bounds\n", what.c_str(), ho(0));
    ok = false;
  }
  long long bad_count = 0, bad_value = 0;
  for (int64_t lin = 0; lin < volume; ++lin) {
    // lin is row-major over the offsets (index 0 slowest), as the kernel computes it.
    int64_t d[R];
    int64_t rest = lin;
    for (int r = R - 1; r >= 0; --r) {
      d[r] = rest % ext[r];
      rest /= ext[r];
    }
    if (hc(lin) != 1) {
      if (bad_count < 3) std::printf("  %s: point %lld visited %d times\n", what.c_str(), (long long)lin, hc(lin));
      ++bad_count;
    }
    double expect = 0.0, scale = 1.0;
    for (int r = 0; r < R; ++r) {
      expect += double(lower[r] + d[r]) * scale;
      scale *= 64.0;
    }
    const double got = at<R>(hv, d);
    if (got != expect) {
      if (bad_value < 3) std::printf("  %s: value at point %lld is %.17g, expected %.17g\n", what.c_str(), (long long)lin, got, expect);
      ++bad_value;
    }
  }
  if (bad_count || bad_value) ok = false;
  if (!ok) {
    ++g_failed;
    std::printf("check failed: %s: %lld miscounted points, %lld wrong values\n", what.c_str(), bad_count, bad_value);
  }
  hpar::deep_copy(cnt, 0);
  hpar::deep_copy(outside, 0);
  hpar::deep_copy(val, -1.0);
}

}  // namespace

using hpar::Iterate;
using hpar::MDRangePolicy;
using hpar::Rank;

void test_rank2() {
  const int l0 = 3, l1 = 2, u0 = 503, u1 = 301;
  const int lower[2] = {l0, l1}, upper[2] = {u0, u1};
  const int64_t e1 = u1 - l1;
  hpar::View<int*> cnt("cnt", int64_t(u0 - l0) * e1);
  hpar::View<int*> outside("outside", 1);
  hpar::View<double**> val("val", u0 - l0, u1 - l1);
  hpar::deep_copy(val, -1.0);
  auto body = HPAR_LAMBDA(const int64_t i, const int64_t j) {
    if (i < l0 || i >= u0 || j < l1 || j >= u1) {
      hpar::atomic_add(&outside(0), 1);
      return;
    }
    hpar::atomic_add(&cnt((i - l0) * e1 + (j - l1)), 1);
    val(i - l0, j - l1) = double(i) + 64.0 * double(j);
  };
  hpar::parallel_for("r2_left_tiled", MDRangePolicy<Rank<2, Iterate::Left, Iterate::Left>>({l0, l1}, {u0, u1}, {16, 8}), body);
  verify<2>("rank 2 Left/Left tiles 16x8", cnt, outside, val, lower, upper);
  hpar::parallel_for("r2_right_tiled", MDRangePolicy<Rank<2, Iterate::Right, Iterate::Right>>({l0, l1}, {u0, u1}, {7, 33}), body);
  verify<2>("rank 2 Right/Right tiles 7x33", cnt, outside, val, lower, upper);
  hpar::parallel_for("r2_left", MDRangePolicy<Rank<2, Iterate::Left, Iterate::Left>>({l0, l1}, {u0, u1}), body);
  verify<2>("rank 2 Left/Left default tiles", cnt, outside, val, lower, upper);
  hpar::parallel_for("r2_right", MDRangePolicy<Rank<2, Iterate::Right, Iterate::Right>>({l0, l1}, {u0, u1}), body);
  verify<2>("rank 2 Right/Right default tiles", cnt, outside, val, lower, upper);
  hpar::parallel_for("r2_default", MDRangePolicy<Rank<2>>({l0, l1}, {u0, u1}), body);
  verify<2>("rank 2 default iteration", cnt, outside, val, lower, upper);
  hpar::parallel_for(MDRangePolicy<Rank<2>, hpar::IndexType<int>>({l0, l1}, {u0, u1}, {32, 32}),
                     HPAR_LAMBDA(const int i, const int j) {
                       if (i < l0 || i >= u0 || j < l1 || j >= u1) {
                         hpar::atomic_add(&outside(0), 1);
                         return;
                       }
                       hpar::atomic_add(&cnt((i - l0) * e1 + (j - l1)), 1);
                       val(i - l0, j - l1) = double(i) + 64.0 * double(j);
                     });
  verify<2>("rank 2 IndexType<int>, tiles 32x32", cnt, outside, val, lower, upper);
}

// Negative lower bounds need a signed index type.
void test_rank2_negative() {
  const int l0 = -5, l1 = -300, u0 = 7, u1 = 2;
  const int lower[2] = {l0, l1}, upper[2] = {u0, u1};
  const int64_t e1 = u1 - l1;
  hpar::View<int*> cnt("cnt", int64_t(u0 - l0) * e1);
  hpar::View<int*> outside("outside", 1);
  hpar::View<double**> val("val", u0 - l0, u1 - l1);
  hpar::deep_copy(val, -1.0);
  auto body = HPAR_LAMBDA(const int64_t i, const int64_t j) {
    if (i < l0 || i >= u0 || j < l1 || j >= u1) {
      hpar::atomic_add(&outside(0), 1);
      return;
    }
    hpar::atomic_add(&cnt((i - l0) * e1 + (j - l1)), 1);
    val(i - l0, j - l1) = double(i) + 64.0 * double(j);
  };
  hpar::parallel_for("r2_negative_left",
                     MDRangePolicy<Rank<2, Iterate::Left, Iterate::Left>, hpar::IndexType<int64_t>>({l0, l1}, {u0, u1}, {5, 16}), body);
  verify<2>("rank 2 negative lower bounds, Left/Left tiles 5x16", cnt, outside, val, lower, upper);
  hpar::parallel_for("r2_negative_right", MDRangePolicy<Rank<2, Iterate::Right, Iterate::Right>, hpar::IndexType<int>>({l0, l1}, {u0, u1}),
                     body);
  verify<2>("rank 2 negative lower bounds, Right/Right default tiles", cnt, outside, val, lower, upper);
}

// A functor class for rank 3.
struct Visit3 {
  int l0, l1, l2, u0, u1, u2;
  int64_t e1, e2;
  hpar::View<int*> cnt;
  hpar::View<int*> outside;
  hpar::View<double***> val;
  HPAR_INLINE_FUNCTION void operator()(const int i, const int j, const int k) const {
    if (i < l0 || i >= u0 || j < l1 || j >= u1 || k < l2 || k >= u2) {
      hpar::atomic_add(&outside(0), 1);
      return;
    }
    hpar::atomic_add(&cnt(((i - l0) * e1 + (j - l1)) * e2 + (k - l2)), 1);
    val(i - l0, j - l1, k - l2) = double(i) + 64.0 * double(j) + 4096.0 * double(k);
  }
};

void test_rank3() {
  const int l0 = 2, l1 = 0, l2 = 5, u0 = 9, u1 = 66, u2 = 58;
  const int lower[3] = {l0, l1, l2}, upper[3] = {u0, u1, u2};
  hpar::View<int*> cnt("cnt", int64_t(u0 - l0) * (u1 - l1) * (u2 - l2));
  hpar::View<int*> outside("outside", 1);
  hpar::View<double***> val("val", u0 - l0, u1 - l1, u2 - l2);
  hpar::deep_copy(val, -1.0);
  const Visit3 f{l0, l1, l2, u0, u1, u2, u1 - l1, u2 - l2, cnt, outside, val};
  hpar::parallel_for("r3_left_tiled", MDRangePolicy<Rank<3, Iterate::Left, Iterate::Left>>({l0, l1, l2}, {u0, u1, u2}, {8, 3, 2}), f);
  verify<3>("rank 3 Left/Left tiles 8x3x2 (first tile wider than its extent)", cnt, outside, val, lower, upper);
  hpar::parallel_for("r3_right_tiled", MDRangePolicy<Rank<3, Iterate::Right, Iterate::Right>>({l0, l1, l2}, {u0, u1, u2}, {2, 5, 16}), f);
  verify<3>("rank 3 Right/Right tiles 2x5x16", cnt, outside, val, lower, upper);
  hpar::parallel_for("r3_left", MDRangePolicy<Rank<3, Iterate::Left, Iterate::Left>>({l0, l1, l2}, {u0, u1, u2}), f);
  verify<3>("rank 3 Left/Left default tiles", cnt, outside, val, lower, upper);
  hpar::parallel_for("r3_right", MDRangePolicy<Rank<3, Iterate::Right, Iterate::Right>>({l0, l1, l2}, {u0, u1, u2}), f);
  verify<3>("rank 3 Right/Right default tiles", cnt, outside, val, lower, upper);
  hpar::parallel_for("r3_mixed", MDRangePolicy<Rank<3, Iterate::Left, Iterate::Right>>({l0, l1, l2}, {u0, u1, u2}, {3, 4, 5}), f);
  verify<3>("rank 3 Left outer / Right inner", cnt, outside, val, lower, upper);
  hpar::parallel_for(MDRangePolicy<Rank<3>>({l0, l1, l2}, {u0, u1, u2}), f);
  verify<3>("rank 3 default iteration, no label", cnt, outside, val, lower, upper);
}

// One point of a rank-4 box: counted, and its value written (as Visit3).
struct Visit4 {
  int l0, l1, l2, l3, u0, u1, u2, u3;
  int64_t e1, e2, e3;
  hpar::View<int*> cnt;
  hpar::View<int*> outside;
  hpar::View<double****> val;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, const int64_t j, const int64_t k, const int64_t m) const {
    if (i < l0 || i >= u0 || j < l1 || j >= u1 || k < l2 || k >= u2 || m < l3 || m >= u3) {
      hpar::atomic_add(&outside(0), 1);
      return;
    }
    hpar::atomic_add(&cnt((((i - l0) * e1 + (j - l1)) * e2 + (k - l2)) * e3 + (m - l3)), 1);
    val(i - l0, j - l1, k - l2, m - l3) = double(i) + 64.0 * double(j) + 4096.0 * double(k) + 262144.0 * double(m);
  }
};

void test_rank4() {
  const int l0 = 1, l1 = 2, l2 = 3, l3 = 4, u0 = 7, u1 = 12, u2 = 15, u3 = 18;
  const int lower[4] = {l0, l1, l2, l3}, upper[4] = {u0, u1, u2, u3};
  const int64_t e1 = u1 - l1, e2 = u2 - l2, e3 = u3 - l3;
  hpar::View<int*> cnt("cnt", int64_t(u0 - l0) * e1 * e2 * e3);
  hpar::View<int*> outside("outside", 1);
  hpar::View<double****> val("val", u0 - l0, e1, e2, e3);
  hpar::deep_copy(val, -1.0);
  const Visit4 visit{l0, l1, l2, l3, u0, u1, u2, u3, e1, e2, e3, cnt, outside, val};
  auto body = HPAR_LAMBDA(const int64_t i, const int64_t j, const int64_t k, const int64_t m) { visit(i, j, k, m); };
  hpar::parallel_for("r4_left_tiled",
                     MDRangePolicy<Rank<4, Iterate::Left, Iterate::Left>>({l0, l1, l2, l3}, {u0, u1, u2, u3}, {2, 3, 4, 5}), body);
  verify<4>("rank 4 Left/Left tiles 2x3x4x5", cnt, outside, val, lower, upper);
  hpar::parallel_for("r4_right_tiled",
                     MDRangePolicy<Rank<4, Iterate::Right, Iterate::Right>>({l0, l1, l2, l3}, {u0, u1, u2, u3}, {5, 4, 3, 2}), body);
  verify<4>("rank 4 Right/Right tiles 5x4x3x2", cnt, outside, val, lower, upper);
  hpar::parallel_for("r4_left", MDRangePolicy<Rank<4, Iterate::Left, Iterate::Left>>({l0, l1, l2, l3}, {u0, u1, u2, u3}), body);
  verify<4>("rank 4 Left/Left default tiles", cnt, outside, val, lower, upper);
  hpar::parallel_for("r4_right", MDRangePolicy<Rank<4, Iterate::Right, Iterate::Right>>({l0, l1, l2, l3}, {u0, u1, u2, u3}), body);
  verify<4>("rank 4 Right/Right default tiles", cnt, outside, val, lower, upper);
}

// Enough rows along the fastest row index for each host thread to take a slab of them (16 per
// thread; the OpenMP build for the host walks such a box slab by slab, every thread sweeping the
// slower indices together): an extent that does not divide among the threads, default and
// explicit tiles, both orders, ranks 3 and 4.
void test_slabs() {
  const int64_t rows = 16 * hpar::DefaultHostExecutionSpace().concurrency() + 5;
  {
    const int l0 = 1, l1 = 3, l2 = 2, u0 = 6, u1 = 3 + int(rows), u2 = 13;
    const int lower[3] = {l0, l1, l2}, upper[3] = {u0, u1, u2};
    hpar::View<int*> cnt("cnt", int64_t(u0 - l0) * (u1 - l1) * (u2 - l2));
    hpar::View<int*> outside("outside", 1);
    hpar::View<double***> val("val", u0 - l0, u1 - l1, u2 - l2);
    hpar::deep_copy(val, -1.0);
    const Visit3 f{l0, l1, l2, u0, u1, u2, u1 - l1, u2 - l2, cnt, outside, val};
    hpar::parallel_for("r3_slab_right", MDRangePolicy<Rank<3, Iterate::Right, Iterate::Right>>({l0, l1, l2}, {u0, u1, u2}), f);
    verify<3>("rank 3 Right/Right, a slab of the middle index per thread", cnt, outside, val, lower, upper);
    hpar::parallel_for("r3_slab_left", MDRangePolicy<Rank<3, Iterate::Left, Iterate::Left>>({l0, l1, l2}, {u0, u1, u2}), f);
    verify<3>("rank 3 Left/Left, a slab of the middle index per thread", cnt, outside, val, lower, upper);
    hpar::parallel_for("r3_slab_tiled", MDRangePolicy<Rank<3, Iterate::Right, Iterate::Right>>({l0, l1, l2}, {u0, u1, u2}, {3, 7, 4}), f);
    verify<3>("rank 3 Right/Right tiles 3x7x4, slabs that cut tiles", cnt, outside, val, lower, upper);
  }
  // Rank 4: the fastest row index is 2 in Right order and 1 in Left order; each takes the rows.
  for (const bool right : {true, false}) {
    const int l0 = 0, l1 = 1, l2 = 2, l3 = 1;
    const int u0 = 3, u1 = right ? 4 : 1 + int(rows), u2 = right ? 2 + int(rows) : 5, u3 = 9;
    const int lower[4] = {l0, l1, l2, l3}, upper[4] = {u0, u1, u2, u3};
    const int64_t e1 = u1 - l1, e2 = u2 - l2, e3 = u3 - l3;
    hpar::View<int*> cnt("cnt", int64_t(u0 - l0) * e1 * e2 * e3);
    hpar::View<int*> outside("outside", 1);
    hpar::View<double****> val("val", u0 - l0, e1, e2, e3);
    hpar::deep_copy(val, -1.0);
    const Visit4 body{l0, l1, l2, l3, u0, u1, u2, u3, e1, e2, e3, cnt, outside, val};
    if (right) {
      hpar::parallel_for("r4_slab_right", MDRangePolicy<Rank<4, Iterate::Right, Iterate::Right>>({l0, l1, l2, l3}, {u0, u1, u2, u3}, {2, 2, 5, 3}), body);
      verify<4>("rank 4 Right/Right tiles 2x2x5x3, a slab of index 2 per thread", cnt, outside, val, lower, upper);
    } else {
      hpar::parallel_for("r4_slab_left", MDRangePolicy<Rank<4, Iterate::Left, Iterate::Left>>({l0, l1, l2, l3}, {u0, u1, u2, u3}), body);
      verify<4>("rank 4 Left/Left default tiles, a slab of index 1 per thread", cnt, outside, val, lower, upper);
    }
  }
}

void test_rank5() {
  const int l0 = 1, l1 = 0, l2 = 2, l3 = 3, l4 = 1, u0 = 5, u1 = 5, u2 = 8, u3 = 10, u4 = 9;
  const int lower[5] = {l0, l1, l2, l3, l4}, upper[5] = {u0, u1, u2, u3, u4};
  const int64_t e1 = u1 - l1, e2 = u2 - l2, e3 = u3 - l3, e4 = u4 - l4;
  hpar::View<int*> cnt("cnt", int64_t(u0 - l0) * e1 * e2 * e3 * e4);
  hpar::View<int*> outside("outside", 1);
  hpar::View<double*****> val("val", u0 - l0, e1, e2, e3, e4);
  hpar::deep_copy(val, -1.0);
  auto body = HPAR_LAMBDA(const int i, const int j, const int k, const int m, const int p) {
    if (i < l0 || i >= u0 || j < l1 || j >= u1 || k < l2 || k >= u2 || m < l3 || m >= u3 || p < l4 || p >= u4) {
      hpar::atomic_add(&outside(0), 1);
      return;
    }
    hpar::atomic_add(&cnt(((((i - l0) * e1 + (j - l1)) * e2 + (k - l2)) * e3 + (m - l3)) * e4 + (p - l4)), 1);
    val(i - l0, j - l1, k - l2, m - l3, p - l4) =
        double(i) + 64.0 * double(j) + 4096.0 * double(k) + 262144.0 * double(m) + 16777216.0 * double(p);
  };
  hpar::parallel_for("r5_left_tiled",
                     MDRangePolicy<Rank<5, Iterate::Left, Iterate::Left>>({l0, l1, l2, l3, l4}, {u0, u1, u2, u3, u4}, {3, 2, 2, 4, 3}),
                     body);
  verify<5>("rank 5 Left/Left tiles 3x2x2x4x3", cnt, outside, val, lower, upper);
  hpar::parallel_for("r5_right_tiled",
                     MDRangePolicy<Rank<5, Iterate::Right, Iterate::Right>>({l0, l1, l2, l3, l4}, {u0, u1, u2, u3, u4}, {1, 2, 3, 2, 8}),
                     body);
  verify<5>("rank 5 Right/Right tiles 1x2x3x2x8", cnt, outside, val, lower, upper);
  hpar::parallel_for("r5_left", MDRangePolicy<Rank<5, Iterate::Left, Iterate::Left>>({l0, l1, l2, l3, l4}, {u0, u1, u2, u3, u4}),
                     body);
  verify<5>("rank 5 Left/Left default tiles", cnt, outside, val, lower, upper);
  hpar::parallel_for("r5_right", MDRangePolicy<Rank<5, Iterate::Right, Iterate::Right>>({l0, l1, l2, l3, l4}, {u0, u1, u2, u3, u4}),
                     body);
  verify<5>("rank 5 Right/Right default tiles", cnt, outside, val, lower, upper);
}

void test_rank6() {
  const int l0 = 1, l1 = 2, l2 = 0, l3 = 1, l4 = 2, l5 = 3, u0 = 3, u1 = 5, u2 = 4, u3 = 6, u4 = 8, u5 = 10;
  const int lower[6] = {l0, l1, l2, l3, l4, l5}, upper[6] = {u0, u1, u2, u3, u4, u5};
  const int64_t e1 = u1 - l1, e2 = u2 - l2, e3 = u3 - l3, e4 = u4 - l4, e5 = u5 - l5;
  hpar::View<int*> cnt("cnt", int64_t(u0 - l0) * e1 * e2 * e3 * e4 * e5);
  hpar::View<int*> outside("outside", 1);
  hpar::View<double******> val("val", u0 - l0, e1, e2, e3, e4, e5);
  hpar::deep_copy(val, -1.0);
  auto body = HPAR_LAMBDA(const int64_t i, const int64_t j, const int64_t k, const int64_t m, const int64_t p, const int64_t q) {
    if (i < l0 || i >= u0 || j < l1 || j >= u1 || k < l2 || k >= u2 || m < l3 || m >= u3 || p < l4 || p >= u4 || q < l5 ||
        q >= u5) {
      hpar::atomic_add(&outside(0), 1);
      return;
    }
    hpar::atomic_add(&cnt((((((i - l0) * e1 + (j - l1)) * e2 + (k - l2)) * e3 + (m - l3)) * e4 + (p - l4)) * e5 + (q - l5)), 1);
    val(i - l0, j - l1, k - l2, m - l3, p - l4, q - l5) = double(i) + 64.0 * double(j) + 4096.0 * double(k) +
                                                          262144.0 * double(m) + 16777216.0 * double(p) +
                                                          1073741824.0 * double(q);
  };
  hpar::parallel_for(
      "r6_left_tiled",
      MDRangePolicy<Rank<6, Iterate::Left, Iterate::Left>>({l0, l1, l2, l3, l4, l5}, {u0, u1, u2, u3, u4, u5}, {2, 2, 3, 2, 4, 2}),
      body);
  verify<6>("rank 6 Left/Left tiles 2x2x3x2x4x2", cnt, outside, val, lower, upper);
  hpar::parallel_for(
      "r6_right_tiled",
      MDRangePolicy<Rank<6, Iterate::Right, Iterate::Right>>({l0, l1, l2, l3, l4, l5}, {u0, u1, u2, u3, u4, u5}, {1, 3, 2, 5, 2, 4}),
      body);
  verify<6>("rank 6 Right/Right tiles 1x3x2x5x2x4", cnt, outside, val, lower, upper);
  hpar::parallel_for("r6_left",
                     MDRangePolicy<Rank<6, Iterate::Left, Iterate::Left>>({l0, l1, l2, l3, l4, l5}, {u0, u1, u2, u3, u4, u5}), body);
  verify<6>("rank 6 Left/Left default tiles", cnt, outside, val, lower, upper);
  hpar::parallel_for("r6_right",
                     MDRangePolicy<Rank<6, Iterate::Right, Iterate::Right>>({l0, l1, l2, l3, l4, l5}, {u0, u1, u2, u3, u4, u5}), body);
  verify<6>("rank 6 Right/Right default tiles", cnt, outside, val, lower, upper);
}

// Empty boxes: no calls at all.
void test_empty() {
  hpar::View<int*> calls("calls", 3);
  hpar::parallel_for("empty2", MDRangePolicy<Rank<2>>({4, 1}, {4, 9}), HPAR_LAMBDA(const int64_t, const int64_t) {
    hpar::atomic_add(&calls(0), 1);
  });
  hpar::parallel_for("empty3", MDRangePolicy<Rank<3, Iterate::Left, Iterate::Left>>({0, 0, 0}, {5, 0, 5}, {2, 2, 2}),
                     HPAR_LAMBDA(const int64_t, const int64_t, const int64_t) { hpar::atomic_add(&calls(1), 1); });
  hpar::parallel_for("empty6", MDRangePolicy<Rank<6, Iterate::Right, Iterate::Right>>({0, 0, 0, 0, 0, 3}, {2, 2, 2, 2, 2, 3}),
                     HPAR_LAMBDA(const int64_t, const int64_t, const int64_t, const int64_t, const int64_t, const int64_t) {
                       hpar::atomic_add(&calls(2), 1);
                     });
  auto h = hpar::create_mirror_view(calls);
  hpar::deep_copy(h, calls);
  for (int r = 0; r < 3; ++r) {
    if (h(r) != 0) {
      ++g_failed;
      std::printf("check failed: empty MDRange case %d made %d calls\n", r, h(r));
    }
  }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_rank2();
  test_rank2_negative();
  test_rank3();
  test_rank4();
  test_slabs();
  test_rank5();
  test_rank6();
  test_empty();
  return report();
}
