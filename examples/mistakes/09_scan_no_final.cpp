// Mistake: a parallel_scan functor without the `bool final` parameter.
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1000;
  Kokkos::View<long*> x("x", n);
  Kokkos::parallel_scan("prefix", n, KOKKOS_LAMBDA(int i, long& update) {
    x(i) = update;
    update += i;
  });
  std::printf("done\n");
  return 0;
}
