// A team-level MDRange with its extent a run-time value, hand-written CUDA baseline of
// bench/spelled/team_mdrange_runtime.cpp: the kernel of team_mdrange.cu with the extent n of every
// index a kernel argument (--m, default 32; the check needs 32), so its loops over i1 and i2 have
// run-time trip counts and its offsets are computed from n, as a CUDA programmer writes it who
// does not know the size at compile time.
//
// Same sizes, inputs, timing, byte count and check as team_mdrange.cu, and the same mapping: one
// block of n x n threads per l, threadIdx.y on i0 and threadIdx.x on i3.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kN = team_mdrange_extent;

__global__ void __launch_bounds__(256)
    team_mdrange_init(double* __restrict__ a, double* __restrict__ b, double* __restrict__ c,
                      int64_t league) {
  const int64_t total = league * team_mdrange_block;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    const int64_t l = e / team_mdrange_block;
    const int i0 = int(e / (kN * kN * kN) % kN), i1 = int(e / (kN * kN) % kN),
              i2 = int(e / kN % kN), i3 = int(e % kN);
    a[e] = team_mdrange_a_unset;
    if (i0 == 0 && i2 == 0 && i3 == 0) b[l * kN + i1] = team_mdrange_b(l, i1);
    if (l == 0 && i0 == 0) c[(i1 * kN + i2) * kN + i3] = team_mdrange_c(i1, i2, i3);
  }
}

__global__ void team_mdrange_kernel(double* __restrict__ a, const double* __restrict__ b,
                                    const double* __restrict__ c, const int n) {
  const int64_t l = blockIdx.x;
  const int i0 = threadIdx.y, i3 = threadIdx.x;
  double* __restrict__ a_l0 = a + (l * n + i0) * (int64_t(n) * n * n);  // A(l, i0, 0, 0, 0)
  const double* __restrict__ b_l = b + l * n;                           // B(l, 0)
  for (int i1 = 0; i1 < n; ++i1) {
    const double b_li1 = b_l[i1];
    for (int i2 = 0; i2 < n; ++i2) {
      const int at = (i1 * n + i2) * n + i3;  // (i1, i2, i3) in A's block and in C
      a_l0[at] = b_li1 + c[at];
    }
  }
}

bool run_team_mdrange(const bench::Options& opt) {
  const int64_t league = opt.n;
  const int n = int(opt.m);
  const int64_t elements = league * team_mdrange_block;
  baseline::DeviceArray<double> a(elements), b(league * kN), c(kN * kN * kN);
  team_mdrange_init<<<baseline::grid_stride_blocks(team_mdrange_init, 256, elements), 256>>>(
      a.data(), b.data(), c.data(), league);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    team_mdrange_kernel<<<unsigned(league), dim3(n, n)>>>(a.data(), b.data(), c.data(), n);
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }
  std::vector<double> h(static_cast<size_t>(elements));
  BASELINE_CHECK(cudaMemcpy(h.data(), a.data(), h.size() * sizeof(double), cudaMemcpyDeviceToHost));
  const bool ok = check_team_mdrange(h.data(), league);
  bench::print_result("team_mdrange_runtime", league, team_mdrange_bytes(league), seconds, ok);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, 64, "teams", team_mdrange_extent,
                                                  "extent of each index (32)");
  if (opt.n > team_mdrange_max_league) {
    std::fprintf(stderr, "team_mdrange: --n must be at most %d\n", team_mdrange_max_league);
    return 2;
  }
  if (opt.m != team_mdrange_extent) {
    std::fprintf(stderr, "team_mdrange: the check needs --m %d\n", team_mdrange_extent);
    return 2;
  }
  const bool ok = run_team_mdrange(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
