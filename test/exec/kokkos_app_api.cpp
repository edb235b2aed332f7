// Checks the API that Kokkos applications (ExaMiniMD, miniMD, TestSNAP) use around their kernels: Views allocated with ViewAllocateWithoutInitializing and view_alloc(WithoutInitializing, label), then filled by kernels; Profiling::pushRegion/popRegion, Tools::pushRegion/popRegion and Profiling::ScopedRegion around kernels; std::chrono timing, std::strcmp, assert, std::map, std::array and std::tuple with only Kokkos' headers included, as real Kokkos 4.6's Kokkos_Core.hpp provides them.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>
#include "check.hpp"

// As TestSNAP times its kernels.
using myclock = std::chrono::high_resolution_clock;

// As ExaMiniMD declares its particle arrays.
using t_x = Kokkos::View<double* [3]>;
using t_type = Kokkos::View<int*>;

// Positions and types allocated without initialising, then written by a kernel (every element:
// nothing may be read before it is written).
void check_without_initializing(const int n) {
  Kokkos::Profiling::ScopedRegion region("without initializing");
  t_x x = t_x(Kokkos::ViewAllocateWithoutInitializing("X"), n);
  t_type type(Kokkos::ViewAllocateWithoutInitializing(std::string("Type")), n);
  Kokkos::View<double**, Kokkos::LayoutRight> f(Kokkos::view_alloc(Kokkos::WithoutInitializing, "F"),
                                                n, 3);
  Kokkos::View<double*> e(Kokkos::view_alloc("E", Kokkos::WithoutInitializing), n);
  check(x.label() == "X" && type.label() == "Type" && f.label() == "F" && e.label() == "E",
        "labels of Views allocated without initialising");
  check(x.extent(0) == size_t(n) && x.extent(1) == 3 && f.extent(1) == 3 && e.extent(0) == size_t(n),
        "extents of Views allocated without initialising");

  Kokkos::Profiling::pushRegion("fill");
  Kokkos::parallel_for("fill", n, KOKKOS_LAMBDA(const int i) {
    for (int d = 0; d < 3; ++d) {
      x(i, d) = 0.5 * i + d;
      f(i, d) = -x(i, d);
    }
    type(i) = i % 4;
    e(i) = 1.0;
  });
  Kokkos::Profiling::popRegion();

  Kokkos::Tools::pushRegion("sum");
  double sum = 0.0;
  Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, double& s) {
    s += x(i, 0) + x(i, 1) + x(i, 2) + f(i, 0) + f(i, 1) + f(i, 2) + e(i) + type(i);
  }, sum);
  Kokkos::Tools::popRegion();
  double expected = 0.0;
  for (int i = 0; i < n; ++i) expected += 1.0 + i % 4;
  check_same("sum over Views filled by a kernel", sum, expected);

  auto hx = Kokkos::create_mirror_view(x);
  Kokkos::deep_copy(hx, x);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    for (int d = 0; d < 3; ++d) wrong += hx(i, d) != 0.5 * i + d;
  check_eq("positions written by the kernel", wrong, 0);
}

// Timing as the applications do it, with no #include <chrono> of their own.
void check_chrono(const int n) {
  Kokkos::View<double*> a(Kokkos::ViewAllocateWithoutInitializing("a"), n);
  myclock::time_point start = myclock::now();
  {
    Kokkos::Profiling::ScopedRegion region("timed");
    Kokkos::parallel_for("timed", n, KOKKOS_LAMBDA(const int i) { a(i) = 2.0 * i; });
    Kokkos::fence();
  }
  myclock::time_point end = myclock::now();
  const double seconds =
      std::chrono::duration_cast<std::chrono::duration<double>>(end - start).count();
  const auto steady0 = std::chrono::steady_clock::now();
  const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - steady0;
  check(seconds >= 0.0 && ms.count() >= 0.0, "std::chrono durations");
  double total = 0.0;
  Kokkos::parallel_reduce("total", n, KOKKOS_LAMBDA(const int i, double& s) { s += a(i); }, total);
  check_same("timed kernel", total, double(n) * (n - 1));
}

// Other standard names that a program may take from Kokkos_Core.hpp (real Kokkos 4.6 brings
// <cstring>, <cassert>, <map>, <array>, <tuple> in every build).
void check_std_names(int argc, char* argv[]) {
  int steps = 10;
  for (int k = 1; k < argc; ++k)
    if (std::strcmp(argv[k], "--steps") == 0 && k + 1 < argc) steps = std::atoi(argv[k + 1]);
  assert(steps > 0);
  std::map<std::string, int> counts{{"steps", steps}};
  const std::array<int, 2> pair = {1, 2};
  const std::tuple<int, double> t(3, 4.5);
  check(counts["steps"] == 10 && pair[1] == 2 && std::get<1>(t) == 4.5, "std names");
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    check(!Kokkos::Profiling::profileLibraryLoaded(), "no tool library is loaded");
    check_without_initializing(1000);
    check_chrono(100000);
    check_std_names(argc, argv);
  }
  Kokkos::finalize();
  return report();
}
