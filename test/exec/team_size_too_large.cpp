// A team size larger than the build runs stops the program at its dispatch, naming the kernel,
// as Kokkos' Serial stops it ("Requested Team Size is too large!"): the serial build runs a team
// as one thread, and never runs a team of 32 as a team of 1. The GPU and OpenMP builds
// run teams of 32 (the OpenMP host builds up to OMP_THREAD_LIMIT: test/driver/team_size_limit.test),
// so only the serial build claims the stop.
// HPAR-EXEC-FAILS: TeamPolicy team size 32 with vector length 1 exceeds the maximum team size 1
// HPAR-EXEC: serial
#include <Kokkos_Core.hpp>

#include <cstdio>

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<int> calls("calls");
  Kokkos::parallel_for("too_large", Kokkos::TeamPolicy<>(4, 32),
                       KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type&) {
    Kokkos::atomic_add(&calls(), 1);
  });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), calls);
  // Never reached in the serial build: the dispatch must stop the program.
  std::printf("%d functor calls for 4 teams of 32\n", h());
  std::printf("PASSED\n");
  return 0;
}
