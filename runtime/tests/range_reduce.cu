// RangePolicy parallel_reduce, written as hpar-translate emits it (design.md section 7):
// Sum into a scalar (double, int64), empty ranges, Max, MinLoc, a functor with a custom value
// type and init/join (small: register path; large: shared-memory path), array reductions.
#include <hpar/rt/cuda.cuh>

#include <cmath>
#include <cfloat>
#include <climits>
#include <cstdint>
#include <limits>
#include <vector>

#include "check.hpp"

// hpar: parallel_reduce "dot" (RangePolicy) from range_reduce.cpp:50
template <class Policy, class Functor, class Spec>
__global__ void hpar_dot_L50(const Policy policy, const Functor f, const Spec spec,
                             const hpar::rt::cuda::ReduceState<Spec> state) {
  using index_type = typename Policy::index_type;
  hpar::rt::cuda::Accumulator<Spec> acc(spec);
  const int64_t end = policy.end();
  for (int64_t i = policy.begin() + blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < end;
       i += (int64_t)gridDim.x * blockDim.x)
    spec.call(f, acc.data(), index_type(i));
  hpar::rt::cuda::finish_reduce(spec, state, acc.data());
}

template <class Label, class PolicyOrCount, class Functor, class... Results>
void hpar_dot_L50_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                         Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_dot_L50", "range_reduce.cpp", 50};
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  const auto kernel = hpar_dot_L50<decltype(policy), Functor, decltype(spec)>;
  const int64_t n = policy.end() - policy.begin();
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::reduce_shape(kernel, n, spec, site);
  const auto state = hpar::rt::cuda::ReduceState<decltype(spec)>::acquire(shape, spec, site);
  kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f, spec, state);
  hpar::rt::cuda::check_launch(site);
  hpar::rt::cuda::store_result(spec, state);
}

// A value type that still shuffles (24 bytes).
struct Stats {
  double sum;
  double max;
  int64_t count;
};

struct StatsFunctor {
  using value_type = Stats;
  const double* x;
  HPAR_INLINE_FUNCTION void operator()(int64_t i, Stats& s) const {
    s.sum += x[i];
    s.max = x[i] > s.max ? x[i] : s.max;
    s.count += 1;
  }
  HPAR_INLINE_FUNCTION void init(Stats& s) const { s.sum = 0; s.max = -1e300; s.count = 0; }
  HPAR_INLINE_FUNCTION void join(Stats& d, const Stats& s) const {
    d.sum += s.sum;
    d.max = s.max > d.max ? s.max : d.max;
    d.count += s.count;
  }
};

// A value type too large to shuffle (72 bytes): the shared-memory path.
struct Moments {
  double m[9];
};

struct MomentsFunctor {
  using value_type = Moments;
  const double* x;
  HPAR_INLINE_FUNCTION void operator()(int64_t i, Moments& s) const {
    double p = 1.0;
    for (int k = 0; k < 9; ++k) { s.m[k] += p; p *= x[i]; }
  }
  HPAR_INLINE_FUNCTION void init(Moments& s) const { for (int k = 0; k < 9; ++k) s.m[k] = 0; }
  HPAR_INLINE_FUNCTION void join(Moments& d, const Moments& s) const { for (int k = 0; k < 9; ++k) d.m[k] += s.m[k]; }
};

// Array reduction: a histogram of value_count bins.
struct Histogram {
  using value_type = int64_t[];
  int value_count;
  const int* key;
  HPAR_INLINE_FUNCTION void operator()(int64_t i, int64_t* bins) const { bins[key[i] % value_count] += 1; }
  HPAR_INLINE_FUNCTION void init(int64_t* bins) const { for (int b = 0; b < value_count; ++b) bins[b] = 0; }
  HPAR_INLINE_FUNCTION void join(int64_t* d, const int64_t* s) const { for (int b = 0; b < value_count; ++b) d[b] += s[b]; }
};

