// Team regions that use TeamThreadMDRange, ThreadVectorMDRange and TeamVectorMDRange: the team
// dispatch is lowered as any other (`target teams` + sole `parallel` on a GPU, `target parallel`
// on the host, the OpenMP team member); the nested MDRange patterns stay as written and run
// through that member. The output builds with clang and gcc.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -c %t.cpp -o %t.clang.o %}
// RUN: %if gcc-openmp %{ %gxx-omp -c %t.cpp -o %t.gcc.o %}
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

// CHECK-LABEL: // hpar: parallel_for "fill" (TeamPolicy) from team_mdrange.cpp
// CHECK: hpar::rt::omp::TeamLaunch launch(
// CHECK: #pragma omp target teams num_teams(nteams) thread_limit(team_size)
// CHECK-NEXT: #pragma omp parallel num_threads(team_size)
// CHECK: const hpar::rt::omp::TeamMember team(league, league_size, team_size, team_shared
// CHECK: fn(team);
// CHECK: #pragma omp target parallel num_threads(team_size)
// CHECK: fn(team);
// CHECK: launch.finish(granted);
// CHECK-NOT: TeamThreadMDRange
// CHECK: void fill(
void fill(hpar::View<double****> a, hpar::View<double***> b) {
  const int n = a.extent(0), n1 = a.extent(1), n2 = a.extent(2), n3 = a.extent(3);
  hpar::parallel_for("fill", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadMDRange<hpar::Rank<3>, member_type>(team, n1, n2, n3), [&](int i, int j, int k) { a(l, i, j, k) = i + j + k; });
    hpar::parallel_for(hpar::TeamVectorMDRange(team, n1, n2), [&](int i, int j) { b(l, i, j) = 2 * i + j; });
  });
}
// The nested patterns are unchanged in the functor:
// CHECK: hpar_fill_L{{[0-9]+}}("fill", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
// CHECK: hpar::parallel_for(hpar::TeamThreadMDRange<hpar::Rank<3>, member_type>(team, n1, n2, n3), [&](int i, int j, int k) { a(l, i, j, k) = i + j + k; });
// CHECK-NEXT: hpar::parallel_for(hpar::TeamVectorMDRange(team, n1, n2), [&](int i, int j) { b(l, i, j) = 2 * i + j; });

// CHECK-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team_mdrange.cpp
// CHECK: hpar::rt::omp::ReducePartials<Spec> partials(spec, {nteams, team_size}, site);
// CHECK: const hpar::rt::omp::TeamMember team(league, league_size, team_size, team_shared
// CHECK: sp.call(fn, acc, team);
// CHECK: partials.finish();
double total(hpar::View<double****> a) {
  const int n = a.extent(0), n1 = a.extent(1), n2 = a.extent(2), n3 = a.extent(3);
  double sum = 0;
  hpar::parallel_reduce("total", hpar::TeamPolicy<>(n, 4, 8), HPAR_LAMBDA(const member_type& team, double& s) {
    const int l = team.league_rank();
    double rows = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, n1), [&](int i, double& t) {
      double row = 0;
      hpar::parallel_reduce(hpar::ThreadVectorMDRange<hpar::Rank<2, hpar::Iterate::Left>, member_type>(team, n2, n3),
                            [&](int j, int k, double& u) { u += a(l, i, j, k); }, row);
      t += row;
    }, rows);
    double big = 0;
    hpar::parallel_reduce(hpar::TeamVectorMDRange(team, n1, n2, n3), [&](int i, int j, int k, double& m) {
      if (a(l, i, j, k) > m) m = a(l, i, j, k);
    }, hpar::Max<double>(big));
    hpar::single(hpar::PerTeam(team), [&]() { s += rows + big; });
  }, sum);
  return sum;
}
// CHECK: hpar_total_L{{[0-9]+}}("total", hpar::TeamPolicy<>(n, 4, 8), HPAR_LAMBDA(const member_type& team, double& s) {
// CHECK: hpar::parallel_reduce(hpar::ThreadVectorMDRange<hpar::Rank<2, hpar::Iterate::Left>, member_type>(team, n2, n3),
// CHECK-NEXT: [&](int j, int k, double& u) { u += a(l, i, j, k); }, row);
// CHECK: hpar::parallel_reduce(hpar::TeamVectorMDRange(team, n1, n2, n3), [&](int i, int j, int k, double& m) {
// CHECK: }, hpar::Max<double>(big));
