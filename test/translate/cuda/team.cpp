// TeamPolicy kernels: one block of (vector_length, team_size) threads per team, a league-stride
// loop, the CUDA team member; nested patterns stay as written and run through that member.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

// CHECK-LABEL: // hpar: parallel_for "rows" (TeamPolicy) from team.cpp
// CHECK: __global__ void __launch_bounds__(hpar::rt::cuda::team_max_threads<Policy, Narrow>(), hpar::rt::cuda::team_min_blocks<Policy, Narrow>())
// CHECK-NEXT: hpar_rows_L{{[0-9]+}}(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-NEXT: const hpar::rt::cuda::TeamScratch scratch) {
// CHECK-NEXT: const Functor& f = f_arg.get();
// The vector length is a constant while the team size is not: the kernel is told the former.
// CHECK-NEXT: hpar::rt::cuda::team_assume_lanes<8>();  // the policy's vector length
// CHECK-NEXT: const int league_size = policy.league_size();
// CHECK-NEXT: for (int league = blockIdx.x; league < league_size; league += gridDim.x) {
// (a is only read: the kernel has a variant that reads it through the read-only data cache,
// translate/cuda/read_only_views.cpp)
// CHECK-NEXT: const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state(), ReadOnly);
// CHECK-NEXT: f(team);
// CHECK-NEXT: scratch.end_team(league);
// CHECK: hpar::rt::cuda::check_team_lanes(policy, 8, site);
// CHECK: hpar::rt::cuda::team_launch(narrow, wide, policy, f, 0, false, stream, site);
// CHECK: const auto kernel = launch.narrow ? narrow : wide;
// CHECK: kernel<<<shape.grid, shape.block, shape.shmem, stream>>>(policy, hpar::rt::cuda::functor_arg<by_value>(f, stream, site), launch.scratch);
// CHECK: hpar::rt::cuda::check_launch(site);
void rows(hpar::View<double**> a, hpar::View<double*> rowsum) {
  const int n = a.extent(0), m = a.extent(1);
  hpar::parallel_for("rows", hpar::TeamPolicy<>(n, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    double s = 0;
    hpar::parallel_reduce(hpar::ThreadVectorRange(team, m), [&](int j, double& t) { t += a(row, j); }, s);
    hpar::single(hpar::PerTeam(team), [&]() { rowsum(row) = s; });
  });
}
// The nested patterns are unchanged in the functor (but for the reads of a):
// CHECK: hpar::parallel_reduce(hpar::ThreadVectorRange(team, m), [&](int j, double& t) { t += hpar::rt::cuda::read_only(team, a)(row, j); }, s);
// CHECK: hpar::single(hpar::PerTeam(team), [&]() { rowsum(row) = s; });

// CHECK-LABEL: // hpar: parallel_reduce "total" (TeamPolicy) from team.cpp
// CHECK: __global__ void __launch_bounds__(hpar::rt::cuda::team_max_threads<Policy>(64, 1), hpar::rt::cuda::team_fixed_min_blocks<Policy>())
// CHECK-NEXT: hpar_total_L{{[0-9]+}}(const Policy policy, const hpar::rt::cuda::FunctorArg<Functor, ByValue> f_arg,
// CHECK-NEXT: const hpar::rt::cuda::FunctorArg<Spec, ByValue> spec_arg,
// CHECK: hpar::rt::cuda::team_assume_block<64, 1>();
// CHECK-NEXT: hpar::rt::cuda::Accumulator<Spec> acc(spec);
// CHECK: const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state());
// CHECK-NEXT: spec.call(f, acc.data(), team);
// CHECK-NEXT: scratch.end_team(league);
// CHECK: hpar::rt::cuda::finish_team_reduce(spec, state, acc.data());
// CHECK: hpar::rt::cuda::check_team_shape(policy, 64, 1, site);
// CHECK: hpar::rt::cuda::team_launch(kernel, kernel, policy, f,
// CHECK-NEXT: hpar::rt::cuda::detail::accumulator_shared_per_thread(spec), true, stream, site);
// CHECK: kernel<<<shape.grid, shape.block, shape.shmem, stream>>>(policy, hpar::rt::cuda::functor_arg<by_value>(f, stream, site),
// CHECK-NEXT: hpar::rt::cuda::functor_arg<by_value>(spec, stream, site), state, launch.scratch);
// CHECK: hpar::rt::cuda::store_result(spec, state, stream, site);
double total(int leagues) {
  double sum = 0;
  hpar::parallel_reduce("total", hpar::TeamPolicy<>(leagues, 64), HPAR_LAMBDA(const member_type& team, double& s) {
    double inner = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, 100), [&](int i, double& t) { t += i; }, inner);
    s += inner;
  }, sum);
  return sum;
}
