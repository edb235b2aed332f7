// MDRangePolicy ranks far outside 2..8 written as valid C++: reported by hpar-mdrange-rank, with the
// rank as written, without instantiating index sequences of that length (crash_inputs.test).
#include <Kokkos_Core.hpp>
int main() {
  Kokkos::View<double**> v("v", 3, 3);
  Kokkos::parallel_for("big", Kokkos::MDRangePolicy<Kokkos::Rank<65536>>({0, 0}, {3, 3}), KOKKOS_LAMBDA(int i, int j) { v(i, j) = 1; });
  Kokkos::parallel_for("neg", Kokkos::MDRangePolicy<Kokkos::Rank<(unsigned)-1>>({0, 0}, {3, 3}), KOKKOS_LAMBDA(int i, int j) { v(i, j) = 1; });
}
