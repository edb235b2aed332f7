// Views a team kernel only reads, passed once apart from the Views it writes and once as the same
// View it writes (legal in Kokkos: a team barrier orders the writes before the reads). The CUDA
// output reads such Views through the read-only data cache only when their memory is apart from
// every View the kernel may write; the second call must see the values written before the
// barrier, not those the first phase read. Also: Views made from one allocation by subview, apart
// overlapping by one element, and the same memory. The mirror kernel is also written with its team
// body stored in a variable, as a functor class, and as a lambda calling a function with the Views.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cstdio>

using View2 = Kokkos::View<double**>;
using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;

// Per team l: z(l, i) = y(l, i); barrier; x(l, i) = 10 z(l, i) + 1; barrier;
// z(l, i) = y(l, n - 1 - i).
void mirror(View2 x, View2 y, View2 z) {
  const int n = int(y.extent(1));
  Kokkos::parallel_for("mirror", team_policy(int(y.extent(0)), Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) { z(l, i) = y(l, i); });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n),
                         [&](const int i) { x(l, i) = 10 * z(l, i) + 1; });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n),
                         [&](const int i) { z(l, i) = y(l, n - 1 - i); });
  });
}

// mirror with its team body stored in a variable before the dispatch that runs it (the CUDA and
// OpenMP outputs read y through the read-only path here too, behind the same check).
void mirror_stored(View2 x, View2 y, View2 z) {
  const int n = int(y.extent(1));
  const auto phases = KOKKOS_LAMBDA(const member_type& team) {
    const int l = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) { z(l, i) = y(l, i); });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n),
                         [&](const int i) { x(l, i) = 10 * z(l, i) + 1; });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n),
                         [&](const int i) { z(l, i) = y(l, n - 1 - i); });
  };
  Kokkos::parallel_for("mirror_stored", team_policy(int(y.extent(0)), Kokkos::AUTO), phases);
}

// mirror with its team body a functor class holding the Views (the CUDA and OpenMP outputs read y
// through the read-only path here too, checking the Views the functor holds).
struct MirrorPhases {
  View2 x, y, z;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int l = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) { z(l, i) = y(l, i); });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n),
                         [&](const int i) { x(l, i) = 10 * z(l, i) + 1; });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n),
                         [&](const int i) { z(l, i) = y(l, n - 1 - i); });
  }
};

void mirror_functor(View2 x, View2 y, View2 z) {
  Kokkos::parallel_for("mirror_functor", team_policy(int(y.extent(0)), Kokkos::AUTO),
                       MirrorPhases{x, y, z, int(y.extent(1))});
}

// mirror with its team body a function the team lambda calls, handing it its member and the Views
// (the CUDA and OpenMP outputs read y through the read-only path in the function).
KOKKOS_INLINE_FUNCTION void mirror_phases(const member_type& team, View2 x, const View2& y, View2 z,
                                          const int n) {
  const int l = team.league_rank();
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) { z(l, i) = y(l, i); });
  team.team_barrier();
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n),
                       [&](const int i) { x(l, i) = 10 * z(l, i) + 1; });
  team.team_barrier();
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n),
                       [&](const int i) { z(l, i) = y(l, n - 1 - i); });
}

void mirror_helper(View2 x, View2 y, View2 z) {
  const int n = int(y.extent(1));
  Kokkos::parallel_for("mirror_helper", team_policy(int(y.extent(0)), Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) { mirror_phases(team, x, y, z, n); });
}

double y0(int l, int i) { return double(l * 1000 + i); }

// Runs one spelling of mirror with y apart from x, then with y as x; returns the wrong elements.
int mirror_errors(void (*run)(View2, View2, View2), const char* name, View2 x, View2 y, View2 z) {
  const int L = int(y.extent(0)), n = int(y.extent(1));
  auto hy = Kokkos::create_mirror(y);  // its own memory, even where y is host memory
  for (int l = 0; l < L; ++l)
    for (int i = 0; i < n; ++i) hy(l, i) = y0(l, i);
  Kokkos::deep_copy(y, hy);
  int failures = 0;
  // Apart: y is left as it is.
  run(x, y, z);
  auto hx = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x);
  auto hz = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), z);
  for (int l = 0; l < L; ++l)
    for (int i = 0; i < n; ++i)
      if (hx(l, i) != 10 * y0(l, i) + 1 || hz(l, i) != y0(l, n - 1 - i)) ++failures;
  // The same View read and written: the last phase reads what the second wrote.
  run(y, y, z);
  Kokkos::deep_copy(hz, z);
  for (int l = 0; l < L; ++l)
    for (int i = 0; i < n; ++i)
      if (hz(l, i) != 10 * y0(l, n - 1 - i) + 1) ++failures;
  if (failures) std::printf("%s: %d wrong elements\n", name, failures);
  return failures;
}

// a(i) = 2 b(i) + 1 over a one-dimensional range, one team per 64 indices.
void twice_plus_one(Kokkos::View<double*> a, Kokkos::View<double*> b, const int count) {
  Kokkos::parallel_for("twice_plus_one", team_policy((count + 63) / 64, Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
    const int first = team.league_rank() * 64;
    const int last = first + 64 < count ? first + 64 : count;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, last),
                         [=](const int i) { a(i) = 2 * b(i) + 1; });
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  int failures = 0;
  const int L = 40, n = 200;
  View2 x("x", L, n), y("y", L, n), z("z", L, n);
  failures += mirror_errors(mirror, "mirror", x, y, z);
  failures += mirror_errors(mirror_stored, "mirror_stored", x, y, z);
  failures += mirror_errors(mirror_functor, "mirror_functor", x, y, z);
  failures += mirror_errors(mirror_helper, "mirror_helper", x, y, z);

  // Subviews of one allocation: b = its first count + 1 elements, a = count elements after
  // them (apart), then count elements from b's last (overlapping it by one element, which is
  // neither read nor written), then b's first count elements (the same memory, each element read
  // and then written by the same index).
  const int count = 1000;
  Kokkos::View<double*> all("all", 2 * count + 1);
  auto hall = Kokkos::create_mirror_view(all);
  const auto b = Kokkos::subview(all, Kokkos::make_pair(0, count + 1));
  const int starts[3] = {count + 1, count, 0};
  for (const int start : starts) {
    for (int k = 0; k < 2 * count + 1; ++k) hall(k) = k;
    Kokkos::deep_copy(all, hall);
    twice_plus_one(Kokkos::subview(all, Kokkos::make_pair(start, start + count)), b, count);
    Kokkos::deep_copy(hall, all);
    int wrong = 0;
    for (int i = 0; i < count; ++i)
      if (hall(start + i) != double(2 * i + 1)) ++wrong;
    if (wrong) std::printf("twice_plus_one from %d: %d wrong elements\n", start, wrong);
    failures += wrong;
  }

  if (failures) {
    std::printf("FAILED: %d wrong elements\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
