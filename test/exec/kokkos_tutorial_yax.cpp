// The inner product y^T A x written as the Kokkos tutorials teach it: sizes from the command line,
// Views with HostMirror and deep_copy, a TeamPolicy with AUTO team size, a TeamThreadRange
// reduction over a row's entries inside each team, single(PerTeam) to combine, Kokkos::Timer
// around repeated runs, and the bandwidth printed at the end. Checked against the exact value.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>

static void read_sizes(int argc, char* argv[], int& N, int& M, int& nrepeat) {
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "-N") == 0) N = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "-M") == 0) M = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "-nrepeat") == 0) nrepeat = std::atoi(argv[++i]);
  }
}

int main(int argc, char* argv[]) {
  int N = 1 << 9;  // rows
  int M = 1 << 8;  // columns
  int nrepeat = 5;
  read_sizes(argc, argv, N, M, nrepeat);

  Kokkos::initialize(argc, argv);
  int status = 0;
  {
    using ExecSpace = Kokkos::DefaultExecutionSpace;
    using Layout = Kokkos::LayoutRight;
    using ViewVectorType = Kokkos::View<double*, Layout, ExecSpace::memory_space>;
    using ViewMatrixType = Kokkos::View<double**, Layout, ExecSpace::memory_space>;

    ViewVectorType y("y", N);
    ViewVectorType x("x", M);
    ViewMatrixType A("A", N, M);
    ViewVectorType::HostMirror h_y = Kokkos::create_mirror_view(y);
    ViewVectorType::HostMirror h_x = Kokkos::create_mirror_view(x);
    ViewMatrixType::HostMirror h_A = Kokkos::create_mirror_view(A);

    for (int i = 0; i < N; ++i) h_y(i) = 1 + i % 3;
    for (int j = 0; j < M; ++j) h_x(j) = 1 + j % 5;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < M; ++j) h_A(i, j) = (i + j) % 4;
    Kokkos::deep_copy(y, h_y);
    Kokkos::deep_copy(x, h_x);
    Kokkos::deep_copy(A, h_A);

    // The exact answer (small integers: every partial sum is exact in double).
    double expected = 0;
    for (int i = 0; i < N; ++i) {
      double row = 0;
      for (int j = 0; j < M; ++j) row += h_A(i, j) * h_x(j);
      expected += h_y(i) * row;
    }

    using team_policy = Kokkos::TeamPolicy<>;
    using member_type = Kokkos::TeamPolicy<>::member_type;

    Kokkos::Timer timer;
    double result = 0;
    for (int repeat = 0; repeat < nrepeat; ++repeat) {
      result = 0;
      Kokkos::parallel_reduce(
          "yAx", team_policy(N, Kokkos::AUTO),
          KOKKOS_LAMBDA(const member_type& team, double& update) {
            const int row = team.league_rank();
            double temp = 0;
            Kokkos::parallel_reduce(
                Kokkos::TeamThreadRange(team, M),
                [&](const int col, double& inner) { inner += A(row, col) * x(col); }, temp);
            Kokkos::single(Kokkos::PerTeam(team), [&]() { update += y(row) * temp; });
          },
          result);
      if (result != expected) {
        std::printf("  repeat %d: computed %.17g, expected %.17g\n", repeat, result, expected);
        status = 1;
      }
    }
    const double time = timer.seconds();
    const double gbytes = 1.0e-9 * double(sizeof(double) * (M + M * N + N));
    std::printf("  N( %d ) M( %d ) nrepeat ( %d ) problem( %g MB ) time( %g s ) bandwidth( %g GB/s )\n",
                N, M, nrepeat, gbytes * 1000, time, gbytes * nrepeat / time);
    timer.reset();
    if (!(timer.seconds() >= 0.0) || time < 0.0) status = 1;
  }
  Kokkos::finalize();
  std::printf("%s\n", status == 0 ? "PASSED" : "FAILED");
  return status;
}
