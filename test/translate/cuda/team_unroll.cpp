// Light nested parallel_for closures over TeamThreadRange and TeamVectorRange (straight-line, no
// calls but View element accesses, at most two accesses) are lowered to
// hpar::impl::unrolled_parallel_for, four calls per step; everything else stays as written.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>

using namespace hpar;
using member_type = TeamPolicy<>::member_type;
using Scratch = View<double*, DefaultExecutionSpace::scratch_memory_space, MemoryTraits<Unmanaged>>;

void light(View<double**> a, View<double**> b, const int m) {
  hpar::parallel_for("light", TeamPolicy<>(int(a.extent(0)), AUTO).set_scratch_size(0, PerTeam(Scratch::shmem_size(m))),
                     HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    const Scratch s(team.team_scratch(0), m);
    // A copy, an update in place and an unqualified call over a range held in a variable:
    // CHECK: hpar::impl::unrolled_parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) { s(j) = a(row, j); });
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) { s(j) = a(row, j); });
    team.team_barrier();
    // CHECK-NEXT: team.team_barrier();
    // CHECK: hpar::impl::unrolled_parallel_for(TeamVectorRange(team, 0, m), [&](const int j) { b(row, j) *= 2.0 * s(m - 1 - j) + 1.0; });
    parallel_for(TeamVectorRange(team, 0, m), [&](const int j) { b(row, j) *= 2.0 * s(m - 1 - j) + 1.0; });
    const auto range = TeamThreadRange(team, m);
    // CHECK: hpar::impl::unrolled_parallel_for(range, [=](const int j) { a(row, j) = j; });
    hpar::parallel_for(range, [=](const int j) { a(row, j) = j; });
  });
}

void heavy(View<double**> a, View<double**> b, View<int*> count, const int m) {
  hpar::parallel_for("heavy", TeamPolicy<>(int(a.extent(0)), AUTO, 4), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    // Three element accesses, a loop, a call, a vector-level range, an MDRange: one call per step.
    // CHECK: hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) { a(row, j) = b(row, j) + b(row, m - 1 - j); });
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) { a(row, j) = b(row, j) + b(row, m - 1 - j); });
    // CHECK: hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) {
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) {
      double sum = 0;
      for (int k = 0; k < 4; ++k) sum += b(row, (j + k) % m);
      a(row, j) = sum;
    });
    // CHECK: hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) { hpar::atomic_add(&count(j), 1); });
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) { hpar::atomic_add(&count(j), 1); });
    // CHECK: hpar::parallel_for(hpar::ThreadVectorRange(team, m), [&](const int j) { a(row, j) = 0; });
    hpar::parallel_for(hpar::ThreadVectorRange(team, m), [&](const int j) { a(row, j) = 0; });
    // CHECK: hpar::parallel_for(hpar::TeamThreadMDRange(team, m, m), [&](const int i, const int j) { b(i, j) = 1; });
    hpar::parallel_for(hpar::TeamThreadMDRange(team, m, m), [&](const int i, const int j) { b(i, j) = 1; });
  });
}
// CHECK-NOT: unrolled_parallel_for
