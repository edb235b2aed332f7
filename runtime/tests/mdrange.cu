// MDRangePolicy parallel_for and parallel_reduce, written as hpar-translate emits them
// (design.md section 7): ranks 2, 3 and 6, both iteration orders, partial tiles, non-zero lower
// bounds, empty boxes, Sum / Max / array reductions.
#include <hpar/rt/cuda.cuh>

#include <cfloat>
#include <climits>
#include <cstdint>
#include <vector>

#include "check.hpp"

// hpar: parallel_for "fill2" (MDRangePolicy) from mdrange.cpp:20
template <class Policy, class Functor>
__global__ void hpar_fill2_L20(const Policy policy, const Functor f) {
  using index_type = typename Policy::index_type;
  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
  for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
    for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
      int64_t i[Policy::rank];
      if (tiles.point(t, p, i)) f(index_type(i[0]), index_type(i[1]));
    }
}

template <class Label, class PolicyOrCount, class Functor>
void hpar_fill2_L20_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_fill2_L20", "mdrange.cpp", 20};
  const auto kernel = hpar_fill2_L20<decltype(policy), Functor>;
  const hpar::rt::cuda::MDTiles<decltype(policy)::rank> tiles(policy);
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::md_shape(kernel, tiles, site);
  if (shape.grid.x > 0) kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f);
  hpar::rt::cuda::check_launch(site);
}

// hpar: parallel_for "fill3" (MDRangePolicy) from mdrange.cpp:40
template <class Policy, class Functor>
__global__ void hpar_fill3_L40(const Policy policy, const Functor f) {
  using index_type = typename Policy::index_type;
  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
  for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
    for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
      int64_t i[Policy::rank];
      if (tiles.point(t, p, i)) f(index_type(i[0]), index_type(i[1]), index_type(i[2]));
    }
}

template <class Label, class PolicyOrCount, class Functor>
void hpar_fill3_L40_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_fill3_L40", "mdrange.cpp", 40};
  const auto kernel = hpar_fill3_L40<decltype(policy), Functor>;
  const hpar::rt::cuda::MDTiles<decltype(policy)::rank> tiles(policy);
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::md_shape(kernel, tiles, site);
  if (shape.grid.x > 0) kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f);
  hpar::rt::cuda::check_launch(site);
}

// hpar: parallel_for "fill6" (MDRangePolicy) from mdrange.cpp:60
template <class Policy, class Functor>
__global__ void hpar_fill6_L60(const Policy policy, const Functor f) {
  using index_type = typename Policy::index_type;
  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
  for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
    for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
      int64_t i[Policy::rank];
      if (tiles.point(t, p, i))
        f(index_type(i[0]), index_type(i[1]), index_type(i[2]), index_type(i[3]), index_type(i[4]),
          index_type(i[5]));
    }
}

template <class Label, class PolicyOrCount, class Functor>
void hpar_fill6_L60_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_fill6_L60", "mdrange.cpp", 60};
  const auto kernel = hpar_fill6_L60<decltype(policy), Functor>;
  const hpar::rt::cuda::MDTiles<decltype(policy)::rank> tiles(policy);
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::md_shape(kernel, tiles, site);
  if (shape.grid.x > 0) kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f);
  hpar::rt::cuda::check_launch(site);
}

// hpar: parallel_reduce "sum3" (MDRangePolicy) from mdrange.cpp:80
template <class Policy, class Functor, class Spec>
__global__ void hpar_sum3_L80(const Policy policy, const Functor f, const Spec spec,
                              const hpar::rt::cuda::ReduceState<Spec> state) {
  using index_type = typename Policy::index_type;
  hpar::rt::cuda::Accumulator<Spec> acc(spec);
  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
  for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
    for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
      int64_t i[Policy::rank];
      if (tiles.point(t, p, i)) spec.call(f, acc.data(), index_type(i[0]), index_type(i[1]), index_type(i[2]));
    }
  hpar::rt::cuda::finish_reduce(spec, state, acc.data());
}

