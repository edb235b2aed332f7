// Kokkos' host-parallel execution space, named as programs name it: Kokkos::OpenMP where the build
// has it (KOKKOS_ENABLE_OPENMP), DefaultHostExecutionSpace, and HostSpace's and a host mirror's
// execution space. The program asks for 4 threads (--kokkos-num-threads=4). In every build with
// Kokkos::OpenMP (the OpenMP builds and the CUDA build, as Kokkos with OpenMP enabled beside
// CUDA or OpenMPTarget), it is DefaultHostExecutionSpace and runs on all 4 threads, as with
// Kokkos' OpenMP backend: concurrency() is 4, a RangePolicy's indices are spread over 4 threads,
// teams of 4 threads meet at their barriers, reduce, scan and broadcast over their threads, a
// duplicated ScatterView and a UniqueToken hand each thread its own copy or value. The serial
// build's host space is Serial (one thread) and runs the same kernels with the same results.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_ScatterView.hpp>
#include "check.hpp"

#if defined(_OPENMP)
#include <omp.h>
#endif

using host_space = Kokkos::DefaultHostExecutionSpace;
using host_team = Kokkos::TeamPolicy<host_space>;

// A functor with a tag, over the host space: marks which thread ran each index.
struct MarkThread {
  struct Fill {};
  Kokkos::View<int*, Kokkos::HostSpace> owner;
  KOKKOS_INLINE_FUNCTION void operator()(Fill, const int i) const {
#if defined(_OPENMP)
    owner(i) = omp_get_thread_num();
#else
    owner(i) = 0;
#endif
  }
};

