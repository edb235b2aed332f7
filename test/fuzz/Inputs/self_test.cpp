// A valid program with the marker hpar_fuzz_self_test: with HPAR_FUZZ_CRASH_ON set to the marker,
// the fuzz target crashes where the translator runs on it (fuzz_recovery.test).
#include <Kokkos_Core.hpp>

int main() {
  Kokkos::View<int*> a("a", 4);
  Kokkos::parallel_for(4, KOKKOS_LAMBDA(const int i) { a(i) = i; });
  return 0;
}