template <class Label, class PolicyOrCount, class Functor, class... Results>
void hpar_sum3_L80_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                          Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_sum3_L80", "mdrange.cpp", 80};
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  const auto kernel = hpar_sum3_L80<decltype(policy), Functor, decltype(spec)>;
  const hpar::rt::cuda::MDTiles<decltype(policy)::rank> tiles(policy);
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::md_reduce_shape(kernel, tiles, spec, site);
  const auto state = hpar::rt::cuda::ReduceState<decltype(spec)>::acquire(shape, spec, site);
  kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f, spec, state);
  hpar::rt::cuda::check_launch(site);
  hpar::rt::cuda::store_result(spec, state);
}

// hpar: parallel_reduce "sum2" (MDRangePolicy) from mdrange.cpp:100
template <class Policy, class Functor, class Spec>
__global__ void hpar_sum2_L100(const Policy policy, const Functor f, const Spec spec,
                               const hpar::rt::cuda::ReduceState<Spec> state) {
  using index_type = typename Policy::index_type;
  hpar::rt::cuda::Accumulator<Spec> acc(spec);
  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
  for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
    for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
      int64_t i[Policy::rank];
      if (tiles.point(t, p, i)) spec.call(f, acc.data(), index_type(i[0]), index_type(i[1]));
    }
  hpar::rt::cuda::finish_reduce(spec, state, acc.data());
}

template <class Label, class PolicyOrCount, class Functor, class... Results>
void hpar_sum2_L100_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                           Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_sum2_L100", "mdrange.cpp", 100};
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  const auto kernel = hpar_sum2_L100<decltype(policy), Functor, decltype(spec)>;
  const hpar::rt::cuda::MDTiles<decltype(policy)::rank> tiles(policy);
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::md_reduce_shape(kernel, tiles, spec, site);
  const auto state = hpar::rt::cuda::ReduceState<decltype(spec)>::acquire(shape, spec, site);
  kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f, spec, state);
  hpar::rt::cuda::check_launch(site);
  hpar::rt::cuda::store_result(spec, state);
}

// hpar: parallel_reduce "sum6" (MDRangePolicy) from mdrange.cpp:120
template <class Policy, class Functor, class Spec>
__global__ void hpar_sum6_L120(const Policy policy, const Functor f, const Spec spec,
                               const hpar::rt::cuda::ReduceState<Spec> state) {
  using index_type = typename Policy::index_type;
  hpar::rt::cuda::Accumulator<Spec> acc(spec);
  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
  for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
    for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
      int64_t i[Policy::rank];
      if (tiles.point(t, p, i))
        spec.call(f, acc.data(), index_type(i[0]), index_type(i[1]), index_type(i[2]), index_type(i[3]),
                  index_type(i[4]), index_type(i[5]));
    }
  hpar::rt::cuda::finish_reduce(spec, state, acc.data());
}

template <class Label, class PolicyOrCount, class Functor, class... Results>
void hpar_sum6_L120_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                           Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_sum6_L120", "mdrange.cpp", 120};
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  const auto kernel = hpar_sum6_L120<decltype(policy), Functor, decltype(spec)>;
  const hpar::rt::cuda::MDTiles<decltype(policy)::rank> tiles(policy);
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::md_reduce_shape(kernel, tiles, spec, site);
  const auto state = hpar::rt::cuda::ReduceState<decltype(spec)>::acquire(shape, spec, site);
  kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f, spec, state);
  hpar::rt::cuda::check_launch(site);
  hpar::rt::cuda::store_result(spec, state);
}

// Array reduction over an MDRange: per-row sums of a 2-D box.
struct RowSums {
  using value_type = double[];
  int value_count;
  HPAR_INLINE_FUNCTION void operator()(int64_t i, int64_t j, double* rows) const { rows[i % value_count] += (double)j; }
  HPAR_INLINE_FUNCTION void init(double* rows) const { for (int r = 0; r < value_count; ++r) rows[r] = 0; }
  HPAR_INLINE_FUNCTION void join(double* d, const double* s) const { for (int r = 0; r < value_count; ++r) d[r] += s[r]; }
};

