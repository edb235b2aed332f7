// Checks kernels dispatched from two host threads at once (Kokkos allows launches from several
// host threads into the default execution space): each thread runs its own kernels, of functor
// types of their own with constants of their own, many times over, and every View ends with its
// own thread's values. On the OpenMP build with clang the launches share the functor buffer in
// constant memory (rt/openmp/device.hpp, ConstantFunctor), which must take them in turn.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>
#include <thread>

namespace {

constexpr int n = 4096;
constexpr int rounds = 40;

// Thread A: a range kernel whose functor carries two constants.
void thread_a(Kokkos::View<double*> a) {
  for (int r = 0; r < rounds; ++r) {
    const double scale = 2.0, shift = r;
    Kokkos::parallel_for("concurrent_a", n, KOKKOS_LAMBDA(const int i) { a(i) = scale * i + shift; });
    Kokkos::fence();
  }
}

// Thread B: a team kernel whose functor carries other constants, in another order.
void thread_b(Kokkos::View<long*> b) {
  using member_type = Kokkos::TeamPolicy<>::member_type;
  for (int r = 0; r < rounds; ++r) {
    const long offset = 1000 + r;
    const int width = 64;
    Kokkos::parallel_for("concurrent_b", Kokkos::TeamPolicy<>(n / width, Kokkos::AUTO),
                         KOKKOS_LAMBDA(const member_type& team) {
      const int first = team.league_rank() * width;
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, width),
                           [&](const int k) { b(first + k) = offset + 3L * (first + k); });
    });
    Kokkos::fence();
  }
}

}  // namespace

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    Kokkos::View<double*> a("a", n);
    Kokkos::View<long*> b("b", n);
    std::thread ta(thread_a, a), tb(thread_b, b);
    ta.join();
    tb.join();
    auto ha = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a);
    auto hb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), b);
    long bad_a = 0, bad_b = 0;
    for (int i = 0; i < n; ++i) {
      if (ha(i) != 2.0 * i + (rounds - 1)) ++bad_a;
      if (hb(i) != 1000 + (rounds - 1) + 3L * i) ++bad_b;
    }
    check_eq("thread A's View: elements not of its last launch", bad_a, 0);
    check_eq("thread B's View: elements not of its last launch", bad_b, 0);
  }
  Kokkos::finalize();
  return report();
}
