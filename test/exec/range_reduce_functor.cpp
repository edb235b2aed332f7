// Checks parallel_reduce with functor classes: deduced and declared value_type, init, join, final (a mean), custom joins (product, xor, max).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace {





uint64_t mix(uint64_t v) {
  v ^= v >> 31;
  v *= 0x7fb5d329728ea185ULL;
  v ^= v >> 27;
  return v;
}

}  // namespace

// No value_type: deduced from operator(); default init (0) and join (+).
struct SumSquares {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, double& s) const { s += x(i) * x(i); }
};

// value_type, init, join, final: the mean of the elements.
struct MeanValue {
  double sum;
  long count;
};

struct Mean {
  using value_type = MeanValue;
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type& v) const {
    v.sum += x(i);
    v.count += 1;
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const {
    v.sum = 0.0;
    v.count = 0;
  }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    dst.sum += src.sum;
    dst.count += src.count;
  }
  HPAR_INLINE_FUNCTION void final(value_type& v) const {
    if (v.count > 0) v.sum = v.sum / double(v.count);
  }
};

// A product through init and join.
struct Product {
  using value_type = double;
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(const int i, value_type& v) const { v *= x(i); }
  HPAR_INLINE_FUNCTION void init(value_type& v) const { v = 1.0; }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const { dst *= src; }
};

// XOR of hashes through init and join on an integer type.
struct XorHash {
  using value_type = uint64_t;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type& v) const {
    uint64_t h = uint64_t(i) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
    v ^= h;
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const { v = 0; }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const { dst ^= src; }
};

// A maximum through init and join, scaled in final.
struct ScaledMax {
  using value_type = int64_t;
  hpar::View<int*> k;
  int64_t scale;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type& v) const {
    if (k(i) > v) v = k(i);
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const { v = -1000000000; }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (src > dst) dst = src;
  }
  HPAR_INLINE_FUNCTION void final(value_type& v) const { v *= scale; }
};

void test_deduced_sum(const int64_t n) {
  hpar::View<double*> x("x", n);
  auto hx = hpar::create_mirror_view(x);
  double e = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    hx(i) = double(int64_t(mix(uint64_t(i)) % 2001) - 1000) / 100.0;
    e += hx(i) * hx(i);
  }
  hpar::deep_copy(x, hx);
  double s = -1.0;
  hpar::parallel_reduce("sum_squares", n, SumSquares{x}, s);
  check_near("SumSquares (deduced value_type)", s, e, 1e-12 * e);
}

void test_mean() {
  const int64_t n = 1000003;
  hpar::View<double*> x("x", n);
  auto hx = hpar::create_mirror_view(x);
  long double sum = 0, sub = 0;
  const int64_t lo = 1000, hi = 5000;
  for (int64_t i = 0; i < n; ++i) {
    hx(i) = double(mix(uint64_t(i) + 17) % 100000) / 1000.0;
    sum += hx(i);
    if (i >= lo && i < hi) sub += hx(i);
  }
  hpar::deep_copy(x, hx);

  MeanValue m{0, 0};
  hpar::parallel_reduce("mean", hpar::RangePolicy<>(0, n), Mean{x}, m);
  check_near("Mean::final gives the mean", m.sum, double(sum / n), 1e-12 * double(sum / n));
  check_eq("Mean count", m.count, n);

  MeanValue ms{0, 0};
  hpar::parallel_reduce(std::string("mean_sub"), hpar::RangePolicy<>(lo, hi), Mean{x}, ms);
  check_near("Mean over [1000, 5000)", ms.sum, double(sub / (hi - lo)), 1e-12 * double(sub / (hi - lo)));
  check_eq("Mean over [1000, 5000) count", ms.count, hi - lo);

  MeanValue me{5, 5};
  hpar::parallel_reduce("mean_empty", hpar::RangePolicy<>(9, 9), Mean{x}, me);
  check_near("Mean over an empty range (init, final)", me.sum, 0.0, 0.0);
  check_eq("Mean over an empty range count", me.count, 0);

  MeanValue m1{0, 0};
  hpar::parallel_reduce("mean_one", hpar::RangePolicy<>(n - 1, n), Mean{x}, m1);
  check_near("Mean over one element", m1.sum, hx(n - 1), 0.0);
}

void test_custom_joins() {
  const int n = 200001;
  hpar::View<double*> x("x", n);
  hpar::View<int*> k("k", n);
  auto hx = hpar::create_mirror_view(x);
  auto hk = hpar::create_mirror_view(k);
  double eprod = 1.0;
  int64_t emax = -1000000000;
  for (int i = 0; i < n; ++i) {
    hx(i) = (i % 101 == 1) ? 2.0 : (i % 103 == 2 ? 0.5 : (i % 1009 == 3 ? -1.0 : 1.0));
    eprod *= hx(i);
    hk(i) = int(mix(uint64_t(i) * 3) % 1000000) - 500000;
    if (hk(i) > emax) emax = hk(i);
  }
  hpar::deep_copy(x, hx);
  hpar::deep_copy(k, hk);

  double p = 0.0;
  hpar::parallel_reduce("product", hpar::RangePolicy<hpar::IndexType<int>>(0, n), Product{x}, p);
  check_near("Product functor (init 1, join *)", p, eprod, 0.0);

  double pe = 0.0;
  hpar::parallel_reduce("product_empty", hpar::RangePolicy<hpar::IndexType<int>>(0, 0), Product{x}, pe);
  check_near("Product functor over an empty range", pe, 1.0, 0.0);

  uint64_t xr = 1;
  const int64_t m = 1000003;
  hpar::parallel_reduce("xor", m, XorHash{}, xr);
  uint64_t exr = 0;
  for (int64_t i = 0; i < m; ++i) {
    uint64_t h = uint64_t(i) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
    exr ^= h;
  }
  check_eq("XorHash functor", (long long)xr, (long long)exr);

  int64_t mx = 0;
  hpar::parallel_reduce("scaled_max", n, ScaledMax{k, 3}, mx);
  check_eq("ScaledMax functor (final scales)", mx, 3 * emax);
  int64_t mxe = 0;
  hpar::parallel_reduce("scaled_max_empty", 0, ScaledMax{k, 2}, mxe);
  check_eq("ScaledMax functor over an empty range", mxe, -2000000000LL);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_deduced_sum(1000003);
  test_deduced_sum(0);
  test_deduced_sum(1);
  test_mean();
  test_custom_joins();
  return report();
}
