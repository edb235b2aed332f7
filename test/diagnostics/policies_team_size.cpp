// hpar-team-size and hpar-vector-length: a TeamPolicy whose constant team size times vector
// length exceeds the 1024 threads of a team, or whose constant vector length is not a power of
// two (a literal gets a fix-it to the power of two below it). Constants may be literals or
// constant variables, with or without an execution space, with AUTO for the other size.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: not %hpar-translate --check %s -- -fdiagnostics-parseable-fixits 2>&1 | %FileCheck %s --check-prefix=FIXIT
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <Kokkos_Core.hpp>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;

void sizes(Kokkos::View<int*> x) {
  // CHECK: policies_team_size.cpp:[[#@LINE+1]]:48: error: team size 512 times vector length 4 is 2048 threads; a team holds at most 1024 [hpar-team-size]
  Kokkos::parallel_for("wide", team_policy(16, 512, 4), KOKKOS_LAMBDA(const member_type& t) { x(t.league_rank()) = 1; });
  constexpr int team = 2048;
  // CHECK: policies_team_size.cpp:[[#@LINE+1]]:81: error: team size 2048 is more than the 1024 threads a team holds [hpar-team-size]
  Kokkos::parallel_for("tall", team_policy(Kokkos::DefaultExecutionSpace(), 16, team), KOKKOS_LAMBDA(const member_type& t) { x(t.league_rank()) = 1; });
  // CHECK: policies_team_size.cpp:[[#@LINE+1]]:48: error: team size 1025 is more than the 1024 threads a team holds [hpar-team-size]
  Kokkos::parallel_for("auto", team_policy(16, 1025, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& t) { x(t.league_rank()) = 1; });
}

void lengths(Kokkos::View<int*> x, int n) {
  // CHECK: policies_team_size.cpp:[[#@LINE+1]]:62: error: vector length 3 is not a power of two [hpar-vector-length]
  Kokkos::parallel_for("three", team_policy(n, Kokkos::AUTO, 3), KOKKOS_LAMBDA(const member_type& t) { x(t.league_rank()) = 1; });
  // FIXIT: fix-it:"{{.*}}policies_team_size.cpp":{[[#@LINE-1]]:62-[[#@LINE-1]]:63}:"2"
  const int lanes = 24;
  // CHECK: policies_team_size.cpp:[[#@LINE+1]]:49: error: vector length 24 is not a power of two [hpar-vector-length]
  Kokkos::parallel_for("var", team_policy(n, 8, lanes), KOKKOS_LAMBDA(const member_type& t) { x(t.league_rank()) = 1; });
  // Both at once: 48 is no power of two, and 48 lanes times 32 threads do not fit a team.
  // CHECK: policies_team_size.cpp:[[#@LINE+2]]:51: error: vector length 48 is not a power of two [hpar-vector-length]
  // CHECK: policies_team_size.cpp:[[#@LINE+1]]:47: error: team size 32 times vector length 48 is 1536 threads; a team holds at most 1024 [hpar-team-size]
  Kokkos::parallel_for("both", team_policy(n, 32, 48), KOKKOS_LAMBDA(const member_type& t) { x(t.league_rank()) = 1; });
  // FIXIT: fix-it:"{{.*}}policies_team_size.cpp":{[[#@LINE-1]]:51-[[#@LINE-1]]:53}:"32"
}
// CHECK-NOT: error:
// FIXIT-NOT: fix-it:
