// Checks parallel_reduce over RangePolicy with scalar results and the reducers Sum Prod Min Max LAnd LOr BAnd BOr (int and double), including empty ranges.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>

namespace {






// Deterministic host-side pseudo-random numbers.
struct Lcg {
  uint64_t s;
  explicit Lcg(uint64_t seed) : s(seed) {}
  uint32_t next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return uint32_t(s >> 33);
  }
};

const double kDmax = std::numeric_limits<double>::max();

}  // namespace

// Sum of doubles and of integers; the default reduction of a scalar result is a sum.
void test_sum(const int64_t n) {
  hpar::View<double*> x("x", n);
  hpar::View<int*> k("k", n);
  auto hx = hpar::create_mirror_view(x);
  auto hk = hpar::create_mirror_view(k);
  Lcg rng(n + 1);
  long double esum = 0, eabs = 0;
  long long eisum = 0;
  for (int64_t i = 0; i < n; ++i) {
    hx(i) = (double(rng.next() % 2048) - 1024.0) / 256.0;   // dyadic values
    hk(i) = int(rng.next() % 201) - 100;
    esum += hx(i);
    eabs += std::fabs(hx(i));
    eisum += hk(i);
  }
  hpar::deep_copy(x, hx);
  hpar::deep_copy(k, hk);
  const double tol = 1e-12 * double(eabs) + 1e-300;

  double s1 = 12345.0;   // the previous value must be overwritten
  hpar::parallel_reduce(n, HPAR_LAMBDA(const int64_t i, double& s) { s += x(i); }, s1);
  check_near("plain scalar sum (double)", s1, double(esum), tol);

  double s2 = -1.0;
  hpar::parallel_reduce("sum_reducer", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(const int64_t i, double& s) { s += x(i); },
                        hpar::Sum<double>(s2));
  check_near("Sum<double>", s2, double(esum), tol);

  int si = 7;
  hpar::parallel_reduce(std::string("sum_int"), hpar::RangePolicy<hpar::IndexType<int>>(0, int(n)),
                        HPAR_LAMBDA(const int i, int& s) { s += k(i); }, hpar::Sum<int>(si));
  check_eq("Sum<int>", si, eisum);

  int64_t sl = 3;
  hpar::parallel_reduce("sum_i2", n, HPAR_LAMBDA(const int64_t i, int64_t& s) { s += i * i; }, sl);
  const long long nn = n;
  check_eq("sum of i*i (int64_t)", sl, n > 0 ? nn * (nn - 1) * (2 * nn - 1) / 6 : 0);
}

void test_prod() {
  const int64_t n = 100003;
  hpar::View<double*> x("x", n);
  hpar::View<int*> k("k", n);
  auto hx = hpar::create_mirror_view(x);
  auto hk = hpar::create_mirror_view(k);
  double eprod = 1.0;
  long long eiprod = 1;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t r = i % 211;
    hx(i) = r == 3 ? 2.0 : r == 7 ? 0.5 : r == 11 && i < 2000 ? -1.0 : r == 13 && i < 50000 ? 2.0 : 1.0;
    eprod *= hx(i);   // powers of two: exact in any order
    hk(i) = (i % 9973 == 5) ? 2 : (i == 77777 ? -3 : 1);
    eiprod *= hk(i);
  }
  hpar::deep_copy(x, hx);
  hpar::deep_copy(k, hk);

  double p = 0.0;
  hpar::parallel_reduce("prod_double", n, HPAR_LAMBDA(const int64_t i, double& v) { v *= x(i); }, hpar::Prod<double>(p));
  check_same("Prod<double>", p, eprod);

  int pi = 0;
  hpar::parallel_reduce("prod_int", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(const int64_t i, int& v) { v *= k(i); },
                        hpar::Prod<int>(pi));
  check_eq("Prod<int>", pi, eiprod);
}

