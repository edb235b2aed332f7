// hpar: the dispatches of a host-parallel execution space that the header runs on several
// threads: Kokkos::OpenMP in the builds for a device (CUDA, OpenMP offload), where the translator
// leaves host dispatches to the header (docs/design.md section 2, "Host execution spaces").
// A space says so with impl_header_threads (impl/host_parallel_space.hpp). In the OpenMP build
// for the host, Kokkos::OpenMP's dispatches are translated instead.
//
// Each dispatch is one OpenMP parallel region of omp_get_max_threads() threads, as Kokkos'
// OpenMP backend runs one on its thread pool:
//   RangePolicy, MDRangePolicy: the indices (an MDRange's in its iteration order, as one flat
//     range) are cut into one contiguous block per thread, as Kokkos' static schedule does;
//     Schedule<Dynamic> hands out chunks of chunk_size() (default 1) from a shared counter.
//   reduce: one value per block, initialised by the functor's init, joined in block order, so the
//     result depends on the thread count only, not on which thread ran which block (with
//     Schedule<Dynamic>, one value per thread, joined in thread order).
//   scan (RangePolicy): the blocks' totals (final == false), their exclusive prefixes in block
//     order, then every index again from its block's prefix (final == true), as Kokkos' OpenMP
//     scan does.
//   TeamPolicy: teams of team_size() consecutive threads (impl::HostTeamMember), as many teams at
//     once as whole teams fit in the threads, each with a contiguous block of the league and its
//     own scratch; a reduction keeps one value per thread.
// A dispatch made inside a parallel region (a kernel of another host-parallel dispatch, or the
// program's own region) runs on the calling thread, as Kokkos' OpenMP backend runs it there; a
// team policy there runs teams of one thread, and one asking for more stops naming the functor.
// Without an OpenMP compile everything runs on the calling thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <type_traits>
#include <vector>

#include "../policies.hpp"
#include "../reduce_spec.hpp"
#include "../scan_spec.hpp"
#include "../scratch.hpp"
#include "../team.hpp"
#include "functor_traits.hpp"
#include "host_team_member.hpp"

namespace hpar {
namespace impl {

template <class Functor>
[[noreturn]] void fail_scratch_allocation(size_t bytes0, size_t bytes1);
template <class Functor>
[[noreturn]] void fail_dispatch(const char* pattern, const char* label, const char* why);

/// The static blocks a range of n indices is cut into: one per thread a dispatch here runs on, no
/// more than there are indices (a short range runs on as many threads as it has indices), at
/// least one.
inline int static_blocks(int64_t n) {
  const int threads = header_dispatch_threads();
  return n < threads ? (n > 0 ? int(n) : 1) : threads;
}

/// The indices of a RangePolicy or MDRangePolicy as one flat range: how many there are.
template <class Policy>
int64_t flat_count(const Policy& policy) {
  if constexpr (is_mdrange_policy<Policy>::value) {
    int64_t n = 1;
    for (int d = 0; d < Policy::rank; ++d) {
      if (policy.upper(d) <= policy.lower(d)) return 0;
      n *= int64_t(policy.upper(d) - policy.lower(d));
    }
    return n;
  } else {
    const int64_t n = int64_t(policy.end()) - int64_t(policy.begin());
    return n > 0 ? n : 0;
  }
}

/// body(i...) for the flat indices [first, last) of an MDRangePolicy, in its iteration order.
template <class Policy, class Body, size_t... K>
void mdrange_iterate(const Policy& policy, int64_t first, int64_t last, const Body& body,
                     std::index_sequence<K...>) {
  using index_type = typename Policy::index_type;
  constexpr int N = Policy::rank;
  int64_t idx[N];
  int64_t rest = first;
  for (int k = 0; k < N; ++k) {  // the fastest dimension first
    const int d = Policy::inner_left ? k : N - 1 - k;
    const int64_t extent = policy.upper(d) - policy.lower(d);
    idx[d] = policy.lower(d) + rest % extent;
    rest /= extent;
  }
  for (int64_t count = first; count < last; ++count) {
    body(index_type(idx[K])...);
    for (int k = 0; k < N; ++k) {
      const int d = Policy::inner_left ? k : N - 1 - k;
      if (++idx[d] < policy.upper(d)) break;
      idx[d] = policy.lower(d);
    }
  }
}

/// body(i...) for the flat indices [first, last) of a RangePolicy or MDRangePolicy, in order.
template <class Policy, class Body>
void flat_iterate(const Policy& policy, int64_t first, int64_t last, const Body& body) {
  if (first >= last) return;
  if constexpr (is_mdrange_policy<Policy>::value) {
    mdrange_iterate(policy, first, last, body, std::make_index_sequence<Policy::rank>());
  } else {
    using index_type = typename Policy::index_type;
    const int64_t begin = int64_t(policy.begin());
    for (int64_t i = begin + first; i < begin + last; ++i) body(index_type(i));
  }
}

/// How a header-run dispatch cuts the flat range [0, n) of a RangePolicy or MDRangePolicy (see
/// the top of this file): run(body) calls body(slot, first, last) for every piece, on the
/// threads of one region. `slots` is the number of slots: a static piece's slot is its block,
/// a dynamic chunk's the thread that takes it, so a value per slot is a reduction's partial.
template <class Policy>
struct HeaderSchedule {
  static constexpr bool dynamic =
      std::is_same<typename Policy::schedule_type, Schedule<Dynamic>>::value;
  int64_t n;
  int slots;
  int64_t chunk = 1;

