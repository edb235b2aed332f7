// OpenMP: a RangePolicy lambda whose loop reads the same View elements in every thread (all
// pairs). For a device, every thread of a team calls the lambda (those past the end at the last
// index, hpar_active false) and the region asks for the tiles' shared memory; the lambda stages
// the loop where hpar::rt::omp::stage_loops holds (clang on an NVIDIA GPU) and runs the loop as
// written elsewhere. For the host, the range's blocks with hpar_active true.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v -e CHECK -e HOST %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.cpp %}
// RUN: %hpar-translate --backend=openmp %s -o %t.host.cpp
// RUN: grep -v -e CHECK -e HOST %t.host.cpp | %FileCheck %s --check-prefix=HOST
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.host.cpp %}
#include <Kokkos_Core.hpp>

// CHECK-LABEL: // hpar: parallel_for "forces" (RangePolicy) from staged_loop.cpp:52
// CHECK: // staged_loop.cpp:55: the loop over j reads pos(j, 0), pos(j, 1), pos(j, 3) alike in every thread;
// CHECK: const size_t stage_memory = size_t(nthreads) * 48;
// CHECK: #pragma omp target teams num_teams(nteams) thread_limit(nthreads) HPAR_OMP_TEAM_MEMORY(stage_memory)
// CHECK: const int64_t team_threads = omp_get_num_threads();
// CHECK-NEXT: for (int64_t first = begin + (int64_t)omp_get_team_num() * team_threads; first < end;
// CHECK-NEXT: first += (int64_t)omp_get_num_teams() * team_threads) {
// CHECK-NEXT: const int64_t i = first + omp_get_thread_num();
// CHECK-NEXT: fn(i < end ? i : end - 1, i < end);
// HOST-LABEL: // hpar: parallel_for "forces" (RangePolicy) from staged_loop.cpp:52
// HOST: #pragma omp for schedule(static) nowait
// HOST-NEXT: for (int64_t i = begin; i < end; ++i)
// HOST-NEXT: fn(i, true);

