// Includes <complex>: with it, Kokkos_Core.hpp brings complex_std.hpp (Kokkos::complex from and
// to std::complex), which the short parse does not have, though this program parses without it.
#include <Kokkos_Core.hpp>
#include <complex>
int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const std::complex<double> s(1, 2);
  const double imag = s.imag();
  Kokkos::View<double*> a("a", 1);
  Kokkos::parallel_for("fill", 1, KOKKOS_LAMBDA(const int i) { a(i) = imag; });
  return 0;
}
