// Variables written inside nested closures are each participant's own, as in Kokkos (every
// thread of a team runs the team functor, every vector lane its thread's code): a thread-level
// `rootpq` assigned and read in each of four ThreadVectorRange closures (TestSNAP's compute_ui
// spelling: a member function of a class that the team functor calls), a team-level variable
// assigned and read in each iteration of a TeamThreadRange and of a TeamVectorRange closure, and
// per-thread tallies kept across a TeamThreadRange loop and combined with team_reduce. Teams of
// up to 4 threads of 8, 16 and 32 lanes; each variable is read again after stores that could
// change it, so that one variable for all participants would show the others' values. Checked
// against the host, every element and every participant.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

using ExecSpace = Kokkos::DefaultExecutionSpace;
using team_policy = Kokkos::TeamPolicy<ExecSpace>;
using member_type = team_policy::member_type;

constexpr int kRows = 300;   // rows of the input
constexpr int kCols = 37;    // columns: not a multiple of any vector length, so lanes idle at the end
constexpr int kRowsPerTeam = 4;

// A coefficient of the recursion (TestSNAP's rootpqarray(p, q) = sqrt(p / q)).
KOKKOS_INLINE_FUNCTION double root(int p, int q) { return std::sqrt(double(p + 1) / double(q + 1)); }

// TestSNAP's compute_ui: each thread of a team handles a row, and its member function declares
// `rootpq` at thread level and assigns it in each ThreadVectorRange closure, a temporary of each
// lane's iteration.
class Layers {
 public:
  Layers(Kokkos::View<double**> in, Kokkos::View<double**> out) : in_(in), out_(out) {}

  KOKKOS_INLINE_FUNCTION void compute_row(const member_type& team, const int row) const {
    double rootpq;
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, kCols), [&](const int k) {
      rootpq = root(row % 7, k);
      accumulate(row, k, k, rootpq);
    });
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, kCols), [&](const int k) {
      rootpq = -root(k, row % 5);
      accumulate(row, kCols + k, k + 1, rootpq);
    });
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, kCols - 2), [&](const int k) {
      rootpq = root(k + 2, row % 3) * in_(row, k);
      accumulate(row, 2 * kCols + k, k + 2, rootpq);
    });
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, 5), [&](const int k) {
      rootpq = root(row % 11, k + 3);
      accumulate(row, 3 * kCols + k, 3 * k, rootpq);
    });
  }

  // What compute_row writes, on the host.
  static void reference(const Kokkos::View<double**>::HostMirror& in, int row, std::vector<double>& out) {
    auto sum = [&](int from, double c) {
      double s = c * in(row, from % kCols);
      for (int q = 1; q < 4; ++q) s += c * in(row, (from + q) % kCols);
      return s;
    };
    for (int k = 0; k < kCols; ++k) out[k] = sum(k, root(row % 7, k));
    for (int k = 0; k < kCols; ++k) out[kCols + k] = sum(k + 1, -root(k, row % 5));
    for (int k = 0; k < kCols - 2; ++k) out[2 * kCols + k] = sum(k + 2, root(k + 2, row % 3) * in(row, k));
    for (int k = 0; k < 5; ++k) out[3 * kCols + k] = sum(3 * k, root(row % 11, k + 3));
  }

 private:
  // out(row, to) = the sum of c * in(row, from + q) over q < 4, stored after each term, as
  // TestSNAP adds to its buffers: c is read again after each store (which could change it, were
  // it one variable for all lanes).
  KOKKOS_INLINE_FUNCTION void accumulate(int row, int to, int from, const double& c) const {
    out_(row, to) = c * in_(row, from % kCols);
    for (int q = 1; q < 4; ++q) out_(row, to) += c * in_(row, (from + q) % kCols);
  }

  Kokkos::View<double**> in_, out_;
};

// The team functor: each thread takes rows of the team's block in a TeamThreadRange.
struct LayerTeams {
  Layers layers;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kRowsPerTeam), [&](const int i) {
      const int row = team.league_rank() * kRowsPerTeam + i;
      if (row < kRows) layers.compute_row(team, row);
    });
  }
};

// The team size for a vector length, at most 4 (what the build can run).
int team_size_for(int vector_length) {
  const team_policy probe(1, 4, vector_length);
  return std::min(4, probe.team_size_max(LayerTeams{Layers({}, {})}, Kokkos::ParallelForTag()));
}

