// parallel_reduce with the OpenMP `reduction` clause (built-in arithmetic reducers), written as
// hpar-translate emits it: a scalar result (Sum) and a Max reducer, on a range and an empty range.
#include <hpar/rt/openmp.hpp>

#include <hpar/hpar.hpp>

#include <limits>

#include "check.hpp"

// hpar: parallel_reduce "total" (RangePolicy, reduction clause +) from reduce_clause.cpp:50
template <class Label, class PolicyOrCount, class Functor, class... Results>
void hpar_total_L50(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                    Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  using value_type = typename decltype(spec)::value_type;
  const int64_t begin = policy.begin(), end = policy.end();
  value_type acc;
  spec.init(&acc);
  #pragma omp target teams distribute parallel for device(hpar::rt::omp::device()) map(to: f, spec) \
      map(tofrom: acc) reduction(+: acc)
  for (int64_t i = begin; i < end; ++i) {
    if (i == begin) HPAR_TEST_PRINT_SHAPE("hpar_total_L50");
    spec.call(f, &acc, index_type(i));
  }
  spec.store(&acc, false);
}

// hpar: parallel_reduce "peak" (RangePolicy, reduction clause max) from reduce_clause.cpp:56
template <class Label, class PolicyOrCount, class Functor, class... Results>
void hpar_peak_L56(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                   Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  using value_type = typename decltype(spec)::value_type;
  const int64_t begin = policy.begin(), end = policy.end();
  value_type acc;
  spec.init(&acc);
  #pragma omp target teams distribute parallel for device(hpar::rt::omp::device()) map(to: f, spec) \
      map(tofrom: acc) reduction(max: acc)
  for (int64_t i = begin; i < end; ++i)
    spec.call(f, &acc, index_type(i));
  spec.store(&acc, false);
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const int64_t n = 1000003;  // prime, so i * 7919 % n takes every value below n once
  hpar::View<double*> x("x", n);
  auto h = hpar::create_mirror_view(x);
  for (int64_t i = 0; i < n; ++i) h(i) = double(i % 13);
  hpar::deep_copy(x, h);

  double sum = -1;
  hpar_total_L50("total", n, HPAR_LAMBDA(int64_t i, double& s) { s += x(i); }, sum);
  double expect = 0;
  for (int64_t i = 0; i < n; ++i) expect += double(i % 13);
  CHECK(sum == expect);

  double empty_sum = -1;
  hpar_total_L50("total", hpar::RangePolicy<>(5, 5), HPAR_LAMBDA(int64_t i, double& s) { s += x(i); },
                 empty_sum);
  CHECK(empty_sum == 0);

  double peak = 0;
  hpar_peak_L56("peak", n,
                HPAR_LAMBDA(int64_t i, double& m) {
                  const double v = double(i * 7919 % n) - 2.0e6;
                  if (v > m) m = v;
                },
                hpar::Max<double>(peak));
  CHECK(peak == double(n - 1) - 2.0e6);

  double empty_peak = 0;
  hpar_peak_L56("peak", 0, HPAR_LAMBDA(int64_t, double& m) { m = 1; }, hpar::Max<double>(empty_peak));
  CHECK(empty_peak == std::numeric_limits<double>::lowest());
  return hpar_test::report("reduce_clause");
}
