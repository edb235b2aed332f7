// A program of nine kernels written as a Kokkos user writes them, one of each pattern the
// benchmarks time (triad, dot, scan, a 7-point stencil, yAx, spmv, a per-row team scan, a batched
// gemm with team scratch, a team-level MDRange): the file bench/compile_time.sh times from
// source to object file (translation plus nvcc), since build time is part of what hpar promises.
// It also runs: each kernel's result is checked on the host, and it prints PASSED.
#include <Kokkos_Core.hpp>

#include <cstdio>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 1 << 16, rows = 256, cols = 64, m = 16;
  int failures = 0;

  Kokkos::View<double*> a("a", n), b("b", n), c("c", n);
  Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) {
    b(i) = i % 7;
    c(i) = 1;
  });
  // 1. triad
  Kokkos::parallel_for("triad", Kokkos::RangePolicy<>(0, n),
                       KOKKOS_LAMBDA(const int i) { a(i) = b(i) + 2.0 * c(i); });
  // 2. dot
  double dot = 0;
  Kokkos::parallel_reduce("dot", n, KOKKOS_LAMBDA(const int i, double& s) { s += a(i) * c(i); }, dot);
  // 3. scan
  Kokkos::View<double*> prefix("prefix", n);
  Kokkos::parallel_scan("scan", n, KOKKOS_LAMBDA(const int i, double& partial, const bool final) {
    if (final) prefix(i) = partial;
    partial += c(i);
  });
  // 4. 7-point stencil
  const int e = 32;
  Kokkos::View<double***> u("u", e, e, e), v("v", e, e, e);
  Kokkos::deep_copy(u, 1.0);
  Kokkos::parallel_for("stencil", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({1, 1, 1}, {e - 1, e - 1, e - 1}),
                       KOKKOS_LAMBDA(const int i, const int j, const int k) {
    v(i, j, k) = u(i - 1, j, k) + u(i + 1, j, k) + u(i, j - 1, k) + u(i, j + 1, k) +
                 u(i, j, k - 1) + u(i, j, k + 1) - 6 * u(i, j, k);
  });
  // 5. yAx
  Kokkos::View<double**> A("A", rows, cols);
  Kokkos::View<double*> x("x", cols), y("y", rows);
  Kokkos::deep_copy(A, 1.0);
  Kokkos::deep_copy(x, 2.0);
  Kokkos::deep_copy(y, 3.0);
  double yax = 0;
  Kokkos::parallel_reduce("yAx", team_policy(rows, Kokkos::AUTO),
                          KOKKOS_LAMBDA(const member_type& team, double& update) {
    const int j = team.league_rank();
    double row = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, cols),
                            [&](const int i, double& inner) { inner += A(j, i) * x(i); }, row);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { update += y(j) * row; });
  }, yax);
  // 6. spmv over a tridiagonal matrix in CSR form
  Kokkos::View<int*> row_map("row_map", n + 1), entries("entries", 3 * n);
  Kokkos::View<double*> values("values", 3 * n), Ax("Ax", n);
  Kokkos::parallel_for("csr", n, KOKKOS_LAMBDA(const int r) {
    row_map(r + 1) = 3 * (r + 1);
    for (int k = 0; k < 3; ++k) {
      const int col = r + k - 1;
      entries(3 * r + k) = col < 0 ? 0 : (col >= n ? n - 1 : col);
      values(3 * r + k) = 1;
    }
  });
  Kokkos::parallel_for("spmv", team_policy((n + 63) / 64, Kokkos::AUTO, 8),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int first = team.league_rank() * 64;
    const int last = first + 64 < n ? first + 64 : n;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, last), [&](const int r) {
      double sum = 0;
      Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, row_map(r), row_map(r + 1)),
                              [&](const int k, double& s) { s += values(k) * c(entries(k)); }, sum);
      Kokkos::single(Kokkos::PerThread(team), [&]() { Ax(r) = sum; });
    });
  });
  // 7. per-row scan
  Kokkos::View<double**> in("in", rows, cols), out("out", rows, cols);
  Kokkos::deep_copy(in, 1.0);
  Kokkos::parallel_for("row_scan", team_policy(rows, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    const int r = team.league_rank();
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, cols), [&](const int i, double& partial, const bool final) {
      partial += in(r, i);
      if (final) out(r, i) = partial;
    });
  });
  // 8. batched gemm with team scratch
  using Scratch = Kokkos::View<double**, Kokkos::DefaultExecutionSpace::scratch_memory_space>;
  const int batch = 64;
  Kokkos::View<double***> P("P", batch, m, m), Q("Q", batch, m, m), R("R", batch, m, m);
  Kokkos::deep_copy(P, 1.0);
  Kokkos::deep_copy(Q, 0.5);
  const size_t bytes = 2 * Scratch::shmem_size(m, m);
  // Teams of m threads of m lanes; the serial build runs a team as one thread and stops on a
  // larger team (as Kokkos' Serial does), so it asks for that.
#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_OPENMPTARGET)
  const int gemm_threads = m;
#else
  const int gemm_threads = 1;
#endif
  Kokkos::parallel_for("gemm", team_policy(batch, gemm_threads, m).set_scratch_size(0, Kokkos::PerTeam(bytes)),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int g = team.league_rank();
    Scratch sp(team.team_scratch(0), m, m), sq(team.team_scratch(0), m, m);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m), [&](const int i) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, m), [&](const int j) {
        sp(i, j) = P(g, i, j);
        sq(i, j) = Q(g, i, j);
      });
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m), [&](const int i) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, m), [&](const int j) {
        double s = 0;
        for (int k = 0; k < m; ++k) s += sp(i, k) * sq(k, j);
        R(g, i, j) = s;
      });
    });
  });
  // 9. team-level MDRange
  Kokkos::View<double****> T("T", 8, m, m, m);
  Kokkos::parallel_for("team_md", team_policy(8, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
#if KOKKOS_VERSION >= 40000
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, m, m, m),
                         [&](const int i, const int j, const int k) { T(l, i, j, k) = l + P(0, i, j) + k; });
#else  // before TeamVectorMDRange (Kokkos 3, which bench/compile_time.sh can time this file with)
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m * m * m), [&](const int ijk) {
      const int i = ijk / (m * m), j = ijk / m % m, k = ijk % m;
      T(l, i, j, k) = l + P(0, i, j) + k;
    });
#endif
  });
  Kokkos::fence();

  // Checks.
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("wrong result: %s\n", what);
      ++failures;
    }
  };
  double expect_dot = 0;
  for (int i = 0; i < n; ++i) expect_dot += i % 7 + 2.0;
  check(dot == expect_dot, "dot");
  auto hp = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), prefix);
  check(hp(n - 1) == n - 1, "scan");
  auto hv = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  check(hv(5, 6, 7) == 0, "stencil");
  check(yax == 3.0 * rows * cols * 2.0, "yAx");
  auto hax = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Ax);
  check(hax(0) == 3 && hax(n / 2) == 3, "spmv");  // three entries of 1 per row, c = 1
  auto hout = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  check(hout(rows - 1, cols - 1) == cols, "row_scan");
  auto hr = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), R);
  check(hr(batch - 1, m - 1, m - 1) == 0.5 * m, "gemm");
  auto ht = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), T);
  check(ht(7, 1, 2, 3) == 7 + 1 + 3, "team_md");
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
