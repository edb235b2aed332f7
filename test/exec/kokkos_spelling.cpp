// Checks a program written in the Kokkos spelling (Kokkos_Core.hpp, Kokkos::, KOKKOS_LAMBDA, KOKKOS_INLINE_FUNCTION, initialize/finalize): for, reduce, scan, MDRange, atomics, Views.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>


struct Saxpy {
  Kokkos::View<double*> x, y;
  double a;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) = a * x(i) + y(i); }
};

KOKKOS_FUNCTION double weight(const int i) { return 0.5 * double(i % 8); }

struct Dot {
  using value_type = double;
  Kokkos::View<double*> x, y;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type& s) const { s += x(i) * y(i); }
  KOKKOS_INLINE_FUNCTION void init(value_type& s) const { s = 0.0; }
  KOKKOS_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const { dst += src; }
};

void run() {
  const int n = 1000003;
  Kokkos::Timer timer;
  Kokkos::View<double*> x("x", n);
  Kokkos::View<double*> y("y", n);
  Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) {
    x(i) = weight(i);
    y(i) = 1.0;
  });
  Kokkos::parallel_for("saxpy", Kokkos::RangePolicy<>(0, n), Saxpy{x, y, 2.0});   // y = 2 w + 1
  Kokkos::fence();

  double dot = 0.0;
  Kokkos::parallel_reduce("dot", n, Dot{x, y}, dot);
  double edot = 0.0;
  for (int i = 0; i < n; ++i) {
    const double w = 0.5 * double(i % 8);
    edot += w * (2.0 * w + 1.0);
  }
  check_near("Kokkos functor reduce (dot)", dot, edot, 1e-12 * edot);

  double mx = 0.0;
  Kokkos::MinLoc<double, int>::value_type ml;
  Kokkos::parallel_reduce("max_minloc", Kokkos::RangePolicy<Kokkos::IndexType<int>>(1, n),
                          KOKKOS_LAMBDA(const int i, double& m, Kokkos::MinLoc<double, int>::value_type& l) {
                            if (y(i) > m) m = y(i);
                            if (y(i) < l.val) {
                              l.val = y(i);
                              l.loc = i;
                            }
                          },
                          Kokkos::Max<double>(mx), Kokkos::MinLoc<double, int>(ml));
  check_near("Kokkos::Max", mx, 2.0 * 3.5 + 1.0, 0.0);
  check_near("Kokkos::MinLoc val", ml.val, 1.0, 0.0);
  check_eq("Kokkos::MinLoc loc (first minimum after index 0 is 8 apart)", ml.loc % 8, 0);

  Kokkos::View<int64_t*> pre("pre", n);
  int64_t total = 0;
  Kokkos::parallel_scan("prefix", n,
                        KOKKOS_LAMBDA(const int i, int64_t& update, const bool final) {
                          if (final) pre(i) = update;
                          update += i % 8;
                        },
                        total);
  auto hpre = Kokkos::create_mirror_view(pre);
  Kokkos::deep_copy(hpre, pre);
  int64_t acc = 0;
  long long bad = 0;
  for (int i = 0; i < n; ++i) {
    if (hpre(i) != acc) ++bad;
    acc += i % 8;
  }
  check_eq("Kokkos::parallel_scan (bad elements)", bad, 0);
  check_eq("Kokkos::parallel_scan total", total, acc);

  Kokkos::View<int**, Kokkos::LayoutRight> grid("grid", 64, 48);
  Kokkos::View<int*> hits("hits", 1);
  Kokkos::parallel_for("md", Kokkos::MDRangePolicy<Kokkos::Rank<2, Kokkos::Iterate::Left, Kokkos::Iterate::Left>>({0, 0}, {64, 48}, {8, 8}),
                       KOKKOS_LAMBDA(const int i, const int j) {
                         grid(i, j) = i * 100 + j;
                         Kokkos::atomic_add(&hits(0), 1);
                       });
  int gsum = 0;
  Kokkos::parallel_reduce("md_sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {64, 48}),
                          KOKKOS_LAMBDA(const int i, const int j, int& s) { s += grid(i, j); }, Kokkos::Sum<int>(gsum));
  auto hgrid = Kokkos::create_mirror_view(grid);
  auto hhits = Kokkos::create_mirror_view(hits);
  Kokkos::deep_copy(hgrid, grid);
  Kokkos::deep_copy(hhits, hits);
  bad = 0;
  long long egsum = 0;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 48; ++j) {
      if (hgrid(i, j) != i * 100 + j) ++bad;
      egsum += i * 100 + j;
    }
  check_eq("Kokkos MDRange for (bad elements)", bad, 0);
  check_eq("Kokkos::atomic_add hits", hhits(0), 64 * 48);
  check_eq("Kokkos MDRange reduce", gsum, egsum);

  Kokkos::View<double*, Kokkos::HostSpace> hs("hs", 10);
  Kokkos::deep_copy(hs, 2.5);
  check_near("Kokkos::deep_copy(HostSpace View, scalar)", hs(9), 2.5, 0.0);
  volatile double elapsed = timer.seconds();
  (void)elapsed;
}

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  run();
  Kokkos::finalize();
  if (g_failed != 0) {
    std::printf("FAILED: %d checks\n", g_failed);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
