#include <Kokkos_Core.hpp>

// Exclusive prefix sums of the counts, in this file's own parallel_scan; returns the total.
int offsets_of(Kokkos::View<int*> counts, Kokkos::View<int*> offsets) {
  int total = 0;
  Kokkos::parallel_scan("offsets", counts.extent(0), KOKKOS_LAMBDA(const int i, int& update, const bool final) {
    if (final) offsets(i) = update;
    update += counts(i);
  }, total);
  return total;
}
