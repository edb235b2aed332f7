// Mistake: the policy names a work tag that no operator() of the functor takes.
#include <Kokkos_Core.hpp>
#include <cstdio>

struct Init {};
struct Update {};

struct Kernel {
  Kokkos::View<double*> x;
  KOKKOS_INLINE_FUNCTION void operator()(Init, int i) const { x(i) = i; }
};

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kernel k{Kokkos::View<double*>("x", 100)};
  Kokkos::parallel_for("update", Kokkos::RangePolicy<Update>(0, 100), k);
  std::printf("done\n");
  return 0;
}
