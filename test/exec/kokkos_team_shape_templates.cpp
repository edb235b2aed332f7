// A team kernel in a function template, instantiated with different constant team sizes and
// vector lengths. The translator compiles a team kernel for one block when its policy gives the
// shape as constants (and for one vector length when only that is a constant); here each
// instantiation asks for another, so the kernel must be compiled for any, and every call must
// run and compute its team scans and nested reductions right.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cstdio>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;

// Per team l: out(l, i) = the sum of in(l, 0..i) (a TeamThreadRange scan), and sums(l) = the
// sum over the row of a nested TeamThreadRange x ThreadVectorRange reduction, times 6.
template <int Team, int Vector>
int run_fixed(const int league, const int n) {
  Kokkos::View<long**> in("in", league, n), out("out", league, n);
  Kokkos::View<long*> sums("sums", league);
  Kokkos::parallel_for("fill", Kokkos::RangePolicy<>(0, league * n), KOKKOS_LAMBDA(const int k) {
    in(k / n, k % n) = k % 7 + 1;
  });
  Kokkos::parallel_for("fixed", team_policy(league, Team, Vector), KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, n), [&](const int i, long& partial, const bool final) {
      partial += in(l, i);
      if (final) out(l, i) = partial;
    });
    long total = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](const int i, long& t) {
      long lanes = 0;
      Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, 3), [&](const int j, long& u) { u += in(l, i) * (j + 1); }, lanes);
      t += lanes;
    }, total);
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      sums(l) = total;
    });
  });
  auto h_in = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), in);
  auto h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  auto h_sums = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sums);
  int errors = 0;
  for (int l = 0; l < league; ++l) {
    long running = 0;
    for (int i = 0; i < n; ++i) {
      running += h_in(l, i);
      if (h_out(l, i) != running) ++errors;
    }
    if (h_sums(l) != 6 * running) ++errors;
  }
  std::printf("team %d, vector %d: %d errors\n", Team, Vector, errors);
  return errors;
}

// The same with AUTO team sizes: only the vector length is a constant of each instantiation.
// sums(l) = sum over i < n, j < 5 of (i + l + j) = 5 * (sum of i + l) + 10 n.
template <int Vector>
int run_auto(const int league, const int n) {
  Kokkos::View<long**> out("out", league, n);
  Kokkos::View<long*> sums("sums", league);
  Kokkos::parallel_for("auto", team_policy(league, Kokkos::AUTO, Vector), KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, n), [&](const int i, long& partial, const bool final) {
      partial += i + l;
      if (final) out(l, i) = partial;
    });
    long total = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, n), [&](const int i, long& t) {
      long lanes = 0;
      Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, 5), [&](const int j, long& u) { u += i + l + j; }, lanes);
      t += lanes;
    }, total);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sums(l) = total; });
  });
  auto h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  auto h_sums = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sums);
  int errors = 0;
  for (int l = 0; l < league; ++l) {
    long running = 0;
    for (int i = 0; i < n; ++i) {
      running += i + l;
      if (h_out(l, i) != running) ++errors;
    }
    if (h_sums(l) != 5 * running + 10L * n) ++errors;
  }
  std::printf("AUTO team, vector %d: %d errors\n", Vector, errors);
  return errors;
}

// The team sizes the kernels are instantiated with: the shapes above on the GPU and OpenMP builds;
// the serial build runs teams of one thread (Kokkos' Serial stops on any larger one), so there
// every instantiation asks for that.
#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_OPENMPTARGET)
constexpr bool device_teams = true;
#else
constexpr bool device_teams = false;
#endif

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  int errors = 0;
  {
    errors += run_fixed<device_teams ? 8 : 1, 4>(5, 37);
    errors += run_fixed<device_teams ? 32 : 1, 1>(6, 100);
    errors += run_fixed<device_teams ? 16 : 1, 2>(3, 1000);
    errors += run_auto<1>(7, 3000);
    errors += run_auto<4>(5, 500);
  }
  Kokkos::finalize();
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