using Left2 = hpar::MDRangePolicy<hpar::Rank<2, hpar::Iterate::Left, hpar::Iterate::Left>>;
using Right2 = hpar::MDRangePolicy<hpar::Rank<2, hpar::Iterate::Right, hpar::Iterate::Right>>;
using Left3 = hpar::MDRangePolicy<hpar::Rank<3, hpar::Iterate::Left, hpar::Iterate::Left>>;
using Right3 = hpar::MDRangePolicy<hpar::Rank<3, hpar::Iterate::Right, hpar::Iterate::Right>>;
using Mixed3 = hpar::MDRangePolicy<hpar::Rank<3, hpar::Iterate::Right, hpar::Iterate::Left>>;
using Left6 = hpar::MDRangePolicy<hpar::Rank<6, hpar::Iterate::Left, hpar::Iterate::Left>>;
using Right6 = hpar::MDRangePolicy<hpar::Rank<6, hpar::Iterate::Right, hpar::Iterate::Right>>;

template <class Policy2>
void test_rank2(const char* name, Policy2 policy, int64_t n0, int64_t n1) {
  int* hits = nullptr;
  cudaMallocManaged(&hits, n0 * n1 * sizeof(int));
  for (int64_t k = 0; k < n0 * n1; ++k) hits[k] = 0;
  hpar_fill2_L20_launch(name, policy, HPAR_LAMBDA(int64_t i, int64_t j) { hpar::atomic_add(&hits[i + n0 * j], 1); });
  cudaDeviceSynchronize();
  int64_t bad = 0;
  for (int64_t j = 0; j < n1; ++j)
    for (int64_t i = 0; i < n0; ++i) {
      const bool inside = i >= policy.lower(0) && i < policy.upper(0) && j >= policy.lower(1) && j < policy.upper(1);
      bad += hits[i + n0 * j] != (inside ? 1 : 0);
    }
  EXPECT(bad == 0, "%s: %lld points visited wrongly", name, (long long)bad);

  double sum = -1, expect = 0;
  for (int64_t j = policy.lower(1); j < policy.upper(1); ++j)
    for (int64_t i = policy.lower(0); i < policy.upper(0); ++i) expect += (double)(i * 3 + j);
  hpar_sum2_L100_launch(name, policy, HPAR_LAMBDA(int64_t i, int64_t j, double& s) { s += (double)(i * 3 + j); }, sum);
  EXPECT(sum == expect, "%s: sum %g != %g", name, sum, expect);

  std::vector<double> rows(5, -1), expect_rows(5, 0);
  for (int64_t j = policy.lower(1); j < policy.upper(1); ++j)
    for (int64_t i = policy.lower(0); i < policy.upper(0); ++i) expect_rows[i % 5] += (double)j;
  hpar_sum2_L100_launch(name, policy, RowSums{5}, rows.data());
  EXPECT(rows == expect_rows, "%s: row sums differ (row0 %g vs %g)", name, rows[0], expect_rows[0]);
  cudaFree(hits);
}

