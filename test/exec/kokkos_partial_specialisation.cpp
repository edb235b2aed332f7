// Checks dispatches in a header that partially specialises a class template declared in the
// header that includes it, once per inclusion (as Kokkos' gather and bytes_and_flops benchmarks
// do): the translated copy of kokkos_partial_specialisation_unroll.hpp, included three times,
// defines each kernel once, and every specialisation, for double and for long, runs its own.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include "kokkos_partial_specialisation.hpp"
#include "check.hpp"

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 100000;  // a multiple of 100 (rows) and of every unroll depth
  long long base = 0;    // the sum of b = i % 5
  for (int i = 0; i < n; ++i) base += i % 5;
  for (int unroll : {1, 2, 4}) {
    const long long want = base + (long long)unroll * n;
    double sum = 0, by_rows = 0;
    run_triad(n, 2, unroll, sum, by_rows);
    check_same("Triad<double, unroll>: sum", sum, double(want));
    check_same("Triad<double, unroll>: sum by rows", by_rows, double(want));
    long isum = 0, iby_rows = 0;
    run_triad(n, 1, unroll, isum, iby_rows);
    check_eq("Triad<long, unroll>: sum", isum, want);
    check_eq("Triad<long, unroll>: sum by rows", iby_rows, want);
  }
  return report();
}
