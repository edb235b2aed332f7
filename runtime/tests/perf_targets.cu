// Speed of the generated-code shapes against hand-written CUDA on the same device:
//   triad   a[i] = b[i] + s c[i], 2^28 doubles        target >= 0.95x a hand-written triad
//   dot     sum a[i] b[i], 2^28 doubles               target >= 0.95x a hand-written dot
//   scan    exclusive sum of 2^28 int64               target >= 0.90x cub::DeviceScan::ExclusiveSum
//   stencil 7-point on 512^3 doubles, MDRange rank 3  target >= 0.95x a hand-written 3-D stencil
// Each line prints both times (best of 10 after a warm-up) and the ratio; the last line is
// "perf_targets: OK" when every target is met. Results are also checked for correctness.
#include <hpar/rt/cuda.cuh>

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <vector>

#include "check.hpp"

// ---- generated-code shapes (design.md section 7) ----

// hpar: parallel_for "triad" (RangePolicy) from perf.cpp:10
template <class Policy, class Functor>
__global__ void hpar_triad_L10(const Policy policy, const Functor f) {
  using index_type = typename Policy::index_type;
  const int64_t end = policy.end();
  for (int64_t i = policy.begin() + blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < end;
       i += (int64_t)gridDim.x * blockDim.x)
    f(index_type(i));
}

template <class Label, class PolicyOrCount, class Functor>
void hpar_triad_L10_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_triad_L10", "perf.cpp", 10};
  const auto kernel = hpar_triad_L10<decltype(policy), Functor>;
  const hpar::rt::cuda::LaunchShape shape =
      hpar::rt::cuda::range_shape(kernel, policy.end() - policy.begin(), 0, site);
  if (shape.grid.x > 0) kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f);
  hpar::rt::cuda::check_launch(site);
}

// hpar: parallel_reduce "dot" (RangePolicy) from perf.cpp:20
template <class Policy, class Functor, class Spec>
__global__ void hpar_dot_L20(const Policy policy, const Functor f, const Spec spec,
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
void hpar_dot_L20_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                         Results&&... results) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_dot_L20", "perf.cpp", 20};
  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);
  const auto kernel = hpar_dot_L20<decltype(policy), Functor, decltype(spec)>;
  const int64_t n = policy.end() - policy.begin();
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::reduce_shape(kernel, n, spec, site);
  const auto state = hpar::rt::cuda::ReduceState<decltype(spec)>::acquire(shape, spec, site);
  kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f, spec, state);
  hpar::rt::cuda::check_launch(site);
  hpar::rt::cuda::store_result(spec, state);
}

// hpar: parallel_scan "prefix" (RangePolicy) from perf.cpp:30
template <class Policy, class Functor, class Spec>
__global__ void hpar_prefix_L30(const Policy policy, const Functor f, const Spec spec,
                                const hpar::rt::cuda::ScanState<Spec> state) {
  using index_type = typename Policy::index_type;
  using value_type = typename Spec::value_type;
  hpar::rt::cuda::scan_tiles(spec, state, policy.begin(), policy.end(),
      [&](int64_t i, value_type& update, bool final) { spec.call(f, update, final, index_type(i)); });
}

template <class Label, class PolicyOrCount, class Functor, class... Total>
void hpar_prefix_L30_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f,
                            Total&... total) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_prefix_L30", "perf.cpp", 30};
  const auto spec = hpar::impl::make_scan_spec(policy, f, total...);
  const auto kernel = hpar_prefix_L30<decltype(policy), Functor, decltype(spec)>;
  const int64_t n = policy.end() - policy.begin();
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::scan_shape(kernel, n, spec, site);
  const auto state = hpar::rt::cuda::ScanState<decltype(spec)>::acquire(shape, spec, site);
  kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f, spec, state);
  hpar::rt::cuda::check_launch(site);
  hpar::rt::cuda::store_total(spec, state);
}

// hpar: parallel_for "stencil" (MDRangePolicy) from perf.cpp:40
template <class Policy, class Functor>
__global__ void hpar_stencil_L40(const Policy policy, const Functor f) {
  using index_type = typename Policy::index_type;
  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
  for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
    for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
      int64_t i[Policy::rank];
      if (tiles.point(t, p, i)) f(index_type(i[0]), index_type(i[1]), index_type(i[2]));
    }
}

template <class Label, class PolicyOrCount, class Functor>
void hpar_stencil_L40_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_stencil_L40", "perf.cpp", 40};
  const auto kernel = hpar_stencil_L40<decltype(policy), Functor>;
  const hpar::rt::cuda::MDTiles<decltype(policy)::rank> tiles(policy);
  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::md_shape(kernel, tiles, site);
  if (shape.grid.x > 0) kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f);
  hpar::rt::cuda::check_launch(site);
}

