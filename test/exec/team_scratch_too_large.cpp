// A TeamPolicy dispatch that asks for more team scratch than the device offers stops the program before the launch, naming the kernel, the level, what was asked and what the device allows.
// HPAR-EXEC-FAILS: TeamPolicy scratch level 0 asks for 4294967296 bytes per team
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include <cstdio>

using member_type = hpar::TeamPolicy<>::member_type;
int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  hpar::View<int*> v("v", 16);
  const size_t bytes = (size_t(1) << 32) + size_t(argc > 100 ? 8 : 0);  // 4 GiB, not a constant
  const auto policy = hpar::TeamPolicy<>(8, 1).set_scratch_size(0, hpar::PerTeam(bytes));
  hpar::parallel_for("too_much_scratch", policy, HPAR_LAMBDA(const member_type& team) { v(team.league_rank() % 16) = 1; });
  std::printf("PASSED\n");  // never reached: the dispatch must stop the program
  return 0;
}
