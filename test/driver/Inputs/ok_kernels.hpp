// A kernel in a header of the user's, for the driver's tests.
#pragma once

#include <Kokkos_Core.hpp>

inline double sum_of_squares(int n) {
  double sum = 0;
  Kokkos::parallel_reduce(
      "squares", n, KOKKOS_LAMBDA(const int i, double& partial) { partial += double(i) * i; }, sum);
  return sum;
}
