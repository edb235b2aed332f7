// Mistake: a mutable kernel lambda (each thread would get its own copy of `count`).
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 100;
  Kokkos::View<int*> x("x", n);
  int count = 0;
  Kokkos::parallel_for("number", n, [=](int i) mutable { x(i) = count++; });
  std::printf("done\n");
  return 0;
}
