// Scratch the scratch checks must accept: levels 0 and 1 requested and used (inline, through a
// policy variable and its copies, through a functor's team_shmem_size), sizes up to the limits
// (232448 bytes at level 0, rounded allocations included), sizes, levels and policies that are
// not known at translation time (a run-time level, a policy parameter, a policy changed through a
// reference or an assignment, requests in branches). The file also translates for both backends.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: grep -q hpar_both_L %t.cu && grep -q hpar_staged_L %t.cpp
// LEGAL-NOT: {{error|warning}}
#include <Kokkos_Core.hpp>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;
using Scratch = Kokkos::View<double*, Kokkos::DefaultExecutionSpace::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

void requested(Kokkos::View<double*> x, int n) {
  Kokkos::parallel_for("both", team_policy(n, 32).set_scratch_size(0, Kokkos::PerTeam(Scratch::shmem_size(64)), Kokkos::PerThread(8))
                                                 .set_scratch_size(1, Kokkos::PerTeam(size_t(64) << 20)),
                       KOKKOS_LAMBDA(const member_type& t) {
    Scratch fast(t.team_scratch(0), 64);
    Scratch big(t.team_scratch(1), 1024);
    double* mine = static_cast<double*>(t.thread_scratch(0).get_shmem(8));
    x(t.league_rank()) = fast(0) + big(0) + *mine + *static_cast<double*>(t.team_shmem().get_shmem(8));
  });
  auto policy = team_policy(n, 1024);
  policy.set_scratch_size(0, Kokkos::PerTeam(232448 - 1024 * 224), Kokkos::PerThread(224));
  auto copy = policy;
  copy.set_scratch_size(1, Kokkos::PerThread(16));
  Kokkos::parallel_for("copy", copy, KOKKOS_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_scratch(0).get_shmem(8)) + *static_cast<double*>(t.thread_scratch(1).get_shmem(8));
  });
  Kokkos::parallel_for("limit", team_policy(n, 1).set_scratch_size(0, Kokkos::PerTeam(232448)), KOKKOS_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_scratch(0).get_shmem(8));
  });
}

struct Staged {
  Kokkos::View<double*> x;
  size_t team_shmem_size(int team_size) const { return sizeof(double) * size_t(team_size); }
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& t) const {
    x(t.league_rank()) = *static_cast<double*>(t.team_shmem().get_shmem(sizeof(double) * t.team_size()));
  }
};

void grow(team_policy& p) { p.set_scratch_size(1, Kokkos::PerTeam(64)); }

void unknown(Kokkos::View<double*> x, int n, int level, size_t bytes, const team_policy& given) {
  Kokkos::parallel_for("staged", team_policy(n, 32), Staged{x});
  auto body = KOKKOS_LAMBDA(const member_type& t) { x(t.league_rank()) = *static_cast<double*>(t.team_scratch(1).get_shmem(8)); };
  Kokkos::parallel_for("given", given, body);
  team_policy by_ref(n, 8);
  grow(by_ref);
  Kokkos::parallel_for("by_ref", by_ref, body);
  team_policy assigned(n, 8);
  assigned = team_policy(n, 8).set_scratch_size(1, Kokkos::PerTeam(64));
  Kokkos::parallel_for("assigned", assigned, body);
  team_policy branch(n, 8);
  if (level == 0)
    branch.set_scratch_size(0, Kokkos::PerTeam(bytes));
  else
    branch.set_scratch_size(level, Kokkos::PerTeam(bytes));
  Kokkos::parallel_for("branch", branch, body);
  Kokkos::parallel_for("runtime_level", team_policy(n, 8).set_scratch_size(0, Kokkos::PerTeam(bytes)), KOKKOS_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_scratch(level).get_shmem(8));
  });
  Kokkos::parallel_for("runtime_size", team_policy(n, 8).set_scratch_size(0, Kokkos::PerTeam(bytes), Kokkos::PerThread(bytes)),
                       KOKKOS_LAMBDA(const member_type& t) { x(t.league_rank()) = *static_cast<double*>(t.team_scratch(0).get_shmem(8)); });
}
