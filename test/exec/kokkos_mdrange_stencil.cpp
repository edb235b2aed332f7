// A 7-point stencil over MDRangePolicy<Rank<3>>, as users write it: the default iteration order
// and Iterate::Right, a lambda and a functor class with a work tag, the interior of boxes whose
// slowest extent is not a multiple of anything (the CUDA output has a thread walk the slowest
// index, whose neighbours the body reads, in chunks of planes; the last chunk is partial). Plain
// Views, read and written in one kernel; every point of the result is checked exactly on the host
// (integer inputs, power-of-two coefficients), the boundary left as it was.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cstdio>

using Grid = Kokkos::View<double***>;

double input(int i, int j, int k) { return double((i * 3 + j * 5 + k * 7) % 17); }

// v = c0 u + c1 (six neighbours of u) over the interior, one lambda, the default order.
void sweep(Grid u, Grid v, const double c0, const double c1) {
  const int n0 = int(u.extent(0)), n1 = int(u.extent(1)), n2 = int(u.extent(2));
  Kokkos::parallel_for("sweep", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({1, 1, 1}, {n0 - 1, n1 - 1, n2 - 1}),
                       KOKKOS_LAMBDA(const int i, const int j, const int k) {
    v(i, j, k) = c0 * u(i, j, k) + c1 * (u(i - 1, j, k) + u(i + 1, j, k) + u(i, j - 1, k) +
                                         u(i, j + 1, k) + u(i, j, k - 1) + u(i, j, k + 1));
  });
}

// The same stencil as a functor class with a work tag, run with Iterate::Right (i slowest).
struct Jacobi {
  struct Interior {};
  Grid u, v;
  double c0, c1;
  KOKKOS_INLINE_FUNCTION void operator()(Interior, const int i, const int j, const int k) const {
    v(i, j, k) = c0 * u(i, j, k) + c1 * (u(i - 1, j, k) + u(i + 1, j, k) + u(i, j - 1, k) +
                                         u(i, j + 1, k) + u(i, j, k - 1) + u(i, j, k + 1));
  }
};

void sweep_right(Grid u, Grid v, const double c0, const double c1) {
  const int n0 = int(u.extent(0)), n1 = int(u.extent(1)), n2 = int(u.extent(2));
  using Right = Kokkos::Rank<3, Kokkos::Iterate::Right, Kokkos::Iterate::Right>;
  Kokkos::parallel_for("sweep_right",
                       Kokkos::MDRangePolicy<Right, Jacobi::Interior>({1, 1, 1}, {n0 - 1, n1 - 1, n2 - 1}),
                       Jacobi{u, v, c0, c1});
}

// Checks every point of v: the interior against the stencil, the boundary against its input.
int errors(const char* what, Grid u, Grid v, const double c0, const double c1) {
  auto hu = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), u);
  auto hv = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  const int n0 = int(u.extent(0)), n1 = int(u.extent(1)), n2 = int(u.extent(2));
  int wrong = 0;
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < n1; ++j)
      for (int k = 0; k < n2; ++k) {
        const bool inside = i > 0 && j > 0 && k > 0 && i < n0 - 1 && j < n1 - 1 && k < n2 - 1;
        const double expected =
            inside ? c0 * hu(i, j, k) + c1 * (hu(i - 1, j, k) + hu(i + 1, j, k) + hu(i, j - 1, k) +
                                              hu(i, j + 1, k) + hu(i, j, k - 1) + hu(i, j, k + 1))
                   : -1.0;
        if (hv(i, j, k) != expected) ++wrong;
      }
  if (wrong) std::printf("%s: %d wrong points\n", what, wrong);
  return wrong;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  int failures = 0;
  const int shapes[3][3] = {{35, 19, 53}, {70, 9, 5}, {4, 33, 40}};
  for (const auto& shape : shapes) {
    Grid u("u", shape[0], shape[1], shape[2]), v("v", shape[0], shape[1], shape[2]);
    auto hu = Kokkos::create_mirror_view(u);
    for (int i = 0; i < shape[0]; ++i)
      for (int j = 0; j < shape[1]; ++j)
        for (int k = 0; k < shape[2]; ++k) hu(i, j, k) = input(i, j, k);
    Kokkos::deep_copy(u, hu);
    Kokkos::deep_copy(v, -1.0);
    sweep(u, v, 0.5, 0.125);
    failures += errors("sweep", u, v, 0.5, 0.125);
    Kokkos::deep_copy(v, -1.0);
    sweep_right(u, v, 0.25, 0.0625);
    failures += errors("sweep_right", u, v, 0.25, 0.0625);
  }
  if (failures) {
    std::printf("FAILED: %d wrong points\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
