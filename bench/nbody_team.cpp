// All-pairs n-body with Kokkos teams and level-0 scratch, the tiled form a Kokkos user writes for
// it: the same problem, data and check as bench/nbody.cpp (default N = 2^16 bodies), with
// TeamPolicy(ceil(N / 256), 256) and set_scratch_size(0, PerTeam(...)) for a tile of 256 bodies.
// Each thread of a team owns one body i (league rank x team size + team rank) and keeps its
// acceleration in three local doubles; for each tile of bodies j the team copies their positions
// and masses into a scratch View<double*[4]> (TeamThreadRange over the tile), meets at a
// team_barrier(), each thread adds the tile's terms for its body, and a second team_barrier()
// frees the tile for the next one.
//
// The team size is a constant, 256 threads on the GPU builds; the serial and host OpenMP builds
// ask for teams of one thread (Kokkos' Serial runs no larger team, and Kokkos' OpenMP none larger
// than its thread pool), which then still copy tiles of 256 bodies.
//
// Timed: one TeamPolicy parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: the bodies read, the accelerations written (nbody_bytes in problems.hpp); the
// FLOPS line counts 20 flops per pair, N^2 pairs (nbody_flops).
// Check: check_nbody, as nbody's.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Threads per team: nbody_team_size (256) on the GPU builds, one body each; 1 on the host
/// builds, whose teams run one thread (as batched_gemm's gemm_threads).
#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_OPENMPTARGET)
constexpr int team_size = nbody_team_size;
#else
constexpr int team_size = 1;
#endif

/// Runs the nbody_team benchmark and prints its RESULT and FLOPS lines; returns whether the check
/// passed.
bool run_nbody_team(const bench::Options& opt) {
  const int n = int(opt.n);
  const double eps2 = nbody_softening2;
  constexpr int tile_size = nbody_tile;
  Kokkos::View<double*[4], Kokkos::LayoutRight> pos("pos", n);
  Kokkos::View<double*[3], Kokkos::LayoutRight> acc("acc", n);
  Kokkos::parallel_for("nbody_init", n, KOKKOS_LAMBDA(const int i) {
    pos(i, 0) = nbody_x(i);
    pos(i, 1) = nbody_y(i);
    pos(i, 2) = nbody_z(i);
    pos(i, 3) = nbody_m(i);
    acc(i, 0) = bench_unset;
    acc(i, 1) = bench_unset;
    acc(i, 2) = bench_unset;
  });
  Kokkos::fence();

  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  using Tile = Kokkos::View<double*[4], Kokkos::LayoutRight,
                            Kokkos::DefaultExecutionSpace::scratch_memory_space,
                            Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const int league = (n + team_size - 1) / team_size;
  const team_policy policy = team_policy(league, team_size)
                                 .set_scratch_size(0, Kokkos::PerTeam(Tile::shmem_size(tile_size)));
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("nbody_team", policy, KOKKOS_LAMBDA(const member_type& team) {
      Tile tile(team.team_scratch(0), tile_size);
      const int i = team.league_rank() * team.team_size() + team.team_rank();
      double xi = 0.0, yi = 0.0, zi = 0.0;
      if (i < n) {
        xi = pos(i, 0);
        yi = pos(i, 1);
        zi = pos(i, 2);
      }
      double ax = 0.0, ay = 0.0, az = 0.0;
      for (int first = 0; first < n; first += tile_size) {
        const int count = Kokkos::min(tile_size, n - first);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), [&](const int k) {
          tile(k, 0) = pos(first + k, 0);
          tile(k, 1) = pos(first + k, 1);
          tile(k, 2) = pos(first + k, 2);
          tile(k, 3) = pos(first + k, 3);
        });
        team.team_barrier();
        if (i < n) {
          for (int k = 0; k < count; ++k) {
            const double dx = tile(k, 0) - xi;
            const double dy = tile(k, 1) - yi;
            const double dz = tile(k, 2) - zi;
            const double r2 = dx * dx + dy * dy + dz * dz + eps2;
            const double inv_r = 1.0 / Kokkos::sqrt(r2);
            const double s = tile(k, 3) * inv_r * inv_r * inv_r;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
          }
        }
        team.team_barrier();
      }
      if (i < n) {
        acc(i, 0) = ax;
        acc(i, 1) = ay;
        acc(i, 2) = az;
      }
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(acc);
  Kokkos::deep_copy(h, acc);
  const bool ok = check_nbody(h.data(), n);
  bench::print_result("nbody_team", n, nbody_bytes(n), seconds, ok);
  bench::print_gflops("nbody_team", nbody_flops(n), seconds);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = bench::parse_options(argc, argv, int64_t(1) << 16, "bodies");
  if (opt.n > nbody_max_bodies) {
    std::fprintf(stderr, "nbody_team: --n must be at most 2^18\n");
    return 2;
  }
  const bool ok = run_nbody_team(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
