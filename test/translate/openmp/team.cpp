// TeamPolicy regions: one region, `target teams` + sole `parallel` for an OpenMP device (the
// `parallel` alone for the host), a league-stride loop and the OpenMP team member; nested
// patterns stay as written.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v -e CHECK -e HOST %t.cpp | %FileCheck %s
// RUN: %hpar-translate --backend=openmp %s -o %t.host.cpp
// RUN: grep -v -e CHECK -e HOST %t.host.cpp | %FileCheck %s --check-prefix=HOST
// HOST-NOT: #pragma omp target
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

// CHECK-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team.cpp
// A team shape known only at run time: the launcher is also compiled for teams of up to 1,024
// threads (clang), which it takes for teams of more than 256; and a View the kernel only reads:
// also compiled to read it through the read-only cache, which it takes when it is apart.
// CHECK: template <int MaxTeamThreads = 0, bool Apart = false, class Label, class PolicyOrCount, class Functor>
// CHECK-NEXT: void hpar_rows_L{{[0-9]+}}(const Label& label, const PolicyOrCount& policy_or_count, const Functor& f, const bool reads_apart) {
// The vector length, 1 when the policy gives none, is checked before the launch (TeamDispatch
// checks the policy against the options) and stated in the region for clang's device code for an
// NVIDIA GPU:
// CHECK-NEXT: hpar::rt::omp::TeamOptions options;
// CHECK-NOT: options.assumed_team_size
// CHECK: options.assumed_vector_length = 1;
// CHECK-NEXT: options.scans_over_threads = false;
// The compilation's leading template arguments, which name its kernel in the device image (the
// launch asks for the teams the GPU holds at once of it, rt/openmp/occupancy.hpp):
// CHECK-NEXT: options.compiled_for = hpar::rt::omp::template_args(MaxTeamThreads, Apart);
// CHECK-NEXT: const hpar::rt::omp::TeamDispatch<PolicyOrCount, Functor> dispatch({hpar::impl::label_c_str(label), "hpar_rows_L{{[0-9]+}}", "team.cpp", {{[0-9]+}}}, policy_or_count, f, options);
// CHECK-NEXT: // Views only read and apart from the others run this launcher's compilation that reads them
// CHECK-NEXT: // through the read-only data cache.
// CHECK-NEXT: if constexpr (!Apart) {
// CHECK-NEXT: if (reads_apart) return hpar_rows_L{{[0-9]+}}<MaxTeamThreads, true>(label, policy_or_count, f, reads_apart);
// CHECK-NEXT: }
// CHECK-NEXT: // Teams of more than 256 OpenMP threads run this launcher's compilation for 1,024 (clang:
// CHECK-NEXT: // its thread_limit below is then a constant, which any such team can start).
// CHECK-NEXT: if constexpr (hpar::rt::omp::bounded_wide_teams && MaxTeamThreads == 0) {
// CHECK-NEXT: if (dispatch.wide())
// CHECK-NEXT: return hpar_rows_L{{[0-9]+}}<1024, Apart>(label, policy_or_count, f, reads_apart);
// CHECK-NEXT: }
// Only then the launch takes its buffers (rt/openmp/team_launch.hpp); the region reads local
// copies of its members:
// CHECK-NEXT: using Launch = hpar::rt::omp::TargetTeamFor<PolicyOrCount, Functor>;
// CHECK-NEXT: Launch launch(dispatch);
// CHECK: const int league_size = launch.league_size, team_size = launch.team_size, nteams = launch.teams;
// CHECK: const int lanes = launch.lanes, team_threads = launch.team_threads;
// CHECK: unsigned char* shared = launch.shared;
// CHECK: char* scratch = launch.scratch;
// CHECK: const size_t scratch0 = launch.scratch0, scratch1 = launch.scratch1;
// CHECK: const size_t team_memory = launch.team_memory;
// CHECK: int* granted = launch.granted;
// CHECK: const auto& in_constant = launch.in_constant;
// One region, its mapping in a comment:
// CHECK: // One OpenMP team per hpar team at a time (team t of the league in OpenMP team
// CHECK-NEXT: // t % nteams), `lanes` OpenMP threads per hpar thread; on the host one OpenMP team runs them all.
// CHECK-NEXT: #pragma omp target teams num_teams(nteams) thread_limit(MaxTeamThreads > 0 ? MaxTeamThreads : team_threads) HPAR_OMP_TEAM_MEMORY(team_memory) device(hpar::rt::omp::device()) map(to: f_bytes[0:in_constant.mapped_bytes()]) HPAR_OMP_MAP_CONSTANT_FUNCTOR(in_constant.constant_bytes()) is_device_ptr(shared, scratch, granted)
// CHECK-NEXT: #pragma omp parallel num_threads(team_threads)
// CHECK-NEXT: {
// CHECK-NEXT: // The shape read from the policy, for clang's device code for an NVIDIA GPU (checked before the launch):
// CHECK-NEXT: HPAR_OMP_ASSUME(lanes == 1);
// CHECK-NEXT: const auto thread_fn = hpar::rt::omp::kernel_functor<Functor>(f_bytes);
// CHECK-NEXT: const Functor& fn = thread_fn.get();
// CHECK-NEXT: if (omp_get_num_threads() != team_threads) {
// CHECK: unsigned char* team_shared = hpar::rt::omp::TeamLaunch::team_shared(shared, team_memory, omp_get_team_num(), team_threads);
// CHECK-NEXT: for (int league = omp_get_team_num(); league < league_size; league += omp_get_num_teams()) {
// CHECK-NEXT: const hpar::rt::omp::TeamMember team(league, league_size, team_size, lanes, team_shared,
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::team_scratch(scratch, team_memory, omp_get_team_num(), team_threads, scratch0, scratch1),
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::team_staging(team_memory, team_threads, scratch0));
// `a` is only read: each call, inlined, knows whether it is apart from the other Views.
// CHECK-NEXT: if constexpr (Apart) // a: only read, apart from the other Views: through the read-only data cache
// CHECK-NEXT: fn(team.reading_apart());
// CHECK-NEXT: else
// CHECK-NEXT: fn(team);
// CHECK-NEXT: hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);
// CHECK-NOT: #pragma omp target
// CHECK: launch.finish();
// HOST-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team.cpp
// HOST: using Launch = hpar::rt::omp::TeamFor<PolicyOrCount, Functor>;
// HOST-NEXT: Launch launch(dispatch);
// HOST: const int league_size = launch.league_size, team_size = launch.team_size, nteams = launch.teams;
// HOST-NOT: in_constant
// HOST: // nteams teams at once, each a group of team_threads consecutive threads of one parallel
// HOST-NEXT: // region running a contiguous block of the league (as Kokkos' OpenMP backend).
// HOST-NEXT: #pragma omp parallel num_threads(nteams * team_threads)
// HOST-NEXT: {
// HOST: const int host_teams = omp_get_num_threads() / team_threads;
// HOST-NEXT: const int host_team = omp_get_thread_num() / team_threads;
// HOST-NEXT: if (host_teams == 0) {
// HOST: } else if (host_team < host_teams) {
// HOST-NEXT: unsigned char* team_shared = hpar::rt::omp::TeamLaunch::team_shared(shared, team_memory, host_team, team_threads);
// HOST: const int per_team = (league_size + host_teams - 1) / host_teams;
// HOST-NEXT: const int first = host_team * per_team;
// HOST-NEXT: const int last = league_size - first < per_team ? league_size : first + per_team;
// HOST-NEXT: for (int league = first; league < last; ++league) {
// HOST: hpar::rt::omp::TeamLaunch::end_team(team, scratch0 + scratch1);
// HOST: launch.finish();
void rows(hpar::View<double**> a, hpar::View<double*> rowsum) {
  const int n = a.extent(0), m = a.extent(1);
  hpar::parallel_for("rows", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    double s = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, m), [&](int j, double& t) { t += a(row, j); }, s);
    hpar::single(hpar::PerTeam(team), [&]() { rowsum(row) = s; });
  });
}
// The reads of `a` go through read_only; the dispatch passes whether its memory is apart from
// rowsum's:
// CHECK: hpar::parallel_reduce(hpar::TeamThreadRange(team, m), [&](int j, double& t) { t += hpar::rt::omp::read_only(team, a)(row, j); }, s);
// CHECK: hpar::rt::omp::views_apart(hpar::rt::omp::memory_of(a), hpar::rt::omp::memory_of(rowsum)));