  HeaderSchedule(const Policy& policy, int64_t count) : n(count), slots(header_dispatch_threads()) {
    if constexpr (dynamic) {
      if (policy.chunk_size() > 0) chunk = int64_t(policy.chunk_size());
    }
    if (!dynamic) slots = static_blocks(n);
  }

  template <class Body>
  void run(const Body& body) const {
    if (dynamic) {
      std::atomic<int64_t> next{0};
      header_parallel(slots, [&](int thread, int) {
        for (int64_t c = next.fetch_add(1); c < (n + chunk - 1) / chunk; c = next.fetch_add(1))
          body(thread, c * chunk, c * chunk + chunk < n ? c * chunk + chunk : n);
      });
    } else {
      for_blocks(n, slots, body);
    }
  }
};

/// Runs a TeamPolicy's league in teams of team_size() threads (see the top of this file), with
/// `threads` threads at most: body(member, thread) for every team a thread takes part in.
template <class Policy, class Functor, class Body>
void header_teams(const char* pattern, const Policy& policy, const Functor& f, int threads,
                  const Body& body) {
  const int team = policy.team_size();
  const int leagues = policy.league_size();
  if (leagues <= 0) return;
  const int teams_at_once = threads / team;
  if (teams_at_once < 1) {
    PolicyProblem why;
    why.say("a team of %d threads cannot run inside a parallel region, where a dispatch over "
            "Kokkos::OpenMP runs on its calling thread alone",
            team);
    fail_dispatch<Functor>(pattern, "", why.c_str());
  }
  const size_t bytes0 = team_scratch_bytes(policy, f, 0, team);
  const size_t bytes1 = team_scratch_bytes(policy, f, 1, team);
  const size_t per_team = scratch_round(bytes0) + scratch_round(bytes1) + 16;
  // Each concurrent team's scratch (not cleared, as Kokkos' scratch).
  const size_t total = per_team * size_t(teams_at_once);
  std::unique_ptr<char, void (*)(void*)> storage(
      total / size_t(teams_at_once) == per_team ? static_cast<char*>(std::malloc(total)) : nullptr,
      std::free);
  if (!storage) fail_scratch_allocation<Functor>(bytes0, bytes1);
  std::vector<HostTeamShared> shared(static_cast<size_t>(teams_at_once));
  std::vector<const void*> values(static_cast<size_t>(teams_at_once) * static_cast<size_t>(team));
  for (int t = 0; t < teams_at_once; ++t) shared[size_t(t)].values = values.data() + size_t(t) * size_t(team);
  const int got = header_parallel(teams_at_once * team, [&](int thread, int running) {
    // The teams that fit in the threads the region got, each `team` consecutive threads.
    const int fitting = running / team;
    const int group = thread / team, rank = thread % team;
    if (group >= fitting) return;
    char* base = storage.get() + size_t(group) * per_team;
    base += (16 - reinterpret_cast<uintptr_t>(base) % 16) % 16;
    const TeamScratchState scratch(base, bytes0, base + scratch_round(bytes0), bytes1);
    int64_t first, last;
    block_of(leagues, fitting, group, first, last);
    for (int64_t league = first; league < last; ++league)
      body(HostTeamMember(int(league), leagues, rank, team, &shared[size_t(group)], scratch), thread);
  });
  if (got < team) {
    PolicyProblem why;
    why.say("OpenMP gave the dispatch %d threads, fewer than one team of %d (OMP_DYNAMIC or "
            "OMP_THREAD_LIMIT may hold it down)",
            got, team);
    fail_dispatch<Functor>(pattern, "", why.c_str());
  }
}

// ---- the dispatches -------------------------------------------------------------------------

template <class Policy, class Functor>
void header_threads_for(const Policy& policy, const Functor& f) {
  using tag = typename Policy::work_tag;
  if constexpr (is_team_policy<Policy>::value) {
    header_teams("parallel_for", policy, f, header_dispatch_threads(),
                 [&](const HostTeamMember& member, int) { call_functor<tag>(f, member); });
  } else {
    const HeaderSchedule<Policy> schedule(policy, flat_count(policy));
    schedule.run([&](int, int64_t first, int64_t last) {
      flat_iterate(policy, first, last, [&](auto... i) { call_functor<tag>(f, decltype(i)(i)...); });
    });
  }
}

/// spec: a reduce spec (reduce_spec.hpp). The finished value goes to its results.
template <class Policy, class Functor, class Spec>
void header_threads_reduce(const Policy& policy, const Functor& f, const Spec& spec) {
  using value_type = typename Spec::value_type;
  const size_t count = size_t(spec.value_count());
  auto reduce_slots = [&](int slots, const auto& run) {
    // One partial value (of `count` elements) per slot, joined in slot order.
    std::unique_ptr<value_type[]> partial(new value_type[size_t(slots) * count]);
    for (int s = 0; s < slots; ++s) spec.init(partial.get() + size_t(s) * count);
    run(partial.get());
    for (int s = 1; s < slots; ++s) spec.join(partial.get(), partial.get() + size_t(s) * count);
    spec.final(partial.get());
    spec.store(partial.get(), false);
  };
  if constexpr (is_team_policy<Policy>::value) {
    const int threads = header_dispatch_threads();
    reduce_slots(threads, [&](value_type* partial) {
      header_teams("parallel_reduce", policy, f, threads,
                   [&](const HostTeamMember& member, int thread) {
                     spec.call(f, partial + size_t(thread) * count, member);
                   });
    });
  } else {
    const HeaderSchedule<Policy> schedule(policy, flat_count(policy));
    reduce_slots(schedule.slots, [&](value_type* partial) {
      schedule.run([&](int slot, int64_t first, int64_t last) {
        value_type* acc = partial + size_t(slot) * count;
        flat_iterate(policy, first, last, [&](auto... i) { spec.call(f, acc, i...); });
      });
    });
  }
}

/// spec: a scan spec (scan_spec.hpp) of a RangePolicy. The total goes to its total argument.
template <class Policy, class Functor, class Spec>
void header_threads_scan(const Policy& policy, const Functor& f, const Spec& spec) {
  using value_type = typename Spec::value_type;
  using index_type = typename Policy::index_type;
  const int64_t n = flat_count(policy);
  const int64_t begin = int64_t(policy.begin());
  const int blocks = static_blocks(n);
  // Pass 1: each block's total; then each block's exclusive prefix, in block order; pass 2.
  std::unique_ptr<value_type[]> prefix(new value_type[size_t(blocks) + 1]);
  for_blocks(n, blocks, [&](int b, int64_t first, int64_t last) {
    value_type& sum = prefix[size_t(b) + 1];
    spec.init(sum);
    for (int64_t i = begin + first; i < begin + last; ++i) spec.call(f, sum, false, index_type(i));
  });
  spec.init(prefix[0]);
  for (int b = 1; b <= blocks; ++b) {
    value_type running = prefix[size_t(b) - 1];
    spec.join(running, prefix[size_t(b)]);
    prefix[size_t(b)] = running;
  }
  for_blocks(n, blocks, [&](int b, int64_t first, int64_t last) {
    value_type update = prefix[size_t(b)];
    for (int64_t i = begin + first; i < begin + last; ++i) spec.call(f, update, true, index_type(i));
  });
  spec.store_total(&prefix[size_t(blocks)], false);
}

}  // namespace impl
}  // namespace hpar
