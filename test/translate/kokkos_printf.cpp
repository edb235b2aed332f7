// Kokkos::printf in kernels, as in Kokkos' hello-world tutorials: every index of a RangePolicy and
// every team of a TeamPolicy prints its line, untranslated (serial) and through the OpenMP output
// (clang and gcc; the CUDA output is compiled). Kernels print in no particular order: the lines of
// one kernel are matched with CHECK-DAG between the host's lines.
// RUN: %clangxx -std=c++17 %hpar-inc %s -o %t.serial
// RUN: %t.serial | %FileCheck %s
// RUN: %hpar-translate --backend=openmp %s -o %t.omp.cpp
// RUN: %if clang-openmp %{ %clangxx-omp %t.omp.cpp -o %t.omp-clang %}
// RUN: %if clang-openmp %{ %t.omp-clang | %FileCheck %s %}
// RUN: %if gcc-openmp %{ %gxx-omp %t.omp.cpp -o %t.omp-gcc %}
// RUN: %if gcc-openmp %{ %t.omp-gcc | %FileCheck %s %}
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <Kokkos_Core.hpp>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;

// After `using namespace Kokkos;`, unqualified printf still compiles, on the host and in kernels.
namespace unqualified {
using namespace Kokkos;
void hello(const int n) {
  parallel_for("unqualified", n, KOKKOS_LAMBDA(const int i) { printf("unqualified %d of %d\n", i, n); });
  fence();
  printf("no arguments\n");
}
}  // namespace unqualified

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  Kokkos::printf("Hello World on Kokkos execution space %s\n",
                 Kokkos::DefaultExecutionSpace::name());
  // CHECK: Hello World on Kokkos execution space

  Kokkos::parallel_for("HelloWorld", 15, KOKKOS_LAMBDA(const int i) {
    Kokkos::printf("Hello from i = %i\n", i);
  });
  Kokkos::fence();
  Kokkos::printf("range done\n");
  // CHECK-DAG: Hello from i = 0{{$}}
  // CHECK-DAG: Hello from i = 1{{$}}
  // CHECK-DAG: Hello from i = 2{{$}}
  // CHECK-DAG: Hello from i = 3{{$}}
  // CHECK-DAG: Hello from i = 4{{$}}
  // CHECK-DAG: Hello from i = 5{{$}}
  // CHECK-DAG: Hello from i = 6{{$}}
  // CHECK-DAG: Hello from i = 7{{$}}
  // CHECK-DAG: Hello from i = 8{{$}}
  // CHECK-DAG: Hello from i = 9{{$}}
  // CHECK-DAG: Hello from i = 10{{$}}
  // CHECK-DAG: Hello from i = 11{{$}}
  // CHECK-DAG: Hello from i = 12{{$}}
  // CHECK-DAG: Hello from i = 13{{$}}
  // CHECK-DAG: Hello from i = 14{{$}}
  // CHECK-NOT: Hello from
  // CHECK: range done

  // Team sizes differ between builds (AUTO); thread 0 of every team prints in each.
  Kokkos::parallel_for("HelloTeams", team_policy(4, Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
    Kokkos::printf("Hello World: %i %i // %i %i\n", team.league_rank(), team.team_rank(),
                   team.league_size(), team.team_size());
  });
  Kokkos::fence();
  Kokkos::printf("teams done\n");
  // CHECK-DAG: Hello World: 0 0 // 4 {{[1-9][0-9]*$}}
  // CHECK-DAG: Hello World: 1 0 // 4 {{[1-9][0-9]*$}}
  // CHECK-DAG: Hello World: 2 0 // 4 {{[1-9][0-9]*$}}
  // CHECK-DAG: Hello World: 3 0 // 4 {{[1-9][0-9]*$}}
  // CHECK-NOT: Hello World: 4
  // CHECK: teams done

  unqualified::hello(3);
  // CHECK-DAG: unqualified 0 of 3
  // CHECK-DAG: unqualified 1 of 3
  // CHECK-DAG: unqualified 2 of 3
  // CHECK: no arguments
  Kokkos::finalize();
  return 0;
}
