// Team kernels that use TeamThreadMDRange, ThreadVectorMDRange and TeamVectorMDRange: the team
// dispatch is lowered as any other, and the nested MDRange patterns stay as written and run
// through the backend's team member. CUDA: a block per team, a league-stride loop. OpenMP: one
// region, `target teams` + sole `parallel`, for the GPU and the host; the output builds with
// clang and gcc. The OpenMP output checked is for a GPU (HPAR_OPENMP_OFFLOAD): Left by default.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s --check-prefix=CHECK-CUDA
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v CHECK %t.cpp | %FileCheck %s --check-prefix=CHECK-OMP
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.cpp %}
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

// CHECK-CUDA-LABEL: // hpar: parallel_for "fill" (TeamPolicy) from team_mdrange.cpp
// CHECK-CUDA: __global__ void __launch_bounds__(hpar::rt::cuda::team_max_threads<Policy, Narrow>(), hpar::rt::cuda::team_min_blocks<Policy, Narrow>())
// CHECK-CUDA-NEXT: hpar_fill_L{{[0-9]+}}(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-CUDA: const int league_size = policy.league_size();
// CHECK-CUDA-NEXT: for (int league = blockIdx.x; league < league_size; league += gridDim.x) {
// CHECK-CUDA-NEXT: const hpar::rt::cuda::TeamMember team(league, league_size
// CHECK-CUDA-NEXT: f(team);
// CHECK-CUDA: launch.run(narrow, wide);
// CHECK-CUDA-NOT: TeamThreadMDRange
// CHECK-CUDA: void fill(
// CHECK-OMP-LABEL: // hpar: parallel_for "fill" (TeamPolicy) from team_mdrange.cpp
// CHECK-OMP: const hpar::rt::omp::TeamDispatch<PolicyOrCount, Functor> dispatch(
// CHECK-OMP: using Launch = hpar::rt::omp::TargetTeamFor<PolicyOrCount, Functor>;
// CHECK-OMP: #pragma omp target teams num_teams(nteams) thread_limit(MaxTeamThreads > 0 ? MaxTeamThreads : team_threads)
// CHECK-OMP-NEXT: #pragma omp parallel num_threads(team_threads)
// CHECK-OMP: const hpar::rt::omp::TeamMember team(league, league_size, team_size, lanes, team_shared
// CHECK-OMP: fn(team);
// CHECK-OMP-NOT: #pragma omp target
// CHECK-OMP: launch.finish();
// CHECK-OMP-NOT: TeamThreadMDRange
// CHECK-OMP: void fill(
void fill(hpar::View<double****> a, hpar::View<double***> b) {
  const int n = a.extent(0), n1 = a.extent(1), n2 = a.extent(2), n3 = a.extent(3);
  hpar::parallel_for("fill", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    hpar::parallel_for(hpar::TeamThreadMDRange<hpar::Rank<3>, member_type>(team, n1, n2, n3), [&](int i, int j, int k) { a(l, i, j, k) = i + j + k; });
    hpar::parallel_for(hpar::TeamVectorMDRange(team, n1, n2), [&](int i, int j) { b(l, i, j) = 2 * i + j; });
  });
}
// The nested patterns are unchanged in the functor:
// CHECK-CUDA: hpar_fill_L{{[0-9]+}}_launch("fill", hpar::TeamPolicy<>(n, hpar::AUTO, 8), [=] __device__(const member_type& team) {
// CHECK-CUDA: hpar::parallel_for(hpar::TeamThreadMDRange<hpar::Rank<3>, member_type>(team, n1, n2, n3), [&](int i, int j, int k) { a(l, i, j, k) = i + j + k; });
// CHECK-CUDA-NEXT: hpar::parallel_for(hpar::TeamVectorMDRange(team, n1, n2), [&](int i, int j) { b(l, i, j) = 2 * i + j; });
// CHECK-OMP: hpar_fill_L{{[0-9]+}}("fill", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
// CHECK-OMP: hpar::parallel_for(hpar::TeamThreadMDRange<hpar::Rank<3>, member_type>(team, n1, n2, n3), [&](int i, int j, int k) { a(l, i, j, k) = i + j + k; });
// CHECK-OMP-NEXT: hpar::parallel_for(hpar::TeamVectorMDRange(team, n1, n2), [&](int i, int j) { b(l, i, j) = 2 * i + j; });

// CHECK-CUDA-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team_mdrange.cpp
// CHECK-CUDA: hpar_total_L{{[0-9]+}}(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-CUDA-NEXT: const hpar::rt::cuda::FunctorArg<Spec, ByValue> spec_arg,
// CHECK-CUDA: const hpar::rt::cuda::TeamMember team(league, league_size
// CHECK-CUDA-NEXT: spec.call(f, acc.data(), team);
// CHECK-CUDA: hpar::rt::cuda::finish_team_reduce(spec, state, acc.data());
// CHECK-OMP-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team_mdrange.cpp
// CHECK-OMP: using Launch = hpar::rt::omp::TargetTeamReduce<PolicyOrCount, Functor, Results...>;
// CHECK-OMP: const hpar::rt::omp::TeamMember team(league, league_size, team_size, lanes, team_shared
// CHECK-OMP: sp.call(fn, acc, team);
// CHECK-OMP: launch.finish();
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
// CHECK-CUDA: hpar_total_L{{[0-9]+}}_launch("total", hpar::TeamPolicy<>(n, 4, 8), [=] __device__(const member_type& team, double& s) {
// CHECK-CUDA: hpar::parallel_reduce(hpar::ThreadVectorMDRange<hpar::Rank<2, hpar::Iterate::Left>, member_type>(team, n2, n3),
// CHECK-CUDA-NEXT: [&](int j, int k, double& u) { u += a(l, i, j, k); }, row);
// CHECK-CUDA: hpar::parallel_reduce(hpar::TeamVectorMDRange(team, n1, n2, n3), [&](int i, int j, int k, double& m) {
// CHECK-CUDA: }, hpar::Max<double>(big));
// CHECK-OMP: hpar_total_L{{[0-9]+}}("total", hpar::TeamPolicy<>(n, 4, 8), HPAR_LAMBDA(const member_type& team, double& s) {
// CHECK-OMP: hpar::parallel_reduce(hpar::ThreadVectorMDRange<hpar::Rank<2, hpar::Iterate::Left>, member_type>(team, n2, n3),
// CHECK-OMP-NEXT: [&](int j, int k, double& u) { u += a(l, i, j, k); }, row);
// CHECK-OMP: hpar::parallel_reduce(hpar::TeamVectorMDRange(team, n1, n2, n3), [&](int i, int j, int k, double& m) {
// CHECK-OMP: }, hpar::Max<double>(big));
