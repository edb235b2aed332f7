#include <Kokkos_Core.hpp>

// The number of values at or above a threshold, through a second file's parallel_scan.
int count_at_least(Kokkos::View<double*> values, double threshold) {
  int kept = 0;
  Kokkos::parallel_scan("count", values.extent(0), KOKKOS_LAMBDA(const int i, int& update, const bool) {
    update += values(i) >= threshold ? 1 : 0;
  }, kept);
  return kept;
}
