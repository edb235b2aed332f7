// A second source of the program in header_dispatch.cpp: it instantiates row_sums with another
// matrix layout and calls the inline largest(), both from team_kernel.hpp.
#include "team_kernel.hpp"

double other_part(int rows, int cols) {
  Kokkos::View<double**, Kokkos::LayoutLeft> B("B", rows, cols);
  Kokkos::View<double*> y("y", rows);
  Kokkos::deep_copy(B, 1.0);
  row_sums(B, y);
  return largest(y);  // 2 * cols: every row sums cols ones, scaled by 2
}
