// Checks several results in one parallel_reduce: reducers, plain scalars and Views mixed, with lambdas and a functor, including empty ranges.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>

namespace {





const double kDmax = std::numeric_limits<double>::max();

}  // namespace

using MinLocT = typename hpar::MinLoc<double, int>::value_type;
using MinMaxT = typename hpar::MinMax<double>::value_type;

// A functor producing two sums (count and total) without value_type.
struct CountAndTotal {
  hpar::View<double*> x;
  double threshold;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, int64_t& count, double& total) const {
    if (x(i) > threshold) {
      count += 1;
      total += x(i);
    }
  }
};

struct Data {
  int64_t n;
  hpar::View<double*> x;
  hpar::View<int*> k;
  std::vector<double> hx;
  std::vector<int> hk;
};

Data make_data(const int64_t n) {
  Data d{n, hpar::View<double*>("x", n), hpar::View<int*>("k", n), std::vector<double>(n), std::vector<int>(n)};
  uint64_t s = 77 + uint64_t(n);
  for (int64_t i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    d.hx[i] = double(int64_t((s >> 33) % 2000000) - 1000000) / 512.0;
    d.hk[i] = int((s >> 20) % 1000);
  }
  if (n > 10) {
    d.hx[n / 2 + 1] = -4000.0;   // unique minimum
    d.hx[n / 7] = 4000.0;        // unique maximum
  }
  auto mx = hpar::create_mirror_view(d.x);
  auto mk = hpar::create_mirror_view(d.k);
  for (int64_t i = 0; i < n; ++i) {
    mx(i) = d.hx[i];
    mk(i) = d.hk[i];
  }
  hpar::deep_copy(d.x, mx);
  hpar::deep_copy(d.k, mk);
  return d;
}

void test_three_reducers(const int64_t n) {
  Data d = make_data(n);
  auto x = d.x;
  double sum = -1, mx = -1;
  MinLocT ml;
  hpar::parallel_reduce("sum_max_minloc", hpar::RangePolicy<>(0, n),
                        HPAR_LAMBDA(const int64_t i, double& s, double& m, MinLocT& l) {
                          s += x(i);
                          if (x(i) > m) m = x(i);
                          if (x(i) < l.val) {
                            l.val = x(i);
                            l.loc = int(i);
                          }
                        },
                        hpar::Sum<double>(sum), hpar::Max<double>(mx), hpar::MinLoc<double, int>(ml));
  double esum = 0, eabs = 0, emax = -kDmax, emin = kDmax;
  int eloc = INT_MAX;
  for (int64_t i = 0; i < n; ++i) {
    esum += d.hx[i];
    eabs += std::fabs(d.hx[i]);
    if (d.hx[i] > emax) emax = d.hx[i];
    if (d.hx[i] < emin) {
      emin = d.hx[i];
      eloc = int(i);
    }
  }
  check_near("multi: Sum", sum, esum, 1e-12 * eabs);
  check_near("multi: Max", mx, emax, 0.0);
  check_near("multi: MinLoc val", ml.val, emin, 0.0);
  check_eq("multi: MinLoc loc", ml.loc, eloc);
}