template <class Policy3>
void test_rank3(const char* name, Policy3 policy, int64_t n) {
  // Writes a[i,j,k] = i + 1000 j + 1000000 k inside the box (LayoutLeft addressing), then sums.
  double* a = nullptr;
  cudaMallocManaged(&a, n * n * n * sizeof(double));
  for (int64_t k = 0; k < n * n * n; ++k) a[k] = -1;
  hpar_fill3_L40_launch(name, policy, HPAR_LAMBDA(int64_t i, int64_t j, int64_t k) {
    a[i + n * (j + n * k)] = (double)(i + 1000 * j + 1000000 * k);
  });
  cudaDeviceSynchronize();
  int64_t bad = 0;
  double expect = 0, mx_expect = -DBL_MAX;
  for (int64_t k = 0; k < n; ++k)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < n; ++i) {
        const bool inside = i >= policy.lower(0) && i < policy.upper(0) && j >= policy.lower(1) &&
                            j < policy.upper(1) && k >= policy.lower(2) && k < policy.upper(2);
        const double v = (double)(i + 1000 * j + 1000000 * k);
        bad += a[i + n * (j + n * k)] != (inside ? v : -1.0);
        if (inside) { expect += v; mx_expect = v > mx_expect ? v : mx_expect; }
      }
  EXPECT(bad == 0, "%s: %lld points wrong", name, (long long)bad);
  double sum = -1, mx = 0;
  hpar_sum3_L80_launch(name, policy, HPAR_LAMBDA(int64_t i, int64_t j, int64_t k, double& s) { s += a[i + n * (j + n * k)]; }, sum);
  EXPECT(sum == expect, "%s: sum %.17g != %.17g", name, sum, expect);
  hpar_sum3_L80_launch(name, policy,
                       HPAR_LAMBDA(int64_t i, int64_t j, int64_t k, double& m) { m = a[i + n * (j + n * k)] > m ? a[i + n * (j + n * k)] : m; },
                       hpar::Max<double>(mx));
  EXPECT(mx == mx_expect, "%s: max %g != %g", name, mx, mx_expect);
  cudaFree(a);
}

template <class Policy6>
void test_rank6(const char* name, Policy6 policy) {
  const int64_t n = 6;  // every extent < 6
  int64_t total = 1;
  for (int d = 0; d < 6; ++d) total *= n;
  int* hits = nullptr;
  cudaMallocManaged(&hits, total * sizeof(int));
  for (int64_t k = 0; k < total; ++k) hits[k] = 0;
  hpar_fill6_L60_launch(name, policy, HPAR_LAMBDA(int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t i4, int64_t i5) {
    hpar::atomic_add(&hits[i0 + n * (i1 + n * (i2 + n * (i3 + n * (i4 + n * i5))))], 1);
  });
  cudaDeviceSynchronize();
  int64_t bad = 0, inside_count = 0;
  for (int64_t k = 0; k < total; ++k) {
    int64_t r = k;
    bool inside = true;
    for (int d = 0; d < 6; ++d) {
      const int64_t c = r % n;
      r /= n;
      inside = inside && c >= policy.lower(d) && c < policy.upper(d);
    }
    bad += hits[k] != (inside ? 1 : 0);
    inside_count += inside;
  }
  EXPECT(bad == 0, "%s: %lld points visited wrongly", name, (long long)bad);
  int64_t count = -1;
  hpar_sum6_L120_launch(name, policy,
                        HPAR_LAMBDA(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t& c) { c += 1; }, count);
  EXPECT(count == inside_count, "%s: count %lld != %lld", name, (long long)count, (long long)inside_count);
  cudaFree(hits);
}

