// A team kernel whose policy asks for scratch, built through clang offload for an NVIDIA GPU: its
// launcher is compiled for team memory in the team's shared memory (TeamMemoryInDevice false),
// where the scratch row is read and written with `ld.shared` / `st.shared`, and once more for
// team memory in device memory (true), taken when the slots and level-0 scratch do not fit in
// 48 KB, with no shared-memory access to it. Before, one compilation chose at run time and read
// the scratch through a generic pointer (rt/openmp/team_launch.hpp, docs/design.md section 8).
// REQUIRES: clang-nvptx
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hpar-translate --backend=openmp %s -o %t/team_memory.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: cd %t && bash -c "%clangxx -O3 -std=c++17 $(%hpar-src/scripts/setup-clang-offload.sh --flags %hpar-obj/clang-nvptx) %hpar-inc -save-temps -c team_memory.cpp -o team_memory.o"
// RUN: %FileCheck %s --check-prefix=SHARED --input-file=%t/team_memory-openmp-nvptx64-nvidia-cuda-sm_90.s
// RUN: %FileCheck %s --check-prefix=DEVICE --input-file=%t/team_memory-openmp-nvptx64-nvidia-cuda-sm_90.s
#include <Kokkos_Core.hpp>

// SHARED: .entry {{.*}}hpar_reverse_L{{[0-9]+}}ILb0E
// SHARED-NOT: .entry
// SHARED: st.shared.f64
// SHARED-NOT: .entry
// SHARED: ld.shared.f64
// DEVICE: .entry {{.*}}hpar_reverse_L{{[0-9]+}}ILb1E
// DEVICE-NOT: .shared.f64
// DEVICE: st.global.f64
// DEVICE-NOT: .shared.f64
// DEVICE: ld.global.f64
// DEVICE-NOT: .shared.f64
// DEVICE: ret;
int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int rows = 100, cols = 64;
  Kokkos::View<double**> a("a", rows, cols);
  using policy_type = Kokkos::TeamPolicy<>;
  using member = policy_type::member_type;
  using scratch_row = Kokkos::View<double*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                   Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const policy_type policy =
      policy_type(rows, 64).set_scratch_size(0, Kokkos::PerTeam(scratch_row::shmem_size(cols)));
  Kokkos::parallel_for("reverse", policy, KOKKOS_LAMBDA(const member& team) {
    const int r = team.league_rank();
    scratch_row row(team.team_scratch(0), cols);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cols), [&](const int j) { row(j) = a(r, j); });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cols),
                         [&](const int j) { a(r, j) = row(cols - 1 - j); });
  });
  return 0;
}