void test_min_max() {
  const int64_t n = 1000003;
  hpar::View<double*> x("x", n);
  hpar::View<int*> k("k", n);
  auto hx = hpar::create_mirror_view(x);
  auto hk = hpar::create_mirror_view(k);
  Lcg rng(99);
  for (int64_t i = 0; i < n; ++i) {
    hx(i) = double(rng.next() % 1000000) / 1000.0 - 500.0;
    hk(i) = int(rng.next() % 2000001) - 1000000;
  }
  // Global extremes that lie outside the reduced range [10, n-10).
  hx(3) = -1e9;
  hx(n - 2) = 1e9;
  hk(4) = INT_MIN + 5;
  hk(n - 1) = INT_MAX - 5;
  const int64_t lo = 10, hi = n - 10;
  double emin = kDmax, emax = -kDmax;
  int eimin = INT_MAX, eimax = INT_MIN;
  for (int64_t i = lo; i < hi; ++i) {
    if (hx(i) < emin) emin = hx(i);
    if (hx(i) > emax) emax = hx(i);
    if (hk(i) < eimin) eimin = hk(i);
    if (hk(i) > eimax) eimax = hk(i);
  }
  hpar::deep_copy(x, hx);
  hpar::deep_copy(k, hk);

  double mn = 0, mx = 0;
  int imn = 0, imx = 0;
  hpar::parallel_reduce("min_double", hpar::RangePolicy<>(lo, hi),
                        HPAR_LAMBDA(const int64_t i, double& v) {
                          if (x(i) < v) v = x(i);
                        },
                        hpar::Min<double>(mn));
  hpar::parallel_reduce("max_double", hpar::RangePolicy<>(lo, hi),
                        HPAR_LAMBDA(const int64_t i, double& v) {
                          if (x(i) > v) v = x(i);
                        },
                        hpar::Max<double>(mx));
  hpar::parallel_reduce("min_int", hpar::RangePolicy<hpar::IndexType<int>>(int(lo), int(hi)),
                        HPAR_LAMBDA(const int i, int& v) {
                          if (k(i) < v) v = k(i);
                        },
                        hpar::Min<int>(imn));
  hpar::parallel_reduce("max_int", hpar::RangePolicy<>(lo, hi),
                        HPAR_LAMBDA(const int64_t i, int& v) {
                          if (k(i) > v) v = k(i);
                        },
                        hpar::Max<int>(imx));
  check_same("Min<double> over [10, n-10)", mn, emin);
  check_same("Max<double> over [10, n-10)", mx, emax);
  check_eq("Min<int> over [10, n-10)", imn, eimin);
  check_eq("Max<int> over [10, n-10)", imx, eimax);

  // The same over the whole range sees the planted extremes.
  hpar::parallel_reduce(n, HPAR_LAMBDA(const int64_t i, double& v) { v = x(i) < v ? x(i) : v; }, hpar::Min<double>(mn));
  hpar::parallel_reduce(n, HPAR_LAMBDA(const int64_t i, int& v) { v = k(i) > v ? k(i) : v; }, hpar::Max<int>(imx));
  check_same("Min<double> whole range", mn, -1e9);
  check_eq("Max<int> whole range", imx, INT_MAX - 5);
}

void test_logical_bitwise() {
  const int64_t n = 300007;
  hpar::View<int*> pos("pos", n);   // all positive
  hpar::View<int*> zero("zero", n);   // all zero but one
  auto hp = hpar::create_mirror_view(pos);
  auto hz = hpar::create_mirror_view(zero);
  for (int64_t i = 0; i < n; ++i) {
    hp(i) = 1 + int(i % 5);
    hz(i) = 0;
  }
  hz(n / 3) = 9;
  hpar::deep_copy(pos, hp);
  hpar::deep_copy(zero, hz);

  int land1 = 0, land2 = 1, lor1 = 0, lor2 = 1;
  hpar::parallel_reduce("land_true", n, HPAR_LAMBDA(const int64_t i, int& v) { v = v && (pos(i) > 0); }, hpar::LAnd<int>(land1));
  hpar::parallel_reduce("land_false", n, HPAR_LAMBDA(const int64_t i, int& v) { v = v && (zero(i) == 0); },
                        hpar::LAnd<int>(land2));
  hpar::parallel_reduce("lor_true", n, HPAR_LAMBDA(const int64_t i, int& v) { v = v || (zero(i) != 0); }, hpar::LOr<int>(lor1));
  hpar::parallel_reduce("lor_false", n, HPAR_LAMBDA(const int64_t i, int& v) { v = v || (pos(i) > 5); }, hpar::LOr<int>(lor2));
  check_eq("LAnd<int>, all true", land1 != 0, 1);
  check_eq("LAnd<int>, one false", land2 != 0, 0);
  check_eq("LOr<int>, one true", lor1 != 0, 1);
  check_eq("LOr<int>, all false", lor2 != 0, 0);

  int bor = 0, bor_small = 0, band = 0, band2 = 0;
  hpar::parallel_reduce("bor", n, HPAR_LAMBDA(const int64_t i, int& v) { v |= (1 << (i % 31)); }, hpar::BOr<int>(bor));
  hpar::parallel_reduce("bor_small", hpar::RangePolicy<>(2, 7), HPAR_LAMBDA(const int64_t i, int& v) { v |= (1 << i); },
                        hpar::BOr<int>(bor_small));
  hpar::parallel_reduce("band", n, HPAR_LAMBDA(const int64_t i, int& v) { v &= ~(1 << (i % 29)); }, hpar::BAnd<int>(band));
  hpar::parallel_reduce("band_mask", n, HPAR_LAMBDA(const int64_t i, int& v) { v &= (0x5a5 | (pos(i) << 12)); },
                        hpar::BAnd<int>(band2));
  check_eq("BOr<int> of 1<<(i%31)", bor, 0x7fffffff);
  check_eq("BOr<int> over [2,7)", bor_small, 0x7c);
  check_eq("BAnd<int> of ~(1<<(i%29))", band, (long long)(int)~((1u << 29) - 1u));
  int eband2 = ~0;
  for (int64_t i = 0; i < n; ++i) eband2 &= (0x5a5 | (hp(i) << 12));
  check_eq("BAnd<int> with masks", band2, eband2);
}

