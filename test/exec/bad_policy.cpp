// A RangePolicy whose lower bound is above its upper bound stops the program when it is built, with Kokkos' message (Kokkos 4.6 without its deprecated code), before any kernel runs; so does an MDRangePolicy with such a dimension (exec/kokkos_policy_forms.cpp checks the valid forms).
// HPAR-EXEC-FAILS-BEFORE-KERNELS: Kokkos::RangePolicy bounds error: The lower bound (10) is greater than the upper bound (3).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include <cstdio>

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  hpar::View<int*> v("v", 16);
  const int begin = argc > 100 ? 0 : 10;  // not a constant, so nothing can fold it away
  hpar::parallel_for("backwards", hpar::RangePolicy<>(begin, 3), HPAR_LAMBDA(int i) { v(i) = 1; });
  std::printf("PASSED\n");  // never reached: the policy must stop the program
  return 0;
}
