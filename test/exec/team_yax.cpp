// Checks the Kokkos tutorial's y^T A x with hierarchical parallelism: one team per row with a TeamThreadRange reduction over the columns (TeamPolicy(N, AUTO), thread 0 or single(PerTeam) adding the row's term), the same with given team sizes and vector lengths, and the batched form over E matrices with TeamPolicy(E, AUTO, 32), TeamThreadRange over rows, ThreadVectorRange over columns and single(PerTeam), including per-matrix results written from single(PerTeam) and a functor version; integer-valued data, so every result is exact.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"
#include "team_common.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

std::string describe(const char* what, int a, int b) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s (%d, %d)", what, a, b);
  return buf;
}

}  // namespace

double a_value(const int e, const int j, const int i) { return double((e * 5 + j * 7 + i * 3) % 11) - 5.0; }
double x_value(const int e, const int i) { return double((e + i) % 5) - 2.0; }
double y_value(const int e, const int j) { return double((e * 2 + j) % 3) + 1.0; }

// ---- one matrix: a team per row ----------------------------------------------------------------------

void test_yax(const int N, const int M) {
  hpar::View<double**> A("A", N, M);
  hpar::View<double*> x("x", M);
  hpar::View<double*> y("y", N);
  auto hA = hpar::create_mirror_view(A);
  auto hx = hpar::create_mirror_view(x);
  auto hy = hpar::create_mirror_view(y);
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < M; ++i) hA(j, i) = a_value(0, j, i);
  for (int i = 0; i < M; ++i) hx(i) = x_value(0, i);
  for (int j = 0; j < N; ++j) hy(j) = y_value(0, j);
  hpar::deep_copy(A, hA);
  hpar::deep_copy(x, hx);
  hpar::deep_copy(y, hy);
  double expected = 0.0;
  for (int j = 0; j < N; ++j) {
    double row = 0.0;
    for (int i = 0; i < M; ++i) row += hA(j, i) * hx(i);
    expected += hy(j) * row;
  }

  // As in the tutorial: thread 0 of each team adds the row's term.
  double result = -1.0;
  hpar::parallel_reduce("yAx", team_policy(N, hpar::AUTO), HPAR_LAMBDA(const member_type& team, double& update) {
    const int j = team.league_rank();
    double temp2 = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, M), [&](const int i, double& inner) { inner += A(j, i) * x(i); }, temp2);
    if (team.team_rank() == 0) update += y(j) * temp2;
  }, result);
  check_same(describe("yAx, TeamPolicy(N, AUTO), team_rank() == 0 adds", N, M).c_str(), result, expected);

  // single(PerTeam) adds it, for given team sizes and vector lengths, over the first rows (few
  // for the large team sizes: a barrier of 33 OpenMP threads on a 2-core host costs milliseconds).
  std::vector<double> first(N + 1, 0.0);   // first[n]: the sum over rows 0..n-1
  for (int j = 0; j < N; ++j) {
    double row = 0.0;
    for (int i = 0; i < M; ++i) row += hA(j, i) * hx(i);
    first[j + 1] = first[j] + hy(j) * row;
  }
  for (const int team : {1, 7, 33, 127})
    for (const int vector : {1, 8, 32}) {
      const int ts = std::min(team, team_policy(1, 1, vector).team_size_max(ReduceProbe(), hpar::ParallelReduceTag()));
      const int rows = std::min(N, team >= 33 ? 3 : 40);
      double r = -1.0;
      hpar::parallel_reduce("yAx_single", team_policy(rows, ts, vector), HPAR_LAMBDA(const member_type& team, double& update) {
        const int j = team.league_rank();
        double temp2 = 0;
        hpar::parallel_reduce(hpar::TeamThreadRange(team, M), [&](const int i, double& inner) { inner += A(j, i) * x(i); }, temp2);
        hpar::single(hpar::PerTeam(team), [&]() { update += y(j) * temp2; });
      }, r);
      check_same(describe("yAx with single(PerTeam), team and vector", ts, vector).c_str(), r, first[rows]);
    }

  // TeamVectorRange over the columns; the last thread adds the row's term.
  double spread = -1.0;
  const int spread_rows = std::min(N, 40);
  const team_policy p(spread_rows, std::min(8, team_policy(1, 1, 4).team_size_max(ReduceProbe(), hpar::ParallelReduceTag())), 4);
  hpar::parallel_reduce("yAx_spread", p, HPAR_LAMBDA(const member_type& team, double& update) {
    const int j = team.league_rank();
    double temp2 = 0;
    hpar::parallel_reduce(hpar::TeamVectorRange(team, M), [&](const int i, double& inner) { inner += A(j, i) * x(i); }, temp2);
    if (team.team_rank() == team.team_size() - 1) update += y(j) * temp2;
  }, spread);
  check_same(describe("yAx over TeamVectorRange, last thread adds", spread_rows, M).c_str(), spread, first[spread_rows]);
}

