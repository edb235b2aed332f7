// A Kokkos program of two sources sharing a header of kernels, built by the Makefile beside it
// through hpar-c++. Prints PASSED when every result is right.
#include <cstdio>

#include "kernels.hpp"

double ones_total(int rows, int cols);  // other.cpp

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int rows = 200, cols = 50;
  Kokkos::View<double**> A("A", rows, cols);
  Kokkos::View<double*> y("y", rows);
  Kokkos::parallel_for(
      "fill", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {rows, cols}),
      KOKKOS_LAMBDA(const int i, const int j) { A(i, j) = i + j; });
  row_sums(A, y);
  const double expected = cols * (rows * (rows - 1) / 2.0) + rows * (cols * (cols - 1) / 2.0);
  const bool ok = total(y) == expected && ones_total(64, 9) == 64 * 9;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
