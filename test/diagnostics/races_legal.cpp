// Writes in nested closures the race rule must accept: to variables declared inside the closure,
// to the closure's value and update arguments, through View elements, scratch and pointers,
// atomics, inside `single`, and a nested reduction's result declared in the enclosing closure.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA < %t.cu
// LEGAL-NOT: {{error|warning}}
// CUDA: hpar_legal_L
// CUDA: hpar_functor_L
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;
using Scratch = hpar::View<double*, hpar::DefaultExecutionSpace::scratch_memory_space,
                           hpar::MemoryTraits<hpar::Unmanaged>>;

struct Pair {
  double lo, hi;
  HPAR_INLINE_FUNCTION double width() const { return hi - lo; }
};
HPAR_INLINE_FUNCTION void clamp(double& v) { v = v < 0 ? 0 : v; }

void legal(hpar::View<double**> a, hpar::View<double*> y, hpar::View<int*> hits) {
  hpar::TeamPolicy<> policy(a.extent(0), hpar::AUTO, 4);
  policy.set_scratch_size(0, hpar::PerTeam(Scratch::shmem_size(a.extent(1))));
  hpar::parallel_for("legal", policy, HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    const int n = a.extent(1);
    Scratch tile(team.team_scratch(0), n);
    double* row = &a(r, 0);
    Pair range{0, 1};
    double total = 0;  // written only as the team-level reduction's result
    int flag = 0;
    hpar::parallel_for(hpar::TeamThreadRange(team, n), [&](int j) {
      double v = a(r, j) * range.width();  // reads of the team scope are fine
      clamp(v);
      tile(j) = v;     // scratch View element
      row[j] = v;      // through a pointer
      y(j) += v;       // View element
      hpar::atomic_add(&hits(0), 1);
      Pair local{v, v};
      local.hi += 1;
      double lane_sum = 0;
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, 4), [&](int k, double& s) { s += k * local.hi; }, lane_sum);
      hpar::parallel_for(hpar::ThreadVectorRange(team, 4), [&](int k) {
        double w = lane_sum * k;
        w += 1;
        tile(j) += 0 * w;
      });
      hpar::single(hpar::PerThread(team), [&]() { lane_sum = 0; y(j) += lane_sum; });
    });
    team.team_barrier();
    hpar::parallel_reduce(hpar::TeamThreadRange(team, n), [&](int j, double& s) { s += tile(j); }, total);
    hpar::parallel_scan(hpar::TeamThreadRange(team, n), [&](int j, double& u, bool final) {
      const double t = tile(j);
      if (final) tile(j) = u;
      u += t;
    });
    hpar::single(hpar::PerTeam(team), [&]() {
      flag = 1;
      total += flag;
      y(r) = total;
    });
    hpar::single(hpar::PerTeam(team), [&](double& v) { v = total; }, total);
    // Writes in the team body itself are the thread's own.
    total *= 2;
    team.team_broadcast(flag, 0);
  });
}

struct Functor {
  hpar::View<double**> a;
  hpar::View<double*> y;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int r = team.league_rank();
    double s = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, a.extent(1)), [&](int j, double& l) { l += a(r, j); }, s);
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) { a(r, j) /= s; });
    hpar::single(hpar::PerTeam(team), [&]() { y(r) = s; });
  }
};
void functor(hpar::View<double**> a, hpar::View<double*> y) {
  hpar::parallel_for("functor", hpar::TeamPolicy<>(a.extent(0), hpar::AUTO), Functor{a, y});
}