int main(int argc, char* argv[]) {
  char arg0[] = "prog", arg1[] = "--kokkos-num-threads=4";
  char* args[] = {arg0, arg1, nullptr};
  int nargs = 2;
  (void)argc;
  (void)argv;
  Kokkos::initialize(nargs, args);
  {
    const int conc = host_space().concurrency();
#if defined(KOKKOS_ENABLE_OPENMP)
    // Kokkos' OpenMP configuration (with CUDA or OpenMPTarget beside it in the builds for a GPU).
    static_assert(std::is_same<host_space, Kokkos::OpenMP>::value, "host space is OpenMP");
    static_assert(std::is_same<Kokkos::HostSpace::execution_space, Kokkos::OpenMP>::value,
                  "HostSpace runs in OpenMP");
    check(conc == 4, "conc == 4");
    check(Kokkos::OpenMP::concurrency() == 4, "Kokkos::OpenMP::concurrency() == 4");
#else
    check(conc >= 1, "conc >= 1");
#endif

    // RangePolicy over the host space, with a tag: every index once, spread over the threads.
    const int n = 4000;
    MarkThread mark{Kokkos::View<int*, Kokkos::HostSpace>("owner", n)};
    Kokkos::parallel_for("mark", Kokkos::RangePolicy<host_space, MarkThread::Fill>(0, n), mark);
    int threads_seen = 0;
    for (int t = 0; t < 64; ++t) {
      bool seen = false;
      for (int i = 0; i < n; ++i) seen = seen || mark.owner(i) == t;
      threads_seen += seen;
    }
    for (int i = 0; i < n; ++i) check(mark.owner(i) >= 0 && mark.owner(i) < conc, "mark.owner(i) >= 0 && mark.owner(i) < conc");
    check(threads_seen == conc, "threads_seen == conc");

    // A reduction and a scan over a host mirror's execution space.
    Kokkos::View<long*> dev("dev", n);
    auto mirror = Kokkos::create_mirror_view(dev);
    using mirror_space = decltype(mirror)::execution_space;
    Kokkos::parallel_for(
        "fill", Kokkos::RangePolicy<mirror_space>(0, n), KOKKOS_LAMBDA(const int i) { mirror(i) = i % 17; });
    long sum = 0;
    Kokkos::parallel_reduce(
        "sum", Kokkos::RangePolicy<mirror_space>(0, n),
        KOKKOS_LAMBDA(const int i, long& s) { s += mirror(i); }, sum);
    long expect = 0;
    for (int i = 0; i < n; ++i) expect += i % 17;
    check(sum == expect, "sum == expect");
    Kokkos::View<long*, Kokkos::HostSpace> prefix("prefix", n);
    long total = 0;
    Kokkos::parallel_scan(
        "prefix", Kokkos::RangePolicy<host_space>(0, n),
        KOKKOS_LAMBDA(const int i, long& u, const bool final) {
          if (final) prefix(i) = u;
          u += mirror(i);
        },
        total);
    check(total == expect, "total == expect");
    long run = 0;
    for (int i = 0; i < n; ++i) {
      check(prefix(i) == run, "prefix(i) == run");
      run += i % 17;
    }

    // MDRange over the host space.
    Kokkos::View<int**, Kokkos::HostSpace> grid("grid", 37, 53);
    Kokkos::parallel_for(
        "grid", Kokkos::MDRangePolicy<host_space, Kokkos::Rank<2>>({0, 0}, {37, 53}),
        KOKKOS_LAMBDA(const int i, const int j) { grid(i, j) += i * 100 + j; });
    for (int i = 0; i < 37; ++i)
      for (int j = 0; j < 53; ++j) check(grid(i, j) == i * 100 + j, "grid(i, j) == i * 100 + j");

    // Teams of as many threads as the host space grants (Kokkos' OpenMP: the pool size), with
    // scratch and barriers; each team sums its league's values with a nested reduction.
    const int leagues = 9;
    host_team probe(leagues, Kokkos::AUTO);
    const int team_size = probe.team_size_max(
        KOKKOS_LAMBDA(const host_team::member_type&){}, Kokkos::ParallelForTag());
#if defined(KOKKOS_ENABLE_OPENMP)
    check(team_size == 4, "team_size == 4");
#endif
    using scratch = Kokkos::View<long*, host_space::scratch_memory_space, Kokkos::MemoryUnmanaged>;
    Kokkos::View<long*, Kokkos::HostSpace> team_sums("team_sums", leagues);
    Kokkos::View<int*, Kokkos::HostSpace> sizes("sizes", leagues);
    Kokkos::parallel_for(
        "teams", host_team(leagues, team_size).set_scratch_size(0, Kokkos::PerTeam(64 * sizeof(long))),
        KOKKOS_LAMBDA(const host_team::member_type& team) {
          scratch s(team.team_scratch(0), 64);
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 64),
                               [&](const int k) { s(k) = team.league_rank() * 64 + k; });
          team.team_barrier();
          long t = 0;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, 64), [&](const int k, long& a) { a += s(63 - k); }, t);
          Kokkos::single(Kokkos::PerTeam(team), [&]() {
            team_sums(team.league_rank()) = t;
            sizes(team.league_rank()) = team.team_size();
          });
        });
    for (int l = 0; l < leagues; ++l) {
      check(team_sums(l) == 64L * 64 * l + 63 * 64 / 2, "team_sums(l) == 64L * 64 * l + 63 * 64 / 2");
      check(sizes(l) == team_size, "sizes(l) == team_size");
    }

    // A team reduction over the host space: each thread's contribution, its team's sum of ranks
    // (team_reduce), the exclusive scan of its rank + 1 (team_scan) and its leader's value
    // (team_broadcast), checked by every thread; a nested scan over TeamThreadRange.
    long team_total = 0;
    Kokkos::parallel_reduce(
        "team_reduce", host_team(leagues, team_size),
        KOKKOS_LAMBDA(const host_team::member_type& team, long& errors) {
          const int r = team.team_rank(), size = team.team_size();
          long ranks = r;
          team.team_reduce(Kokkos::Sum<long>(ranks));
          const long before = team.team_scan(long(r + 1));
          long lead = team.league_rank() * 1000 + r;
          team.team_broadcast(lead, 0);
          long wrong = 0;
          wrong += ranks != long(size) * (size - 1) / 2;
          wrong += before != long(r) * (r + 1) / 2;
          wrong += lead != team.league_rank() * 1000L;
          long scanned = 0;
          Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, 100),
                                [&](const int k, long& u, const bool final) {
                                  if (final && k == 99) scanned = u;
                                  u += k;
                                });
          // Thread (99 % size) ran index 99; the others kept 0.
          wrong += (r == 99 % size ? scanned != 99L * 98 / 2 : scanned != 0);
          errors += wrong * 1000 + 1;  // 1 per thread of every team, 1,000 per wrong value
        },
        team_total);
    check(team_total == long(leagues) * team_size, "team_total == leagues * team_size");

    // A 3-D MDRange reduction, a dynamic schedule, and the space's in_parallel() inside and
    // outside its kernels.
    long md = 0;
    Kokkos::parallel_reduce(
        "md", Kokkos::MDRangePolicy<host_space, Kokkos::Rank<3>>({1, 0, 2}, {7, 9, 13}),
        KOKKOS_LAMBDA(const int i, const int j, const int k, long& a) { a += i * 10000 + j * 100 + k; },
        md);
    long md_expect = 0;
    for (int i = 1; i < 7; ++i)
      for (int j = 0; j < 9; ++j)
        for (int k = 2; k < 13; ++k) md_expect += i * 10000 + j * 100 + k;
    check(md == md_expect, "md == md_expect");
    Kokkos::View<int*, Kokkos::HostSpace> hits("hits", 1000);
    Kokkos::parallel_for(
        "dynamic",
        Kokkos::RangePolicy<host_space, Kokkos::Schedule<Kokkos::Dynamic>>(0, 1000).set_chunk_size(7),
        KOKKOS_LAMBDA(const int i) { hits(i) += 1; });
    Kokkos::View<int*, Kokkos::HostSpace> inside("inside", 8);
    Kokkos::parallel_for(
        "inside", Kokkos::RangePolicy<host_space>(0, 8),
        KOKKOS_LAMBDA(const int o) { inside(o) = host_space::in_parallel() ? 1 : 0; });
    // A dispatch from inside a host kernel runs on the calling thread, in every build (in the
    // OpenMP build for the host, the header runs it inside the outer kernel's translated region):
    // a range reduction, and an MDRange over the thread's own rows.
    Kokkos::View<int*, Kokkos::HostSpace> inner("inner", 8);
    Kokkos::View<int***, Kokkos::HostSpace> cells("cells", 8, 3, 5);
    Kokkos::parallel_for(
        "outer", Kokkos::RangePolicy<host_space>(0, 8), KOKKOS_LAMBDA(const int o) {
          Kokkos::parallel_for(
              "inner_cells", Kokkos::MDRangePolicy<host_space, Kokkos::Rank<2>>({0, 0}, {3, 5}),
              [&](const int r, const int c) { cells(o, r, c) += 10 * r + c + 1; });
          int count = 0;
          Kokkos::parallel_reduce(
              "inner", Kokkos::RangePolicy<host_space>(0, 10),
              [&](const int, int& c) {
#if defined(_OPENMP)
                c += omp_get_num_threads() == (conc == 1 ? 1 : conc) ? 1 : 1000;
#else
                c += 1;
#endif
              },
              count);
          inner(o) = count;
        });
    for (int o = 0; o < 8; ++o) check(inner(o) == 10, "inner(o) == 10");
    long wrong_cells = 0;
    for (int o = 0; o < 8; ++o)
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 5; ++c) wrong_cells += cells(o, r, c) != 10 * r + c + 1;
    check(wrong_cells == 0, "wrong_cells == 0");
    // A team dispatch from inside a host kernel: AUTO teams (one thread there, as in Kokkos), with
    // scratch, a single, a barrier and a nested reduction; in the OpenMP build for the host a
    // translated kernel whose region, nested in the outer one, has the calling thread alone.
    Kokkos::View<long*, Kokkos::HostSpace> nested_team_sums("nested_team_sums", 8);
    Kokkos::parallel_for(
        "outer_teams", Kokkos::RangePolicy<host_space>(0, 8), KOKKOS_LAMBDA(const int o) {
          long total = 0;
          Kokkos::parallel_reduce(
              "inner_teams", host_team(5, Kokkos::AUTO).set_scratch_size(0, Kokkos::PerTeam(64)),
              [=](const host_team::member_type& team, long& acc) {
                long* first = static_cast<long*>(team.team_scratch(0).get_shmem(sizeof(long)));
                Kokkos::single(Kokkos::PerTeam(team), [&]() { *first = 100L * team.league_rank() + o; });
                team.team_barrier();
                long part = 0;
                Kokkos::parallel_reduce(
                    Kokkos::TeamThreadRange(team, 4), [&](const int k, long& p) { p += *first + k; }, part);
                Kokkos::single(Kokkos::PerTeam(team), [&]() { acc += part; });
              },
              total);
          nested_team_sums(o) = total;
        });
    // Leagues 0..4, each 4 * (100 * league + o) + 6.
    for (int o = 0; o < 8; ++o) check(nested_team_sums(o) == 4000L + 20L * o + 30L, "nested_team_sums(o) == 4000 + 20 * o + 30");
