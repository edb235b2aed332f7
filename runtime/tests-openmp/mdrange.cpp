// MDRangePolicy dispatches written as hpar-translate emits them for OpenMP: a collapse(N) nest of
// `target teams distribute parallel for` whose loop order follows Policy::inner_left (index 0
// innermost for Left). Rank 2 and 3, Left and Right, non-zero lower bounds, an empty extent, and
// a reduction over a rank-2 nest with the `reduction` clause.
#include <hpar/rt/openmp.hpp>

#include <hpar/hpar.hpp>

#include "check.hpp"

// hpar: parallel_for "fill2" (MDRangePolicy, rank 2) from mdrange.cpp:70
template <class Label, class PolicyOrCount, class Functor>
void hpar_fill2_L70(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const int64_t l0 = policy.lower(0), u0 = policy.upper(0);
  const int64_t l1 = policy.lower(1), u1 = policy.upper(1);
  if constexpr (decltype(policy)::inner_left) {
    #pragma omp target teams distribute parallel for collapse(2) device(hpar::rt::omp::device()) map(to: f)
    for (int64_t i1 = l1; i1 < u1; ++i1)
      for (int64_t i0 = l0; i0 < u0; ++i0)
        f(index_type(i0), index_type(i1));
  } else {
    #pragma omp target teams distribute parallel for collapse(2) device(hpar::rt::omp::device()) map(to: f)
    for (int64_t i0 = l0; i0 < u0; ++i0)
      for (int64_t i1 = l1; i1 < u1; ++i1)
        f(index_type(i0), index_type(i1));
  }
}

// hpar: parallel_for "fill3" (MDRangePolicy, rank 3) from mdrange.cpp:80
template <class Label, class PolicyOrCount, class Functor>
void hpar_fill3_L80(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const int64_t l0 = policy.lower(0), u0 = policy.upper(0);
  const int64_t l1 = policy.lower(1), u1 = policy.upper(1);
  const int64_t l2 = policy.lower(2), u2 = policy.upper(2);
  if constexpr (decltype(policy)::inner_left) {
    #pragma omp target teams distribute parallel for collapse(3) device(hpar::rt::omp::device()) map(to: f)
    for (int64_t i2 = l2; i2 < u2; ++i2)
      for (int64_t i1 = l1; i1 < u1; ++i1)
        for (int64_t i0 = l0; i0 < u0; ++i0)
          f(index_type(i0), index_type(i1), index_type(i2));
  } else {
    #pragma omp target teams distribute parallel for collapse(3) device(hpar::rt::omp::device()) map(to: f)
    for (int64_t i0 = l0; i0 < u0; ++i0)
      for (int64_t i1 = l1; i1 < u1; ++i1)
        for (int64_t i2 = l2; i2 < u2; ++i2)
          f(index_type(i0), index_type(i1), index_type(i2));
  }
}

// hpar: parallel_reduce "sum2" (MDRangePolicy, rank 2, reduction clause +) from mdrange.cpp:90
template <class Label, class PolicyOrCount, class Functor, class... Results>
void hpar_sum2_L90(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                   Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  using value_type = typename decltype(spec)::value_type;
  const int64_t l0 = policy.lower(0), u0 = policy.upper(0);
  const int64_t l1 = policy.lower(1), u1 = policy.upper(1);
  value_type acc;
  spec.init(&acc);
  if constexpr (decltype(policy)::inner_left) {
    #pragma omp target teams distribute parallel for collapse(2) device(hpar::rt::omp::device()) \
        map(to: f, spec) map(tofrom: acc) reduction(+: acc)
    for (int64_t i1 = l1; i1 < u1; ++i1)
      for (int64_t i0 = l0; i0 < u0; ++i0)
        spec.call(f, &acc, index_type(i0), index_type(i1));
  } else {
    #pragma omp target teams distribute parallel for collapse(2) device(hpar::rt::omp::device()) \
        map(to: f, spec) map(tofrom: acc) reduction(+: acc)
    for (int64_t i0 = l0; i0 < u0; ++i0)
      for (int64_t i1 = l1; i1 < u1; ++i1)
        spec.call(f, &acc, index_type(i0), index_type(i1));
  }
  spec.store(&acc, false);
}