int main() {
  const int64_t sizes[] = {0, 1, 33, 1000, 123457, (1 << 22) + 5};
  for (int64_t n : sizes) {
    double *x = nullptr, *y = nullptr;
    int* key = nullptr;
    cudaMallocManaged(&x, (n + 1) * sizeof(double));
    cudaMallocManaged(&y, (n + 1) * sizeof(double));
    cudaMallocManaged(&key, (n + 1) * sizeof(int));
    for (int64_t i = 0; i < n; ++i) {
      x[i] = (double)((i * 7919) % 1009) - 300.0;  // integers: sums are exact
      y[i] = (double)(i % 3);
      key[i] = (int)((i * 31) % 1000);
    }
    cudaDeviceSynchronize();

    // Sum of doubles (exact: integer values).
    double dot = -1.0, expect_dot = 0.0;
    for (int64_t i = 0; i < n; ++i) expect_dot += x[i] * y[i];
    hpar_dot_L50_launch("dot", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(int64_t i, double& s) { s += x[i] * y[i]; }, dot);
    EXPECT(dot == expect_dot, "dot n=%lld: %.17g != %.17g", (long long)n, dot, expect_dot);

    // Sum of int64 over an integral count.
    int64_t count = -1;
    hpar_dot_L50_launch("count", n, HPAR_LAMBDA(int64_t i, int64_t& c) { c += i; }, count);
    EXPECT(count == n * (n - 1) / 2, "index sum n=%lld: %lld", (long long)n, (long long)count);

    // Max.
    double mx = 0.0, expect_mx = -DBL_MAX;
    for (int64_t i = 0; i < n; ++i) expect_mx = x[i] > expect_mx ? x[i] : expect_mx;
    hpar_dot_L50_launch("max", hpar::RangePolicy<>(0, n),
                        HPAR_LAMBDA(int64_t i, double& m) { if (x[i] > m) m = x[i]; }, hpar::Max<double>(mx));
    EXPECT(mx == expect_mx, "max n=%lld: %g != %g", (long long)n, mx, expect_mx);

    // MinLoc (ties: smallest index).
    hpar::MinLoc<double, int64_t>::value_type ml{0.0, -7};
    double expect_min = DBL_MAX;  // identities of MinLoc: reduction_identity<T>::min()
    int64_t expect_loc = std::numeric_limits<int64_t>::max();
    for (int64_t i = 0; i < n; ++i)
      if (x[i] < expect_min) { expect_min = x[i]; expect_loc = i; }
    hpar_dot_L50_launch("minloc", hpar::RangePolicy<>(0, n),
                        HPAR_LAMBDA(int64_t i, hpar::MinLoc<double, int64_t>::value_type& v) {
                          if (x[i] < v.val || (x[i] == v.val && i < v.loc)) { v.val = x[i]; v.loc = i; }
                        },
                        hpar::MinLoc<double, int64_t>(ml));
    EXPECT(ml.val == expect_min && ml.loc == expect_loc, "minloc n=%lld: (%g,%lld) != (%g,%lld)", (long long)n,
           ml.val, (long long)ml.loc, expect_min, (long long)expect_loc);

    // Custom value type, register path.
    Stats st{0, 0, -1};
    double expect_sum = 0;
    for (int64_t i = 0; i < n; ++i) expect_sum += x[i];
    hpar_dot_L50_launch("stats", hpar::RangePolicy<>(0, n), StatsFunctor{x}, st);
    EXPECT(st.sum == expect_sum && st.count == n && (n == 0 ? st.max == -1e300 : st.max == expect_mx),
           "stats n=%lld: sum %g count %lld max %g", (long long)n, st.sum, (long long)st.count, st.max);

    // Custom value type, shared-memory path (x in [-300, 708]: use x / 1000 so powers stay exact enough).
    for (int64_t i = 0; i < n; ++i) y[i] = (double)(i % 4);
    cudaDeviceSynchronize();
    Moments mo{};
    Moments expect_mo{};
    for (int64_t i = 0; i < n; ++i) { double p = 1; for (int k = 0; k < 9; ++k) { expect_mo.m[k] += p; p *= y[i]; } }
    hpar_dot_L50_launch("moments", hpar::RangePolicy<>(0, n), MomentsFunctor{y}, mo);
    bool mo_ok = true;
    for (int k = 0; k < 9; ++k) mo_ok = mo_ok && mo.m[k] == expect_mo.m[k];
    EXPECT(mo_ok, "moments n=%lld: m0 %g m8 %g expected %g %g", (long long)n, mo.m[0], mo.m[8], expect_mo.m[0], expect_mo.m[8]);

    // Array reductions: 7 bins and 1000 bins (large slices, small blocks).
    for (int bins : {7, 1000}) {
      std::vector<int64_t> hist(bins, -1), expect_hist(bins, 0);
      for (int64_t i = 0; i < n; ++i) expect_hist[key[i] % bins] += 1;
      hpar_dot_L50_launch("histogram", hpar::RangePolicy<>(0, n), Histogram{bins, key}, hist.data());
      EXPECT(hist == expect_hist, "histogram bins=%d n=%lld: bin0 %lld expected %lld", bins, (long long)n,
             (long long)hist[0], (long long)expect_hist[0]);
    }
    cudaFree(x);
    cudaFree(y);
    cudaFree(key);
  }
  // Many launches in a row reuse the state (counter reset by the last block).
  {
    const int64_t n = 1 << 20;
    int64_t* v = nullptr;
    cudaMallocManaged(&v, n * sizeof(int64_t));
    for (int64_t i = 0; i < n; ++i) v[i] = 1;
    bool ok = true;
    for (int rep = 0; rep < 50; ++rep) {
      int64_t s = 0;
      hpar_dot_L50_launch("repeat", n, HPAR_LAMBDA(int64_t i, int64_t& c) { c += v[i]; }, s);
      ok = ok && s == n;
    }
    EXPECT(ok, "repeated reductions");
    cudaFree(v);
  }
  EXPECT(cudaDeviceSynchronize() == cudaSuccess, "device error");
  return finish_tests("range_reduce");
}
