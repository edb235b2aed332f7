// RangePolicy parallel_scan, written as hpar-translate emits it (design.md section 7):
// exclusive and inclusive scans, with and without a total, sizes around the tile boundaries,
// a value type CUB cannot pack into one word, and a non-commutative join (order matters).
#include <hpar/rt/cuda.cuh>
#include <hpar/rt/cuda/scan.cuh>  // not in cuda.cuh: the translator includes it where a file scans

#include <cfloat>
#include <climits>
#include <cstdint>
#include <vector>

#include "check.hpp"

// hpar: parallel_scan "prefix" (RangePolicy) from range_scan.cpp:60
template <class Policy, class Functor, class Spec>
__global__ void hpar_prefix_L60(const Policy policy, const Functor f, const Spec spec,
                                const hpar::rt::cuda::ScanState<Spec> state) {
  using index_type = typename Policy::index_type;
  using value_type = typename Spec::value_type;
  hpar::rt::cuda::scan_tiles(spec, state, policy.begin(), policy.end(),
      [&](int64_t i, value_type& update, bool final) { spec.call(f, update, final, index_type(i)); });
}

template <class Label, class PolicyOrCount, class Functor, class... Total>
void hpar_prefix_L60_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                            Total&... total) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_prefix_L60", "range_scan.cpp", 60};
  const auto spec = hpar::impl::make_scan_spec(policy, f, total...);
  const auto kernel = hpar_prefix_L60<decltype(policy), Functor, decltype(spec)>;
  const int64_t n = policy.end() - policy.begin();
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::scan_shape(kernel, n, spec, site);
  const auto state = hpar::rt::cuda::ScanState<decltype(spec)>::acquire(shape, spec, site);
  kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f, spec, state);
  hpar::rt::cuda::check_launch(site);
  hpar::rt::cuda::store_total(spec, state);
}

// 24 bytes, not a CUB primitive: ScanTileState<T, false>.
struct Triple {
  int64_t a;
  int32_t b;
  double c;
  HPAR_INLINE_FUNCTION Triple& operator+=(const Triple& o) { a += o.a; b += o.b; c += o.c; return *this; }
};

// Composition of affine maps x -> m x + k (mod 2^64): associative, not commutative.
struct Affine {
  uint64_t m, k;
};

struct ComposeScan {
  using value_type = Affine;
  const uint64_t* mul;
  const uint64_t* add;
  uint64_t* out;
  HPAR_INLINE_FUNCTION void init(Affine& v) const { v.m = 1; v.k = 0; }
  HPAR_INLINE_FUNCTION void join(Affine& d, const Affine& s) const {  // d first, then s
    d.k = s.m * d.k + s.k;
    d.m = s.m * d.m;
  }
  HPAR_INLINE_FUNCTION void operator()(int64_t i, Affine& v, bool final) const {
    Affine step{mul[i], add[i]};
    join(v, step);
    if (final) out[i] = v.k;
  }
};

