// Kokkos::abort on the host prints its message and ends the program abnormally in every build,
// also when the output goes to a file or a pipe (as here: the test reads it back). In a kernel's
// device code it traps the kernel instead (not run here: a trapped kernel ends the process on
// the GPU without a message from the host).
// (No kernel is named: the abort is the host's, after the kernel.)
// HPAR-EXEC-FAILS-BEFORE-KERNELS: hpar::abort: the mesh is inconsistent (3 cells)
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <string>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> cells("cells", 3);
  int bad = 0;
  Kokkos::parallel_reduce(
      "count", Kokkos::RangePolicy<>(0, 3), KOKKOS_LAMBDA(const int i, int& n) { n += cells(i) == 0; }, bad);
  std::printf("counted %d\n", bad);  // written before the abort: lost unless abort flushes
  if (bad != 0) {
    const std::string message = "the mesh is inconsistent (" + std::to_string(bad) + " cells)";
    Kokkos::abort(message.c_str());
  }
  std::printf("PASSED\n");  // never reached
  return 0;
}
