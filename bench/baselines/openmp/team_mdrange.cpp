// A team-level MDRange, hand-written OpenMP baseline for the host CPU:
// A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3) over a league of L blocks (default L = 64),
// each a 32 x 32 x 32 x 32 block of A; A, B and C row-major.
//
// Same sizes, inputs, timing, byte count and check as bench/team_mdrange.cpp. The loops over l
// and i0 are collapsed into one static `parallel for`: a unit of work is the contiguous
// 32 x 32 x 32 sub-block A(l, i0, :, :, :) (256 KiB), so L = 64 teams still give 2048 units to
// share among the threads rather than 64. Each unit loops over i1 and i2 and writes a row of 32
// consecutive doubles along i3 (`omp simd`), from B(l, i1) and a row of C, which every unit reads
// and which stays in the caches (C is 256 KiB). A is allocated uninitialised and first touched
// by a loop with the same collapsed static schedule, so each thread's part of A lies in memory
// near it; B and C are small and read by every thread, so where they lie does not matter.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kN = team_mdrange_extent;
constexpr int64_t kSubBlock = int64_t(kN) * kN * kN;  // elements of A(l, i0, :, :, :)

// A: the same collapsed static schedule over (l, i0) as team_mdrange_kernel, so every thread
// first touches the sub-blocks that it later writes.
void team_mdrange_init(double* __restrict__ a, double* __restrict__ b, double* __restrict__ c,
                       int64_t league) {
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t l = 0; l < league; ++l)
    for (int i0 = 0; i0 < kN; ++i0) {
      double* __restrict__ a_li0 = a + (l * kN + i0) * kSubBlock;
      for (int64_t at = 0; at < kSubBlock; ++at) a_li0[at] = team_mdrange_a_unset;
    }
  for (int64_t l = 0; l < league; ++l)
    for (int i1 = 0; i1 < kN; ++i1) b[l * kN + i1] = team_mdrange_b(l, i1);
  for (int i1 = 0; i1 < kN; ++i1)
    for (int i2 = 0; i2 < kN; ++i2)
      for (int i3 = 0; i3 < kN; ++i3) c[(i1 * kN + i2) * kN + i3] = team_mdrange_c(i1, i2, i3);
}

void team_mdrange_kernel(double* __restrict__ a, const double* __restrict__ b,
                         const double* __restrict__ c, int64_t league) {
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t l = 0; l < league; ++l)
    for (int i0 = 0; i0 < kN; ++i0) {
      double* __restrict__ a_li0 = a + (l * kN + i0) * kSubBlock;  // A(l, i0, 0, 0, 0)
      for (int i1 = 0; i1 < kN; ++i1) {
        const double b_li1 = b[l * kN + i1];
        for (int i2 = 0; i2 < kN; ++i2) {
          const int at = (i1 * kN + i2) * kN;  // (i1, i2, 0) in A's sub-block and in C
#pragma omp simd
          for (int i3 = 0; i3 < kN; ++i3) a_li0[at + i3] = b_li1 + c[at + i3];
        }
      }
    }
}

bool run_team_mdrange(const bench::Options& opt) {
  const int64_t league = opt.n;
  const int64_t elements = league * team_mdrange_block;
  double* a = baseline::allocate<double>(elements);
  double* b = baseline::allocate<double>(league * kN);
  double* c = baseline::allocate<double>(kSubBlock);
  team_mdrange_init(a, b, c, league);

  const std::vector<double> seconds = bench::time_reps(opt, [&] { team_mdrange_kernel(a, b, c, league); });

  const bool ok = check_team_mdrange(a, league);
  bench::print_result("team_mdrange", league, team_mdrange_bytes(league), seconds, ok);
  std::free(c);
  std::free(b);
  std::free(a);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt = bench::parse_options(argc, argv, 64, "teams");
  if (opt.n > team_mdrange_max_league) {
    std::fprintf(stderr, "team_mdrange: --n must be at most %d\n", team_mdrange_max_league);
    return 2;
  }
  const bool ok = run_team_mdrange(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
