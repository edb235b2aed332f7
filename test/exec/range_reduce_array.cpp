// Checks array reductions (value_type = T[] with a runtime value_count): histograms with and without init/join, final, large counts, empty ranges.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

int g_failed = 0;

void check_eq(const char* what, int bin, long long got, long long expected) {
  if (got != expected) {
    ++g_failed;
    std::printf("check failed: %s [%d]: got %lld, expected %lld\n", what, bin, got, expected);
  }
}

void check_near(const char* what, int bin, double got, double expected, double tol) {
  if (!(std::fabs(got - expected) <= tol)) {
    ++g_failed;
    std::printf("check failed: %s [%d]: got %.17g, expected %.17g (tolerance %g)\n", what, bin, got, expected, tol);
  }
}

int report() {
  if (g_failed != 0) {
    std::printf("FAILED: %d checks\n", g_failed);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}

}  // namespace

// Histogram of 7 bins with init and join.
struct Histogram {
  using value_type = int64_t[];
  using size_type = int;
  int value_count;
  hpar::View<int*> key;
  Histogram(hpar::View<int*> k, int bins) : value_count(bins), key(k) {}
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type h) const { h[key(i) % value_count] += 1; }
  HPAR_INLINE_FUNCTION void init(value_type h) const {
    for (int b = 0; b < value_count; ++b) h[b] = 0;
  }
  HPAR_INLINE_FUNCTION void join(value_type dst, const value_type src) const {
    for (int b = 0; b < value_count; ++b) dst[b] += src[b];
  }
};

// Weighted histogram on doubles without init/join (zero and + by default).
struct WeightedBins {
  using value_type = double[];
  int value_count;
  hpar::View<int*> key;
  hpar::View<double*> w;
  WeightedBins(hpar::View<int*> k, hpar::View<double*> ww, int bins) : value_count(bins), key(k), w(ww) {}
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type h) const { h[key(i) % value_count] += w(i); }
};

// Fractions per bin: counts normalised in final.
struct Fractions {
  using value_type = double[];
  int value_count;
  hpar::View<int*> key;
  Fractions(hpar::View<int*> k, int bins) : value_count(bins), key(k) {}
  HPAR_INLINE_FUNCTION void operator()(const int i, value_type h) const { h[key(i) % value_count] += 1.0; }
  HPAR_INLINE_FUNCTION void init(value_type h) const {
    for (int b = 0; b < value_count; ++b) h[b] = 0.0;
  }
  HPAR_INLINE_FUNCTION void join(value_type dst, const value_type src) const {
    for (int b = 0; b < value_count; ++b) dst[b] += src[b];
  }
  HPAR_INLINE_FUNCTION void final(value_type h) const {
    double total = 0.0;
    for (int b = 0; b < value_count; ++b) total += h[b];
    if (total > 0.0)
      for (int b = 0; b < value_count; ++b) h[b] /= total;
  }
};

// Per-bin minimum and maximum interleaved: slot 2b holds the minimum of bin b, 2b+1 the maximum.
struct BinMinMax {
  using value_type = int[];
  int value_count;
  hpar::View<int*> key;
  hpar::View<int*> val;
  BinMinMax(hpar::View<int*> k, hpar::View<int*> v, int bins) : value_count(2 * bins), key(k), val(v) {}
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type h) const {
    const int b = key(i) % (value_count / 2);
    if (val(i) < h[2 * b]) h[2 * b] = val(i);
    if (val(i) > h[2 * b + 1]) h[2 * b + 1] = val(i);
  }
  HPAR_INLINE_FUNCTION void init(value_type h) const {
    for (int b = 0; b < value_count; b += 2) {
      h[b] = 2147483647;
      h[b + 1] = -2147483647 - 1;
    }
  }
  HPAR_INLINE_FUNCTION void join(value_type dst, const value_type src) const {
    for (int b = 0; b < value_count; b += 2) {
      if (src[b] < dst[b]) dst[b] = src[b];
      if (src[b + 1] > dst[b + 1]) dst[b + 1] = src[b + 1];
    }
  }
};

