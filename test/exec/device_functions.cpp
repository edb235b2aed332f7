// Checks that functions defined in this file without device annotations (free, overloaded, templates, chains, members, namespace, constexpr, static) and annotated ones are callable from every kind of kernel.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>


// ---- Functions without any device annotation ----
double square(double x) { return x * x; }

int twice(int v) { return 2 * v; }
double twice(double v) { return 2.0 * v; }

template <class T>
T clamp_to(T v, T lo, T hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// A helper called by a helper called by a helper.
double inner(double x) { return square(x) + 1.0; }
double middle(double x) { return inner(x) * 2.0 - twice(x); }   // 2x^2 + 2 - 2x

namespace util {
int64_t digit_sum(int64_t v) {
  int64_t s = 0;
  while (v > 0) {
    s += v % 10;
    v /= 10;
  }
  return s;
}
}  // namespace util

constexpr int cube(int x) { return x * x * x; }

static double halve(double x) { return 0.5 * x; }

struct Scaler {
  double f;
  double apply(double x) const { return f * x; }
  static int sign(double x) { return x < 0 ? -1 : (x > 0 ? 1 : 0); }
};

template <class T>
struct Accum {
  T total;
  void add(T v) { total += v; }
};

double uses_sqrt(double x) { return sqrt(x); }

// ---- Annotated functions ----
HPAR_INLINE_FUNCTION double annotated_poly(double x) { return (x + 1.0) * (x - 1.0); }

HPAR_FUNCTION double annotated_affine(double x) { return 3.0 * x - 1.0; }

// A functor whose annotated operator() calls unannotated functions.
struct UsesHelpers {
  hpar::View<double*> out;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i) const { out(i) = middle(double(i % 64) * 0.25) + clamp_to<double>(double(i), 0.0, 10.0); }
};

const int kCols = 10;

void test_for() {
  const int64_t n = 200003;
  hpar::View<double**> out("out", n, kCols);
  const Scaler sc{1.5};
  hpar::parallel_for("call_helpers", n, HPAR_LAMBDA(const int64_t i) {
    const double x = 0.5 * double(i % 4001) - 1000.0;
    out(i, 0) = square(x);
    out(i, 1) = double(twice(int(i % 1000))) + twice(0.25 * double(i));
    out(i, 2) = double(clamp_to<int>(int(i % 100) - 50, -10, 10)) + clamp_to(x, -3.5, 7.25);
    out(i, 3) = middle(x);
    out(i, 4) = double(util::digit_sum(i));
    out(i, 5) = double(cube(int(i % 50))) + halve(double(i));
    out(i, 6) = sc.apply(x) + double(Scaler::sign(x));
    Accum<int64_t> acc{0};
    for (int k = 0; k < 4; ++k) acc.add(i + k);
    out(i, 7) = double(acc.total);
    out(i, 8) = annotated_poly(x) + annotated_affine(x);
    auto inc = [](double v) { return v + 1.0; };
    out(i, 9) = inc(x) + uses_sqrt(double((i % 300) * (i % 300)));
  });
  hpar::View<double*> fo("fo", n);
  hpar::parallel_for("functor_helpers", n, UsesHelpers{fo});

  auto h = hpar::create_mirror_view(out);
  auto hf = hpar::create_mirror_view(fo);
  hpar::deep_copy(h, out);
  hpar::deep_copy(hf, fo);
  long long bad[kCols + 1] = {0};
  for (int64_t i = 0; i < n; ++i) {
    const double x = 0.5 * double(i % 4001) - 1000.0;
    int64_t ds = 0;
    for (int64_t v = i; v > 0; v /= 10) ds += v % 10;
    const int c2 = int(i % 100) - 50;
    const double e[kCols] = {
        x * x,
        2.0 * double(i % 1000) + 0.5 * double(i),
        double(c2 < -10 ? -10 : (c2 > 10 ? 10 : c2)) + (x < -3.5 ? -3.5 : (x > 7.25 ? 7.25 : x)),
        2.0 * x * x + 2.0 - 2.0 * x,
        double(ds),
        double((i % 50) * (i % 50) * (i % 50)) + 0.5 * double(i),
        1.5 * x + (x < 0 ? -1.0 : (x > 0 ? 1.0 : 0.0)),
        double(4 * i + 6),
        (x * x - 1.0) + (3.0 * x - 1.0),
        x + 1.0 + double(i % 300),
    };
    for (int c = 0; c < kCols; ++c) {
      const double tol = (c == 8 || c == 9) ? 1e-9 * (1.0 + std::fabs(e[c])) : 0.0;
      if (!(std::fabs(h(i, c) - e[c]) <= tol)) {
        if (bad[c] < 3) std::printf("  helper column %d, index %lld: got %.17g, expected %.17g\n", c, (long long)i, h(i, c), e[c]);
        ++bad[c];
      }
    }
    const double y = double(i % 64) * 0.25;
    const double ef = 2.0 * y * y + 2.0 - 2.0 * y + (double(i) > 10.0 ? 10.0 : double(i));
    if (hf(i) != ef) {
      if (bad[kCols] < 3) std::printf("  functor helpers, index %lld: got %.17g, expected %.17g\n", (long long)i, hf(i), ef);
      ++bad[kCols];
    }
  }
  for (int c = 0; c <= kCols; ++c) check_eq("mismatching elements for one helper", bad[c], 0);
}

