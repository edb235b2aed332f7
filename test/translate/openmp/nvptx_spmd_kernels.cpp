// Every kernel of a program built through clang offload for an NVIDIA GPU is SPMD with the device
// runtime's generic-mode paths folded away: no read of its mode flag, and no named barrier
// (barrier.sync 7 or 8; with them the range scan's kernel ran 4 blocks a multiprocessor). A bare
// `target` region anywhere in the program (the runtime's device query was one) kept them in
// every kernel: this program's three kernels read the flag 22 times (docs/performance.md).
// The team kernel, of AUTO team size, is compiled twice: as written, and for teams of up to 1,024
// threads (`.maxntid 1024`, so that any such team starts; rt/openmp/team_launch.hpp).
// REQUIRES: clang-nvptx
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hpar-translate --backend=openmp %s -o %t/spmd.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: cd %t && bash -c "%clangxx -O3 -std=c++17 $(%hpar-src/scripts/setup-clang-offload.sh --flags %hpar-obj/clang-nvptx) %hpar-inc -save-temps -c spmd.cpp -o spmd.o"
// RUN: %FileCheck %s --input-file=%t/spmd-openmp-nvptx64-nvidia-cuda-sm_90.s
// RUN: %FileCheck %s --check-prefix=NARROW --input-file=%t/spmd-openmp-nvptx64-nvidia-cuda-sm_90.s
// RUN: %FileCheck %s --check-prefix=WIDE --input-file=%t/spmd-openmp-nvptx64-nvidia-cuda-sm_90.s
// RUN: %FileCheck %s --check-prefix=WHOLE --input-file=%t/spmd-openmp-nvptx64-nvidia-cuda-sm_90.s --implicit-check-not='{{ld.*\[IsSPMDMode\]}}' --implicit-check-not='barrier.sync 7' --implicit-check-not='barrier.sync 8'
#include <Kokkos_Core.hpp>

// The whole PTX, from its header on:
// WHOLE: .target sm_90

// CHECK-DAG: .entry {{.*}}device_facts
// CHECK-DAG: .entry {{.*}}hpar_fill_L
// CHECK-DAG: .entry {{.*}}hpar_rows_L
// NARROW: .entry {{.*}}hpar_rows_L{{[0-9]+}}ILi0E
// NARROW-NOT: .maxntid
// NARROW: {
// WIDE: .entry {{.*}}hpar_rows_L{{[0-9]+}}ILi1024E
// WIDE-NOT: {
// WIDE: .maxntid 1024, 1, 1
// WIDE-NEXT: {
// CHECK-DAG: .entry {{.*}}hpar_offsets_L
int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1000;
  Kokkos::View<double*> x("x", n);
  Kokkos::parallel_for("fill", n, KOKKOS_LAMBDA(const int i) { x(i) = i; });
  using member = Kokkos::TeamPolicy<>::member_type;
  Kokkos::parallel_for("rows", Kokkos::TeamPolicy<>(10, Kokkos::AUTO), KOKKOS_LAMBDA(const member& team) {
    double sum = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](const int i, double& s) { s += x(i); }, sum);
    team.team_barrier();
    Kokkos::single(Kokkos::PerTeam(team), [&]() { x(team.league_rank()) = sum; });
  });
  long total = 0;
  Kokkos::parallel_scan("offsets", n, KOKKOS_LAMBDA(const int i, long& update, const bool final) {
    if (final) x(i) = update;
    update += i;
  }, total);
  return total == long(n) * (n - 1) / 2 ? 0 : 1;
}