using Left2 = hpar::MDRangePolicy<hpar::Rank<2, hpar::Iterate::Left, hpar::Iterate::Left>>;
using Right2 = hpar::MDRangePolicy<hpar::Rank<2, hpar::Iterate::Right, hpar::Iterate::Right>>;
using Left3 = hpar::MDRangePolicy<hpar::Rank<3, hpar::Iterate::Left, hpar::Iterate::Left>>;
using Right3 = hpar::MDRangePolicy<hpar::Rank<3, hpar::Iterate::Right, hpar::Iterate::Right>>;
static_assert(Left2::inner_left && !Right2::inner_left, "both loop orders are exercised");

/// Number of points of an n0 x n1 x n2 box where `got(i0, i1, i2)` differs from `expect(...)`.
template <class Got, class Expect>
int64_t mismatches(int64_t n0, int64_t n1, int64_t n2, const Got& got, const Expect& expect) {
  int64_t wrong = 0;
  for (int64_t i2 = 0; i2 < n2; ++i2)
    for (int64_t i1 = 0; i1 < n1; ++i1)
      for (int64_t i0 = 0; i0 < n0; ++i0)
        if (got(i0, i1, i2) != expect(i0, i1, i2)) ++wrong;
  return wrong;
}

template <class Policy>
void check_rank2() {
  const int64_t n0 = 301, n1 = 257;
  hpar::View<int64_t**> a("a", n0, n1);
  hpar_fill2_L70("fill2", Policy({0, 0}, {n0, n1}), HPAR_LAMBDA(int64_t i0, int64_t i1) { a(i0, i1) = 0; });
  hpar_fill2_L70("fill2", Policy({2, 3}, {n0, n1 - 1}),
                 HPAR_LAMBDA(int64_t i0, int64_t i1) { a(i0, i1) += i0 + 1000 * i1 + 1; });
  hpar_fill2_L70("fill2", Policy({5, 5}, {5, n1}), HPAR_LAMBDA(int64_t i0, int64_t i1) { a(i0, i1) = -1; });
  auto h = hpar::create_mirror_view(a);
  hpar::deep_copy(h, a);
  CHECK(mismatches(n0, n1, 1, [&](int64_t i0, int64_t i1, int64_t) { return h(i0, i1); },
                   [&](int64_t i0, int64_t i1, int64_t) {
          return (i0 >= 2 && i1 >= 3 && i1 < n1 - 1) ? i0 + 1000 * i1 + 1 : 0;
        }) == 0);

  int64_t sum = -1;
  hpar_sum2_L90("sum2", Policy({2, 3}, {n0, n1 - 1}),
                HPAR_LAMBDA(int64_t i0, int64_t i1, int64_t& s) { s += a(i0, i1); }, sum);
  int64_t expect = 0;
  for (int64_t i1 = 3; i1 < n1 - 1; ++i1)
    for (int64_t i0 = 2; i0 < n0; ++i0) expect += i0 + 1000 * i1 + 1;
  CHECK(sum == expect);
}

template <class Policy>
void check_rank3() {
  const int64_t n0 = 67, n1 = 45, n2 = 23;
  hpar::View<int64_t***> a("a", n0, n1, n2);
  hpar_fill3_L80("fill3", Policy({0, 0, 0}, {n0, n1, n2}),
                 HPAR_LAMBDA(int64_t i0, int64_t i1, int64_t i2) { a(i0, i1, i2) = 0; });
  hpar_fill3_L80("fill3", Policy({1, 2, 3}, {n0, n1, n2}), HPAR_LAMBDA(int64_t i0, int64_t i1, int64_t i2) {
    a(i0, i1, i2) += i0 + 100 * i1 + 10000 * i2 + 1;
  });
  auto h = hpar::create_mirror_view(a);
  hpar::deep_copy(h, a);
  CHECK(mismatches(n0, n1, n2, [&](int64_t i0, int64_t i1, int64_t i2) { return h(i0, i1, i2); },
                   [&](int64_t i0, int64_t i1, int64_t i2) {
          return (i0 >= 1 && i1 >= 2 && i2 >= 3) ? i0 + 100 * i1 + 10000 * i2 + 1 : 0;
        }) == 0);
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  check_rank2<Left2>();
  check_rank2<Right2>();
  check_rank3<Left3>();
  check_rank3<Right3>();
  return hpar_test::report("mdrange");
}