// CHECK-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team.cpp
// A team size and vector length both read from the policy: both checked and stated, and the
// launcher compiled once (teams of 4 threads).
// CHECK: template <class Label, class PolicyOrCount, class Functor, class... Results>
// CHECK: hpar::rt::omp::TeamOptions options;
// CHECK-NEXT: options.assumed_team_size = 4;
// CHECK-NEXT: options.assumed_vector_length = 1;
// CHECK-NEXT: options.scans_over_threads = false;
// CHECK-NEXT: const hpar::rt::omp::TeamDispatch<PolicyOrCount, Functor> dispatch(
// CHECK-NOT: return hpar_total_L
// CHECK: using Launch = hpar::rt::omp::TargetTeamReduce<PolicyOrCount, Functor, Results...>;
// CHECK-NEXT: Launch launch(dispatch, results...);
// CHECK: value_type* staging = launch.staging;
// CHECK-NEXT: value_type* team_results = launch.team_results;
// CHECK: #pragma omp target teams num_teams(nteams) thread_limit(team_threads) HPAR_OMP_TEAM_MEMORY
// CHECK-NEXT: #pragma omp parallel num_threads(team_threads)
// CHECK-NEXT: {
// CHECK-NEXT: // The shape read from the policy
// CHECK-NEXT: HPAR_OMP_ASSUME(team_size == 4);
// CHECK-NEXT: HPAR_OMP_ASSUME(lanes == 1);
// CHECK: value_type own;
// CHECK-NEXT: value_type* acc = hpar::rt::omp::local_reduce_value && sp.value_count() == 1 ? &own
// CHECK-NEXT: : staging + ((int64_t)omp_get_team_num() * team_threads + omp_get_thread_num()) * sp.value_count();
// CHECK-NEXT: sp.init(acc);
// CHECK: sp.call(fn, acc, team);
// HOST-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team.cpp
// HOST: using Launch = hpar::rt::omp::TeamReduce<PolicyOrCount, Functor, Results...>;
// HOST: #pragma omp parallel num_threads(nteams * team_threads)
// HOST: sp.call(fn, acc, team);
// HOST: hpar::rt::omp::TeamPartials<Spec>::host_team_join(sp, acc, staging, team_results, host_team,
// HOST-NEXT: team_threads, team_shared);
// A thread's lanes run the functor alike; its lane 0 alone counts:
// CHECK: if (omp_get_thread_num() % lanes != 0) sp.init(acc);
// CHECK: hpar::rt::omp::TeamPartials<Spec>::team_join(sp, acc, staging, team_results, 0);
// CHECK: launch.finish();
// CHECK-NEXT: }
double total(int leagues) {
  double sum = 0;
  hpar::parallel_reduce("total", hpar::TeamPolicy<>(leagues, 4), HPAR_LAMBDA(const member_type& team, double& s) {
    s += team.team_rank();
  }, sum);
  return sum;
}

