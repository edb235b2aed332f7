// Checks the location reducers MinLoc MaxLoc MinMax MinMaxLoc (double and int values, int and int64_t indices), ties, sub-ranges and empty ranges.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <type_traits>

namespace {






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

using MinLocD = typename hpar::MinLoc<double, int>::value_type;
using MaxLocD = typename hpar::MaxLoc<double, int>::value_type;
using MinMaxD = typename hpar::MinMax<double>::value_type;
using MinMaxLocD = typename hpar::MinMaxLoc<double, int>::value_type;
using MinLocI = typename hpar::MinLoc<int, int64_t>::value_type;
using MaxLocI = typename hpar::MaxLoc<int, int64_t>::value_type;
using MinMaxI = typename hpar::MinMax<int>::value_type;
using MinMaxLocI = typename hpar::MinMaxLoc<int, int64_t>::value_type;

static_assert(std::is_same<decltype(MinLocD{}.val), double>::value, "MinLoc value_type::val");
static_assert(std::is_same<decltype(MinLocD{}.loc), int>::value, "MinLoc value_type::loc");
static_assert(std::is_same<decltype(MinMaxLocI{}.min_loc), int64_t>::value, "MinMaxLoc value_type::min_loc");

void test_double_values() {
  const int n = 1000003;
  hpar::View<double*> x("x", n);
  auto hx = hpar::create_mirror_view(x);
  Lcg rng(7);
  for (int i = 0; i < n; ++i) hx(i) = double(rng.next() % 4000000) / 4096.0 - 400.0;   // within (-400, 577)
  const int imin = 654321, imax = 12345;
  hx(imin) = -1000.25;   // unique global extremes
  hx(imax) = 2000.75;
  hx(1) = -5000.0;       // outside the sub-range below
  hx(n - 1) = 9000.0;
  hpar::deep_copy(x, hx);

  MinLocD ml;
  MaxLocD xl;
  MinMaxD mm;
  MinMaxLocD mml;
  const hpar::RangePolicy<> sub(2, n - 1);
  hpar::parallel_reduce("minloc", sub,
                        HPAR_LAMBDA(const int64_t i, MinLocD& v) {
                          if (x(i) < v.val) {
                            v.val = x(i);
                            v.loc = int(i);
                          }
                        },
                        hpar::MinLoc<double, int>(ml));
  hpar::parallel_reduce("maxloc", sub,
                        HPAR_LAMBDA(const int64_t i, MaxLocD& v) {
                          if (x(i) > v.val) {
                            v.val = x(i);
                            v.loc = int(i);
                          }
                        },
                        hpar::MaxLoc<double, int>(xl));
  hpar::parallel_reduce("minmax", sub,
                        HPAR_LAMBDA(const int64_t i, MinMaxD& v) {
                          if (x(i) < v.min_val) v.min_val = x(i);
                          if (x(i) > v.max_val) v.max_val = x(i);
                        },
                        hpar::MinMax<double>(mm));
  hpar::parallel_reduce("minmaxloc", sub,
                        HPAR_LAMBDA(const int64_t i, MinMaxLocD& v) {
                          if (x(i) < v.min_val) {
                            v.min_val = x(i);
                            v.min_loc = int(i);
                          }
                          if (x(i) > v.max_val) {
                            v.max_val = x(i);
                            v.max_loc = int(i);
                          }
                        },
                        hpar::MinMaxLoc<double, int>(mml));
  check_same("MinLoc<double,int> val", ml.val, -1000.25);
  check_eq("MinLoc<double,int> loc", ml.loc, imin);
  check_same("MaxLoc<double,int> val", xl.val, 2000.75);
  check_eq("MaxLoc<double,int> loc", xl.loc, imax);
  check_same("MinMax<double> min_val", mm.min_val, -1000.25);
  check_same("MinMax<double> max_val", mm.max_val, 2000.75);
  check_same("MinMaxLoc<double,int> min_val", mml.min_val, -1000.25);
  check_same("MinMaxLoc<double,int> max_val", mml.max_val, 2000.75);
  check_eq("MinMaxLoc<double,int> min_loc", mml.min_loc, imin);
  check_eq("MinMaxLoc<double,int> max_loc", mml.max_loc, imax);

  // Whole range: the planted values at the ends win.
  hpar::parallel_reduce(n,
                        HPAR_LAMBDA(const int64_t i, MinMaxLocD& v) {
                          if (x(i) < v.min_val) {
                            v.min_val = x(i);
                            v.min_loc = int(i);
                          }
                          if (x(i) > v.max_val) {
                            v.max_val = x(i);
                            v.max_loc = int(i);
                          }
                        },
                        hpar::MinMaxLoc<double, int>(mml));
  check_eq("MinMaxLoc whole range min_loc", mml.min_loc, 1);
  check_eq("MinMaxLoc whole range max_loc", mml.max_loc, n - 1);
}

void test_int_values() {
  const int64_t n = 500001;
  hpar::View<int*> k("k", n);
  auto hk = hpar::create_mirror_view(k);
  Lcg rng(11);
  for (int64_t i = 0; i < n; ++i) hk(i) = int(rng.next() % 2000000) - 1000000;
  const int64_t imin = 499999, imax = 3;
  hk(imin) = -2000000;
  hk(imax) = 2000000;
  hpar::deep_copy(k, hk);

  MinLocI ml;
  MaxLocI xl;
  MinMaxI mm;
  MinMaxLocI mml;
  hpar::parallel_reduce("minloc_int", n,
                        HPAR_LAMBDA(const int64_t i, MinLocI& v) {
                          if (k(i) < v.val) {
                            v.val = k(i);
                            v.loc = i;
                          }
                        },
                        hpar::MinLoc<int, int64_t>(ml));
  hpar::parallel_reduce("maxloc_int", hpar::RangePolicy<hpar::IndexType<int64_t>>(0, n),
                        HPAR_LAMBDA(const int64_t i, MaxLocI& v) {
                          if (k(i) > v.val) {
                            v.val = k(i);
                            v.loc = i;
                          }
                        },
                        hpar::MaxLoc<int, int64_t>(xl));
  hpar::parallel_reduce("minmax_int", n,
                        HPAR_LAMBDA(const int64_t i, MinMaxI& v) {
                          if (k(i) < v.min_val) v.min_val = k(i);
                          if (k(i) > v.max_val) v.max_val = k(i);
                        },
                        hpar::MinMax<int>(mm));
  hpar::parallel_reduce("minmaxloc_int", n,
                        HPAR_LAMBDA(const int64_t i, MinMaxLocI& v) {
                          if (k(i) < v.min_val) {
                            v.min_val = k(i);
                            v.min_loc = i;
                          }
                          if (k(i) > v.max_val) {
                            v.max_val = k(i);
                            v.max_loc = i;
                          }
                        },
                        hpar::MinMaxLoc<int, int64_t>(mml));
  check_eq("MinLoc<int,int64_t> val", ml.val, -2000000);
  check_eq("MinLoc<int,int64_t> loc", ml.loc, imin);
  check_eq("MaxLoc<int,int64_t> val", xl.val, 2000000);
  check_eq("MaxLoc<int,int64_t> loc", xl.loc, imax);
  check_eq("MinMax<int> min_val", mm.min_val, -2000000);
  check_eq("MinMax<int> max_val", mm.max_val, 2000000);
  check_eq("MinMaxLoc<int,int64_t> min_val", mml.min_val, -2000000);
  check_eq("MinMaxLoc<int,int64_t> max_val", mml.max_val, 2000000);
  check_eq("MinMaxLoc<int,int64_t> min_loc", mml.min_loc, imin);
  check_eq("MinMaxLoc<int,int64_t> max_loc", mml.max_loc, imax);
}

// Ties: any index holding the extreme value is a correct location.
void test_ties() {
  const int n = 100000;
  hpar::View<int*> k("k", n);
  auto hk = hpar::create_mirror_view(k);
  for (int i = 0; i < n; ++i) hk(i) = (i % 1000 == 17) ? -7 : (i % 777 == 5 ? 9 : i % 5);
  hpar::deep_copy(k, hk);
  using ML = typename hpar::MinLoc<int, int>::value_type;
  using XL = typename hpar::MaxLoc<int, int>::value_type;
  ML ml;
  XL xl;
  hpar::parallel_reduce("tie_min", n,
                        HPAR_LAMBDA(const int i, ML& v) {
                          if (k(i) < v.val) {
                            v.val = k(i);
                            v.loc = i;
                          }
                        },
                        hpar::MinLoc<int, int>(ml));
  hpar::parallel_reduce("tie_max", n,
                        HPAR_LAMBDA(const int i, XL& v) {
                          if (k(i) > v.val) {
                            v.val = k(i);
                            v.loc = i;
                          }
                        },
                        hpar::MaxLoc<int, int>(xl));
  check_eq("MinLoc with ties: val", ml.val, -7);
  check(ml.loc >= 0 && ml.loc < n && hk(ml.loc) == -7, "MinLoc with ties: loc holds the minimum");
  check_eq("MaxLoc with ties: val", xl.val, 9);
  check(xl.loc >= 0 && xl.loc < n && hk(xl.loc) == 9, "MaxLoc with ties: loc holds the maximum");
}

void test_small_and_empty() {
  hpar::View<double*> x("x", 8);
  auto hx = hpar::create_mirror_view(x);
  for (int i = 0; i < 8; ++i) hx(i) = double((i * 5) % 8) - 3.0;   // 5 -> 2 ... values -3..4
  hpar::deep_copy(x, hx);

  // One element.
  MinMaxLocD one;
  hpar::parallel_reduce("one", hpar::RangePolicy<>(6, 7),
                        HPAR_LAMBDA(const int64_t i, MinMaxLocD& v) {
                          if (x(i) < v.min_val) {
                            v.min_val = x(i);
                            v.min_loc = int(i);
                          }
                          if (x(i) > v.max_val) {
                            v.max_val = x(i);
                            v.max_loc = int(i);
                          }
                        },
                        hpar::MinMaxLoc<double, int>(one));
  check_same("MinMaxLoc one element min_val", one.min_val, hx(6));
  check_same("MinMaxLoc one element max_val", one.max_val, hx(6));
  check_eq("MinMaxLoc one element min_loc", one.min_loc, 6);
  check_eq("MinMaxLoc one element max_loc", one.max_loc, 6);

  // Empty ranges give the identities of the value and location types.
  MinLocD ml;
  MaxLocD xl;
  MinMaxD mm;
  MinMaxLocD mml;
  ml.val = 1;
  ml.loc = 1;
  xl.val = 1;
  xl.loc = 1;
  mm.min_val = mm.max_val = 1;
  mml.min_val = mml.max_val = 1;
  mml.min_loc = mml.max_loc = 1;
  const hpar::RangePolicy<> e(4, 4);
  hpar::parallel_reduce("e_minloc", e,
                        HPAR_LAMBDA(const int64_t i, MinLocD& v) {
                          v.val = x(i);
                          v.loc = int(i);
                        },
                        hpar::MinLoc<double, int>(ml));
  hpar::parallel_reduce("e_maxloc", e,
                        HPAR_LAMBDA(const int64_t i, MaxLocD& v) {
                          v.val = x(i);
                          v.loc = int(i);
                        },
                        hpar::MaxLoc<double, int>(xl));
  hpar::parallel_reduce("e_minmax", 0,
                        HPAR_LAMBDA(const int64_t i, MinMaxD& v) {
                          v.min_val = x(i);
                          v.max_val = x(i);
                        },
                        hpar::MinMax<double>(mm));
  hpar::parallel_reduce("e_minmaxloc", 0,
                        HPAR_LAMBDA(const int64_t i, MinMaxLocD& v) {
                          v.min_val = v.max_val = x(i);
                          v.min_loc = v.max_loc = int(i);
                        },
                        hpar::MinMaxLoc<double, int>(mml));
  check_same("empty MinLoc val", ml.val, kDmax);
  check_eq("empty MinLoc loc", ml.loc, INT_MAX);
  check_same("empty MaxLoc val", xl.val, -kDmax);
  check_eq("empty MaxLoc loc", xl.loc, INT_MAX);
  check_same("empty MinMax min_val", mm.min_val, kDmax);
  check_same("empty MinMax max_val", mm.max_val, -kDmax);
  check_same("empty MinMaxLoc min_val", mml.min_val, kDmax);
  check_same("empty MinMaxLoc max_val", mml.max_val, -kDmax);
  check_eq("empty MinMaxLoc min_loc", mml.min_loc, INT_MAX);
  check_eq("empty MinMaxLoc max_loc", mml.max_loc, INT_MAX);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_double_values();
  test_int_values();
  test_ties();
  test_small_and_empty();
  return report();
}
