// parallel_scan through hpar::rt::omp::ScanChunks (single pass), written as hpar-translate emits
// it: an exclusive prefix sum with and without a total, on a shifted range and an empty range.
#include <hpar/rt/openmp.hpp>

#include <hpar/hpar.hpp>

#include <initializer_list>

#include "check.hpp"

// hpar: parallel_scan "prefix" (RangePolicy, single pass) from scan.cpp:60
template <class Label, class PolicyOrCount, class Functor, class... Total>
void hpar_prefix_L60(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                     Total&&... total) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_prefix_L60", "scan.cpp", 60};
  const auto spec = hpar::impl::make_scan_spec(policy, f, total...);
  using value_type = typename decltype(spec)::value_type;
  const int64_t begin = policy.begin(), end = policy.end();
  hpar::rt::omp::ScanChunks<decltype(spec)> chunks(spec, begin, end, site);
  int64_t* states = chunks.states();
  value_type* aggregates = chunks.aggregates();
  value_type* inclusives = chunks.inclusives();
  const int64_t nchunks = chunks.count(), len = chunks.length();
  const hpar::rt::omp::LaunchShape shape = hpar::rt::omp::partial_shape(hpar::rt::omp::device());
  const int nteams = shape.teams, nthreads = shape.threads;
  #pragma omp target teams num_teams(nteams) thread_limit(nthreads) device(hpar::rt::omp::device()) \
      map(to: f, spec) is_device_ptr(states, aggregates, inclusives)
  #pragma omp parallel num_threads(nthreads)
  {
    if (omp_get_team_num() == 0 && omp_get_thread_num() == 0) HPAR_TEST_PRINT_SHAPE("hpar_prefix_L60");
    hpar::rt::omp::scan_single_pass<index_type>(spec, f, states, aggregates, inclusives, begin, end,
                                                nchunks, len);
  }
  chunks.store_total();
}

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const int64_t n = 1000003;
  hpar::View<int64_t*> x("x", n), y("y", n);
  auto hx = hpar::create_mirror_view(x);
  for (int64_t i = 0; i < n; ++i) hx(i) = i % 7 + 1;
  hpar::deep_copy(x, hx);

  int64_t total = -1;
  hpar_prefix_L60("prefix", hpar::RangePolicy<>(3, n),
                  HPAR_LAMBDA(int64_t i, int64_t& update, bool final) {
                    if (final) y(i) = update;
                    update += x(i);
                  },
                  total);
  auto hy = hpar::create_mirror_view(y);
  hpar::deep_copy(hy, y);
  int64_t running = 0, wrong = 0;
  for (int64_t i = 3; i < n; ++i) {
    if (hy(i) != running) ++wrong;
    running += hx(i);
  }
  CHECK(wrong == 0);
  CHECK(total == running);

  // No total; an inclusive scan written by the user.
  hpar_prefix_L60("prefix", n, HPAR_LAMBDA(int64_t i, int64_t& update, bool final) {
    update += x(i);
    if (final) y(i) = update;
  });
  hpar::deep_copy(hy, y);
  running = 0;
  wrong = 0;
  for (int64_t i = 0; i < n; ++i) {
    running += hx(i);
    if (hy(i) != running) ++wrong;
  }
  CHECK(wrong == 0);

  // Fewer indices than chunks would be, and an empty range.
  for (int64_t m : {int64_t(1), int64_t(5), int64_t(0)}) {
    int64_t small_total = -1;
    hpar_prefix_L60("prefix", m,
                    HPAR_LAMBDA(int64_t i, int64_t& update, bool final) {
                      if (final) y(i) = update;
                      update += x(i);
                    },
                    small_total);
    int64_t expect = 0;
    for (int64_t i = 0; i < m; ++i) expect += hx(i);
    CHECK(small_total == expect);
  }
  return hpar_test::report("scan");
}
