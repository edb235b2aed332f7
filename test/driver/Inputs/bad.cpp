// A dispatch that cannot run on a GPU: its lambda captures by reference.
#include <Kokkos_Core.hpp>

void scale(Kokkos::View<double*> x, double a) {
  Kokkos::parallel_for("scale", x.extent(0), [&](const int i) { x(i) *= a; });
}
