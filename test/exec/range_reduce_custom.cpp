// Checks user value types with a reduction_identity specialisation (Sum, Prod, Max) and custom reducer classes (sum-and-count, top two).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>


// A 3-vector summed with the built-in Sum reducer.
struct Vec3 {
  double x, y, z;
  HPAR_INLINE_FUNCTION Vec3& operator+=(const Vec3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
};

// A complex number multiplied with the built-in Prod reducer.
struct Cplx {
  double re, im;
  HPAR_INLINE_FUNCTION Cplx& operator*=(const Cplx& o) {
    const double r = re * o.re - im * o.im;
    im = re * o.im + im * o.re;
    re = r;
    return *this;
  }
};

// A lexicographic key maximised with the built-in Max reducer.
struct Key {
  int major, minor;
  HPAR_INLINE_FUNCTION bool operator<(const Key& o) const { return major < o.major || (major == o.major && minor < o.minor); }
  HPAR_INLINE_FUNCTION bool operator>(const Key& o) const { return o < *this; }
};

// hpar's spelling of a specialisation: the qualified name at namespace scope.
template <>
struct hpar::reduction_identity<Vec3> {
  HPAR_INLINE_FUNCTION static Vec3 sum() { return Vec3{0.0, 0.0, 0.0}; }
};
template <>
struct hpar::reduction_identity<Cplx> {
  HPAR_INLINE_FUNCTION static Cplx prod() { return Cplx{1.0, 0.0}; }
};
template <>
struct hpar::reduction_identity<Key> {
  HPAR_INLINE_FUNCTION static Key max() { return Key{-2147483647 - 1, -2147483647 - 1}; }
};

// Custom reducer: sum and count of the selected elements.
struct SumCountValue {
  double sum;
  long count;
};

struct SumCount {
  using reducer = SumCount;
  using value_type = SumCountValue;
  using result_view_type = hpar::View<value_type, hpar::HostSpace, hpar::MemoryTraits<hpar::Unmanaged>>;

 private:
  value_type& value;

 public:
  HPAR_INLINE_FUNCTION SumCount(value_type& v) : value(v) {}
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    dst.sum += src.sum;
    dst.count += src.count;
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const {
    v.sum = 0.0;
    v.count = 0;
  }
  HPAR_INLINE_FUNCTION value_type& reference() const { return value; }
  HPAR_INLINE_FUNCTION result_view_type view() const { return result_view_type(&value); }
  HPAR_INLINE_FUNCTION bool references_scalar() const { return true; }
};

// Custom reducer: the two largest values (first >= second).
struct Top2Value {
  double first, second;
};

struct Top2 {
  using reducer = Top2;
  using value_type = Top2Value;
  using result_view_type = hpar::View<value_type, hpar::HostSpace, hpar::MemoryTraits<hpar::Unmanaged>>;

 private:
  value_type& value;