#if !defined(KOKKOS_ENABLE_CUDA) && !defined(KOKKOS_ENABLE_OPENMPTARGET)
    // Where the default execution space is the host's (Kokkos' OpenMP or Serial configuration:
    // the OpenMP build for the host and the serial build), dispatches over it nest the same way:
    // a count and a team policy inside a kernel over a count.
    Kokkos::View<long*> default_sums("default_sums", 8);
    Kokkos::parallel_for("outer_default", 8, KOKKOS_LAMBDA(const int o) {
      long ranges = 0, teams = 0;
      Kokkos::parallel_reduce("inner_default", 10, KOKKOS_LAMBDA(const int k, long& acc) { acc += k * o; }, ranges);
      Kokkos::parallel_reduce(
          "inner_default_teams", Kokkos::TeamPolicy<>(3, Kokkos::AUTO),
          KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type& team, long& acc) {
            Kokkos::single(Kokkos::PerTeam(team), [&]() { acc += team.league_rank() + 1; });
          },
          teams);
      default_sums(o) = ranges + teams;
    });
    for (int o = 0; o < 8; ++o) check(default_sums(o) == 45L * o + 6, "default_sums(o) == 45 * o + 6");
#endif
    // A dispatch over Serial from inside a host kernel, in every build (the OpenMP build for the
    // host included): it runs on the calling thread.
    Kokkos::View<long*, Kokkos::HostSpace> serial_sums("serial_sums", 8);
    Kokkos::parallel_for(
        "outer_serial", Kokkos::RangePolicy<host_space>(0, 8), KOKKOS_LAMBDA(const int o) {
          long sum = 0;
          Kokkos::parallel_reduce(
              "inner_serial", Kokkos::RangePolicy<Kokkos::Serial>(0, 100),
              [&](const int k, long& s) { s += k * o; }, sum);
          serial_sums(o) = sum;
        });
    for (int o = 0; o < 8; ++o) check(serial_sums(o) == 4950L * o, "serial_sums(o) == 4950 * o");
    for (int i = 0; i < 1000; ++i) check(hits(i) == 1, "hits(i) == 1");
    check(!host_space::in_parallel(), "!host_space::in_parallel()");
#if defined(KOKKOS_ENABLE_OPENMP)
    for (int o = 0; o < 8; ++o) check(inside(o) == 1, "inside(o) == 1");
#endif

    // Large host fills and copies (8 MiB: every OpenMP thread takes a piece of them).
    const size_t big = size_t(1) << 20;
    Kokkos::View<double*, Kokkos::HostSpace> a("a", big), b(Kokkos::view_alloc(Kokkos::WithoutInitializing, "b"), big);
    long wrong_fill = 0;
    for (size_t k = 0; k < big; ++k) wrong_fill += a(k) != 0.0;
    Kokkos::deep_copy(a, 3.0);
    for (size_t k = 0; k < big; ++k) wrong_fill += a(k) != 3.0;
    a(big - 1) = 4.0;
    Kokkos::deep_copy(b, a);
    for (size_t k = 0; k + 1 < big; ++k) wrong_fill += b(k) != 3.0;
    wrong_fill += b(big - 1) != 4.0;
    Kokkos::deep_copy(b, 0.0);
    for (size_t k = 0; k < big; ++k) wrong_fill += b(k) != 0.0;
    check(wrong_fill == 0, "wrong_fill == 0");

    // A duplicated ScatterView (the host-parallel default) and a UniqueToken per thread.
    Kokkos::View<long*, Kokkos::HostSpace> bins("bins", 8);
    Kokkos::Experimental::ScatterView<long*, Kokkos::LayoutRight, host_space> scatter(bins);
    Kokkos::Experimental::UniqueToken<host_space> token;
    Kokkos::View<int*, Kokkos::HostSpace> held("held", token.size());
    Kokkos::View<int, Kokkos::HostSpace> clashes("clashes");
    Kokkos::parallel_for(
        "scatter", Kokkos::RangePolicy<host_space>(0, n), KOKKOS_LAMBDA(const int i) {
          auto access = scatter.access();
          access(i % 8) += 1;
          const int id = token.acquire();
          if (Kokkos::atomic_fetch_add(&held(id), 1) != 0) Kokkos::atomic_add(&clashes(), 1);
          Kokkos::atomic_sub(&held(id), 1);
          token.release(id);
        });
    Kokkos::Experimental::contribute(bins, scatter);
    for (int b = 0; b < 8; ++b) check(bins(b) == n / 8, "bins(b) == n / 8");
    check(clashes() == 0, "clashes() == 0");
    check(int(token.size()) >= conc, "int(token.size()) >= conc");
  }
  Kokkos::finalize();
  return report();
}
