// Batched small matrix products, hand-written OpenMP baseline for the host CPU: C_e = A_e B_e for
// E independent 16 x 16 double matrices (default E = 65536), row-major per matrix.
//
// Same sizes, inputs, timing, byte count, flop count and check as bench/batched_gemm.cpp. A
// matrix is the unit of work, as a team is on the GPU: a static `parallel for` divides the
// matrices among the threads, and each thread multiplies its matrices one after the other. No
// staging copy: B_e (2 KiB), whose every row each row of C_e reads, stays in L1 after its first
// use, which is what the GPU version's shared memory buys it, and each element of A_e is read
// once. Each row of C_e is accumulated in a local array of 16 doubles
// that the compiler keeps in vector registers, in i-k-j order: C_e(i, :) += A_e(i, k) * B_e(k, :)
// is a vector multiply-add over the contiguous row k of B_e (`omp simd` over j). The matrices
// are allocated uninitialised and first touched by a loop with the same static schedule, so each
// thread's matrices lie in memory near it.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kDim = gemm_dim;
constexpr int64_t kElements = int64_t(kDim) * kDim;  // of one matrix

// The same static schedule over the matrices as batched_gemm_kernel, so every thread first
// touches the matrices that it later multiplies.
void gemm_init(double* __restrict__ a, double* __restrict__ b, double* __restrict__ c,
               int64_t batch) {
#pragma omp parallel for schedule(static)
  for (int64_t e = 0; e < batch; ++e)
    for (int i = 0; i < kDim; ++i)
      for (int j = 0; j < kDim; ++j) {
        const int64_t at = e * kElements + i * kDim + j;
        a[at] = gemm_a(e, i, j);
        b[at] = gemm_b(e, i, j);
        c[at] = bench_unset;
      }
}

void batched_gemm_kernel(const double* __restrict__ a, const double* __restrict__ b,
                         double* __restrict__ c, int64_t batch) {
#pragma omp parallel for schedule(static)
  for (int64_t e = 0; e < batch; ++e) {
    const double* __restrict__ ae = a + e * kElements;
    const double* __restrict__ be = b + e * kElements;
    double* __restrict__ ce = c + e * kElements;
    for (int i = 0; i < kDim; ++i) {
      double row[kDim] = {};
      for (int k = 0; k < kDim; ++k) {
        const double aik = ae[i * kDim + k];
#pragma omp simd
        for (int j = 0; j < kDim; ++j) row[j] += aik * be[k * kDim + j];
      }
#pragma omp simd
      for (int j = 0; j < kDim; ++j) ce[i * kDim + j] = row[j];
    }
  }
}

bool run_batched_gemm(const bench::Options& opt) {
  const int64_t batch = opt.n;
  const int64_t elements = batch * kElements;
  double* a = baseline::allocate<double>(elements);
  double* b = baseline::allocate<double>(elements);
  double* c = baseline::allocate<double>(elements);
  gemm_init(a, b, c, batch);

  const std::vector<double> seconds = bench::time_reps(opt, [&] { batched_gemm_kernel(a, b, c, batch); });

  const bool ok = check_gemm(c, batch);
  bench::print_result("batched_gemm", batch, gemm_bytes(batch), seconds, ok);
  bench::print_gflops("batched_gemm", gemm_flops(batch), seconds);
  std::free(c);
  std::free(b);
  std::free(a);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "matrices");
  if (opt.n > (int64_t(1) << 24)) {
    std::fprintf(stderr, "batched_gemm: --n must be at most 2^24\n");
    return 2;
  }
  const bool ok = run_batched_gemm(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