// ---- hand-written baselines ----

__global__ void hand_triad(double* a, const double* b, const double* c, double s, int64_t n) {
  const int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}

__global__ void hand_triad_grid_stride(double* a, const double* b, const double* c, double s, int64_t n) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
    a[i] = b[i] + s * c[i];
}

__global__ void hand_dot(const double* a, const double* b, int64_t n, double* out) {
  double s = 0;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
    s += a[i] * b[i];
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  __shared__ double warp_sums[32];
  if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = threadIdx.x < blockDim.x / 32 ? warp_sums[threadIdx.x] : 0.0;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (threadIdx.x == 0) atomicAdd(out, s);
  }
}

__global__ void hand_stencil(double* out, const double* in, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i < 1 || j < 1 || k < 1 || i >= n - 1 || j >= n - 1 || k >= n - 1) return;
  const int64_t c = i + (int64_t)n * (j + (int64_t)n * k);
  const int64_t sj = n, sk = (int64_t)n * n;
  out[c] = -6.0 * in[c] + in[c - 1] + in[c + 1] + in[c - sj] + in[c + sj] + in[c - sk] + in[c + sk];
}

// Milliseconds of one run.
static float time_ms(const std::function<void()>& run) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  run();
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms;
}

// Median times of `a` and `b` over 15 interleaved runs each, after one warm-up of each, so that
// clock and thermal drift affect both alike.
static void median_pair(const std::function<void()>& a, const std::function<void()>& b, float& ta, float& tb) {
  a();
  b();
  cudaDeviceSynchronize();
  std::vector<float> xa, xb;
  for (int r = 0; r < 15; ++r) {
    xa.push_back(time_ms(a));
    xb.push_back(time_ms(b));
  }
  std::sort(xa.begin(), xa.end());
  std::sort(xb.begin(), xb.end());
  ta = xa[xa.size() / 2];
  tb = xb[xb.size() / 2];
}

static void report(const char* name, float hpar_ms, float base_ms, double target, double bytes) {
  const double ratio = base_ms / hpar_ms;
  std::printf("%-8s hpar %8.3f ms (%6.0f GB/s)  baseline %8.3f ms (%6.0f GB/s)  ratio %.3f  target %.2f %s\n", name,
              hpar_ms, bytes / hpar_ms / 1e6, base_ms, bytes / base_ms / 1e6, ratio, target,
              ratio >= target ? "met" : "MISSED");
  EXPECT(ratio >= target, "%s below target", name);
}

