// A TeamPolicy dispatch with a team size no build runs stops the program before the launch, naming
// the kernel.
// HPAR-EXEC-FAILS: TeamPolicy team size 2000 with vector length 1 exceeds the maximum team size
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include <cstdio>

using member_type = hpar::TeamPolicy<>::member_type;
int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  hpar::View<int*> v("v", 16);
  const int zero = argc > 100 ? 1 : 0;  // not a constant, so nothing can fold it away
  hpar::parallel_for("bad_size", hpar::TeamPolicy<>(8, 2000 + zero), HPAR_LAMBDA(const member_type& team) { v(team.league_rank() % 16) = 1; });
  std::printf("PASSED\n");  // never reached: the dispatch must stop the program
  return 0;
}
