// Translates, then stops the compiler that builds the translation: its error must name this
// file's line, not the translation's (the output marks the source's lines with #line).
#include <Kokkos_Core.hpp>

void fill(Kokkos::View<double*> x) {
  Kokkos::parallel_for("fill", x.extent(0), KOKKOS_LAMBDA(const int i) { x(i) = 1; });
}

#ifndef __HPAR_TRANSLATING__
#error "the backend's compiler stops here"
#endif
