// TeamPolicy regions: `target teams` + sole `parallel` on a GPU, `target parallel` on the host,
// a league-stride loop and the OpenMP team member; nested patterns stay as written.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: grep -v CHECK %t.cpp | %FileCheck %s
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

// CHECK-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team.cpp
// CHECK: hpar::rt::omp::TeamLaunch launch(policy, f, site);
// CHECK: char* scratch = launch.scratch();
// CHECK-NEXT: const size_t scratch0 = launch.scratch0(), scratch1 = launch.scratch1();
// CHECK: if (launch.on_gpu()) {
// CHECK-NEXT: #pragma omp target teams num_teams(nteams) thread_limit(team_size) device(hpar::rt::omp::device()) map(to: f_bytes[0:sizeof(Functor)]) map(tofrom: granted) is_device_ptr(shared, scratch)
// CHECK-NEXT: #pragma omp parallel num_threads(team_size)
// CHECK: if (omp_get_num_threads() != team_size) {
// CHECK: for (int league = omp_get_team_num(); league < league_size; league += omp_get_num_teams()) {
// CHECK-NEXT: const hpar::rt::omp::TeamMember team(league, league_size, team_size, team_shared,
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::team_scratch(scratch, omp_get_team_num(), scratch0, scratch1));
// CHECK-NEXT: fn(team);
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
// CHECK: } else {
// CHECK-NEXT: #pragma omp target parallel num_threads(team_size) device(hpar::rt::omp::device())
// CHECK: fn(team);
// CHECK: launch.finish(granted);
void rows(hpar::View<double**> a, hpar::View<double*> rowsum) {
  const int n = a.extent(0), m = a.extent(1);
  hpar::parallel_for("rows", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    double s = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, m), [&](int j, double& t) { t += a(row, j); }, s);
    hpar::single(hpar::PerTeam(team), [&]() { rowsum(row) = s; });
  });
}
// CHECK: hpar::parallel_reduce(hpar::TeamThreadRange(team, m), [&](int j, double& t) { t += a(row, j); }, s);

// CHECK-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team.cpp
// CHECK: hpar::rt::omp::ReducePartials<Spec> partials(spec, {nteams, team_size}, site);
// CHECK: value_type* acc = slots + ((int64_t)omp_get_team_num() * team_size + omp_get_thread_num()) * count;
// CHECK: sp.call(fn, acc, team);
// CHECK: launch.finish(granted);
// CHECK-NEXT: partials.finish();
double total(int leagues) {
  double sum = 0;
  hpar::parallel_reduce("total", hpar::TeamPolicy<>(leagues, 4), HPAR_LAMBDA(const member_type& team, double& s) {
    s += team.team_rank();
  }, sum);
  return sum;
}
