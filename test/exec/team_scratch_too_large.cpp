// A TeamPolicy dispatch that asks for more team scratch than the machine can give stops the program, naming the kernel (the functor in the serial build) and the bytes asked: 2^60 bytes of level 0 are above a GPU block's shared memory (CUDA stops before the launch) and above what host or OpenMP device memory can allocate.
// HPAR-EXEC-FAILS: 1152921504606846976 bytes
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include <cstdio>

using member_type = hpar::TeamPolicy<>::member_type;
int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  hpar::View<int*> v("v", 16);
  const size_t bytes = (size_t(1) << 60) + size_t(argc > 100 ? 8 : 0);  // not a constant
  const auto policy = hpar::TeamPolicy<>(8, 1).set_scratch_size(0, hpar::PerTeam(bytes));
  hpar::parallel_for("too_much_scratch", policy, HPAR_LAMBDA(const member_type& team) { v(team.league_rank() % 16) = 1; });
  std::printf("PASSED\n");  // never reached: the dispatch must stop the program
  return 0;
}
