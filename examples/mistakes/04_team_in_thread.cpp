// Mistake: a TeamThreadRange nested inside another TeamThreadRange's closure.
#include <Kokkos_Core.hpp>
#include <cstdio>

using member_type = Kokkos::TeamPolicy<>::member_type;

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int rows = 64, cols = 32;
  Kokkos::View<double**> a("a", rows, cols);
  Kokkos::parallel_for("fill", Kokkos::TeamPolicy<>(rows, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cols), [&](int c) {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 1), [&](int) { a(r, c) = r + c; });
    });
  });
  double sum = 0;
  Kokkos::parallel_reduce("sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {rows, cols}),
                          KOKKOS_LAMBDA(int r, int c, double& s) { s += a(r, c); }, sum);
  const double expect = 64.0 * 32 * (63 + 31) / 2.0;
  std::printf("%s sum = %g\n", sum == expect ? "PASS" : "FAIL", sum);
  return sum == expect ? 0 : 1;
}