int main() {
  const int64_t sizes[] = {0, 1, 31, 32, 33, 3071, 3072, 3073, 100000, 1000003, (1 << 24) + 5};
  for (int64_t n : sizes) {
    int64_t *x = nullptr, *y = nullptr;
    double *dx = nullptr, *dy = nullptr;
    cudaMallocManaged(&x, (n + 1) * sizeof(int64_t));
    cudaMallocManaged(&y, (n + 1) * sizeof(int64_t));
    cudaMallocManaged(&dx, (n + 1) * sizeof(double));
    cudaMallocManaged(&dy, (n + 1) * sizeof(double));
    for (int64_t i = 0; i < n; ++i) { x[i] = (i * 13) % 7 - 2; y[i] = -99; dx[i] = (double)(i % 5); dy[i] = -1; }
    cudaDeviceSynchronize();

    // Exclusive int64 scan with a total.
    int64_t total = -1;
    hpar_prefix_L60_launch("exclusive", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(int64_t i, int64_t& update, bool final) {
      if (final) y[i] = update;
      update += x[i];
    }, total);
    int64_t run = 0, bad = 0;
    for (int64_t i = 0; i < n; ++i) { bad += y[i] != run; run += x[i]; }
    EXPECT(bad == 0 && total == run, "exclusive n=%lld: %lld wrong, total %lld != %lld", (long long)n, (long long)bad,
           (long long)total, (long long)run);

    // Inclusive double scan without a total, through an integral count.
    hpar_prefix_L60_launch("inclusive", n, HPAR_LAMBDA(int64_t i, double& update, bool final) {
      update += dx[i];
      if (final) dy[i] = update;
    });
    cudaDeviceSynchronize();
    double drun = 0;
    bad = 0;
    for (int64_t i = 0; i < n; ++i) { drun += dx[i]; bad += dy[i] != drun; }
    EXPECT(bad == 0, "inclusive n=%lld: %lld wrong", (long long)n, (long long)bad);

    // Sub-range.
    if (n > 10) {
      int64_t sub_total = 0;
      hpar_prefix_L60_launch("subrange", hpar::RangePolicy<>(3, n - 4), HPAR_LAMBDA(int64_t i, int64_t& update, bool final) {
        update += 1;
        if (final) y[i] = update;
      }, sub_total);
      bad = 0;
      for (int64_t i = 3; i < n - 4; ++i) bad += y[i] != i - 2;
      EXPECT(bad == 0 && sub_total == n - 7, "subrange n=%lld: %lld wrong, total %lld", (long long)n, (long long)bad,
             (long long)sub_total);
    }

    // Non-primitive value type.
    Triple tt{0, 0, 0};
    Triple* ty = nullptr;
    cudaMallocManaged(&ty, (n + 1) * sizeof(Triple));
    hpar_prefix_L60_launch("triple", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(int64_t i, Triple& update, bool final) {
      if (final) ty[i] = update;
      Triple step{x[i], 1, dx[i]};
      update += step;
    }, tt);
    cudaDeviceSynchronize();
    Triple tr{0, 0, 0};
    bad = 0;
    for (int64_t i = 0; i < n; ++i) {
      bad += ty[i].a != tr.a || ty[i].b != tr.b || ty[i].c != tr.c;
      tr.a += x[i]; tr.b += 1; tr.c += dx[i];
    }
    EXPECT(bad == 0 && tt.a == tr.a && tt.b == tr.b && tt.c == tr.c, "triple n=%lld: %lld wrong", (long long)n, (long long)bad);
    cudaFree(ty);

    // Non-commutative join.
    uint64_t *mul = nullptr, *add = nullptr, *out = nullptr;
    cudaMallocManaged(&mul, (n + 1) * sizeof(uint64_t));
    cudaMallocManaged(&add, (n + 1) * sizeof(uint64_t));
    cudaMallocManaged(&out, (n + 1) * sizeof(uint64_t));
    for (int64_t i = 0; i < n; ++i) { mul[i] = 2 * (uint64_t)(i % 97) + 1; add[i] = (uint64_t)i * 0x9E3779B97F4A7C15ull; }
    cudaDeviceSynchronize();
    Affine composed{0, 0};
    hpar_prefix_L60_launch("compose", hpar::RangePolicy<>(0, n), ComposeScan{mul, add, out}, composed);
    uint64_t m = 1, k = 0;
    bad = 0;
    for (int64_t i = 0; i < n; ++i) { k = mul[i] * k + add[i]; m = mul[i] * m; bad += out[i] != k; }
    EXPECT(bad == 0 && composed.m == m && composed.k == k, "compose n=%lld: %lld wrong", (long long)n, (long long)bad);
    cudaFree(mul);
    cudaFree(add);
    cudaFree(out);

    cudaFree(x);
    cudaFree(y);
    cudaFree(dx);
    cudaFree(dy);
  }
  EXPECT(cudaDeviceSynchronize() == cudaSuccess, "device error");
  return finish_tests("range_scan");
}
