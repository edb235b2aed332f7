// Kokkos::complex in a kernel built with the consumer's CMake: each z(i) = sqrt(w) * cos(w) for
// w = (1 + i/n, 0.5), checked on the host against std::complex; prints PASSED on success. (GCC
// 12's nvptx compiler stops inside such functions without -fdisable-tree-nrv, which
// hpar_add_executable passes.)
#include <Kokkos_Core.hpp>

#include <complex>
#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1000;
  Kokkos::View<Kokkos::complex<double>*> z("z", n);
  Kokkos::parallel_for("rotate", n, KOKKOS_LAMBDA(const int i) {
    const Kokkos::complex<double> w(1.0 + double(i) / n, 0.5);
    z(i) = Kokkos::sqrt(w) * Kokkos::cos(w);
  });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), z);
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const std::complex<double> w(1.0 + double(i) / n, 0.5);
    const std::complex<double> expected = std::sqrt(w) * std::cos(w);
    if (std::abs(std::complex<double>(h(i).real(), h(i).imag()) - expected) > 1e-12) ++wrong;
  }
  if (wrong != 0) {
    std::printf("FAILED: %d of %d values differ from std::complex\n", wrong, n);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