 public:
  HPAR_INLINE_FUNCTION Top2(value_type& v) : value(v) {}
  HPAR_INLINE_FUNCTION static void insert(value_type& t, double x) {
    if (x > t.first) {
      t.second = t.first;
      t.first = x;
    } else if (x > t.second) {
      t.second = x;
    }
  }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    insert(dst, src.first);
    insert(dst, src.second);
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const {
    v.first = -1e300;
    v.second = -1e300;
  }
  HPAR_INLINE_FUNCTION value_type& reference() const { return value; }
  HPAR_INLINE_FUNCTION result_view_type view() const { return result_view_type(&value); }
  HPAR_INLINE_FUNCTION bool references_scalar() const { return true; }
};

void test_identity_specialisations() {
  const int64_t n = 300007;
  hpar::View<double*> t("t", n);
  auto ht = hpar::create_mirror_view(t);
  double theta_sum = 0.0;
  Vec3 e{0, 0, 0};
  for (int64_t i = 0; i < n; ++i) {
    ht(i) = 1e-5 * double(i % 13) - 4e-5;
    theta_sum += ht(i);
    e.x += double(i % 10);
    e.y += -2.0 * double(i % 3);
    e.z += 0.5;
  }
  hpar::deep_copy(t, ht);

  Vec3 v{1, 2, 3};
  hpar::parallel_reduce("vec3_sum", n,
                        HPAR_LAMBDA(const int64_t i, Vec3& s) {
                          s.x += double(i % 10);
                          s.y += -2.0 * double(i % 3);
                          s.z += 0.5;
                        },
                        hpar::Sum<Vec3>(v));
  check_near("Sum<Vec3>.x", v.x, e.x, 1e-9 * std::fabs(e.x));
  check_near("Sum<Vec3>.y", v.y, e.y, 1e-9 * std::fabs(e.y));
  check_near("Sum<Vec3>.z", v.z, e.z, 1e-9 * std::fabs(e.z));

  // Product of unit complex numbers exp(i t_k) is exp(i sum t_k).
  Cplx c{0, 0};
  hpar::parallel_reduce("cplx_prod", hpar::RangePolicy<>(0, n),
                        HPAR_LAMBDA(const int64_t i, Cplx& p) {
                          const Cplx z{cos(t(i)), sin(t(i))};
                          p *= z;
                        },
                        hpar::Prod<Cplx>(c));
  check_near("Prod<Cplx>.re", c.re, std::cos(theta_sum), 1e-9);
  check_near("Prod<Cplx>.im", c.im, std::sin(theta_sum), 1e-9);

  Key k{0, 0};
  hpar::parallel_reduce("key_max", n,
                        HPAR_LAMBDA(const int64_t i, Key& m) {
                          const Key cand{int(i % 1000), int((i * 7919) % 100003)};
                          if (cand > m) m = cand;
                        },
                        hpar::Max<Key>(k));
  Key ek{-1, -1};
  for (int64_t i = 0; i < n; ++i) {
    const Key cand{int(i % 1000), int((i * 7919) % 100003)};
    if (cand > ek) ek = cand;
  }
  check_eq("Max<Key>.major", k.major, ek.major);
  check_eq("Max<Key>.minor", k.minor, ek.minor);

  // Empty range: the specialised identities.
  Vec3 ve{5, 5, 5};
  Cplx ce{5, 5};
  hpar::parallel_reduce("vec3_empty", 0, HPAR_LAMBDA(const int64_t, Vec3& s) { s.x += 1.0; }, hpar::Sum<Vec3>(ve));
  hpar::parallel_reduce("cplx_empty", 0, HPAR_LAMBDA(const int64_t, Cplx& p) { p.re = 9.0; }, hpar::Prod<Cplx>(ce));
  check_near("empty Sum<Vec3>", std::fabs(ve.x) + std::fabs(ve.y) + std::fabs(ve.z), 0.0, 0.0);
  check_near("empty Prod<Cplx>.re", ce.re, 1.0, 0.0);
  check_near("empty Prod<Cplx>.im", ce.im, 0.0, 0.0);
}

void test_custom_reducers() {
  const int64_t n = 1000003;
  hpar::View<double*> x("x", n);
  auto hx = hpar::create_mirror_view(x);
  std::vector<double> all(n);
  double esum = 0.0;
  long ecount = 0;
  uint64_t s = 12345;
  for (int64_t i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    hx(i) = double((s >> 33) % 1000000) / 64.0 - 5000.0;
    all[i] = hx(i);
    if (hx(i) > 0.0) {
      esum += hx(i);
      ++ecount;
    }
  }
  hpar::deep_copy(x, hx);
  std::sort(all.begin(), all.end());

  SumCountValue sc{-1.0, -1};
  hpar::parallel_reduce("sum_count", n,
                        HPAR_LAMBDA(const int64_t i, SumCountValue& v) {
                          if (x(i) > 0.0) {
                            v.sum += x(i);
                            v.count += 1;
                          }
                        },
                        SumCount(sc));
  check_near("SumCount.sum", sc.sum, esum, 1e-12 * esum);
  check_eq("SumCount.count", sc.count, ecount);

  Top2Value top{0, 0};
  hpar::parallel_reduce("top2", hpar::RangePolicy<>(0, n),
                        HPAR_LAMBDA(const int64_t i, Top2Value& t) { Top2::insert(t, x(i)); }, Top2(top));
  check_near("Top2.first", top.first, all[n - 1], 0.0);
  check_near("Top2.second", top.second, all[n - 2], 0.0);

  // Sub-range and empty range with the custom reducers.
  SumCountValue sc2{0, 0};
  hpar::parallel_reduce("sum_count_sub", hpar::RangePolicy<>(100, 200),
                        HPAR_LAMBDA(const int64_t i, SumCountValue& v) {
                          v.sum += x(i);
                          v.count += 1;
                        },
                        SumCount(sc2));
  double esub = 0.0;
  for (int64_t i = 100; i < 200; ++i) esub += hx(i);
  check_near("SumCount over [100,200) sum", sc2.sum, esub, 1e-9);
  check_eq("SumCount over [100,200) count", sc2.count, 100);

  SumCountValue sc3{3, 3};
  Top2Value top3{3, 3};
  hpar::parallel_reduce("sum_count_empty", hpar::RangePolicy<>(7, 7),
                        HPAR_LAMBDA(const int64_t i, SumCountValue& v) {
                          v.sum += x(i);
                          v.count += 1;
                        },
                        SumCount(sc3));
  hpar::parallel_reduce("top2_empty", 0, HPAR_LAMBDA(const int64_t i, Top2Value& t) { Top2::insert(t, x(i)); }, Top2(top3));
  check_near("empty SumCount sum", sc3.sum, 0.0, 0.0);
  check_eq("empty SumCount count", sc3.count, 0);
  check_near("empty Top2 first", top3.first, -1e300, 0.0);
  check_near("empty Top2 second", top3.second, -1e300, 0.0);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_identity_specialisations();
  test_custom_reducers();
  return report();
}