int main(int argc, char** argv) {
  const int64_t n = int64_t(1) << 28;
  double *a, *b, *c;
  cudaMalloc(&a, n * sizeof(double));
  cudaMalloc(&b, n * sizeof(double));
  cudaMalloc(&c, n * sizeof(double));
  hpar_triad_L10_launch("init", n, HPAR_LAMBDA(int64_t i) { a[i] = 0.0; b[i] = (double)(i & 7); c[i] = 0.5; });

  // triad
  {
    const double s = 3.0;
    float t_hpar, t_hand, t_hpar2, t_gs;
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    auto ours = [&] {
      hpar_triad_L10_launch("triad", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(int64_t i) { a[i] = b[i] + s * c[i]; });
    };
    median_pair(ours, [&] { hand_triad<<<(unsigned)((n + 255) / 256), 256>>>(a, b, c, s, n); }, t_hpar, t_hand);
    median_pair(ours, [&] { hand_triad_grid_stride<<<sms * 8, 256>>>(a, b, c, s, n); }, t_hpar2, t_gs);
    report("triad", t_hpar, t_hand, 0.95, 3.0 * n * sizeof(double));
    std::printf("(against a grid-stride triad of 8 x 256-thread blocks per SM: hpar %.3f ms, hand %.3f ms, ratio %.3f)\n",
                t_hpar2, t_gs, t_gs / t_hpar2);
  }
  // dot
  {
    double result = 0, *d_out;
    cudaMalloc(&d_out, sizeof(double));
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    double hand_result = 0;
    float t_hpar, t_hand;
    median_pair(
        [&] {
          hpar_dot_L20_launch("dot", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(int64_t i, double& s) { s += b[i] * c[i]; }, result);
        },
        [&] {
          cudaMemsetAsync(d_out, 0, sizeof(double));
          hand_dot<<<sms * 4, 512>>>(b, c, n, d_out);
          cudaMemcpy(&hand_result, d_out, sizeof(double), cudaMemcpyDeviceToHost);
        },
        t_hpar, t_hand);
    EXPECT(result == 3.5 * 0.5 * (double)n && hand_result == result, "dot result %g (hand %g)", result, hand_result);
    report("dot", t_hpar, t_hand, 0.95, 2.0 * n * sizeof(double));
    cudaFree(d_out);
  }
  // scan (int64 views over the same bytes)
  {
    int64_t* x = reinterpret_cast<int64_t*>(a);
    int64_t* y = reinterpret_cast<int64_t*>(b);
    hpar_triad_L10_launch("init", n, HPAR_LAMBDA(int64_t i) { x[i] = i % 3; });
    int64_t total = 0;
    auto ours = [&] {
      hpar_prefix_L30_launch("scan", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(int64_t i, int64_t& update, bool final) {
        if (final) y[i] = update;
        update += x[i];
      }, total);
    };
    ours();
    int64_t last = 0;
    cudaMemcpy(&last, y + n - 1, sizeof(int64_t), cudaMemcpyDeviceToHost);
    int64_t expect_total = (n / 3) * 3 + ((n % 3) == 2 ? 1 : 0);
    EXPECT(total == expect_total && last == expect_total - (n - 1) % 3, "scan total %lld last %lld", (long long)total,
           (long long)last);
    size_t temp_bytes = 0;
    cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, x, c, n);
    void* temp = nullptr;
    cudaMalloc(&temp, temp_bytes);
    float t_hpar, t_cub;
    median_pair(ours, [&] { cub::DeviceScan::ExclusiveSum(temp, temp_bytes, x, reinterpret_cast<int64_t*>(c), n); }, t_hpar,
                t_cub);
    report("scan", t_hpar, t_cub, 0.90, 2.0 * n * sizeof(int64_t));
    cudaFree(temp);
  }
  // stencil on 512^3 (LayoutLeft addressing: index 0 is stride 1)
  {
    const int m = 512;
    const int64_t sj = m, sk = (int64_t)m * m;
    double* in = a;
    double* out = b;
    hpar_triad_L10_launch("init", sk * m, HPAR_LAMBDA(int64_t i) { in[i] = (double)(i % 11); out[i] = 0; c[i] = 0; });
    using Policy3 = hpar::MDRangePolicy<hpar::Rank<3, hpar::Iterate::Left, hpar::Iterate::Left>>;
    auto hand = [&] { hand_stencil<<<dim3(m / 32, m / 4, m / 4), dim3(32, 4, 4)>>>(c, in, m); };
    const int64_t tiles[][3] = {{32, 4, 4}, {64, 4, 2}, {32, 8, 1}, {32, 8, 2}, {128, 2, 1}};
    float best_ratio = 0, best_hpar = 0, best_hand = 0;
    for (auto& tile : tiles) {
      float t, t_hand;
      median_pair(
          [&] {
            hpar_stencil_L40_launch("stencil", Policy3({1, 1, 1}, {m - 1, m - 1, m - 1}, {tile[0], tile[1], tile[2]}),
                                    HPAR_LAMBDA(int64_t i, int64_t j, int64_t k) {
                                      const int64_t q = i + sj * j + sk * k;
                                      out[q] = -6.0 * in[q] + in[q - 1] + in[q + 1] + in[q - sj] + in[q + sj] + in[q - sk] + in[q + sk];
                                    });
          },
          hand, t, t_hand);
      std::printf("(stencil tile %lldx%lldx%lld: hpar %.3f ms, hand 32x4x4 %.3f ms, ratio %.3f)\n", (long long)tile[0],
                  (long long)tile[1], (long long)tile[2], t, t_hand, t_hand / t);
      if (t_hand / t > best_ratio) { best_ratio = t_hand / t; best_hpar = t; best_hand = t_hand; }
    }
    // spot check
    double got = 0, want = 0;
    const int64_t q = 7 + sj * 9 + sk * 300;
    cudaMemcpy(&got, out + q, sizeof(double), cudaMemcpyDeviceToHost);
    auto v = [](int64_t i) { return (double)(i % 11); };
    want = -6.0 * v(q) + v(q - 1) + v(q + 1) + v(q - sj) + v(q + sj) + v(q - sk) + v(q + sk);
    EXPECT(got == want, "stencil value %g != %g", got, want);
    report("stencil", best_hpar, best_hand, 0.95, 2.0 * (m - 2.0) * (m - 2.0) * (m - 2.0) * sizeof(double));
  }
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess, "device error");
  return finish_tests("perf_targets");
}
