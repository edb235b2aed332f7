// Checks work tags: one functor with several tagged operator() overloads dispatched by tagged RangePolicy and MDRangePolicy for, reduce and scan.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <type_traits>

namespace {



struct ElementCheck {
  const char* what;
  long long bad = 0;
  explicit ElementCheck(const char* w) : what(w) {}
  void operator()(long long index, double got, double expected) {
    if (got != expected) {
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

struct TagInit {};
struct TagUpdate {};
struct TagSum {};
struct TagCount {};
struct TagScan {};
struct TagFill2D {};
struct TagSum2D {};

// One functor, many tagged entry points.
struct Work {
  hpar::View<double*> x;
  hpar::View<int64_t*> prefix;
  hpar::View<double**> grid;
  double scale;

  HPAR_INLINE_FUNCTION void operator()(TagInit, const int64_t i) const { x(i) = double(i % 1000); }
  HPAR_INLINE_FUNCTION void operator()(TagUpdate, const int i) const { x(i) = scale * x(i) + 1.0; }
  HPAR_INLINE_FUNCTION void operator()(TagSum, const int64_t i, double& s) const { s += x(i); }
  HPAR_INLINE_FUNCTION void operator()(TagCount, const int64_t i, int64_t& c) const { c += (x(i) > 1000.0) ? 1 : 0; }
  HPAR_INLINE_FUNCTION void operator()(TagScan, const int64_t i, int64_t& update, const bool final) const {
    if (final) prefix(i) = update;
    update += int64_t(x(i));
  }
  HPAR_INLINE_FUNCTION void operator()(TagFill2D, const int64_t i, const int64_t j) const { grid(i, j) = double(i * 1000 + j); }
  HPAR_INLINE_FUNCTION void operator()(TagSum2D, const int64_t i, const int64_t j, double& s) const { s += grid(i, j); }
};

// A tagged reduction functor with value_type, init and join.
struct TagMax {};
struct MaxFunctor {
  using value_type = double;
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(TagMax, const int64_t i, value_type& v) const {
    if (x(i) > v) v = x(i);
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const { v = -1e300; }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (src > dst) dst = src;
  }
};

static_assert(std::is_same<hpar::RangePolicy<TagInit>::work_tag, TagInit>::value, "RangePolicy work_tag");
static_assert(std::is_same<hpar::RangePolicy<hpar::IndexType<int>, TagUpdate>::work_tag, TagUpdate>::value, "tag after IndexType");

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  const int64_t n = 1000003;
  const int64_t r0 = 300, r1 = 211;
  hpar::View<double*> x("x", n);
  hpar::View<int64_t*> prefix("prefix", n);
  hpar::View<double**> grid("grid", r0, r1);
  const Work w{x, prefix, grid, 3.0};

  // Two tagged parallel_for dispatches of the same functor.
  hpar::parallel_for("tag_init", hpar::RangePolicy<TagInit>(0, n), w);
  hpar::parallel_for("tag_update", hpar::RangePolicy<hpar::IndexType<int>, TagUpdate>(0, int(n / 2)), w);
  hpar::parallel_for("tag_update_static", hpar::RangePolicy<TagUpdate, hpar::Schedule<hpar::Static>, hpar::IndexType<int>>(int(n - 10), int(n)), w);

  // Expected values on the host.
  auto expect = [=](int64_t i) {
    double v = double(i % 1000);
    if (i < n / 2 || i >= n - 10) v = 3.0 * v + 1.0;
    return v;
  };
  {
    auto hx = hpar::create_mirror_view(x);
    hpar::deep_copy(hx, x);
    ElementCheck c("TagInit then TagUpdate");
    for (int64_t i = 0; i < n; ++i) c(i, hx(i), expect(i));
  }

  // Tagged reductions.
  double sum = -1;
  int64_t count = -1;
  double mx = -1;
  hpar::parallel_reduce("tag_sum", hpar::RangePolicy<TagSum>(0, n), w, sum);
  hpar::parallel_reduce("tag_count", hpar::RangePolicy<TagCount>(0, n), w, hpar::Sum<int64_t>(count));
  hpar::parallel_reduce("tag_max", hpar::RangePolicy<TagMax>(1, n), MaxFunctor{x}, mx);
  double esum = 0, emx = -1e300;
  int64_t ecount = 0;
  for (int64_t i = 0; i < n; ++i) {
    esum += expect(i);
    ecount += expect(i) > 1000.0 ? 1 : 0;
    if (i >= 1 && expect(i) > emx) emx = expect(i);
  }
  if (!(std::fabs(sum - esum) <= 1e-12 * esum)) {
    ++g_failed;
    std::printf("check failed: tagged Sum: got %.17g, expected %.17g\n", sum, esum);
  }
  check_eq("tagged count", count, ecount);
  if (mx != emx) {
    ++g_failed;
    std::printf("check failed: tagged functor with init/join (max): got %.17g, expected %.17g\n", mx, emx);
  }

  // Tagged scan with a total.
  int64_t total = -1;
  hpar::parallel_scan("tag_scan", hpar::RangePolicy<TagScan>(0, n), w, total);
  {
    auto hp = hpar::create_mirror_view(prefix);
    hpar::deep_copy(hp, prefix);
    ElementCheck c("tagged exclusive scan");
    int64_t acc = 0;
    for (int64_t i = 0; i < n; ++i) {
      c(i, double(hp(i)), double(acc));
      acc += int64_t(expect(i));
    }
    check_eq("tagged scan total", total, acc);
  }

  // Tagged MDRange for and reduce.
  hpar::parallel_for("tag_md_fill", hpar::MDRangePolicy<TagFill2D, hpar::Rank<2, hpar::Iterate::Left, hpar::Iterate::Left>>({0, 0}, {r0, r1}, {8, 8}), w);
  double gsum = -1;
  hpar::parallel_reduce("tag_md_sum", hpar::MDRangePolicy<hpar::Rank<2, hpar::Iterate::Right, hpar::Iterate::Right>, TagSum2D>({0, 0}, {r0, r1}), w,
                        gsum);
  {
    auto hg = hpar::create_mirror_view(grid);
    hpar::deep_copy(hg, grid);
    ElementCheck c("tagged MDRange fill");
    double eg = 0.0;
    for (int64_t i = 0; i < r0; ++i)
      for (int64_t j = 0; j < r1; ++j) {
        c(i * r1 + j, hg(i, j), double(i * 1000 + j));
        eg += double(i * 1000 + j);
      }
    check_eq("tagged MDRange Sum", (long long)gsum, (long long)eg);
  }

  // Empty tagged ranges: no calls, identities.
  double esum0 = 7;
  hpar::parallel_for("tag_empty", hpar::RangePolicy<TagInit>(5, 5), w);
  hpar::parallel_reduce("tag_empty_sum", hpar::RangePolicy<TagSum>(0, 0), w, esum0);
  if (esum0 != 0.0) {
    ++g_failed;
    std::printf("check failed: empty tagged Sum: got %.17g\n", esum0);
  }
  {
    auto hx = hpar::create_mirror_view(x);
    hpar::deep_copy(hx, x);
    check_eq("empty tagged parallel_for leaves x(5)", (long long)hx(5), (long long)expect(5));
  }
  return report();
}