// A vector length is stated as Kokkos resolves it: 64 lanes are 32.
// CHECK-LABEL: // hpar: parallel_for "lanes64" (TeamPolicy) from team.cpp
// CHECK: options.assumed_team_size = 8;
// CHECK-NEXT: options.assumed_vector_length = 64;
// CHECK: HPAR_OMP_ASSUME(team_size == 8);
// CHECK-NEXT: HPAR_OMP_ASSUME(lanes == 32);
// A run-time vector length: nothing checked or stated.
// CHECK-LABEL: // hpar: parallel_for "lanes_given" (TeamPolicy) from team.cpp
// CHECK-NOT: options.assumed_
// CHECK-NOT: HPAR_OMP_ASSUME
// CHECK: launch.finish();
void lanes(hpar::View<double**> a, int v) {
  const int n = a.extent(0), m = a.extent(1);
  hpar::parallel_for("lanes64", hpar::TeamPolicy<>(n, 8, 64), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](int j) { a(row, j) = j; });
  });
  hpar::parallel_for("lanes_given", hpar::TeamPolicy<>(n, 16, v), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](int j) { a(row, j) = 2 * j; });
  });
}

// A kernel whose closure scans over the team's threads asks for the scan's staging in the team's
// shared memory; one whose only scan is over a thread's vector lanes does not.
// CHECK-LABEL: // hpar: parallel_for "row_prefix" (TeamPolicy) from team.cpp
// CHECK: options.scans_over_threads = true;
// CHECK: if (dispatch.wide())
// CHECK: Launch launch(dispatch);
// CHECK: hpar::rt::omp::TeamLaunch::team_staging(team_memory, team_threads, scratch0));
// CHECK-LABEL: // hpar: parallel_for "lane_prefix" (TeamPolicy) from team.cpp
// CHECK: options.scans_over_threads = false;
void prefixes(hpar::View<long**> a) {
  const int n = a.extent(0), m = a.extent(1);
  hpar::parallel_for("row_prefix", hpar::TeamPolicy<>(n, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    hpar::parallel_scan(hpar::TeamThreadRange(team, m), [&](int j, long& update, bool final) {
      if (final) a(row, j) = update;
      update += j;
    });
  });
  hpar::parallel_for("lane_prefix", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    hpar::single(hpar::PerTeam(team), [&]() {});
    hpar::parallel_scan(hpar::ThreadVectorRange(team, m), [&](int j, long& update, bool final) {
      if (final) a(row, j) = update;
      update += j;
    });
  });
}
