// A dispatch made inside the program's own OpenMP parallel region, in the OpenMP build for the
// host: its nested region has one thread, so a range runs whole on each calling thread (two
// threads here, each adding 1 to every element: 200 in all), and a team launch of two threads
// stops, naming the kernel and why, rather than running a smaller team.
// HPAR-EXEC-FAILS: OpenMP started 1 threads for a team of 2 (dispatched inside an OpenMP parallel region
// HPAR-EXEC: omp-clang omp-gcc
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> a("a", 100);
#pragma omp parallel num_threads(2)
  {
    Kokkos::parallel_for("ranges", 100, KOKKOS_LAMBDA(const int i) { Kokkos::atomic_add(&a(i), 1); });
  }
  int sum = 0;
  Kokkos::parallel_reduce("sum", 100, KOKKOS_LAMBDA(const int i, int& s) { s += a(i); }, sum);
  check_eq("each thread's range ran whole", sum, 200);
  if (sum != 200) return report();  // fails without the expected message
  std::printf("ranges: %d\n", sum);
  std::fflush(stdout);
#pragma omp parallel num_threads(2)
  {
    Kokkos::parallel_for("teams", Kokkos::TeamPolicy<>(2, 2),
                         KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type&) {});
  }
  return report();
}
