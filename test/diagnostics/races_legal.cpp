// Writes in nested closures the race rule must accept: to variables of the closure or of any
// enclosing level (each participant has its own: every thread runs the team functor, every lane
// its thread's code), to the closure's value and update arguments, to View, scratch and pointer
// elements that differ between the participants, through references and pointers bound to a
// participant's own variables, atomics, writes under a condition on the closure's index, writes of
// one value by all, inside `single`, and nested reductions' results.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA < %t.cu
// LEGAL-NOT: {{error|warning}}
// CUDA: hpar_legal_L
// CUDA: hpar_own_L
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
        if (k == 0) tile(j) += w;  // one lane of the thread
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

struct Stats {
  double total;
  int count;
  HPAR_INLINE_FUNCTION void add(double v) { total += v; ++count; }
};
HPAR_INLINE_FUNCTION void bump(int& c) { ++c; }
HPAR_INLINE_FUNCTION void add_to(double& target, double v) { target += v; }

// Variables of the team body and of enclosing closures: each participant writes its own copy, in
// its own iterations (to combine the threads' copies, team_reduce; to sum over a range,
// parallel_reduce).
void own_copies(hpar::View<double**> a, hpar::View<double*> y) {
  hpar::TeamPolicy<> policy(a.extent(0), hpar::AUTO, 8);
  policy.set_scratch_size(0, hpar::PerTeam(Scratch::shmem_size(64)));
  hpar::parallel_for("own", policy, HPAR_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    Scratch tile(team.team_scratch(0), 64);
    double sum = 0, last[4] = {0, 0, 0, 0};
    int count = 0;
    Stats stats{0, 0};
    double& alias = sum;  // a reference to the thread's own
    double* mine = &tile(team.team_rank());  // a place of the thread's own
    double t;
    hpar::parallel_for(hpar::TeamThreadRange(team, a.extent(1)), [&](int j) {
      sum += a(r, j);
      count++;
      stats.total = a(r, j);
      stats.add(a(r, j));
      last[j % 4] = a(r, j);
      bump(count);
      add_to(alias, 1);
      *mine += a(r, j);
      t = a(r, j);
      y(j) = t * t;
      double rootpq;  // thread level: each lane's own
      hpar::parallel_for(hpar::ThreadVectorRange(team, 8), [&](int k) {
        rootpq = a(r, k);
        tile(32 + k) = rootpq;  // the same value on every thread
      });
      if (j == 0) tile(1) = a(r, j);  // one index writes it
      tile(2) = 1;                    // all write the same value
    });
    hpar::parallel_reduce(hpar::TeamThreadRange(team, a.extent(1)), [&](int j, double& s) {
      s += a(r, j);
      count += 1;
    }, sum);
    hpar::parallel_for(hpar::TeamVectorRange(team, a.extent(1)), [&](int j) { last[0] = a(r, j); });
    hpar::parallel_for(hpar::TeamThreadMDRange(team, 2, a.extent(1)), [&](int i, int j) { t = a(r, i + j); });
    hpar::parallel_for(hpar::TeamVectorRange(team, 1), [&](int) { tile(3) += 1; });  // one index
    team.team_reduce(hpar::Sum<int>(count));
    y(r) = sum + count + stats.total + last[0] + t;
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
