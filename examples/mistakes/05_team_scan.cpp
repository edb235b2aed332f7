// Mistake: a top-level parallel_scan over a TeamPolicy, which the programming model does not have.
#include <Kokkos_Core.hpp>
#include <cstdio>

using member_type = Kokkos::TeamPolicy<>::member_type;

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<long*> x("x", 16);
  long total = 0;
  Kokkos::parallel_scan("scan", Kokkos::TeamPolicy<>(16, Kokkos::AUTO),
                        KOKKOS_LAMBDA(const member_type& team, long& update, bool final) {
                          if (final) x(team.league_rank()) = update;
                          update += 1;
                        },
                        total);
  std::printf("total = %ld\n", total);
  return 0;
}
