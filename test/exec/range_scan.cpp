// Checks parallel_scan over RangePolicy: exclusive and inclusive use of final, with and without a total, non-zero begin, functors with init/join, stream compaction, empty ranges,
// and a join that is associative but not commutative over a two-field value (the order in which tiles' values are combined), values of 24 and 160 bytes, lengths about a tile.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {




struct ElementCheck {
  const char* what;
  long long bad = 0;
  explicit ElementCheck(const char* w) : what(w) {}
  void operator()(long long index, double got, double expected, double tol = 0.0) {
    if (!(std::fabs(got - expected) <= tol)) {
      if (bad < 5) std::printf("  %s: element %lld is %.17g, expected %.17g\n", what, index, got, expected);
      ++bad;
    }
  }
  ~ElementCheck() {
    if (bad != 0) {
      ++g_failed;
      std::printf("check failed: %s: %lld mismatching elements\n", what, bad);
    }
  }
};


}  // namespace

// Inclusive running maximum through init and join.
struct RunningMax {
  using value_type = int64_t;
  hpar::View<int*> v;
  hpar::View<int64_t*> out;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type& update, const bool final) const {
    if (v(i) > update) update = v(i);
    if (final) out(i) = update;
  }
  HPAR_INLINE_FUNCTION void init(value_type& update) const { update = -1000000000; }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (src > dst) dst = src;
  }
};

// The first and the last index seen so far: joining keeps the earlier first and the later last,
// so any change in the order of the combination changes the result.
struct Ends {
  int64_t first, last;
};
struct OrderedEnds {
  using value_type = Ends;
  hpar::View<int64_t*> firsts, lasts;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type& update, const bool final) const {
    if (final) {
      firsts(i) = update.first;
      lasts(i) = update.last;
    }
    const value_type own{i, i};
    join(update, own);
  }
  HPAR_INLINE_FUNCTION void init(value_type& update) const { update = value_type{-1, -1}; }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (dst.first < 0) dst = src;
    else if (src.first >= 0) dst.last = src.last;
  }
};

void test_ordered(const int64_t n) {
  hpar::View<int64_t*> firsts("firsts", n), lasts("lasts", n);
  Ends total{0, 0};
  hpar::parallel_scan("ordered_ends", n, OrderedEnds{firsts, lasts}, total);
  auto hf = hpar::create_mirror_view_and_copy(hpar::HostSpace(), firsts);
  auto hl = hpar::create_mirror_view_and_copy(hpar::HostSpace(), lasts);
  int64_t wrong = 0;
  for (int64_t i = 0; i < n; ++i)
    if (hf(i) != (i == 0 ? -1 : 0) || hl(i) != i - 1) ++wrong;
  check_eq("ordered ends: wrong prefixes", wrong, 0);
  check_eq("ordered ends: total first", total.first, n > 0 ? 0 : -1);
  check_eq("ordered ends: total last", total.last, n - 1);
}

// Exclusive prefix sum without init/join, int index.
struct ExclusiveSum {
  hpar::View<int*> v;
  hpar::View<int64_t*> out;
  HPAR_INLINE_FUNCTION void operator()(const int i, int64_t& update, const bool final) const {
    if (final) out(i) = update;
    update += v(i);
  }
};

void test_prefix_sums(const int64_t n) {
  hpar::View<int*> v("v", n);
  hpar::View<int64_t*> ex("ex", n);
  hpar::View<int64_t*> in("in", n);
  auto hv = hpar::create_mirror_view(v);
  uint64_t s = 3 + uint64_t(n);
  for (int64_t i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    hv(i) = int((s >> 33) % 2001) - 900;
  }
  hpar::deep_copy(v, hv);

  hpar::parallel_scan("exclusive", n, HPAR_LAMBDA(const int64_t i, int64_t& update, const bool final) {
    if (final) ex(i) = update;
    update += v(i);
  });
  int64_t total = -1;
  hpar::parallel_scan("inclusive_total", hpar::RangePolicy<>(0, n),
                      HPAR_LAMBDA(const int64_t i, int64_t& update, const bool final) {
                        update += v(i);
                        if (final) in(i) = update;
                      },
                      total);
  auto hex = hpar::create_mirror_view(ex);
  auto hin = hpar::create_mirror_view(in);
  hpar::deep_copy(hex, ex);
  hpar::deep_copy(hin, in);
  int64_t acc = 0;
  ElementCheck ce("exclusive prefix sum");
  ElementCheck ci("inclusive prefix sum");
  for (int64_t i = 0; i < n; ++i) {
    ce(i, double(hex(i)), double(acc));
    acc += hv(i);
    ci(i, double(hin(i)), double(acc));
  }
  check_eq("scan total", total, acc);
}

