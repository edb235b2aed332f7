// parallel_for over a RangePolicy and over a count, written as hpar-translate emits it for
// OpenMP (design.md section 7). Checks every index is visited exactly once.
#include <hpar/rt/openmp.hpp>

#include <hpar/hpar.hpp>

#include "check.hpp"

// hpar: parallel_for "fill" (RangePolicy) from for_range.cpp:30
template <class Label, class PolicyOrCount, class Functor>
void hpar_fill_L30(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const int64_t begin = policy.begin(), end = policy.end();
  #pragma omp target teams distribute parallel for device(hpar::rt::omp::device()) map(to: f)
  for (int64_t i = begin; i < end; ++i) {
    if (i == begin) HPAR_TEST_PRINT_SHAPE("hpar_fill_L30");
    f(index_type(i));
  }
}

// hpar: parallel_for (count) from for_range.cpp:32
template <class PolicyOrCount, class Functor>
void hpar_for_range_L32(const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const int64_t begin = policy.begin(), end = policy.end();
  #pragma omp target teams distribute parallel for device(hpar::rt::omp::device()) map(to: f)
  for (int64_t i = begin; i < end; ++i)
    f(index_type(i));
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const int64_t n = 100003;
  hpar::View<int*> x("x", n);
  hpar_for_range_L32(n, HPAR_LAMBDA(int64_t i) { x(i) = 0; });
  hpar_fill_L30("fill", hpar::RangePolicy<>(3, n - 5), HPAR_LAMBDA(int64_t i) { x(i) += int(i % 97) + 1; });
  hpar_fill_L30("fill", hpar::RangePolicy<>(7, 7), HPAR_LAMBDA(int64_t i) { x(i) = -1; });

  auto h = hpar::create_mirror_view(x);
  hpar::deep_copy(h, x);
  int64_t wrong = 0;
  for (int64_t i = 0; i < n; ++i) {
    const int expect = (i >= 3 && i < n - 5) ? int(i % 97) + 1 : 0;
    if (h(i) != expect) ++wrong;
  }
  CHECK(wrong == 0);
  return hpar_test::report("for_range");
}
