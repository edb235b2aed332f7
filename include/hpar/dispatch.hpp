// hpar: parallel_for, parallel_reduce, parallel_scan — the serial reference implementation.
// (A host-parallel space that the header runs on several threads, impl_header_threads, goes to
// impl/host_threads.hpp instead.)
//
// These are the entry points hpar-translate replaces (each overload carries the annotation
// design.md section 3 names). Compiled untranslated they run in order on the calling thread:
//   for:    f([tag,] i...) for every index; MDRange indices in the policy's inner order;
//   reduce: spec.init, spec.call for every index, spec.final, spec.store(&v, false);
//   scan:   one pass, f([tag,] i, update, true) with update holding the exclusive prefix.
// The reduce and scan paths use the same specs as the device backends.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "impl/host_threads.hpp"
#include "impl/traits.hpp"
#include "policies.hpp"
#include "reduce_spec.hpp"
#include "scan_spec.hpp"
#include "team.hpp"

namespace hpar {
namespace impl {

template <class Policy, class Body, size_t... K>
void serial_mdrange(const Policy& policy, const Body& body, std::index_sequence<K...>) {
  using index_type = typename Policy::index_type;
  constexpr int N = Policy::rank;
  int64_t idx[N];
  for (int d = 0; d < N; ++d) {
    if (policy.upper(d) <= policy.lower(d)) return;
    idx[d] = policy.lower(d);
  }
  while (true) {
    body(index_type(idx[K])...);
    int k = 0;
    for (; k < N; ++k) {
      const int d = Policy::inner_left ? k : N - 1 - k;
      if (++idx[d] < policy.upper(d)) break;
      idx[d] = policy.lower(d);
    }
    if (k == N) return;
  }
}

/// Calls body(i...) for every index of the policy, in order; for a TeamPolicy, body(member) for
/// every team (one thread of one lane each), with the scratch of functor f's launch
/// (team_scratch_bytes) in host buffers that consecutive teams reuse.
template <class Functor>
[[noreturn]] void fail_scratch_allocation(size_t bytes0, size_t bytes1);

template <class Policy, class Functor, class Body>
void serial_iterate(const Policy& policy, const Functor& f, const Body& body) {
  if constexpr (is_team_policy<Policy>::value) {
    const int leagues = policy.league_size();
    const size_t bytes0 = team_scratch_bytes(policy, f, 0, 1);
    const size_t bytes1 = team_scratch_bytes(policy, f, 1, 1);
    // One host block for both levels (malloc: 16-byte aligned, not cleared, as Kokkos' scratch),
    // or the program stops naming the functor, as a device build stops naming the kernel.
    const size_t total = bytes0 > SIZE_MAX - bytes1 - 16 ? SIZE_MAX : bytes0 + bytes1 + 16;
    std::unique_ptr<char, void (*)(void*)> storage(
        total == SIZE_MAX ? nullptr : static_cast<char*>(std::malloc(total)), std::free);
    if (!storage) fail_scratch_allocation<Functor>(bytes0, bytes1);
    char* base = storage.get();
    for (int league = 0; league < leagues; ++league)
      body(SerialTeamMember(league, leagues, TeamScratchState(base, bytes0, base + bytes0, bytes1)));
  } else if constexpr (is_mdrange_policy<Policy>::value) {
    serial_mdrange(policy, body, std::make_index_sequence<Policy::rank>());
  } else {
    using index_type = typename Policy::index_type;
    const int64_t end = int64_t(policy.end());
    for (int64_t i = int64_t(policy.begin()); i < end; ++i) body(index_type(i));
  }
}

template <class Policy, class Functor>
void serial_for(const Policy& policy, const Functor& f) {
  using tag = typename Policy::work_tag;
  if constexpr (Policy::execution_space::impl_header_threads) {
    header_threads_for(policy, f);
  } else {
    // Indices reach the functor as values (prvalues), as in every backend: a `value_type&`
    // overload of operator() must not capture an index.
    serial_iterate(policy, f, [&](auto... i) { call_functor<tag>(f, decltype(i)(i)...); });
  }
}

template <class Policy, class Functor, class... Results>
void serial_reduce(const Policy& policy, const Functor& f, Results&&... results) {
  HPAR_IMPL_IF_FITS(reduce_results_fit<Policy, Functor, Results&&...>()) {
    const auto spec = make_reduce_spec(policy, f, std::forward<Results>(results)...);
    using spec_type = std::remove_cv_t<decltype(spec)>;
    using value_type = typename spec_type::value_type;
    if constexpr (Policy::execution_space::impl_header_threads) {
      header_threads_reduce(policy, f, spec);
    } else {
      value_type local{};
      value_type* acc = &local;
      value_type* heap = nullptr;
      if (spec_type::is_array) acc = heap = new value_type[spec.value_count()];
      spec.init(acc);
      serial_iterate(policy, f, [&](auto... i) { spec.call(f, acc, i...); });
      spec.final(acc);
      spec.store(acc, false);
      delete[] heap;
    }
  }
}

template <class Policy, class Functor, class... Total>
void serial_scan(const Policy& policy, const Functor& f, Total&&... total) {
  if constexpr (!is_range_policy<Policy>::value) {
    // While hpar-translate parses, leave the error to its diagnostic, which names the dispatch.
#if !defined(__HPAR_TRANSLATING__)
    static_assert(is_range_policy<Policy>::value, "hpar::parallel_scan needs a RangePolicy");
#endif
  } else HPAR_IMPL_IF_FITS(scan_total_fits<Policy, Functor, Total&&...>()) {
    const auto spec = make_scan_spec(policy, f, std::forward<Total>(total)...);
    if constexpr (Policy::execution_space::impl_header_threads) {
      header_threads_scan(policy, f, spec);
    } else {
      using index_type = typename Policy::index_type;
      typename std::remove_cv_t<decltype(spec)>::value_type update;
      spec.init(update);
      const int64_t end = int64_t(policy.end());
      for (int64_t i = int64_t(policy.begin()); i < end; ++i)
        spec.call(f, update, true, index_type(i));
      spec.store_total(&update, false);
    }
  }
}

template <class L>
using if_label = std::enable_if_t<is_label<L>::value>;
template <class P>
using if_not_label = std::enable_if_t<!is_label<P>::value>;

/// The compiler's name of type T (for a lambda, the function it is written in and, with clang,
/// its file and line), taken from __PRETTY_FUNCTION__: "... [with T = NAME]" (GCC) or
/// "... [T = NAME]" (clang). Its first `size` characters at `*name`.
template <class T>
void type_name(const char** name, int* size) {
  const char* text = __PRETTY_FUNCTION__;
  const char* from = std::strstr(text, "T = ");
  if (from == nullptr) {
    *name = text;
    *size = int(std::strlen(text));
    return;
  }
  from += 4;
  const char* to = from + std::strlen(from);
  while (to > from && (to[-1] == ']' || to[-1] == ';')) --to;  // "]" or GCC's "; ...]" tail
  const char* semicolon = std::strchr(from, ';');
  if (semicolon != nullptr && semicolon < to) to = semicolon;
  *name = from;
  *size = int(to - from);
}

/// Ends the program with a message naming a serial dispatch by its pattern, label and functor
/// type, and why it cannot run.
template <class Functor>
[[noreturn]] void fail_dispatch(const char* pattern, const char* label, const char* why) {
  const char* functor = nullptr;
  int functor_size = 0;
  type_name<Functor>(&functor, &functor_size);
  std::fprintf(stderr, "hpar: error: %s \"%s\" (functor %.*s): %s\n", pattern, label, functor_size,
               functor, why);
  std::fflush(stderr);
  std::abort();
}

/// Normalises the policy argument of a serial dispatch and ends the program with a message naming
/// the dispatch (its pattern, label and functor type) when its values are invalid (translated
/// dispatches do the same in their launcher, naming the generated kernel and its source line).
template <class Functor, class PolicyOrCount>
auto checked_policy(const char* pattern, const char* label, const PolicyOrCount& p) {
  const auto policy = to_policy(p);
  if (const PolicyProblem why = policy_problem(policy))
    fail_dispatch<Functor>(pattern, label, why.c_str());
  return policy;
}

/// A host team's scratch that cannot be allocated: the program stops naming the functor.
template <class Functor>
void fail_scratch_allocation(size_t bytes0, size_t bytes1) {
  PolicyProblem why;
  why.say("the team scratch of %zu bytes at level 0 and %zu bytes at level 1 cannot be allocated "
          "in host memory",
          bytes0, bytes1);
  fail_dispatch<Functor>("team dispatch", "", why.c_str());
}

/// The execution space a functor declares (`using execution_space = ...`), or void.
template <class F, class = void>
struct functor_execution_space {
  using type = void;
};
template <class F>
struct functor_execution_space<F, std::void_t<typename F::execution_space>> {
  using type = typename F::execution_space;
};

/// The normalised policy of a dispatch over PolicyOrCount (a count's is RangePolicy<>).
template <class PolicyOrCount>
using policy_of = std::decay_t<decltype(to_policy(std::declval<const PolicyOrCount&>()))>;

/// The execution space a dispatch of Functor over this policy (or integral count) runs in: the
/// policy's, or for a count the functor's when it declares one, as in Kokkos.
template <class PolicyOrCount, class Functor>
using dispatch_space_t =
    typename std::conditional_t<std::is_integral<PolicyOrCount>::value &&
                                    !std::is_void<typename functor_execution_space<Functor>::type>::value,
                                Functor, policy_of<PolicyOrCount>>::execution_space;

/// Whether a dispatch of Functor over this policy (or integral count) runs on the host: its
/// execution space is not one of the build's translated spaces (Serial, OpenMP,
/// DefaultHostExecutionSpace).
template <class PolicyOrCount, class Functor = void>
constexpr bool runs_on_host() {
  return !dispatch_space_t<PolicyOrCount, Functor>::impl_on_device;
}

/// Whether the header runs a dispatch over this policy although its space is translated: a range
/// or MDRange over a host-parallel space (impl_header_threads), as when it is written inside a
/// host kernel (on the calling thread there).
template <class PolicyOrCount, class Functor = void>
constexpr bool runs_in_header() {
  return dispatch_space_t<PolicyOrCount, Functor>::impl_header_threads &&
         !is_team_policy<policy_of<PolicyOrCount>>::value;
}

// In a CUDA or OpenMP build every dispatch over the device must have been rewritten by
// hpar-translate; one that reaches these functions would run on the host over device memory.
// A dispatch over a host execution space is not rewritten: these functions run it, and so one
// over a translated host-parallel space written inside a host kernel (impl_header_threads).
#if defined(HPAR_IMPL_DEVICE)
#define HPAR_IMPL_REQUIRE_TRANSLATED(P, F)                                                       \
  static_assert(impl::runs_on_host<P, F>() || impl::runs_in_header<P, F>() || sizeof(F) == 0,     \
                "hpar: this dispatch was not translated; run hpar-translate on the file that "   \
                "contains it (a dispatch must be written in the translated file)")
#else
#define HPAR_IMPL_REQUIRE_TRANSLATED(P, F) static_assert(sizeof(F) > 0, "")
#endif

}  // namespace impl

// ---- parallel_for ---------------------------------------------------------------------------------

template <class Label, class PolicyOrCount, class Functor>
HPAR_ANNOTATE("hpar::parallel_for")
inline impl::if_label<Label> parallel_for(const Label& label, const PolicyOrCount& policy,
                                          const Functor& functor) {
  HPAR_IMPL_REQUIRE_TRANSLATED(PolicyOrCount, Functor);
  impl::serial_for(impl::checked_policy<Functor>("parallel_for", impl::label_c_str(label), policy), functor);
}

template <class PolicyOrCount, class Functor>
HPAR_ANNOTATE("hpar::parallel_for")
inline impl::if_not_label<PolicyOrCount> parallel_for(const PolicyOrCount& policy,
                                                      const Functor& functor) {
  HPAR_IMPL_REQUIRE_TRANSLATED(PolicyOrCount, Functor);
  impl::serial_for(impl::checked_policy<Functor>("parallel_for", "", policy), functor);
}

// ---- parallel_reduce ------------------------------------------------------------------------------

template <class Label, class PolicyOrCount, class Functor, class... Results>
HPAR_ANNOTATE("hpar::parallel_reduce")
inline impl::if_label<Label> parallel_reduce(const Label& label, const PolicyOrCount& policy,
                                             const Functor& functor, Results&&... results) {
  HPAR_IMPL_REQUIRE_TRANSLATED(PolicyOrCount, Functor);
  impl::serial_reduce(impl::checked_policy<Functor>("parallel_reduce", impl::label_c_str(label), policy), functor, std::forward<Results>(results)...);
}

template <class PolicyOrCount, class Functor, class... Results>
HPAR_ANNOTATE("hpar::parallel_reduce")
inline impl::if_not_label<PolicyOrCount> parallel_reduce(const PolicyOrCount& policy,
                                                         const Functor& functor,
                                                         Results&&... results) {
  HPAR_IMPL_REQUIRE_TRANSLATED(PolicyOrCount, Functor);
  impl::serial_reduce(impl::checked_policy<Functor>("parallel_reduce", "", policy), functor, std::forward<Results>(results)...);
}

// ---- parallel_scan --------------------------------------------------------------------------------

template <class Label, class PolicyOrCount, class Functor>
HPAR_ANNOTATE("hpar::parallel_scan")
inline impl::if_label<Label> parallel_scan(const Label& label, const PolicyOrCount& policy,
                                           const Functor& functor) {
  HPAR_IMPL_REQUIRE_TRANSLATED(PolicyOrCount, Functor);
  impl::serial_scan(impl::checked_policy<Functor>("parallel_scan", impl::label_c_str(label), policy), functor);
}

template <class Label, class PolicyOrCount, class Functor, class Total>
HPAR_ANNOTATE("hpar::parallel_scan")
inline impl::if_label<Label> parallel_scan(const Label& label, const PolicyOrCount& policy,
                                           const Functor& functor, Total&& total) {
  HPAR_IMPL_REQUIRE_TRANSLATED(PolicyOrCount, Functor);
  impl::serial_scan(impl::checked_policy<Functor>("parallel_scan", impl::label_c_str(label), policy), functor, std::forward<Total>(total));
}

template <class PolicyOrCount, class Functor>
HPAR_ANNOTATE("hpar::parallel_scan")
inline impl::if_not_label<PolicyOrCount> parallel_scan(const PolicyOrCount& policy,
                                                       const Functor& functor) {
  HPAR_IMPL_REQUIRE_TRANSLATED(PolicyOrCount, Functor);
  impl::serial_scan(impl::checked_policy<Functor>("parallel_scan", "", policy), functor);
}

template <class PolicyOrCount, class Functor, class Total>
HPAR_ANNOTATE("hpar::parallel_scan")
inline impl::if_not_label<PolicyOrCount> parallel_scan(const PolicyOrCount& policy,
                                                       const Functor& functor, Total&& total) {
  HPAR_IMPL_REQUIRE_TRANSLATED(PolicyOrCount, Functor);
  impl::serial_scan(impl::checked_policy<Functor>("parallel_scan", "", policy), functor, std::forward<Total>(total));
}

}  // namespace hpar
