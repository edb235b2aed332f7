// Checks parallel_for over RangePolicy: N shorthand, non-zero begin, IndexType, Schedule, ChunkSize, labels, functors, templates, empty ranges, fence and Timer.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

namespace K = hpar;

namespace {




// Counts mismatching elements of one array and records one failed check for the array.
struct ElementCheck {
  const char* what;
  long long bad = 0;
  explicit ElementCheck(const char* w) : what(w) {}
  void operator()(long long index, double got, double expected) {
    if (got != expected) {
      if (bad < 5)
        std::printf("  %s: element %lld is %.17g, expected %.17g\n", what, index, got, expected);
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

// A functor class used with parallel_for.
struct Axpy {
  hpar::View<double*> x;
  hpar::View<double*> y;
  double a;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i) const { y(i) = a * x(i) + y(i); }
};

// A functor whose operator() takes an int index.
struct StoreIndex {
  hpar::View<double*> out;
  HPAR_INLINE_FUNCTION void operator()(const int i) const { out(i) = 3.0 * i; }
};

// A dispatch inside a function template.
template <class T>
void fill_linear(hpar::View<T*> v, T a, T b) {
  hpar::parallel_for("fill_linear", v.extent(0), HPAR_LAMBDA(const int64_t i) { v(i) = a * T(i) + b; });
}

void test_shorthand_and_begin() {
  const int64_t n = 1000003;
  hpar::View<double*> a("a", n);
  hpar::parallel_for(n, HPAR_LAMBDA(const int64_t i) { a(i) = 2.0 * i + 1.0; });
  auto h = hpar::create_mirror_view(a);
  hpar::deep_copy(h, a);
  {
    ElementCheck c("shorthand parallel_for(N, f)");
    for (int64_t i = 0; i < n; ++i) c(i, h(i), 2.0 * i + 1.0);
  }

  // Non-zero begin and an end short of the extent: elements outside keep their sentinel.
  hpar::View<double*> b("b", n);
  hpar::deep_copy(b, -1.0);
  const int64_t lo = 17, hi = n - 5;
  hpar::parallel_for("offset_range", hpar::RangePolicy<>(lo, hi), HPAR_LAMBDA(const int64_t i) { b(i) = double(i); });
  hpar::deep_copy(h, b);
  {
    ElementCheck c("RangePolicy<>(17, n-5)");
    for (int64_t i = 0; i < n; ++i) c(i, h(i), (i >= lo && i < hi) ? double(i) : -1.0);
  }

  hpar::RangePolicy<> p(lo, hi);
  check_eq("RangePolicy begin()", (long long)p.begin(), lo);
  check_eq("RangePolicy end()", (long long)p.end(), hi);
}

void test_index_types_and_schedules() {
  const int n = 100001;
  hpar::View<double*> a("a", n);
  hpar::View<double*> b("b", n);
  hpar::View<double*> c("c", n);
  hpar::View<double*> d("d", n);

  using IntPolicy = hpar::RangePolicy<hpar::IndexType<int>>;
  static_assert(std::is_same<IntPolicy::index_type, int>::value, "IndexType<int> gives index_type int");
  static_assert(std::is_integral<hpar::RangePolicy<>::index_type>::value, "default index type is integral");
  hpar::parallel_for(IntPolicy(3, n), HPAR_LAMBDA(const int i) { a(i) = 1.0 + i; });

  // Schedule and IndexType in either order, a ChunkSize argument and set_chunk_size.
  using DynPolicy = hpar::RangePolicy<hpar::Schedule<hpar::Dynamic>, hpar::IndexType<int>>;
  static_assert(std::is_same<DynPolicy::index_type, int>::value, "IndexType after Schedule");
  DynPolicy pd(0, n, hpar::ChunkSize(64));
  check_eq("ChunkSize(64) chunk_size()", (long long)pd.chunk_size(), 64);
  hpar::parallel_for("dynamic_chunked", pd, HPAR_LAMBDA(const int i) { b(i) = 2.0 * i; });

  using StaticPolicy = hpar::RangePolicy<hpar::IndexType<int64_t>, hpar::Schedule<hpar::Static>>;
  StaticPolicy ps(1, n - 1);
  ps = ps.set_chunk_size(1024);
  check_eq("set_chunk_size(1024) chunk_size()", (long long)ps.chunk_size(), 1024);
  hpar::parallel_for(std::string("static_chunked"), ps, HPAR_LAMBDA(const int64_t i) { c(i) = 5.0 - i; });

  // A functor taking int with an int index policy, and with the shorthand.
  hpar::parallel_for("store_index", IntPolicy(0, n), StoreIndex{d});

  auto ha = hpar::create_mirror_view(a);
  auto hb = hpar::create_mirror_view(b);
  auto hc = hpar::create_mirror_view(c);
  auto hd = hpar::create_mirror_view(d);
  hpar::deep_copy(ha, a);
  hpar::deep_copy(hb, b);
  hpar::deep_copy(hc, c);
  hpar::deep_copy(hd, d);
  ElementCheck ca("IndexType<int> range [3, n)");
  ElementCheck cb("Schedule<Dynamic> with ChunkSize(64)");
  ElementCheck cc("Schedule<Static> with set_chunk_size(1024)");
  ElementCheck cd("functor with int index");
  for (int i = 0; i < n; ++i) {
    ca(i, ha(i), i >= 3 ? 1.0 + i : 0.0);
    cb(i, hb(i), 2.0 * i);
    cc(i, hc(i), (i >= 1 && i < n - 1) ? 5.0 - i : 0.0);
    cd(i, hd(i), 3.0 * i);
  }
}

void test_labels_and_functors() {
  const int64_t n = 65537;
  hpar::View<double*> x("x", n);
  hpar::View<double*> y("y", n);
  auto hx = hpar::create_mirror_view(x);
  for (int64_t i = 0; i < n; ++i) hx(i) = double(i % 97);
  hpar::deep_copy(x, hx);

  const char* label = "init_y";
  hpar::parallel_for(label, n, HPAR_LAMBDA(const int64_t i) { y(i) = 1.0; });
  const std::string label2 = "axpy_functor";
  hpar::parallel_for(label2, hpar::RangePolicy<>(0, n), Axpy{x, y, 2.0});   // y = 2x + 1
  // Several launches of the same dispatch in a loop.
  for (int rep = 0; rep < 4; ++rep) hpar::parallel_for("axpy_repeat", n, Axpy{x, y, 0.5});   // y += 2x
  hpar::fence();

  auto hy = hpar::create_mirror_view(y);
  hpar::deep_copy(hy, y);
  ElementCheck c("labelled functor launches: y = 4x + 1");
  for (int64_t i = 0; i < n; ++i) c(i, hy(i), 4.0 * double(i % 97) + 1.0);
}

void test_alias_and_unqualified() {
  const int n = 4099;
  K::View<double*> v("v", n);
  K::parallel_for("through_alias", K::RangePolicy<K::IndexType<int>>(0, n), HPAR_LAMBDA(const int i) { v(i) = 7.0 * i; });
  using hpar::parallel_for;
  parallel_for("unqualified", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(const int64_t i) { v(i) += 1.0; });
  auto h = K::create_mirror_view(v);
  K::deep_copy(h, v);
  ElementCheck c("namespace alias and unqualified call");
  for (int i = 0; i < n; ++i) c(i, h(i), 7.0 * i + 1.0);
}

void test_template_dispatch() {
  hpar::View<double*> vd("vd", 1001);
  hpar::View<int*> vi("vi", 777);
  fill_linear(vd, 0.5, -3.0);
  fill_linear(vi, 3, 11);
  auto hd = hpar::create_mirror_view(vd);
  auto hi = hpar::create_mirror_view(vi);
  hpar::deep_copy(hd, vd);
  hpar::deep_copy(hi, vi);
  ElementCheck cd("function template dispatch, double");
  for (int i = 0; i < 1001; ++i) cd(i, hd(i), 0.5 * i - 3.0);
  ElementCheck ci("function template dispatch, int");
  for (int i = 0; i < 777; ++i) ci(i, hi(i), 3.0 * i + 11.0);
}

void test_empty_and_single() {
  hpar::View<int*> calls("calls", 4);
  hpar::View<int*> seen("seen", 2);
  hpar::deep_copy(seen, -1);
  const int64_t n = 12345;
  hpar::parallel_for("empty_n", 0, HPAR_LAMBDA(const int64_t) { hpar::atomic_add(&calls(0), 1); });
  hpar::parallel_for("empty_range", hpar::RangePolicy<>(n, n), HPAR_LAMBDA(const int64_t) { hpar::atomic_add(&calls(1), 1); });
  hpar::parallel_for("single_n", 1, HPAR_LAMBDA(const int64_t i) {
    hpar::atomic_add(&calls(2), 1);
    seen(0) = int(i);
  });
  hpar::parallel_for("single_range", hpar::RangePolicy<>(n - 1, n), HPAR_LAMBDA(const int64_t i) {
    hpar::atomic_add(&calls(3), 1);
    seen(1) = int(i);
  });
  auto hc = hpar::create_mirror_view(calls);
  auto hs = hpar::create_mirror_view(seen);
  hpar::deep_copy(hc, calls);
  hpar::deep_copy(hs, seen);
  check_eq("calls for parallel_for(0, f)", hc(0), 0);
  check_eq("calls for RangePolicy(n, n)", hc(1), 0);
  check_eq("calls for parallel_for(1, f)", hc(2), 1);
  check_eq("index for parallel_for(1, f)", hs(0), 0);
  check_eq("calls for RangePolicy(n-1, n)", hc(3), 1);
  check_eq("index for RangePolicy(n-1, n)", hs(1), n - 1);
}

void test_timer_and_fence() {
  hpar::Timer timer;
  const int64_t n = 200000;
  hpar::View<double*> v("v", n);
  for (int rep = 0; rep < 3; ++rep)
    hpar::parallel_for("timed", n, HPAR_LAMBDA(const int64_t i) { v(i) += 1.0; });
  hpar::fence();
  const double t1 = timer.seconds();
  timer.reset();
  const double t2 = timer.seconds();
  check(std::isfinite(t1) && std::isfinite(t2), "Timer::seconds() is finite");
  auto h = hpar::create_mirror_view(v);
  hpar::deep_copy(h, v);
  ElementCheck c("three timed launches");
  for (int64_t i = 0; i < n; ++i) c(i, h(i), 3.0);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_shorthand_and_begin();
  test_index_types_and_schedules();
  test_labels_and_functors();
  test_alias_and_unqualified();
  test_template_dispatch();
  test_empty_and_single();
  test_timer_and_fence();
  return report();
}
