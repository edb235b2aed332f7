// Kokkos' host-parallel execution space, named as programs name it: Kokkos::OpenMP where the build
// has it (KOKKOS_ENABLE_OPENMP), DefaultHostExecutionSpace, and HostSpace's and a host mirror's
// execution space. The program asks for 4 threads (--kokkos-num-threads=4). In the OpenMP build
// for the host, Kokkos::OpenMP is DefaultHostExecutionSpace and runs on all 4 threads, as with
// Kokkos' OpenMP backend: concurrency() is 4, a RangePolicy's indices are spread over 4 threads,
// teams of 4 threads meet at their barriers, a duplicated ScatterView and a UniqueToken hand each
// thread its own copy or value. Other builds have their own host spaces (Serial: one thread) and
// run the same kernels with the same results; each checks the thread count its build promises.
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
#if defined(HPAR_BACKEND_OPENMP) && !defined(HPAR_OPENMP_OFFLOAD)
    // The OpenMP build for the host: Kokkos' OpenMP configuration.
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
#if defined(HPAR_BACKEND_OPENMP) && !defined(HPAR_OPENMP_OFFLOAD)
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
