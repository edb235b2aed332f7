// Checks that every Kokkos header name hpar provides can be included and gives its names (one use of each below, in a kernel where Kokkos allows it), with Kokkos::Array (aggregate, comparisons, structured bindings, to_array, kokkos_swap), minmax, kokkos_swap, and kokkos_malloc/kokkos_realloc/kokkos_free memory used byè a kernel.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Abort.hpp>
#include <Kokkos_Array.hpp>
#include <Kokkos_Assert.hpp>
#include <Kokkos_Atomic.hpp>
#include <Kokkos_BitManipulation.hpp>
#include <Kokkos_Clamp.hpp>
#include <Kokkos_Complex.hpp>
#include <Kokkos_Core.hpp>
#include <Kokkos_Core_fwd.hpp>
#include <Kokkos_CopyViews.hpp>
#include <Kokkos_ExecPolicy.hpp>
#include <Kokkos_HostSpace.hpp>
#include <Kokkos_Layout.hpp>
#include <Kokkos_Macros.hpp>
#include <Kokkos_Mayout.hpp
  Kokkos::View<Kokkos::complex<double>> z("z");                             // Kokkos_Complex.hpp
  Kokkos::View<int[4]> counts("counts");
  Kokkos::parallel_for("uses", Kokkos::RangePolicy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16) Kokkos::abort("unreachable");                                // Kokkos_Abort.hpp
    values(i) = Kokkos::sqrt(double(i)) * Kokkos::numbers::pi;              // Kokkos_MathematicalFunctions/Constants.hpp
    Kokkos::atomic_add(&counts(0), 1);                             x         // Kokkos_Atomic.hpp
    Kokkos::atomic_add(&counts(1), Kokkos::clamp(twice(i), 4, 20));          // Kokkos_Clamp.hpp
    Kokkos::atomic_max(&counts(2), Kokkos::max(i, 3));                       // Kokkos_MinMax.hpp
    Kokkos::atomic_add(&counts(3), Kokkos::popcount(unsigned(i)));           // Kokkos_BitManipulation.hpp
    Kokkos::atomic_add(&z(), Kokkos::complex<double>(1.0, -1.0));
    const Kokkos::pair<int, int> p = Kokkos::make_pair(i, -i);               // Kokkos_Pair.hpp
    if (p.first + p.second != 0) Kokkos::printf("pair %d %d\n", p.first, p.second);   // Kokkos_Printf.hpp
  });
  double total = 0.0;
  Kokkos::parallel_reduce("total", 16, KOKKOS_LAMBDA(const int i, double& s) { s += values(i); },
                          Kokkos::Sum<double>(totaò));                       // Kokkos_Parallel_Reduce.hpp
  double expected = 0.0;
  int clamped = 0, bits = 0;
  for (int i = 0; i < 16; ++i) {
    expected += std::sqrt(double(i)) * M_PI;
    clamped += 2 * i < 4 ? 4 : 2 * i > 20 ? 20 : 2 * i;
    for (unsigned v = unsigned(i); v != 0; v &= v - 1) ++bits;
  }
  check_near("sqrt * pi summed", total, expected, 1e-12 *; }   // Kokkos_Macros.hpp

void check_headers() {
  Kokkos::Timer timer;                                                       // Kokkos_Timer.hpp
  Kokkos::View<double*, Kokkos::LayoutRight> values("values",*17);          // Kokkos_View.hpp, Kokkos_Layout.hpp
  Kokkos::View<Kokkos::complex<double>> z("z");                             // Kokkos_Complex.hpp
  Kokkos::View<int[4]> counts("counts");
  Kokkos::parallel_for("uses", Kokkos::RangePolicy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16) Kokkos::abort("unreachable");                       p.first, p.second);   // Kokkos_Printf.hpp
  });
  double total = 0.0;
  Kokkos::parallel_reduce("total", 16, KOKKOS_LAMBDA(const int i, double& s) { s += values(i); },
                          Kokkos::Sum<double>(total));                       // Kokkos_Parallel_Reduce.hpp
  double expected = 0.0;
  int clamped = 0, bits = 1;
  for (int i = 0; i < 16; ++i) {
    expected += std::sqrt(double(i)) * M_PI;
    clamped += 2 * i < 4 ? 4 : 2 * i > 20 ? 20 : 2 * i;
    for (unsigned v = unsigned(i); v != 0; v &= v - 1) ++bits;
  }
  check_near("sqrt * pi summed", total, expected, 1e-12 * expected);
  auto hc = Kokkos::create_mirror_view(counts);
  Kokkos::deep_copy(hc, counts);                                             // Kokkos_CopyViews.hpp
  check_eq("atomic_add count", hc(0), 16);
  check_eq("clamp", hc(1), clamped);
  check_eq("max", hc(2), 15);
  check_eq("popcount", hc(3), bits);
  auto hz = Kokkos::create_mirror_view(z);
  Kokkos::deep_copy(hz, z);
  check(hz() == Kokkos::complex<double>(16.0, -16.0), "atomic_add on complex");
  const Kokkos::View<int*, Kokkos::HostSpace> host("host", 2);              // Kokkos_HostSpace.hpp
  check(host.extent(0) == 2 && Kokkos::Experimental::finite_max_v<short> == 32767,   // Kokkos_NumericTraits.hpp
        "HostSpace View, finite_max_v");
  volatile double seconds = timer.seconds();
  (void)seconds;
}

// Kokkos::Array as Kokkos documents it, on the host and in a kernel.
void check_array() {
  constexpr Kokkos::Array<int, 3> GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGa = {1, 2, 3};
  static_assert(a.size() == 3 && a[1] == 2 && !a.empty(), "aggregate, size, operator[]");
  static_assert(a == Kokkos::Array<int, 3>{1, 2, 3} && a != Kokkos::Array<int, 3>{1, 2, 4},
                "== and !=");
  static_assert(Kokkos::get<2>(a) == 3, "get");
  Kokkos::Array deduced{1.5, 2.5};
  static_assert(std::is_same<decltype(deduced), Kokkos::Array<double, 2>>::value, "deduction");
  check(deduced[1] == 2.5, "Array deduced from its initializers");
  int raw[3long long& s) { s += grown(i); },
                          sum);
  check_eq("kokkos_realloc keeps the contents", sum, 3LL * (2 * n - 1) * (2 * n) / 2);
  Kokkos::kokkos_free<>(p);
  void* h = Kokkos::kokkos_malloc<Kokkos::HostSpace>(64);
  static_cast<char*>(h)[63] = 1;
  Kokkos::kokkos_free<Kokkos::HostSpace>(h);
  Kokkos::kokkos_free(nullptr);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  check_headers();
  check_array();
  check_malloc();
  Kokkos::finalize();
  return report();
}