// ---- E matrices: TeamThreadRange over rows, ThreadVectorRange over columns ------------------------------

struct BatchedYax {
  hpar::View<double***> A;
  hpar::View<double**> x, y;
  int N, M;
  HPAR_INLINE_FUNCTION void operator()(const member_type& team, double& update) const {
    const int e = team.league_rank();
    double tempN = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, N), [&](const int j, double& innerUpdateN) {
      double tempM = 0;
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, M), [&](const int i, double& innerUpdateM) {
        innerUpdateM += A(e, j, i) * x(e, i);
      }, tempM);
      innerUpdateN += y(e, j) * tempM;
    }, tempN);
    hpar::single(hpar::PerTeam(team), [&]() { update += tempN; });
  }
};

void test_batched(const int E, const int N, const int M) {
  hpar::View<double***> A("A", E, N, M);
  hpar::View<double**> x("x", E, M);
  hpar::View<double**> y("y", E, N);
  auto hA = hpar::create_mirror_view(A);
  auto hx = hpar::create_mirror_view(x);
  auto hy = hpar::create_mirror_view(y);
  std::vector<double> per(E, 0.0);
  double expected = 0.0;
  for (int e = 0; e < E; ++e) {
    for (int i = 0; i < M; ++i) hx(e, i) = x_value(e, i);
    for (int j = 0; j < N; ++j) {
      hy(e, j) = y_value(e, j);
      double row = 0.0;
      for (int i = 0; i < M; ++i) {
        hA(e, j, i) = a_value(e, j, i);
        row += hA(e, j, i) * hx(e, i);
      }
      per[e] += hy(e, j) * row;
    }
    expected += per[e];
  }
  hpar::deep_copy(A, hA);
  hpar::deep_copy(x, hx);
  hpar::deep_copy(y, hy);

  // The tutorial's form.
  double result = -1.0;
  hpar::parallel_reduce("batched_yAx", team_policy(E, hpar::AUTO, 32), HPAR_LAMBDA(const member_type& team, double& update) {
    const int e = team.league_rank();
    double tempN = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, N), [&](const int j, double& innerUpdateN) {
      double tempM = 0;
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, M), [&](const int i, double& innerUpdateM) {
        innerUpdateM += A(e, j, i) * x(e, i);
      }, tempM);
      innerUpdateN += y(e, j) * tempM;
    }, tempN);
    hpar::single(hpar::PerTeam(team), [&]() { update += tempN; });
  }, result);
  check_same(describe("batched yAx, TeamPolicy(E, AUTO, 32)", E, N).c_str(), result, expected);

  // Per-matrix results written from single(PerTeam) by a parallel_for.
  hpar::View<double*> out("out", E);
  hpar::parallel_for("batched_yAx_each", team_policy(E, hpar::AUTO, 8), HPAR_LAMBDA(const member_type& team) {
    const int e = team.league_rank();
    double tempN = 0;
    hpar::parallel_reduce(hpar::TeamThreadRange(team, 0, N), [&](const int j, double& innerUpdateN) {
      double tempM = 0;
      hpar::parallel_reduce(hpar::ThreadVectorRange(team, 0, M), [&](const int i, double& innerUpdateM) {
        innerUpdateM += A(e, j, i) * x(e, i);
      }, tempM);
      innerUpdateN += y(e, j) * tempM;
    }, tempN);
    hpar::single(hpar::PerTeam(team), [&]() { out(e) = tempN; });
  });
  auto hout = hpar::create_mirror_view_and_copy(hpar::HostSpace(), out);
  int wrong = 0;
  for (int e = 0; e < E; ++e)
    if (hout(e) != per[e]) {
      if (wrong < 5) std::printf("  batched yAx per matrix: matrix %d got %.17g, expected %.17g\n", e, hout(e), per[e]);
      ++wrong;
    }
  check_eq(describe("batched yAx per matrix from single(PerTeam): wrong matrices", E, N).c_str(), wrong, 0);

  // The functor version, with a given team size and each vector length.
  for (const int vector : {1, 4, 32}) {
    const BatchedYax f{A, x, y, N, M};
    const int ts = std::min(4, team_policy(1, 1, vector).team_size_max(f, hpar::ParallelReduceTag()));
    double r = -1.0;
    hpar::parallel_reduce("batched_yAx_functor", team_policy(E, ts, vector), f, r);
    check_same(describe("batched yAx functor, team and vector", ts, vector).c_str(), r, expected);
  }
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_yax(120, 500);
  test_yax(1, 7);
  test_batched(64, 40, 70);
  test_batched(3, 1, 33);
  return report();
}
