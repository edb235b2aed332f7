#include "kernels.hpp"

// The sum of a rows x cols matrix of ones, through a LayoutLeft matrix.
double ones_total(int rows, int cols) {
  Kokkos::View<double**, Kokkos::LayoutLeft> B("B", rows, cols);
  Kokkos::View<double*> y("y", rows);
  Kokkos::deep_copy(B, 1.0);
  row_sums(B, y);
  return total(y);
}
