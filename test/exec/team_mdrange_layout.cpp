// Checks the team-level MDRange patterns whose walking direction the translator turns to suit the Views of the closure (a LayoutRight View indexed with the closure's last index walks it fastest, a LayoutLeft one its first), spelled as the Kokkos documentation spells them: TeamVectorMDRange with its default Rank over LayoutRight Views (parallel_for and parallel_reduce), ThreadVectorMDRange inside a TeamThreadRange, and a LayoutLeft View under Rank<3, Iterate::Right>; every element and every team's sum against the host; AUTO team sizes with leagues too short and long enough to fill a GPU, vector lengths 1 and 4, and a fixed 8 x 4 shape (clamped to team_size_max); team_size() inside the kernel is the number of thread ranks the team has.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

using member_type = Kokkos::TeamPolicy<>::member_type;
constexpr int n0 = 6, n1 = 5, n2 = 7, n3 = 33;

long b_of(const int l, const int i1) { return 11 * l + 3 * i1 - 4; }
long c_of(const int i1, const int i2, const int i3) { return 1000 * i1 + 40 * i2 + i3; }

void run(const std::string& name, const Kokkos::TeamPolicy<>& policy) {
  const int N = policy.league_size();
  Kokkos::View<long*****, Kokkos::LayoutRight> A("A", N, n0, n1, n2, n3);
  Kokkos::View<long**, Kokkos::LayoutRight> B("B", N, n1);
  Kokkos::View<long***, Kokkos::LayoutRight> C("C", n1, n2, n3);
  Kokkos::View<long***, Kokkos::LayoutLeft> D("D", N, n2, n3);
  Kokkos::View<long**, Kokkos::LayoutRight> E("E", N, n0 * n1);
  Kokkos::View<long*> sums("sums", N);
  Kokkos::View<int**> shape("shape", N, 2);  // team_size(), highest team_rank() + 1
  {
    auto hB = Kokkos::create_mirror_view(B);
    auto hC = Kokkos::create_mirror_view(C);
    for (int l = 0; l < N; ++l)
      for (int i1 = 0; i1 < n1; ++i1) hB(l, i1) = b_of(l, i1);
    for (int i1 = 0; i1 < n1; ++i1)
      for (int i2 = 0; i2 < n2; ++i2)
        for (int i3 = 0; i3 < n3; ++i3) hC(i1, i2, i3) = c_of(i1, i2, i3);
    Kokkos::deep_copy(B, hB);
    Kokkos::deep_copy(C, hC);
  }

  Kokkos::parallel_for("mdrange_layout", policy, KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    Kokkos::single(Kokkos::PerTeam(team), [&]() { shape(l, 0) = team.team_size(); });
    Kokkos::atomic_max(&shape(l, 1), team.team_rank() + 1);
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange(team, n0, n1, n2, n3),
                         [&](const int i0, const int i1, const int i2, const int i3) {
      A(l, i0, i1, i2, i3) = B(l, i1) + C(i1, i2, i3);
    });
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n0 * n1), [&](const int i01) {
      long row = 0;
      Kokkos::parallel_reduce(Kokkos::ThreadVectorMDRange(team, n2, n3),
                              [&](const int i2, const int i3, long& part) {
        part += C(i01 % n1, i2, i3);
      }, row);
      Kokkos::single(Kokkos::PerThread(team), [&]() { E(l, i01) = row; });
    });
    Kokkos::parallel_for(Kokkos::TeamVectorMDRange<Kokkos::Rank<3, Kokkos::Iterate::Right>, member_type>(team, N, n2, n3),
                         [&](const int k, const int i2, const int i3) {
      if (k == l) D(k, i2, i3) = 100 * k + 7 * i2 + i3;
    });
    team.team_barrier();
    long total = 0;
    Kokkos::parallel_reduce(Kokkos::TeamVectorMDRange(team, n0, n1, n2, n3),
                            [&](const int i0, const int i1, const int i2, const int i3, long& part) {
      part += A(l, i0, i1, i2, i3) * (i0 + 1);
    }, total);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sums(l) = total; });
  });

  auto hA = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), A);
  auto hD = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), D);
  auto hE = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), E);
  auto hs = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sums);
  auto hshape = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), shape);
  long wrong_a = 0, wrong_d = 0, wrong_e = 0, wrong_sum = 0, wrong_shape = 0;
  for (int l = 0; l < N; ++l) {
    long total = 0;
    for (int i0 = 0; i0 < n0; ++i0)
      for (int i1 = 0; i1 < n1; ++i1)
        for (int i2 = 0; i2 < n2; ++i2)
          for (int i3 = 0; i3 < n3; ++i3) {
            const long a = b_of(l, i1) + c_of(i1, i2, i3);
            wrong_a += hA(l, i0, i1, i2, i3) != a;
            total += a * (i0 + 1);
          }
    wrong_sum += hs(l) != total;
    for (int i2 = 0; i2 < n2; ++i2)
      for (int i3 = 0; i3 < n3; ++i3) wrong_d += hD(l, i2, i3) != 100 * l + 7 * i2 + i3;
    for (int i01 = 0; i01 < n0 * n1; ++i01) {
      long row = 0;
      for (int i2 = 0; i2 < n2; ++i2)
        for (int i3 = 0; i3 < n3; ++i3) row += c_of(i01 % n1, i2, i3);
      wrong_e += hE(l, i01) != row;
    }
    wrong_shape += hshape(l, 0) != hshape(l, 1) || hshape(l, 0) < 1;
  }
  check_eq((name + ": TeamVectorMDRange parallel_for, wrong elements").c_str(), wrong_a, 0);
  check_eq((name + ": TeamVectorMDRange parallel_reduce, wrong team sums").c_str(), wrong_sum, 0);
  check_eq((name + ": ThreadVectorMDRange parallel_reduce, wrong rows").c_str(), wrong_e, 0);
  check_eq((name + ": LayoutLeft View under Iterate::Right, wrong elements").c_str(), wrong_d, 0);
  check_eq((name + ": teams whose team_size() is not their number of thread ranks").c_str(), wrong_shape, 0);
}

// A team functor that is never dispatched: team_size_max is asked about it.
struct ForProbe {
  KOKKOS_INLINE_FUNCTION void operator()(const member_type&) const {}
};

// The team size asked for, or the most the build can launch with this vector length when that is
// less (the serial build runs teams of one thread, as Kokkos' Serial does).
int clamp_team(const int requested, const int vector) {
  const Kokkos::TeamPolicy<> probe(1, 1, vector);
  return std::min(requested, probe.team_size_max(ForProbe(), Kokkos::ParallelForTag()));
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  run("TeamPolicy(3, AUTO)", Kokkos::TeamPolicy<>(3, Kokkos::AUTO));
  run("TeamPolicy(700, AUTO)", Kokkos::TeamPolicy<>(700, Kokkos::AUTO));
  run("TeamPolicy(5, AUTO, 4)", Kokkos::TeamPolicy<>(5, Kokkos::AUTO, 4));
  run("TeamPolicy(600, AUTO, 4)", Kokkos::TeamPolicy<>(600, Kokkos::AUTO, 4));
  run("TeamPolicy(9, 8, 4)", Kokkos::TeamPolicy<>(9, clamp_team(8, 4), 4));
  return report();
}