// Element-wise comparison with a relative tolerance (a GPU may fuse multiply-adds).
int count_bad(const char* what, int vector_length, const Kokkos::View<double**>& got_d,
              const std::vector<double>& expected, int cols) {
  auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), got_d);
  int bad = 0;
  for (int r = 0; r < int(got.extent(0)); ++r)
    for (int c = 0; c < cols; ++c) {
      const double e = expected[size_t(r) * cols + c];
      if (!(std::fabs(got(r, c) - e) <= 1e-12 * (1.0 + std::fabs(e)))) {
        if (bad < 3)
          std::printf("  %s, vector length %d: (%d, %d) is %.17g, expected %.17g\n", what, vector_length, r,
                      c, got(r, c), e);
        ++bad;
      }
    }
  if (bad) std::printf("  %s, vector length %d: %d elements differ\n", what, vector_length, bad);
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    Kokkos::View<double**> in("in", kRows, kCols);
    auto h_in = Kokkos::create_mirror_view(in);
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kCols; ++c) h_in(r, c) = double((r * 7 + c * 13) % 19 + 1);  // exact sums
    Kokkos::deep_copy(in, h_in);

    // What the kernels must give, on the host.
    std::vector<double> layers_expected(size_t(kRows) * 4 * kCols, 0.0), row(4 * kCols, 0.0);
    for (int r = 0; r < kRows; ++r) {
      std::fill(row.begin(), row.end(), 0.0);
      Layers::reference(h_in, r, row);
      std::copy(row.begin(), row.end(), layers_expected.begin() + size_t(r) * 4 * kCols);
    }
    std::vector<double> chain_expected(size_t(kRows) * kCols), spread_expected(size_t(kRows) * kCols);
    Kokkos::View<double*> sums("sums", kRows), maxes("maxes", kRows);
    auto h_sums = Kokkos::create_mirror_view(sums);
    auto h_maxes = Kokkos::create_mirror_view(maxes);
    for (int r = 0; r < kRows; ++r) {
      h_sums(r) = 0;
      h_maxes(r) = -1;
      for (int j = 0; j < kCols; ++j) {
        double t = h_in(r, j), chain_sum = t;
        for (int q = 1; q < 4; ++q) {
          t = 0.5 * t + h_in(r, (j + q) % kCols);
          chain_sum += t;
        }
        chain_expected[size_t(r) * kCols + j] = chain_sum;
        double u = 3 * h_in(r, j), spread_sum = u;
        for (int q = 1; q < 4; ++q) {
          u = 0.25 * u + h_in(r, (j + 2 * q) % kCols);
          spread_sum += u;
        }
        spread_expected[size_t(r) * kCols + j] = spread_sum;
        h_sums(r) += h_in(r, j);
        h_maxes(r) = std::max(h_maxes(r), h_in(r, j));
      }
    }
    Kokkos::deep_copy(sums, h_sums);
    Kokkos::deep_copy(maxes, h_maxes);

    for (const int vector_length : {8, 16, 32}) {
      const int team_size = team_size_for(vector_length);

      // 1. A thread-level variable of each ThreadVectorRange closure (Layers::compute_row).
      Kokkos::View<double**> layers_out("layers_out", kRows, 4 * kCols);
      Kokkos::parallel_for("layers", team_policy((kRows + kRowsPerTeam - 1) / kRowsPerTeam, team_size, vector_length),
                           LayerTeams{Layers(in, layers_out)});
      Kokkos::fence();
      check(count_bad("rootpq in ThreadVectorRange closures", vector_length, layers_out, layers_expected,
                      4 * kCols) == 0,
            "thread-level variable of ThreadVectorRange closures");

      // 2. Team-level variables written in TeamThreadRange and TeamVectorRange closures: one
      // read back in the same iteration, and tallies of each thread's own iterations, which
      // team_reduce combines over the team's threads (every thread and lane checks the result).
      Kokkos::View<double**> chain("chain", kRows, kCols), spread("spread", kRows, kCols);
      Kokkos::View<int*> bad("bad", 1);
      Kokkos::parallel_for("team_locals", team_policy(kRows, team_size, vector_length),
                           KOKKOS_LAMBDA(const member_type& team) {
        const int r = team.league_rank();
        double t;
        int runs = 0;
        double partial = 0, biggest = -1;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kCols), [&](const int j) {
          t = in(r, j);
          chain(r, j) = t;
          for (int q = 1; q < 4; ++q) {
            t = 0.5 * t + in(r, (j + q) % kCols);
            chain(r, j) += t;
          }
          ++runs;
          partial += in(r, j);
          if (in(r, j) > biggest) biggest = in(r, j);
        });
        double u;
        Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kCols), [&](const int j) {
          u = 3 * in(r, j);
          spread(r, j) = u;
          for (int q = 1; q < 4; ++q) {
            u = 0.25 * u + in(r, (j + 2 * q) % kCols);
            spread(r, j) += u;
          }
        });
        team.team_reduce(Kokkos::Sum<int>(runs));
        team.team_reduce(Kokkos::Sum<double>(partial));
        team.team_reduce(Kokkos::Max<double>(biggest));
        if (runs != kCols || partial != sums(r) || biggest != maxes(r)) Kokkos::atomic_add(&bad(0), 1);
      });
      Kokkos::fence();
      check(count_bad("team-level variable in TeamThreadRange closures", vector_length, chain, chain_expected,
                      kCols) == 0,
            "team-level variable of TeamThreadRange closures");
      check(count_bad("team-level variable in TeamVectorRange closures", vector_length, spread,
                      spread_expected, kCols) == 0,
            "team-level variable of TeamVectorRange closures");
      auto h_bad = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), bad);
      if (h_bad(0)) std::printf("  vector length %d: %d participants saw wrong team_reduce tallies\n",
                                vector_length, h_bad(0));
      check(h_bad(0) == 0, "per-thread tallies combined by team_reduce");
    }
  }
  Kokkos::finalize();
  return report();
}
