// Team kernels that use TeamThreadMDRange, ThreadVectorMDRange and TeamVectorMDRange: the team
// dispatch is lowered as any other (a block per team, a league-stride loop, the CUDA team member);
// the nested MDRange patterns stay as written and run through that member.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

// CHECK-LABEL: // hpar: parallel_for "fill" (TeamPolicy) from team_mdrange.cpp
// CHECK: __global__ void __launch_bounds__(hpar::rt::cuda::team_max_threads<Policy>(), hpar::rt::cuda::team_min_blocks<Policy>())
// CHECK-NEXT: hpar_fill_L{{[0-9]+}}(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK: const int league_size = policy.league_size();
// CHECK-NEXT: for (int league = blockIdx.x; league < league_size; league += gridDim.x) {
// CHECK-NEXT: const hpar::rt::cuda::TeamMember team(league, league_size
// CHECK-NEXT: f(team);
// CHECK: kernel<<<shape.grid, shape.block, shape.shmem>>>(policy, hpar::rt::cuda::functor_arg<by_value>(f, site)
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
// CHECK: hpar_fill_L{{[0-9]+}}_launch("fill", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
// CHECK: hpar::parallel_for(hpar::TeamThreadMDRange<hpar::Rank<3>, member_type>(team, n1, n2, n3), [&](int i, int j, int k) { a(l, i, j, k) = i + j + k; });
// CHECK-NEXT: hpar::parallel_for(hpar::TeamVectorMDRange(team, n1, n2), [&](int i, int j) { b(l, i, j) = 2 * i + j; });

// CHECK-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team_mdrange.cpp
// CHECK: hpar_total_L{{[0-9]+}}(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-NEXT: const hpar::rt::cuda::FunctorArg<Spec, ByValue> spec_arg,
// CHECK: const hpar::rt::cuda::TeamMember team(league, league_size
// CHECK-NEXT: spec.call(f, acc.data(), team);
// CHECK: hpar::rt::cuda::finish_team_reduce(spec, state, acc.data());
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
// CHECK: hpar_total_L{{[0-9]+}}_launch("total", hpar::TeamPolicy<>(n, 4, 8), HPAR_LAMBDA(const member_type& team, double& s) {
// CHECK: hpar::parallel_reduce(hpar::ThreadVectorMDRange<hpar::Rank<2, hpar::Iterate::Left>, member_type>(team, n2, n3),
// CHECK-NEXT: [&](int j, int k, double& u) { u += a(l, i, j, k); }, row);
// CHECK: hpar::parallel_reduce(hpar::TeamVectorMDRange(team, n1, n2, n3), [&](int i, int j, int k, double& m) {
// CHECK: }, hpar::Max<double>(big));