// Coordinates beyond 32 bits (narrow path, 64-bit origin), more than INT_MAX tiles and an
// extent beyond 2^31 (MDTiles' wide path).
void test_wide() {
  {
    const int64_t a = int64_t(1) << 20, b = int64_t(1) << 12;
    int64_t count = 0, sum = 0;
    hpar_sum2_L100_launch("many-tiles", Left2({0, 0}, {a, b}, {1, 1}), HPAR_LAMBDA(int64_t, int64_t, int64_t& c) { c += 1; }, count);
    hpar_sum2_L100_launch("many-tiles", Right2({0, 0}, {a, b}, {1, 1}), HPAR_LAMBDA(int64_t i, int64_t j, int64_t& s) { s += i + j; }, sum);
    EXPECT(count == a * b, "many tiles: count %lld", (long long)count);
    EXPECT(sum == b * (a * (a - 1) / 2) + a * (b * (b - 1) / 2), "many tiles: sum %lld", (long long)sum);
  }
  {
    const int64_t a = int64_t(3) << 30;
    int64_t sum = 0;
    hpar_sum2_L100_launch("long-extent", Left2({0, 0}, {a, 1}, {1024, 1}), HPAR_LAMBDA(int64_t i, int64_t, int64_t& s) { s += i; }, sum);
    EXPECT(sum == (a / 2) * (a - 1), "long extent: sum %lld", (long long)sum);
  }
  const int64_t base = int64_t(3) << 31;
  Left3 policy({base, 0, base + 5}, {base + 70, 9, base + 16}, {32, 4, 2});
  int* hits = nullptr;
  cudaMallocManaged(&hits, 70 * 9 * 11 * sizeof(int));
  for (int k = 0; k < 70 * 9 * 11; ++k) hits[k] = 0;
  hpar_fill3_L40_launch("wide", policy, HPAR_LAMBDA(int64_t i, int64_t j, int64_t k) {
    hpar::atomic_add(&hits[(i - base) + 70 * (j + 9 * (k - base - 5))], 1);
  });
  cudaDeviceSynchronize();
  int64_t bad = 0;
  for (int k = 0; k < 70 * 9 * 11; ++k) bad += hits[k] != 1;
  EXPECT(bad == 0, "wide: %lld points visited wrongly", (long long)bad);
  double sum = 0, expect = 0;
  for (int64_t k = base + 5; k < base + 16; ++k)
    for (int64_t j = 0; j < 9; ++j)
      for (int64_t i = base; i < base + 70; ++i) expect += (double)((i - base) + (k - base) * j);
  hpar_sum3_L80_launch("wide", policy, HPAR_LAMBDA(int64_t i, int64_t j, int64_t k, double& s) {
    s += (double)((i - base) + (k - base) * j);
  }, sum);
  EXPECT(sum == expect, "wide: sum %g != %g", sum, expect);
  cudaFree(hits);
}

int main() {
  test_wide();
  test_rank2("left2", Left2({0, 0}, {100, 37}, {16, 8}), 100, 37);
  test_rank2("right2", Right2({3, 1}, {100, 37}, {5, 32}), 100, 37);
  test_rank2("left2-big-tile", Left2({0, 0}, {70, 70}, {64, 64}), 70, 70);  // 4096 points > 1024 threads
  test_rank2("left2-one-point-tiles", Left2({0, 0}, {9, 7}, {1, 1}), 9, 7);
  test_rank2("left2-odd", Left2({2, 2}, {50, 40}, {7, 3}), 50, 40);
  test_rank2("empty2", Left2({0, 5}, {10, 5}, {4, 4}), 10, 5);

  test_rank3("left3", Left3({0, 0, 0}, {64, 64, 64}, {32, 4, 4}), 64);
  test_rank3("left3-partial", Left3({1, 2, 3}, {61, 60, 59}, {32, 4, 4}), 64);
  test_rank3("right3", Right3({1, 2, 3}, {61, 60, 59}, {2, 4, 32}), 64);
  test_rank3("mixed3", Mixed3({0, 5, 0}, {40, 40, 33}, {8, 8, 2}), 40);
  test_rank3("left3-default-tiles", Left3({0, 0, 0}, {50, 50, 50}), 50);
  test_rank3("empty3", Left3({0, 0, 4}, {10, 10, 4}, {4, 4, 4}), 10);

  test_rank6("left6", Left6({0, 1, 0, 2, 0, 1}, {5, 6, 4, 6, 3, 5}, {2, 3, 2, 2, 3, 2}));
  test_rank6("right6", Right6({1, 0, 0, 0, 0, 0}, {6, 6, 6, 6, 6, 6}, {4, 4, 4, 4, 4, 4}));  // 4096 points per tile

  EXPECT(cudaDeviceSynchronize() == cudaSuccess, "device error");
  return finish_tests("mdrange");
}