void test_reduce_scan_mdrange() {
  // Sum of digit sums of 0 .. 10^6-1: each of the 6 digit positions takes each digit 10^5 times.
  const int64_t n = 1000000;
  int64_t ds = 0;
  hpar::parallel_reduce("digit_sums", n, HPAR_LAMBDA(const int64_t i, int64_t& v) { v += util::digit_sum(i); }, ds);
  check_eq("reduce calling a namespace function", ds, 6LL * 45 * 100000);

  int mx = 0;
  hpar::parallel_reduce("clamped_max", n,
                        HPAR_LAMBDA(const int64_t i, int& v) {
                          const int c = clamp_to<int>(cube(int(i % 100)), 0, 500000);
                          if (c > v) v = c;
                        },
                        hpar::Max<int>(mx));
  check_eq("reduce calling a template and a constexpr function", mx, 500000);

  const int64_t m = 100001;
  hpar::View<int64_t*> pre("pre", m);
  int64_t total = 0;
  hpar::parallel_scan("scan_helpers", m,
                      HPAR_LAMBDA(const int64_t i, int64_t& update, const bool final) {
                        update += twice(int(i % 7));
                        if (final) pre(i) = update;
                      },
                      total);
  auto hp = hpar::create_mirror_view(pre);
  hpar::deep_copy(hp, pre);
  int64_t acc = 0;
  long long bad = 0;
  for (int64_t i = 0; i < m; ++i) {
    acc += 2 * (i % 7);
    if (hp(i) != acc) ++bad;
  }
  check_eq("scan calling an overloaded function (bad elements)", bad, 0);
  check_eq("scan calling an overloaded function (total)", total, acc);

  hpar::View<double**> g("g", 40, 30);
  hpar::parallel_for("md_helpers", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {40, 30}), HPAR_LAMBDA(const int64_t i, const int64_t j) {
    g(i, j) = inner(double(i)) + halve(double(j));
  });
  double gs = 0;
  hpar::parallel_reduce("md_reduce_helpers", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {40, 30}),
                        HPAR_LAMBDA(const int64_t i, const int64_t j, double& v) { v += halve(2.0 * g(i, j)); }, gs);
  double eg = 0;
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 30; ++j) eg += double(i) * i + 1.0 + 0.5 * j;
  check_eq("MDRange for and reduce calling helpers", (long long)(gs * 2), (long long)(eg * 2));
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_for();
  test_reduce_scan_mdrange();
  return report();
}
