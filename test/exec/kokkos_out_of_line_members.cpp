// A team functor that builds a per-team copy of a helper through its constructor taking the team
// member, a constructor and destructor defined outside their class in a header without
// dispatches (ExaMiniMD's SNAP force: SNA my_sna(sna, team)). Each must be device code: clang's
// OpenMP offload compiles an out-of-class constructor or destructor for the device only where it
// is marked, so the translator marks them in a copy of that header.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"
#include "kokkos_out_of_line_members.hpp"

template <class NeighList>
struct Force {
  Basis basis;
  Kokkos::View<double*> out;
  Kokkos::View<int*> seen;
  void compute(int teams);
  KOKKOS_INLINE_FUNCTION void operator()(const Basis::member_type& team) const {
    Basis mine(basis, team);
    const int t = team.league_rank();
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      out(t) = mine.weight(t);
      seen(t) = mine.rank_seen;
    });
  }
};

template <class NeighList>
void Force<NeighList>::compute(int teams) {
  Kokkos::parallel_for("Force::compute", Kokkos::TeamPolicy<>(teams, Kokkos::AUTO), *this);
}

struct HalfList {};
template struct Force<HalfList>;

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    const int teams = 64;
    Force<HalfList> force;
    force.basis.weights = Kokkos::View<double*>("weights", teams);
    force.basis.scale = 1.5;
    Kokkos::parallel_for("fill", teams, KOKKOS_LAMBDA(const int i) { force.basis.weights(i) = i; });
    force.out = Kokkos::View<double*>("out", teams);
    force.seen = Kokkos::View<int*>("seen", teams);
    force.compute(teams);
    auto out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), force.out);
    auto seen = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), force.seen);
    for (int t = 0; t < teams; ++t) {
      check_same("the team's copy scales by 2 * 1.5", out(t), 3.0 * t);
      check_eq("the team's copy saw its league rank", seen(t), t);
    }
  }
  Kokkos::finalize();
  return report();
}
