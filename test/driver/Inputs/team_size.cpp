// A TeamPolicy of 4 teams of argv[1] threads (default 32) that counts its functor's calls, for
// team_size_limit.test: a team is run with every thread asked for, or the dispatch stops.
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int team_size = argc > 1 ? std::atoi(argv[1]) : 32;
  Kokkos::View<int> calls("calls");
  Kokkos::parallel_for("teams", Kokkos::TeamPolicy<>(4, team_size),
                       KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type&) {
    Kokkos::atomic_add(&calls(), 1);
  });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), calls);
  std::printf("%d functor calls for 4 teams of %d\n", h(), team_size);
  std::printf("%s\n", h() == 4 * team_size ? "PASSED" : "FAILED");
  return h() == 4 * team_size ? 0 : 1;
}
