// parallel_reduce through hpar::rt::omp::ReducePartials (everything the `reduction` clause cannot
// express), written as hpar-translate emits it: MinLoc, a functor with a struct value_type and
// init/join, an array reduction (value_type = double[]), two reducers at once, an empty range.
#include <hpar/rt/openmp.hpp>

#include <hpar/hpar.hpp>

#include <cmath>
#include <limits>

#include "check.hpp"

// hpar: parallel_reduce "partials" (RangePolicy, per-thread partials) from reduce_partials.cpp:80
template <class Label, class PolicyOrCount, class Functor, class... Results>
void hpar_partials_L80(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                       Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  using index_type = typename decltype(policy)::index_type;
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_partials_L80",
                                  "reduce_partials.cpp", 80};
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  using value_type = typename decltype(spec)::value_type;
  const int64_t begin = policy.begin(), end = policy.end();
  hpar::rt::omp::ReducePartials<decltype(spec)> partials(spec, site);
  value_type* slots = partials.data();
  const int nteams = partials.teams(), nthreads = partials.threads();
  const int count = spec.value_count();
  #pragma omp target teams num_teams(nteams) thread_limit(nthreads) \
      device(hpar::rt::omp::device()) map(to: f, spec) is_device_ptr(slots)
  #pragma omp parallel num_threads(nthreads)
  {
    const int64_t team = omp_get_team_num(), thread = omp_get_thread_num();
    const int64_t team_stride = (int64_t)omp_get_num_teams() * nthreads;
    const int team_threads = omp_get_num_threads();
    value_type* acc = slots + (team * nthreads + thread) * count;
    HPAR_TEST_PRINT_SHAPE("hpar_partials_L80");
    for (int64_t block = begin + team * nthreads; block < end; block += team_stride)
      for (int64_t i = block + thread; i < end && i < block + nthreads; i += team_threads)
        spec.call(f, acc, index_type(i));
  }
  partials.finish();
}

#pragma omp declare target
struct Stats {
  double sum;
  int64_t count;
  double min;
};

// A functor reducer with a struct value_type and its own init/join.
struct StatsOf {
  using value_type = Stats;
  hpar::View<double*> x;
  void operator()(int64_t i, Stats& s) const {
    s.sum += x(i);
    s.count += 1;
    s.min = x(i) < s.min ? x(i) : s.min;
  }
  void init(Stats& s) const { s = Stats{0.0, 0, std::numeric_limits<double>::max()}; }
  void join(Stats& dst, const Stats& src) const {
    dst.sum += src.sum;
    dst.count += src.count;
    dst.min = src.min < dst.min ? src.min : dst.min;
  }
};

// An array reduction: histogram of i % value_count.
struct Histogram {
  using value_type = double[];
  int value_count;
  hpar::View<double*> x;
  void operator()(int64_t i, double* bins) const { bins[i % value_count] += x(i); }
  void init(double* bins) const {
    for (int k = 0; k < value_count; ++k) bins[k] = 0;
  }
  void join(double* dst, const double* src) const {
    for (int k = 0; k < value_count; ++k) dst[k] += src[k];
  }
};
#pragma omp end declare target

int main(int argc, char* argv[]) {
  hpar::ScopeGuard guard(argc, argv);
  const int64_t n = 1000003;  // prime: i * 7919 % n takes every value below n once
  hpar::View<double*> x("x", n);
  auto h = hpar::create_mirror_view(x);
  for (int64_t i = 0; i < n; ++i) h(i) = double((i * 7919 + 12345) % n);
  hpar::deep_copy(x, h);
  int64_t where_min = 0;
  for (int64_t i = 0; i < n; ++i)
    if (h(i) == 0) where_min = i;

  // MinLoc
  hpar::MinLoc<double, int64_t>::value_type lowest{-1, -1};
  hpar_partials_L80("argmin", n,
                    HPAR_LAMBDA(int64_t i, hpar::MinLoc<double, int64_t>::value_type& m) {
                      if (x(i) < m.val) {
                        m.val = x(i);
                        m.loc = i;
                      }
                    },
                    hpar::MinLoc<double, int64_t>(lowest));
  CHECK(lowest.val == 0);
  CHECK(lowest.loc == where_min);

  // Functor with struct value_type, init and join; the count proves every index ran once.
  Stats stats{-1, -1, -1};
  hpar_partials_L80("stats", hpar::RangePolicy<>(10, n), StatsOf{x}, stats);
  double expect_sum = 0, expect_min = std::numeric_limits<double>::max();
  for (int64_t i = 10; i < n; ++i) {
    expect_sum += h(i);
    expect_min = h(i) < expect_min ? h(i) : expect_min;
  }
  CHECK(stats.count == n - 10);
  CHECK(stats.sum == expect_sum);  // integers below 2^53: exact in any order
  CHECK(stats.min == expect_min);

  // Array reduction.
  double bins[5] = {-1, -1, -1, -1, -1};
  hpar_partials_L80("histogram", n, Histogram{5, x}, bins);
  double expect_bins[5] = {0, 0, 0, 0, 0};
  for (int64_t i = 0; i < n; ++i) expect_bins[i % 5] += h(i);
  for (int k = 0; k < 5; ++k) CHECK(bins[k] == expect_bins[k]);

  // Two reducers in one dispatch.
  double total = -1, peak = -1;
  hpar_partials_L80("two", n,
                    HPAR_LAMBDA(int64_t i, double& s, double& m) {
                      s += x(i);
                      m = x(i) > m ? x(i) : m;
                    },
                    hpar::Sum<double>(total), hpar::Max<double>(peak));
  CHECK(total == double(n) * double(n - 1) / 2);
  CHECK(peak == double(n - 1));

  // Empty range: the identity.
  Stats none{-1, -1, -1};
  hpar_partials_L80("stats", hpar::RangePolicy<>(7, 7), StatsOf{x}, none);
  CHECK(none.count == 0 && none.sum == 0 && none.min == std::numeric_limits<double>::max());
  return hpar_test::report("reduce_partials");
}
