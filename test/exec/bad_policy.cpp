// A dispatch over an invalid policy stops the program with a message naming the kernel and why.
// HPAR-EXEC-FAILS: RangePolicy begin (10) is greater than end (3)
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include <cstdio>

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  hpar::View<int*> v("v", 16);
  const int begin = argc > 100 ? 0 : 10;  // not a constant, so nothing can fold it away
  hpar::parallel_for("backwards", hpar::RangePolicy<>(begin, 3), HPAR_LAMBDA(int i) { v(i) = 1; });
  std::printf("PASSED\n");  // never reached: the dispatch must stop the program
  return 0;
}
