// Checks Kokkos::Experimental::local_deep_copy and local_deep_copy_contiguous as Kokkos'
// TestLocalDeepCopy uses them: in a TeamPolicy kernel each team copies its rows of a rank-3 View
// (subviews of rank 2, and of rank 1 from a LayoutLeft View into a LayoutRight one) and fills
// others; in a RangePolicy kernel each thread copies and fills rank-1 subviews; the contiguous
// forms copy and fill a team's contiguous block. Every element is compared with its expected value.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  {
    const int L = 6, M = 7, N = 9;
    Kokkos::View<double***> src("src", L, M, N), dst("dst", L, M, N), filled("filled", L, M, N);
    Kokkos::View<double**, Kokkos::LayoutLeft> left("left", L, N);
    Kokkos::View<double**, Kokkos::LayoutRight> right("right", L, N);
    Kokkos::parallel_for("init", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {L, M, N}),
                         KOKKOS_LAMBDA(int i, int j, int k) {
      src(i, j, k) = 1000 * i + 10 * j + k;
      if (j == 0) left(i, k) = -(100 * i + k);
    });

    Kokkos::parallel_for("team_copies", team_policy(L, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
      const int i = team.league_rank();
      auto from = Kokkos::subview(src, i, Kokkos::ALL(), Kokkos::ALL());
      auto to = Kokkos::subview(dst, i, Kokkos::ALL(), Kokkos::ALL());
      Kokkos::Experimental::local_deep_copy(team, to, from);
      Kokkos::Experimental::local_deep_copy(team, Kokkos::subview(filled, i, Kokkos::ALL(), Kokkos::ALL()), 0.5 * i);
      Kokkos::Experimental::local_deep_copy(team, Kokkos::subview(right, i, Kokkos::ALL()),
                                            Kokkos::subview(left, i, Kokkos::ALL()));
    });

    Kokkos::View<int**> rows("rows", 40, 13), copies("copies", 40, 13);
    Kokkos::parallel_for("thread_copies", 40, KOKKOS_LAMBDA(const int r) {
      auto row = Kokkos::subview(rows, r, Kokkos::ALL());
      Kokkos::Experimental::local_deep_copy(row, 3 * r);
      Kokkos::Experimental::local_deep_copy(Kokkos::subview(copies, r, Kokkos::ALL()), row);
    });

    Kokkos::View<float*> block("block", 4 * 64), block_copy("block_copy", 4 * 64);
    Kokkos::parallel_for("contiguous", team_policy(4, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
      const int t = team.league_rank();
      auto mine = Kokkos::subview(block, Kokkos::make_pair(64 * t, 64 * t + 64));
      auto theirs = Kokkos::subview(block_copy, Kokkos::make_pair(64 * t, 64 * t + 64));
      Kokkos::Experimental::local_deep_copy_contiguous(team, mine, float(t + 1));
      team.team_barrier();
      Kokkos::Experimental::local_deep_copy_contiguous(team, theirs, mine);
    });

    auto h_dst = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), dst);
    auto h_filled = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), filled);
    auto h_right = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), right);
    auto h_copies = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), copies);
    auto h_block = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), block_copy);
    long long wrong = 0;
    for (int i = 0; i < L; ++i)
      for (int j = 0; j < M; ++j)
        for (int k = 0; k < N; ++k) wrong += h_dst(i, j, k) != 1000 * i + 10 * j + k;
    check_eq("team copy of rank-2 subviews", wrong, 0);
    wrong = 0;
    for (int i = 0; i < L; ++i)
      for (int j = 0; j < M; ++j)
        for (int k = 0; k < N; ++k) wrong += h_filled(i, j, k) != 0.5 * i;
    check_eq("team fill of rank-2 subviews", wrong, 0);
    wrong = 0;
    for (int i = 0; i < L; ++i)
      for (int k = 0; k < N; ++k) wrong += h_right(i, k) != -(100 * i + k);
    check_eq("team copy from a LayoutLeft row to a LayoutRight row", wrong, 0);
    wrong = 0;
    for (int r = 0; r < 40; ++r)
      for (int c = 0; c < 13; ++c) wrong += h_copies(r, c) != 3 * r;
    check_eq("thread fill and copy", wrong, 0);
    wrong = 0;
    for (int x = 0; x < 4 * 64; ++x) wrong += h_block(x) != float(x / 64 + 1);
    check_eq("contiguous team fill and copy", wrong, 0);
  }
  return report();
}
