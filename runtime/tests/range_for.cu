// RangePolicy parallel_for, written as hpar-translate emits it (design.md section 7).
#include <hpar/rt/cuda.cuh>

#include <cfloat>
#include <climits>
#include <cstdint>
#include <vector>

#include "check.hpp"

// hpar: parallel_for "saxpy" (RangePolicy) from range_for.cpp:12
template <class Policy, class Functor>
__global__ void hpar_saxpy_L12(const Policy policy, const Functor f) {
  using index_type = typename Policy::index_type;
  const int64_t end = policy.end();
  for (int64_t i = policy.begin() + blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < end;
       i += (int64_t)gridDim.x * blockDim.x)
    f(index_type(i));
}

template <class Label, class PolicyOrCount, class Functor>
void hpar_saxpy_L12_launch(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{hpar::impl::label_c_str(label), "hpar_saxpy_L12", "range_for.cpp", 12};
  const auto kernel = hpar_saxpy_L12<decltype(policy), Functor>;
  const hpar::rt::cuda::LaunchShape shape =
      hpar::rt::cuda::range_shape(kernel, policy.end() - policy.begin(), 0, site);
  if (shape.grid.x > 0) kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f);
  hpar::rt::cuda::check_launch(site);
}

// hpar: parallel_for (RangePolicy) from range_for.cpp:30
template <class Policy, class Functor>
__global__ void hpar_range_for_L30(const Policy policy, const Functor f) {
  using index_type = typename Policy::index_type;
  const int64_t end = policy.end();
  for (int64_t i = policy.begin() + blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < end;
       i += (int64_t)gridDim.x * blockDim.x)
    f(index_type(i));
}

template <class PolicyOrCount, class Functor>
void hpar_range_for_L30_launch(const PolicyOrCount& policy_or_count, const Functor& f) {
  const auto policy = hpar::impl::to_policy(policy_or_count);
  const hpar::rt::KernelSite site{"", "hpar_range_for_L30", "range_for.cpp", 30};
  const auto kernel = hpar_range_for_L30<decltype(policy), Functor>;
  const hpar::rt::cuda::LaunchShape shape =
      hpar::rt::cuda::range_shape(kernel, policy.end() - policy.begin(), 0, site);
  if (shape.grid.x > 0) kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, f);
  hpar::rt::cuda::check_launch(site);
}

int main() {
  const int64_t sizes[] = {0, 1, 31, 1000, 123457, 1 << 22, (1 << 24) + 3};
  for (int64_t n : sizes) {
    double *x = nullptr, *y = nullptr;
    cudaMallocManaged(&x, (n + 1) * sizeof(double));
    cudaMallocManaged(&y, (n + 1) * sizeof(double));
    for (int64_t i = 0; i < n; ++i) { x[i] = (double)(i % 1000); y[i] = 1.0; }
    const double a = 2.0;
    hpar_saxpy_L12_launch("saxpy", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(int64_t i) { y[i] = a * x[i] + y[i]; });
    cudaDeviceSynchronize();
    int64_t bad = 0;
    for (int64_t i = 0; i < n; ++i) bad += y[i] != 2.0 * (double)(i % 1000) + 1.0;
    EXPECT(bad == 0, "saxpy n=%lld: %lld wrong", (long long)n, (long long)bad);

    // Unlabelled, integral count, sub-range through a policy.
    hpar_range_for_L30_launch(n, HPAR_LAMBDA(int64_t i) { x[i] = -1.0; });
    if (n > 10) hpar_range_for_L30_launch(hpar::RangePolicy<>(5, n - 5), HPAR_LAMBDA(int64_t i) { x[i] = (double)i; });
    cudaDeviceSynchronize();
    bad = 0;
    for (int64_t i = 0; i < n; ++i) bad += x[i] != ((n > 10 && i >= 5 && i < n - 5) ? (double)i : -1.0);
    EXPECT(bad == 0, "count/sub-range n=%lld: %lld wrong", (long long)n, (long long)bad);
    cudaFree(x);
    cudaFree(y);
  }
  EXPECT(cudaDeviceSynchronize() == cudaSuccess, "device error");
  return finish_tests("range_for");
}