void test_scalars_and_reducers(const int64_t n) {
  Data d = make_data(n);
  auto x = d.x;
  auto k = d.k;
  // Two plain scalars: both sums.
  int64_t count = -1;
  double total = -1;
  hpar::parallel_reduce("two_scalars", n,
                        HPAR_LAMBDA(const int64_t i, int64_t& c, double& t) {
                          c += (k(i) % 2 == 0) ? 1 : 0;
                          t += 2.0 * x(i);
                        },
                        count, total);
  // Five reducers of mixed types.
  int64_t isum = -1;
  double prod = -1;
  int bor = -1, land = -1;
  MinMaxT mm;
  hpar::parallel_reduce("five", hpar::RangePolicy<hpar::IndexType<int>>(0, int(n)),
                        HPAR_LAMBDA(const int i, int64_t& s, double& p, int& o, int& a, MinMaxT& m) {
                          s += k(i);
                          p *= (k(i) == 500 && i % 16 == 0 ? 2.0 : 1.0);
                          o |= (1 << (k(i) % 20));
                          a = a && (k(i) < 1000);
                          if (x(i) < m.min_val) m.min_val = x(i);
                          if (x(i) > m.max_val) m.max_val = x(i);
                        },
                        hpar::Sum<int64_t>(isum), hpar::Prod<double>(prod), hpar::BOr<int>(bor), hpar::LAnd<int>(land),
                        hpar::MinMax<double>(mm));
  // A scalar mixed with a reducer.
  double s2 = -1;
  int mn = -1;
  hpar::parallel_reduce("scalar_and_reducer", n,
                        HPAR_LAMBDA(const int64_t i, double& s, int& m) {
                          s += x(i);
                          if (k(i) < m) m = k(i);
                        },
                        s2, hpar::Min<int>(mn));
  // A functor with two results.
  int64_t fc = -1;
  double ft = -1;
  hpar::parallel_reduce("functor_two", n, CountAndTotal{x, 100.0}, fc, ft);

  int64_t ecount = 0, eisum = 0, efc = 0;
  double etotal = 0, eabs = 0, eprod = 1, emin = kDmax, emax = -kDmax, eft = 0;
  int ebor = 0, emn = INT_MAX;
  for (int64_t i = 0; i < n; ++i) {
    ecount += (d.hk[i] % 2 == 0) ? 1 : 0;
    etotal += 2.0 * d.hx[i];
    eabs += 2.0 * std::fabs(d.hx[i]);
    eisum += d.hk[i];
    eprod *= (d.hk[i] == 500 && i % 16 == 0 ? 2.0 : 1.0);
    ebor |= (1 << (d.hk[i] % 20));
    if (d.hx[i] < emin) emin = d.hx[i];
    if (d.hx[i] > emax) emax = d.hx[i];
    if (d.hk[i] < emn) emn = d.hk[i];
    if (d.hx[i] > 100.0) {
      efc += 1;
      eft += d.hx[i];
    }
  }
  check_eq("two scalars: count", count, ecount);
  check_near("two scalars: total", total, etotal, 1e-12 * eabs);
  check_eq("five: Sum<int64_t>", isum, eisum);
  check_near("five: Prod<double>", prod, eprod, 0.0);
  check_eq("five: BOr<int>", bor, ebor);
  check_eq("five: LAnd<int>", land != 0, 1);
  check_near("five: MinMax min", mm.min_val, emin, 0.0);
  check_near("five: MinMax max", mm.max_val, emax, 0.0);
  check_near("scalar and reducer: sum", s2, etotal / 2.0, 1e-12 * eabs);
  check_eq("scalar and reducer: Min<int>", mn, emn);
  check_eq("functor with two results: count", fc, efc);
  check_near("functor with two results: total", ft, eft, 1e-12 * eabs);
}

void test_with_views(const int64_t n) {
  Data d = make_data(n);
  auto x = d.x;
  hpar::View<double> dsum("dsum");
  hpar::View<double, hpar::HostSpace> hmax("hmax");
  using DevSpace = typename hpar::View<double>::memory_space;
  int64_t count = -1;
  hpar::parallel_reduce("views_mixed", n,
                        HPAR_LAMBDA(const int64_t i, double& s, double& m, int64_t& c) {
                          s += x(i);
                          if (x(i) > m) m = x(i);
                          c += 1;
                        },
                        hpar::Sum<double, DevSpace>(dsum), hpar::Max<double, hpar::HostSpace>(hmax), count);
  hpar::fence();
  auto hsum = hpar::create_mirror_view(dsum);
  hpar::deep_copy(hsum, dsum);
  double esum = 0, eabs = 0, emax = -kDmax;
  for (int64_t i = 0; i < n; ++i) {
    esum += d.hx[i];
    eabs += std::fabs(d.hx[i]);
    if (d.hx[i] > emax) emax = d.hx[i];
  }
  check_near("views: Sum into a device View", hsum(), esum, 1e-12 * eabs);
  check_near("views: Max into a host View", hmax(), emax, 0.0);
  check_eq("views: scalar count", count, n);
}

void test_empty() {
  Data d = make_data(5);
  auto x = d.x;
  double s = 3, m = 3;
  MinLocT ml;
  int64_t c = 3;
  int p = 3;
  hpar::parallel_reduce("empty_multi", hpar::RangePolicy<>(2, 2),
                        HPAR_LAMBDA(const int64_t i, double& a, double& b, MinLocT& l, int64_t& cc, int& pp) {
                          a += x(i);
                          b = x(i);
                          l.val = x(i);
                          l.loc = int(i);
                          cc += 1;
                          pp *= 5;
                        },
                        hpar::Sum<double>(s), hpar::Max<double>(m), hpar::MinLoc<double, int>(ml), c, hpar::Prod<int>(p));
  check_near("empty multi: Sum", s, 0.0, 0.0);
  check_near("empty multi: Max", m, -kDmax, 0.0);
  check_near("empty multi: MinLoc val", ml.val, kDmax, 0.0);
  check_eq("empty multi: MinLoc loc", ml.loc, INT_MAX);
  check_eq("empty multi: scalar", c, 0);
  check_eq("empty multi: Prod<int>", p, 1);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_three_reducers(1000003);
  test_three_reducers(1);
  test_three_reducers(33);
  test_scalars_and_reducers(1000003);
  test_scalars_and_reducers(2);
  test_with_views(300001);
  test_empty();
  return report();
}
