// Names std::cout without including <iostream>: only Kokkos_Core.hpp's standard headers bring it.
#include <Kokkos_Core.hpp>
int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int*> a("a", 4);
  Kokkos::parallel_for("fill", 4, KOKKOS_LAMBDA(const int i) { a(i) = i; });
  std::cout << a.extent(0) << std::endl;
  return 0;
}
