// Policies the policy checks must accept: MDRangePolicy ranks 2 to 6, team-level MDRanges of 2
// to 8 extents, teams of up to 1024 threads (team size times vector length), power-of-two vector
// lengths, AUTO, and sizes that are not constants (left to the run-time checks). The file also
// translates for both backends.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: grep -q hpar_six_L %t.cu && grep -q hpar_widest_L %t.cpp
// LEGAL-NOT: {{error|warning}}
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void md(hpar::View<double*> x) {
  hpar::parallel_for("two", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {2, 2}), HPAR_LAMBDA(int a, int) { x(a) += 1; });
  hpar::parallel_for("six", hpar::MDRangePolicy<hpar::Rank<6, hpar::Iterate::Right>>({0, 0, 0, 0, 0, 0}, {2, 2, 2, 2, 2, 2}),
                     HPAR_LAMBDA(int a, int, int, int, int, int) { x(a) += 1; });
  const hpar::MDRangePolicy<hpar::Rank<3>> three({0, 0, 0}, {2, 2, 2});
  hpar::parallel_for("three", three, HPAR_LAMBDA(int a, int, int) { x(a) += 1; });
}

void nested(hpar::View<double*> x) {
  hpar::parallel_for("nested", hpar::TeamPolicy<>(4, hpar::AUTO, hpar::AUTO), HPAR_LAMBDA(const member_type& team) {
    hpar::parallel_for(hpar::TeamThreadMDRange(team, 2, 2), [&](int i, int) { x(i) += 1; });
    hpar::parallel_for(hpar::TeamVectorMDRange<hpar::Rank<8>, member_type>(team, 1, 1, 1, 1, 1, 1, 1, 2),
                       [&](int, int, int, int, int, int, int, int i) { x(i) += 1; });
    hpar::parallel_for(hpar::TeamThreadRange(team, 4), [&](int i) { x(i) += 1; });
  });
}

void teams(hpar::View<double*> x, int n, int lanes) {
  auto body = HPAR_LAMBDA(const member_type& t) { x(t.league_rank() % 4) += 1; };
  hpar::parallel_for("widest", hpar::TeamPolicy<>(n, 1024), body);
  hpar::parallel_for("square", hpar::TeamPolicy<>(n, 32, 32), body);
  hpar::parallel_for("lanes", hpar::TeamPolicy<>(n, 256, 4), body);
  hpar::parallel_for("space", hpar::TeamPolicy<>(hpar::DefaultExecutionSpace(), n, 64, 16), body);
  hpar::parallel_for("one", hpar::TeamPolicy<>(n, 1, 1), body);
  hpar::parallel_for("auto_team", hpar::TeamPolicy<>(n, hpar::AUTO, 8), body);
  hpar::parallel_for("auto_lanes", hpar::TeamPolicy<>(n, 1024, hpar::AUTO), body);
  hpar::parallel_for("runtime", hpar::TeamPolicy<>(n, 4096 / lanes, lanes), body);
}