void test_offset_and_double() {
  const int64_t n = 1000003;
  const int64_t lo = 1000;
  hpar::View<double*> x("x", n);
  hpar::View<double*> out("out", n);
  auto hx = hpar::create_mirror_view(x);
  for (int64_t i = 0; i < n; ++i) hx(i) = 0.25 * double(i % 17) - 1.0;   // dyadic: exact partial sums
  hpar::deep_copy(x, hx);
  hpar::deep_copy(out, -7.0);
  double total = 0.0;
  hpar::parallel_scan(std::string("offset_double"), hpar::RangePolicy<>(lo, n),
                      HPAR_LAMBDA(const int64_t i, double& update, const bool final) {
                        update += x(i);
                        if (final) out(i) = update;
                      },
                      total);
  auto ho = hpar::create_mirror_view(out);
  hpar::deep_copy(ho, out);
  double acc = 0.0;
  ElementCheck c("inclusive double scan over [1000, n)");
  for (int64_t i = 0; i < n; ++i) {
    if (i >= lo) acc += hx(i);
    c(i, ho(i), i >= lo ? acc : -7.0, 1e-9);
  }
  check_near("double scan total", total, acc, 1e-9);
}

void test_functors(const int64_t n) {
  hpar::View<int*> v("v", n);
  hpar::View<int64_t*> rmax("rmax", n);
  hpar::View<int64_t*> ex("ex", n);
  auto hv = hpar::create_mirror_view(v);
  uint64_t s = 101 + uint64_t(n);
  for (int64_t i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    hv(i) = int((s >> 33) % 100000000) - 50000000;
  }
  hpar::deep_copy(v, hv);

  int64_t mtotal = 0;
  hpar::parallel_scan("running_max", n, RunningMax{v, rmax}, mtotal);
  hpar::parallel_scan("exclusive_functor", hpar::RangePolicy<hpar::IndexType<int>>(0, int(n)), ExclusiveSum{v, ex});
  auto hr = hpar::create_mirror_view(rmax);
  auto he = hpar::create_mirror_view(ex);
  hpar::deep_copy(hr, rmax);
  hpar::deep_copy(he, ex);
  int64_t m = -1000000000, acc = 0;
  ElementCheck cm("running maximum (functor init/join)");
  ElementCheck ce("exclusive sum functor, int index");
  for (int64_t i = 0; i < n; ++i) {
    if (hv(i) > m) m = hv(i);
    cm(i, double(hr(i)), double(m));
    ce(i, double(he(i)), double(acc));
    acc += hv(i);
  }
  check_eq("running maximum total (join of all)", mtotal, m);
}

// Stream compaction: flags, exclusive offsets from a scan, then a scatter.
void test_compaction() {
  const int64_t n = 777777;
  hpar::View<int*> v("v", n);
  hpar::View<int64_t*> offset("offset", n);
  auto hv = hpar::create_mirror_view(v);
  for (int64_t i = 0; i < n; ++i) hv(i) = int((i * 2654435761u) % 1000);
  hpar::deep_copy(v, hv);

  int64_t kept = 0;
  hpar::parallel_scan("compact_offsets", n,
                      HPAR_LAMBDA(const int64_t i, int64_t& update, const bool final) {
                        const int keep = v(i) < 300 ? 1 : 0;
                        if (final) offset(i) = update;
                        update += keep;
                      },
                      kept);
  hpar::View<int64_t*> packed("packed", kept > 0 ? kept : 1);
  hpar::parallel_for("compact_scatter", n, HPAR_LAMBDA(const int64_t i) {
    if (v(i) < 300) packed(offset(i)) = i;
  });
  auto hp = hpar::create_mirror_view(packed);
  hpar::deep_copy(hp, packed);
  std::vector<int64_t> expect;
  for (int64_t i = 0; i < n; ++i)
    if (hv(i) < 300) expect.push_back(i);
  check_eq("compaction count", kept, (long long)expect.size());
  ElementCheck c("compacted indices");
  for (size_t j = 0; j < expect.size() && (int64_t)j < kept; ++j) c((long long)j, double(hp(j)), double(expect[j]));
}

// Values wider than a word: three running sums at once (24 bytes), and twenty (160 bytes), each
// the sum of a different function of the index, through a functor with init and join, with the
// total. On a GPU these take other tile shapes than an int64 (or a warp's chunks when a tile of
// them would not fit in a team's shared memory).
template <int K>
struct Sums {
  int64_t s[K];
};
template <int K>
struct ManySums {
  using value_type = Sums<K>;
  hpar::View<int64_t**> out;  // (i, k): the exclusive prefix of sum k at i
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type& update, const bool final) const {
    if (final)
      for (int k = 0; k < K; ++k) out(i, k) = update.s[k];
    for (int k = 0; k < K; ++k) update.s[k] += (i * (k + 3)) % (11 + k) - 4;
  }
  HPAR_INLINE_FUNCTION void init(value_type& update) const {
    for (int k = 0; k < K; ++k) update.s[k] = 0;
  }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    for (int k = 0; k < K; ++k) dst.s[k] += src.s[k];
  }
};

template <int K>
void test_wide_values(const int64_t n, const char* what) {
  hpar::View<int64_t**> out("out", n, K);
  Sums<K> total{};
  hpar::parallel_scan(what, n, ManySums<K>{out}, total);
  auto ho = hpar::create_mirror_view_and_copy(hpar::HostSpace(), out);
  Sums<K> acc{};
  ElementCheck c(what);
  for (int64_t i = 0; i < n; ++i)
    for (int k = 0; k < K; ++k) {
      c(i * K + k, double(ho(i, k)), double(acc.s[k]));
      acc.s[k] += (i * (k + 3)) % (11 + k) - 4;
    }
  for (int k = 0; k < K; ++k) check_eq(what, total.s[k], acc.s[k]);
}

void test_empty_and_single() {
  hpar::View<int64_t*> out("out", 3);
  hpar::deep_copy(out, int64_t(-5));
  int64_t total = 42;
  hpar::parallel_scan("empty_total", 0, HPAR_LAMBDA(const int64_t i, int64_t& update, const bool final) {
    update += 1;
    if (final) out(i) = update;
  }, total);
  check_eq("scan over an empty range: total", total, 0);
  double dtotal = 42.0;
  hpar::parallel_scan("empty_range_total", hpar::RangePolicy<>(2, 2), HPAR_LAMBDA(const int64_t i, double& update, const bool final) {
    update += 1.0;
    if (final) out(i) = 9;
  }, dtotal);
  check_near("scan over RangePolicy(2, 2): total", dtotal, 0.0, 0.0);
  hpar::parallel_scan("empty_no_total", 0, HPAR_LAMBDA(const int64_t i, int64_t& update, const bool final) {
    if (final) out(i) = 9;
    update += 1;
  });

  int64_t one = 0;
  hpar::parallel_scan("single", hpar::RangePolicy<>(1, 2), HPAR_LAMBDA(const int64_t i, int64_t& update, const bool final) {
    if (final) out(i) = update;   // exclusive: 0
    update += 17;
  }, one);
  check_eq("scan over one element: total", one, 17);
  auto ho = hpar::create_mirror_view(out);
  hpar::deep_copy(ho, out);
  check_eq("empty scans write nothing [0]", ho(0), -5);
  check_eq("single-element exclusive scan writes 0", ho(1), 0);
  check_eq("empty scans write nothing [2]", ho(2), -5);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_prefix_sums(1000003);
  test_prefix_sums(1);
  test_prefix_sums(4096);
  test_prefix_sums(2047);
  test_prefix_sums(2049);
  test_prefix_sums(0);
  test_offset_and_double();
  test_functors(1000003);
  test_functors(5);
  test_ordered(3000017);
  test_ordered(3);
  test_compaction();
  test_wide_values<3>(300007, "three sums (24-byte values)");
  test_wide_values<3>(1, "three sums, one element");
  test_wide_values<20>(100003, "twenty sums (160-byte values)");
  test_empty_and_single();
  return report();
}