void test_empty_identities() {
  hpar::View<double*> x("x", 10);
  hpar::deep_copy(x, 4.0);
  const int64_t b = 5;
  double s = 3, p = 3, mn = 3, mx = 3;
  int is = 3, ip = 3, imn = 3, imx = 3, la = 0, lo = 1, ba = 0, bo = 1;
  const hpar::RangePolicy<> e(b, b);
  hpar::parallel_reduce("e_sum", e, HPAR_LAMBDA(const int64_t i, double& v) { v += x(i); }, s);
  hpar::parallel_reduce("e_prod", e, HPAR_LAMBDA(const int64_t i, double& v) { v *= x(i); }, hpar::Prod<double>(p));
  hpar::parallel_reduce("e_min", e, HPAR_LAMBDA(const int64_t i, double& v) { v = x(i) < v ? x(i) : v; }, hpar::Min<double>(mn));
  hpar::parallel_reduce("e_max", e, HPAR_LAMBDA(const int64_t i, double& v) { v = x(i) > v ? x(i) : v; }, hpar::Max<double>(mx));
  hpar::parallel_reduce("e_isum", 0, HPAR_LAMBDA(const int64_t i, int& v) { v += int(i); }, hpar::Sum<int>(is));
  hpar::parallel_reduce("e_iprod", 0, HPAR_LAMBDA(const int64_t i, int& v) { v *= int(i); }, hpar::Prod<int>(ip));
  hpar::parallel_reduce("e_imin", 0, HPAR_LAMBDA(const int64_t i, int& v) { v = int(i) < v ? int(i) : v; }, hpar::Min<int>(imn));
  hpar::parallel_reduce("e_imax", 0, HPAR_LAMBDA(const int64_t i, int& v) { v = int(i) > v ? int(i) : v; }, hpar::Max<int>(imx));
  hpar::parallel_reduce("e_land", 0, HPAR_LAMBDA(const int64_t i, int& v) { v = v && (x(i) < 0.0); }, hpar::LAnd<int>(la));
  hpar::parallel_reduce("e_lor", 0, HPAR_LAMBDA(const int64_t i, int& v) { v = v || (x(i) > 0.0); }, hpar::LOr<int>(lo));
  hpar::parallel_reduce("e_band", 0, HPAR_LAMBDA(const int64_t, int& v) { v &= 0; }, hpar::BAnd<int>(ba));
  hpar::parallel_reduce("e_bor", 0, HPAR_LAMBDA(const int64_t, int& v) { v |= 1; }, hpar::BOr<int>(bo));
  check_same("empty Sum<double>", s, 0.0);
  check_same("empty Prod<double>", p, 1.0);
  check_same("empty Min<double>", mn, kDmax);
  check_same("empty Max<double>", mx, -kDmax);
  check_eq("empty Sum<int>", is, 0);
  check_eq("empty Prod<int>", ip, 1);
  check_eq("empty Min<int>", imn, INT_MAX);
  check_eq("empty Max<int>", imx, INT_MIN);
  check_eq("empty LAnd<int>", la != 0, 1);
  check_eq("empty LOr<int>", lo != 0, 0);
  check_eq("empty BAnd<int>", ba, ~0);
  check_eq("empty BOr<int>", bo, 0);

  // reduction_identity values themselves.
  check_same("reduction_identity<double>::sum()", hpar::reduction_identity<double>::sum(), 0.0);
  check_same("reduction_identity<double>::prod()", hpar::reduction_identity<double>::prod(), 1.0);
  check_same("reduction_identity<double>::min()", hpar::reduction_identity<double>::min(), kDmax);
  check_same("reduction_identity<double>::max()", hpar::reduction_identity<double>::max(), -kDmax);
  check_eq("reduction_identity<int>::min()", hpar::reduction_identity<int>::min(), INT_MAX);
  check_eq("reduction_identity<int>::max()", hpar::reduction_identity<int>::max(), INT_MIN);
  check_eq("reduction_identity<int>::band()", hpar::reduction_identity<int>::band(), ~0);
  check_eq("reduction_identity<int>::bor()", hpar::reduction_identity<int>::bor(), 0);
}

void test_single_element() {
  hpar::View<double*> x("x", 1);
  hpar::deep_copy(x, -2.5);
  double s = 0, mn = 0;
  hpar::parallel_reduce("one_sum", 1, HPAR_LAMBDA(const int64_t i, double& v) { v += x(i); }, s);
  hpar::parallel_reduce("one_min", 1, HPAR_LAMBDA(const int64_t i, double& v) { v = x(i) < v ? x(i) : v; }, hpar::Min<double>(mn));
  check_same("Sum over one element", s, -2.5);
  check_same("Min over one element", mn, -2.5);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_sum(1000003);
  test_sum(1);
  test_sum(0);
  test_sum(1000);
  test_prod();
  test_min_max();
  test_logical_bitwise();
  test_empty_identities();
  test_single_element();
  return report();
}
