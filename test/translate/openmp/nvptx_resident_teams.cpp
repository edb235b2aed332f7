// A team launch through clang offload for an NVIDIA GPU asks for the teams the GPU holds at once
// of its kernel (rt/openmp/occupancy.hpp): the runtime reads the kernel's registers and static
// shared memory from the device image in the program's own file, finds the kernel of each
// compilation of the launcher by its mangled name, and counts blocks per multiprocessor as the
// CUDA occupancy calculator does. This program, built through clang offload, reads its own image
// on the host (no GPU needed) and checks what it finds: both compilations of its team launcher
// (the one for teams of up to 1,024 threads has `.maxntid 1024`, so ptxas keeps it to 64
// registers), and the H200's counts for the register figures measured there
// (docs/performance.md, 2026-11-30 22:15 UTC).
// REQUIRES: clang-nvptx
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hpar-translate --backend=openmp %s -o %t/resident.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: %FileCheck %s --check-prefix=LAUNCHER --input-file=%t/resident.cpp
// RUN: cd %t && bash -c "%clangxx -O2 -std=c++17 $(%hpar-src/scripts/setup-clang-offload.sh --flags %hpar-obj/clang-nvptx) %hpar-inc resident.cpp -o resident"
// RUN: env LD_LIBRARY_PATH=%hpar-obj/clang-nvptx/runtime OMP_TARGET_OFFLOAD=DISABLED %t/resident | %FileCheck %s
#include <Kokkos_Core.hpp>

#include <hpar/rt/openmp/occupancy.hpp>

#include <cstdio>
#include <string>

// LAUNCHER: options.compiled_for = hpar::rt::omp::template_args(MaxTeamThreads);
// LAUNCHER: TeamDispatch<PolicyOrCount, Functor> dispatch({{.*}}"hpar_rows_L[[LINE:[0-9]+]]"

namespace occupancy = hpar::rt::omp::detail;

/// The kernel of launcher `name` compiled for `args` in this program's image, as
/// rt::omp::resident_teams finds it; registers 0 when none.
occupancy::KernelResources kernel_of(const std::string& launcher, const std::string& args) {
  const std::string name =
      "_Z" + std::to_string(launcher.size()) + launcher + "I" + args;
  occupancy::KernelResources found;
  for (const auto& [kernel, resources] : occupancy::loaded_kernels(90))
    if (kernel.find(name) != std::string::npos) found = resources;
  return found;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1000;
  Kokkos::View<double*> sums("sums", n);
  using policy_type = Kokkos::TeamPolicy<>;
  const int line = __LINE__ + 1;
  Kokkos::parallel_for("rows", policy_type(n, Kokkos::AUTO), KOKKOS_LAMBDA(const policy_type::member_type& team) {
    double s = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, 64), [&](const int j, double& v) { v += j; }, s);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sums(team.league_rank()) = s; });
  });
  Kokkos::fence();
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sums);
  bool sums_ok = true;
  for (int i = 0; i < n; ++i) sums_ok = sums_ok && h(i) == 64 * 63 / 2;
  // CHECK: sums ok
  std::printf("sums %s\n", sums_ok ? "ok" : "wrong");

  const std::string launcher = "hpar_rows_L" + std::to_string(line);
  const occupancy::KernelResources narrow = kernel_of(launcher, hpar::rt::omp::template_args(0));
  const occupancy::KernelResources wide = kernel_of(launcher, hpar::rt::omp::template_args(1024));
  // CHECK: narrow: found
  std::printf("narrow: %s\n", narrow.registers > 0 && narrow.registers <= 255 ? "found" : "missing");
  // CHECK: wide: found, at most 64 registers
  std::printf("wide: %s\n", wide.registers > 0 && wide.registers <= 64 ? "found, at most 64 registers"
                                                                       : "missing or over 64");
  // The offload runtime's own state lives in each kernel's static shared memory.
  // CHECK: static shared memory: yes
  std::printf("static shared memory: %s\n", narrow.shared > 0 && wide.shared > 0 ? "yes" : "no");
  // CHECK: mangled: Li0E Li1024E Lin3E Lb1E Lb0E
  std::printf("mangled: %s %s %s %s %s\n", hpar::rt::omp::template_args(0).c_str(),
              hpar::rt::omp::template_args(1024).c_str(), hpar::rt::omp::template_args(-3).c_str(),
              hpar::rt::omp::template_args(true).c_str(), hpar::rt::omp::template_args(false).c_str());

  // An H200's limits (132 multiprocessors; CUDA driver attributes), and blocks of 256 threads.
  occupancy::GpuLimits h200;
  h200.known = true;
  h200.multiprocessors = 132;
  h200.threads = 2048;
  h200.registers = 65536;
  h200.blocks = 32;
  h200.shared = 233472;
  h200.reserved_shared = 1024;
  for (const int registers : {32, 38, 48, 64, 80, 255}) {
    occupancy::KernelResources k;
    k.registers = registers;
    k.shared = 1056;
    std::printf("%d registers: %d of 256, %d of 1024\n", registers,
                occupancy::blocks_per_multiprocessor(h200, k, 256, 2048),
                occupancy::blocks_per_multiprocessor(h200, k, 1024, 0));
  }
  // CHECK: 32 registers: 8 of 256, 2 of 1024
  // CHECK: 38 registers: 6 of 256, 1 of 1024
  // CHECK: 48 registers: 5 of 256, 1 of 1024
  // CHECK: 64 registers: 4 of 256, 1 of 1024
  // CHECK: 80 registers: 3 of 256, 0 of 1024
  // CHECK: 255 registers: 1 of 256, 0 of 1024
  // Shared memory bounds it too: 100 KB of team memory leave room for two.
  occupancy::KernelResources small;
  small.registers = 16;
  // CHECK: 100 KB of team memory: 2
  std::printf("100 KB of team memory: %d\n",
              occupancy::blocks_per_multiprocessor(h200, small, 256, 100 * 1024));
  return sums_ok ? 0 : 1;
}