void run(const int64_t n) {
  hpar::View<int*> key("key", n);
  hpar::View<int*> val("val", n);
  hpar::View<double*> w("w", n);
  auto hk = hpar::create_mirror_view(key);
  auto hv = hpar::create_mirror_view(val);
  auto hw = hpar::create_mirror_view(w);
  uint64_t s = 2024 + uint64_t(n);
  for (int64_t i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    hk(i) = int((s >> 33) % 100000);
    hv(i) = int((s >> 13) % 1000000) - 500000;
    hw(i) = double(int((s >> 40) % 64)) * 0.25;
  }
  hpar::deep_copy(key, hk);
  hpar::deep_copy(val, hv);
  hpar::deep_copy(w, hw);

  // 7 bins into a plain array.
  {
    int64_t hist[7];
    for (int b = 0; b < 7; ++b) hist[b] = -1;
    hpar::parallel_reduce("histogram7", n, Histogram(key, 7), hist);
    int64_t e[7] = {0, 0, 0, 0, 0, 0, 0};
    for (int64_t i = 0; i < n; ++i) e[hk(i) % 7] += 1;
    for (int b = 0; b < 7; ++b) check_eq("Histogram 7 bins", b, hist[b], e[b]);
  }
  // 40 bins into a pointer, sub-range.
  {
    std::vector<int64_t> out(40, -1);
    int64_t* p = out.data();
    const int64_t lo = n / 3, hi = n - n / 5;
    hpar::parallel_reduce("histogram40", hpar::RangePolicy<>(lo, hi), Histogram(key, 40), p);
    std::vector<int64_t> e(40, 0);
    for (int64_t i = lo; i < hi; ++i) e[hk(i) % 40] += 1;
    for (int b = 0; b < 40; ++b) check_eq("Histogram 40 bins over a sub-range", b, out[b], e[b]);
  }
  // One bin.
  {
    int64_t one[1] = {-1};
    hpar::parallel_reduce("histogram1", n, Histogram(key, 1), one);
    check_eq("Histogram 1 bin", 0, one[0], n);
  }
  // Weighted, default init and join.
  {
    double bins[7];
    for (int b = 0; b < 7; ++b) bins[b] = -1.0;
    hpar::parallel_reduce("weighted7", hpar::RangePolicy<>(0, n), WeightedBins(key, w, 7), bins);
    double e[7] = {0, 0, 0, 0, 0, 0, 0};
    for (int64_t i = 0; i < n; ++i) e[hk(i) % 7] += hw(i);
    for (int b = 0; b < 7; ++b) check_near("WeightedBins (default init/join)", b, bins[b], e[b], 1e-12 * e[b]);
  }
  // Fractions through final.
  {
    double fr[5];
    hpar::parallel_reduce("fractions", hpar::RangePolicy<hpar::IndexType<int>>(0, int(n)), Fractions(key, 5), fr);
    double e[5] = {0, 0, 0, 0, 0};
    for (int64_t i = 0; i < n; ++i) e[hk(i) % 5] += 1.0;
    for (int b = 0; b < 5; ++b) check_near("Fractions (final normalises)", b, fr[b], n > 0 ? e[b] / double(n) : 0.0, 1e-14);
  }
  // Per-bin minimum and maximum.
  {
    int mm[6];
    hpar::parallel_reduce("bin_min_max", n, BinMinMax(key, val, 3), mm);
    int e[6];
    for (int b = 0; b < 6; b += 2) {
      e[b] = 2147483647;
      e[b + 1] = -2147483647 - 1;
    }
    for (int64_t i = 0; i < n; ++i) {
      const int b = hk(i) % 3;
      if (hv(i) < e[2 * b]) e[2 * b] = hv(i);
      if (hv(i) > e[2 * b + 1]) e[2 * b + 1] = hv(i);
    }
    for (int b = 0; b < 6; ++b) check_eq("BinMinMax (custom init/join)", b, mm[b], e[b]);
  }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  run(1000003);
  run(1);
  run(0);
  run(4097);
  return report();
}
