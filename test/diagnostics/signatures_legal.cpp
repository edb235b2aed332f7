// Functors the signature rules must accept: every parameter form the patterns can call (generic
// lambdas, forwarding references, conversions of the index, tags on some overloads only, array
// and functor-defined reductions, several reducers, reducers' value types, View results and scan
// totals of the scan's type), in hpar and Kokkos spelling; and the legal forms still translate.
// Generic top-level lambdas are legal signatures; nvcc refuses them, so the CUDA output reports
// hpar-generic-lambda for them instead (captures_generic.cpp) and they are checked for OpenMP.
// RUN: %hpar-translate --check --backend=openmp %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// LEGAL-NOT: {{error|warning}}
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: %FileCheck %s --check-prefix=OPENMP < %t.cpp
// OPENMP: hpar_generic_L
// OPENMP: hpar_nested_L
#include <Kokkos_Core.hpp>

using member_type = Kokkos::TeamPolicy<>::member_type;
struct TagA {};
struct TagB {};

// Tags: each overload is found by its first parameter (by value or by const reference).
struct Tagged {
  Kokkos::View<double*> x;
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i) const { x(i) = 1; }
  KOKKOS_INLINE_FUNCTION void operator()(const TagB&, const int i, double& v) const { v += x(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const member_type& team) const { (void)team; }
};
// An array reduction: the accumulator is the value_type, a pointer to value_count elements.
struct Histogram {
  using value_type = double[];
  int value_count = 3;
  KOKKOS_INLINE_FUNCTION void operator()(int i, value_type v) const { v[i % 3] += 1; }
};
// A reduction the functor defines (value_type, init, join).
struct Total {
  using value_type = long;
  KOKKOS_INLINE_FUNCTION void operator()(int i, long& v) const { v += i; }
  KOKKOS_INLINE_FUNCTION void join(long& a, const long& b) const { a += b; }
  KOKKOS_INLINE_FUNCTION void init(long& a) const { a = 0; }
};
struct Prefix {
  using value_type = float;
  KOKKOS_INLINE_FUNCTION void operator()(int i, float& u, const bool final) const { u += i; }
};
// A templated operator(): called like a generic lambda.
struct Generic {
  template <class I, class V>
  KOKKOS_INLINE_FUNCTION void operator()(I i, V& v) const { v += i; }
};

template <class T>
T sum_of(int n) {
  T s{};
  Kokkos::parallel_reduce("sum_of", n, KOKKOS_LAMBDA(int i, T& v) { v += T(i); }, s);
  return s;
}

double top_level(Kokkos::View<double*> x, int n) {
  double sum = 0;
  int most = 0;
  long total = 0;
  float fsum = 0;
  Kokkos::parallel_for("generic", n, KOKKOS_LAMBDA(auto i) { x(i) = 1; });
  Kokkos::parallel_reduce("generic_sum", n, KOKKOS_LAMBDA(auto i, auto& v) { v += x(i); }, sum);
  Kokkos::parallel_reduce("forwarding", n, KOKKOS_LAMBDA(auto i, auto&& v) { v += x(i); }, sum);
  Kokkos::parallel_reduce("templated", n, Generic(), sum);
  Kokkos::parallel_for("tag_a", Kokkos::RangePolicy<TagA>(0, n), Tagged{x});
  Kokkos::parallel_reduce("tag_b", Kokkos::RangePolicy<TagB>(0, n), Tagged{x}, sum);
  Kokkos::parallel_for("team_tag", Kokkos::TeamPolicy<TagA>(n, 1), Tagged{x});
  double counts[3] = {0, 0, 0};
  Kokkos::parallel_reduce("histogram", n, Histogram(), counts);
  Kokkos::parallel_reduce("total", n, Total(), total);
  Kokkos::parallel_reduce("total_no_result", n, Total());
  Kokkos::parallel_scan("prefix", n, Prefix(), fsum);
  Kokkos::parallel_scan("prefix_no_total", n, Prefix());
  Kokkos::parallel_scan("scan", n, KOKKOS_LAMBDA(long i, long& u, bool final) { u += i; }, total);
  Kokkos::parallel_reduce("two", n, KOKKOS_LAMBDA(int i, double& a, int& b) { a += x(i); b = b > i ? b : i; },
                          Kokkos::Sum<double>(sum), Kokkos::Max<int>(most));
  Kokkos::MinLoc<double, int>::value_type where;
  Kokkos::parallel_reduce("minloc", n, KOKKOS_LAMBDA(int i, Kokkos::MinLoc<double, int>::value_type& v) {
    if (x(i) < v.val) { v.val = x(i); v.loc = i; }
  }, Kokkos::MinLoc<double, int>(where));
  Kokkos::View<double> result("result");
  Kokkos::parallel_reduce("view_result", n, KOKKOS_LAMBDA(int i, double& v) { v += x(i); }, result);
  auto body = KOKKOS_LAMBDA(const int i, double& v) { v += x(i); };
  Kokkos::parallel_reduce("named", n, body, sum);
  Kokkos::parallel_for("md", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {n, n}),
                       KOKKOS_LAMBDA(const int i, const int j) { x(i) = j; });
  Kokkos::parallel_reduce("md_sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {n, n}),
                          KOKKOS_LAMBDA(int64_t i, size_t j, double& v) { v += double(i * j); }, sum);
  // The index converts to any arithmetic parameter.
  Kokkos::parallel_for("unsigned_index", n, KOKKOS_LAMBDA(const size_t i) { x(i) = 1; });
  Kokkos::parallel_for("double_index", n, KOKKOS_LAMBDA(double i) { x(0) = i; });
  return sum + sum_of<double>(n) + sum_of<int>(n) + most + total + fsum + counts[0];
}

void nested(Kokkos::View<double*> x, int n) {
  Kokkos::parallel_for("nested", Kokkos::TeamPolicy<>(n, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    double s = 0;
    int most = 0;
    long t = 0;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) { x(i) = 1; });
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](int i, double& v) { v += x(i); }, s);
    Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, n), [&](auto i, auto& v) { v += x(i); }, s);
    Kokkos::parallel_reduce(Kokkos::TeamVectorRange(team, n), [&](int i, double& v, int& w) { v += x(i); w = i; },
                            s, Kokkos::Max<int>(most));
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, n), [&](int i, long& u, bool final) { u += i; });
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, n), [&](int i, long& u, bool final) { u += i; }, t);
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, n), [&](int i, auto& u, bool final) { u += i; }, t);
    Kokkos::parallel_for(Kokkos::TeamThreadMDRange(team, n, n), [&](int i, int j) { x(i) = j; });
    Kokkos::parallel_reduce(Kokkos::TeamVectorMDRange(team, n, n, n), [&](int i, int j, int k, double& v) { v += i + j + k; }, s);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { x(0) = s + most + t; });
    Kokkos::single(Kokkos::PerThread(team), [&](double& v) { v = 1; }, s);
  });
  Kokkos::parallel_for("generic_team", Kokkos::TeamPolicy<>(n, 1), KOKKOS_LAMBDA(const auto& team) {
    double s = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](int i, double& v) { v += x(i); }, s);
    x(team.league_rank()) = s;
  });
}