// CHECK-LABEL: void forces(
// CHECK: KOKKOS_LAMBDA(const int i, const bool hpar_active) {
// CHECK: if (hpar::rt::omp::stage_loops) {
// CHECK: const int hpar_block = static_cast<int>(hpar::rt::omp::stage_threads());
// CHECK: const hpar::rt::omp::StageTile<decltype(pos(hpar_tile, 0))> hpar_stage_0(0);
// CHECK-NEXT: const hpar::rt::omp::StageTile<decltype(pos(hpar_tile, 1))> hpar_stage_1(16);
// CHECK-NEXT: const hpar::rt::omp::StageTile<decltype(pos(hpar_tile, 3))> hpar_stage_2(32);
// CHECK-NEXT: hpar::rt::omp::stage_barrier();
// CHECK-NEXT: if (hpar_tile_end - hpar_tile > static_cast<int>(hpar::rt::omp::stage_thread())) {
// CHECK: if (hpar::rt::omp::stage_in_bounds(pos, hpar_at, 3)) hpar_stage_2[hpar::rt::omp::stage_thread()] = pos(hpar_at, 3);
// CHECK: hpar::rt::omp::stage_barrier();
// CHECK-NEXT: HPAR_OMP_STAGE_UNROLL
// CHECK-NEXT: for (int j = hpar_tile; j < hpar_tile_end; ++j)
// CHECK: ax += hpar_stage_2[j - hpar_tile] * dx / r2;
// CHECK: } else {  // hpar: the loop as written
// CHECK-NEXT: for (int j = 0; j < n; ++j) {
// CHECK-NEXT: const double dx = pos(j, 0) - xi, dy = pos(j, 1) - yi;
// CHECK: if (hpar_active) {
// CHECK: acc(i, 0) = ax;
// CHECK: }  // hpar: if (hpar_active)
// HOST: KOKKOS_LAMBDA(const int i, const bool hpar_active) {
// HOST: if (hpar::rt::omp::stage_loops) {
void forces(Kokkos::View<double*[4]> pos, Kokkos::View<double*[2]> acc, const int n) {
  Kokkos::parallel_for("forces", n, KOKKOS_LAMBDA(const int i) {
    const double xi = pos(i, 0), yi = pos(i, 1);
    double ax = 0, ay = 0;
    for (int j = 0; j < n; ++j) {
      const double dx = pos(j, 0) - xi, dy = pos(j, 1) - yi;
      const double r2 = dx * dx + dy * dy + 0.01;
      ax += pos(j, 3) * dx / r2;
      ay += pos(j, 3) * dy / r2;
    }
    acc(i, 0) = ax;
    acc(i, 1) = ay;
  });
}
// A reduction (a pairwise energy): a thread past the end adds to a value of its own.
double energy(Kokkos::View<double*[4]> pos, const int n) {
  double e = 0;
  Kokkos::parallel_reduce("energy", n, KOKKOS_LAMBDA(const int i, double& sum) {
    const double xi = pos(i, 0);
    for (int j = 0; j < n; ++j) {
      const double dx = pos(j, 0) - xi;
      sum += pos(j, 3) / Kokkos::sqrt(dx * dx + 0.01);
    }
  }, e);
  return e;
}
// CHECK-LABEL: // hpar: parallel_reduce "energy" (RangePolicy) from staged_loop.cpp:68
// CHECK: // staged_loop.cpp:70: the loop over j reads pos(j, 0), pos(j, 3) alike in every thread;
// CHECK: const int nteams = needed < launch.teams ? int(needed > 0 ? needed : 1) : launch.teams;
// CHECK: const size_t stage_memory = size_t(nthreads) * 32;
// CHECK-NEXT: const size_t region_memory = team_memory > stage_memory ? team_memory : stage_memory;
// CHECK: #pragma omp target teams num_teams(nteams) thread_limit(nthreads) HPAR_OMP_TEAM_MEMORY(region_memory)
// CHECK: value_type own, dropped;
// CHECK: sp.call(hpar::rt::omp::with_flag(fn, i < end), i < end ? acc : &dropped, i < end ? i : end - 1);
// CHECK: hpar::rt::omp::TeamPartials<Spec>::team_join(sp, acc, staging, team_results, team_memory);
// CHECK-LABEL: double energy(
// CHECK: KOKKOS_LAMBDA(const int i, double& sum, bool) {
// CHECK: sum += hpar_stage_1[j - hpar_tile] / Kokkos::sqrt(dx * dx + 0.01);
// HOST-LABEL: // hpar: parallel_reduce "energy" (RangePolicy) from staged_loop.cpp:68
// HOST: #pragma omp for schedule(static) nowait
// HOST-NEXT: for (int64_t i = begin; i < end; ++i)
// HOST-NEXT: sp.call(hpar::rt::omp::with_flag(fn, true), acc, index_type(i));

// A protein loop inside a ligand loop, reading a force field at the type of the atom a step reads:
// the protein loop is staged and the force field copied whole into the team's shared memory after
// the tiles, where it fits.
struct Site {
  float x, y, z;
  int type;
};
void docking(Kokkos::View<Site*> protein, Kokkos::View<Site*> ligand, Kokkos::View<float*[2]> ff,
             Kokkos::View<float*> energies) {
  Kokkos::parallel_for("docking", energies.extent(0), KOKKOS_LAMBDA(const int pose) {
    float e = 0;
    for (int l = 0; l < ligand.extent_int(0); ++l) {
      const Site a = ligand(l);
      for (int p = 0; p < protein.extent_int(0); ++p) {
        const Site b = protein(p);
        const float dx = b.x - a.x - pose;
        e += ff(b.type, 0) * ff(a.type, 1) / (1.0f + dx * dx);
      }
    }
    energies(pose) = e;
  });
}
// CHECK-LABEL: // hpar: parallel_for "docking" (RangePolicy) from staged_loop.cpp:103
// CHECK: const size_t stage_memory = size_t(nthreads) * 16 + 1 * hpar::rt::omp::stage_table_bytes;
// CHECK-LABEL: void docking(
// CHECK: const Site a = ligand(l);
// CHECK-NEXT: if (hpar::rt::omp::stage_loops && hpar::rt::omp::stage_table_fits(ff)) {
// CHECK: // and ff whole, where it fits (read at what a step computes)
// CHECK: hpar::rt::omp::stage_barrier();  // the threads are done with the tables
// CHECK-NEXT: const hpar::rt::omp::StageTable<decltype(ff.data())> hpar_table_0(ff, 16, 0);
// CHECK: e += hpar_table_0.at(ff, b.type, 0) * ff(a.type, 1) / (1.0f + dx * dx);
// CHECK: } else {  // hpar: the loop as written
