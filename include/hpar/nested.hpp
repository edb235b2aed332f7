// hpar: nested parallelism inside a team functor — TeamThreadRange, ThreadVectorRange,
// TeamVectorRange, the nested parallel_for / parallel_reduce / parallel_scan over them, and
// single(PerTeam | PerThread).
//
// Levels and their participants (docs/design.md section 8):
//   ThreadLevel      TeamThreadRange:   the team's threads; the lanes of a thread run the same
//                                       iterations (a team functor runs on every lane);
//   VectorLevel      ThreadVectorRange: the vector lanes of the calling thread;
//   TeamVectorLevel  TeamVectorRange:   every lane of every thread of the team.
// The patterns here are written once, over what each build's team member provides for a level:
//   impl_rank(level), impl_size(level)       this participant's position, how many there are;
//   impl_reduce(level, value, join)          combines one value per participant; all get it;
//   impl_exclusive_scan(level, value, join, identity, total)
//                                            exclusive prefix in rank order, and the total;
//   impl_broadcast(level, value, root)       root's value (from its lane 0) to all;
//   impl_team_leader(), impl_lane_leader()   thread 0 lane 0 of the team / lane 0 of a thread;
//   impl_lane_sync()                         the calling thread's lanes meet and see each
//                                            other's writes (CUDA: __syncwarp of the lanes).
// Every participant of a level must reach a nested reduce or scan (as in Kokkos). A nested
// parallel_for over TeamThreadRange or TeamVectorRange has no barrier after it (team_barrier()
// is the user's to write); one over ThreadVectorRange, a vector-level scan, and single end with
// impl_lane_sync(), as Kokkos' CUDA backend ends them with __syncwarp: the lanes of a thread may
// then read what the others wrote in it (a layer of a SNAP kernel's scratch built by one vector
// loop and read by the next at other lanes' indices). A vector-level reduce ends with its own
// exchange among the lanes (warp shuffles) and nothing more, as in Kokkos.
//
// A nested scan visits the range in chunks of impl_size(level) consecutive indices: each
// participant calls the closure with final == false to learn its contribution, the level scans
// the contributions, and each participant calls the closure again with final == true and its
// exclusive prefix. Scans are sums of the closure's value type, as in Kokkos.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "impl/functor_traits.hpp"
#include "impl/primitives.hpp"
#include "reduce_spec.hpp"
#include "reducers.hpp"
#include "team.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

// NestedRange is annotated, as the level tags are (impl/team_member_api.hpp): hpar-translate
// recognises a nested range by them (rewriter/analysis/Constructs.cpp), never by spelled names.

/// The indices [begin, end) of one nested level of one team member.
template <class Level, class Index, class Member>
struct HPAR_ANNOTATE("hpar::nested_range") NestedRange {
  using work_tag = void;  // what a ReducerSpec over this range asks of its policy
  using level = Level;
  using index_type = Index;
  using member_type = Member;
  const Member* member;
  Index begin;
  Index end;
};

/// A scalar nested-reduction result: a sum written back into the caller's variable. Each
/// participant starts from a value-initialised T (0 for arithmetic types), as Kokkos starts a
/// nested reduction into a value: a user type (a 3-vector with +=) needs no reduction_identity.
template <class T>
struct NestedSum {
  using reducer = NestedSum;
  using value_type = T;
  T* target;
  HPAR_HD void join(T& dst, const T& src) const { dst += src; }
  HPAR_HD void init(T& v) const { v = T(); }
  HPAR_HD T& reference() const { return *target; }
};

/// A nested-reduction result as a reducer: reducers pass through, a scalar becomes a sum.
template <class R>
HPAR_HD auto nested_reducer(R& result) {
  if constexpr (is_reducer<R>::value)
    return std::remove_cv_t<R>(result);
  else
    return NestedSum<R>{&result};
}
template <class R, class = std::enable_if_t<is_reducer<R>::value>>
HPAR_HD R nested_reducer(const R& reducer) {
  return reducer;
}

/// Whether a nested reduction's closure defines its reduction (init, join or final for V).
template <class F, class V>
constexpr bool defines_reduction() {
  using hooks = functor_hooks<F, void, V&, const V&>;
  return hooks::init || hooks::join || hooks::final;
}

/// A spec's join(dst*, src*) as the join(dst&, src&) the team members' collectives call.
template <class Spec>
struct JoinThrough {
  const Spec* spec;
  HPAR_HD void join(typename Spec::value_type& dst, const typename Spec::value_type& src) const {
    spec->join(&dst, &src);
  }
};

/// The value type of a nested scan: the closure's update parameter, else the total's type.
template <class F, class Total>
struct nested_scan_value {
  using from_call = typename call_parameter<F, 1>::type;
  using type = std::conditional_t<std::is_void<from_call>::value, Total, from_call>;
};

/// Whether a team member scans a whole range of a level itself (the CUDA member does, and the
/// OpenMP one, for several chunks per barrier); the others use the chunk loop below.
template <class M, class L, class I, class F, class T, class = void>
struct has_scan_range : std::false_type {};
template <class M, class L, class I, class F, class T>
struct has_scan_range<M, L, I, F, T,
                      std::void_t<decltype(std::declval<const M&>().impl_scan_range(
                          L(), I(), I(), std::declval<const F&>(), std::declval<T*>()))>>
    : std::true_type {};

/// The chunk loop of the file comment: chunks of impl_size(L) indices, one level scan each. The
/// nested scan of members without a scan of their own, and the fallback of those with one.
/// Contributions combine with join.join(dst, src) (a sum, or a reducer's join) and start from
/// `identity`.
template <class L, class I, class M, class F, class T, class Join = ScanSum<T>>
HPAR_HD void chunked_scan(const M& m, I begin, I end, const F& f, T* total, const Join& join = Join(),
                          const T& identity = T()) {
  const I size = I(m.impl_size(L()));
  const I rank = I(m.impl_rank(L()));
  T carry = identity;
  if constexpr (lone_participant_loops) {
    if (size == 1) {
      // The level's one participant: one pass, each call's update the exclusive prefix, as
      // Kokkos' Serial scans (a closure may be called with final == false any number of times).
      for (I i = begin; i < end; ++i) f(i, carry, true);
      if (total) *total = carry;
      return;
    }
  }
  for (I chunk = begin; chunk < end; chunk += size) {
    const I i = chunk + rank;
    T contribution = identity;
    if (i < end) f(i, contribution, false);
    T chunk_total;
    const T prefix = m.impl_exclusive_scan(L(), contribution, join, identity, chunk_total);
    if (i < end) {
      T update = carry;
      join.join(update, prefix);
      f(i, update, true);
    }
    join.join(carry, chunk_total);
  }
  if (total) *total = carry;
}

template <class L, class I, class M, class F, class T>
HPAR_HD void nested_scan(const NestedRange<L, I, M>& r, const F& f, T* total) {
  const M& m = *r.member;
  if constexpr (has_scan_range<M, L, I, F, T>::value)
    m.impl_scan_range(L(), r.begin, r.end, f, total);
  else
    chunked_scan<L>(m, r.begin, r.end, f, total);
}

/// Who runs a single(): PerTeam(team) or PerThread(team).
template <class Member>
struct HPAR_ANNOTATE("hpar::nested::per_team") PerTeamSingle {
  const Member* member;
};
template <class Member>
struct HPAR_ANNOTATE("hpar::nested::per_thread") PerThreadSingle {
  const Member* member;
};

template <class I0, class I1>
using nested_index_t = std::common_type_t<I0, I1>;

#if defined(__HPAR_TRANSLATING__)
/// Whether a nested scan over indices I with value type V and a total of type Total compiles
/// (see HPAR_IMPL_IF_FITS): the value type is known, the total has it, and the closure takes
/// (i, update, final) as nested_scan calls it.
template <class F, class I, class V, class Total>
constexpr bool nested_scan_fits() {
  if constexpr (std::is_void<V>::value || !std::is_same<V, Total>::value)
    return false;
  else
    return callable_as<void, F, const I&, V&, bool>();
}
#endif

}  // namespace impl

// ---- nested ranges ---------------------------------------------------------------------------------

/// [0, count) over the team's threads.
template <class Member, class N, class = std::enable_if_t<std::is_integral<N>::value>>
HPAR_ANNOTATE("hpar::nested::team_thread")
HPAR_HD inline impl::NestedRange<impl::ThreadLevel, N, Member> TeamThreadRange(const Member& m,
                                                                              N count) {
  return {&m, N(0), count};
}
/// [begin, end) over the team's threads.
template <class Member, class B, class E,
          class = std::enable_if_t<std::is_integral<B>::value && std::is_integral<E>::value>>
HPAR_ANNOTATE("hpar::nested::team_thread")
HPAR_HD inline impl::NestedRange<impl::ThreadLevel, impl::nested_index_t<B, E>, Member>
TeamThreadRange(const Member& m, B begin, E end) {
  return {&m, impl::nested_index_t<B, E>(begin), impl::nested_index_t<B, E>(end)};
}
/// [0, count) over the calling thread's vector lanes.
template <class Member, class N, class = std::enable_if_t<std::is_integral<N>::value>>
HPAR_ANNOTATE("hpar::nested::thread_vector")
HPAR_HD inline impl::NestedRange<impl::VectorLevel, N, Member> ThreadVectorRange(const Member& m,
                                                                                N count) {
  return {&m, N(0), count};
}
/// [begin, end) over the calling thread's vector lanes.
template <class Member, class B, class E,
          class = std::enable_if_t<std::is_integral<B>::value && std::is_integral<E>::value>>
HPAR_ANNOTATE("hpar::nested::thread_vector")
HPAR_HD inline impl::NestedRange<impl::VectorLevel, impl::nested_index_t<B, E>, Member>
ThreadVectorRange(const Member& m, B begin, E end) {
  return {&m, impl::nested_index_t<B, E>(begin), impl::nested_index_t<B, E>(end)};
}
/// [0, count) over every lane of every thread of the team.
template <class Member, class N, class = std::enable_if_t<std::is_integral<N>::value>>
HPAR_ANNOTATE("hpar::nested::team_vector")
HPAR_HD inline impl::NestedRange<impl::TeamVectorLevel, N, Member> TeamVectorRange(const Member& m,
                                                                                  N count) {
  return {&m, N(0), count};
}
/// [begin, end) over every lane of every thread of the team.
template <class Member, class B, class E,
          class = std::enable_if_t<std::is_integral<B>::value && std::is_integral<E>::value>>
HPAR_ANNOTATE("hpar::nested::team_vector")
HPAR_HD inline impl::NestedRange<impl::TeamVectorLevel, impl::nested_index_t<B, E>, Member>
TeamVectorRange(const Member& m, B begin, E end) {
  return {&m, impl::nested_index_t<B, E>(begin), impl::nested_index_t<B, E>(end)};
}

// ---- nested patterns --------------------------------------------------------------------------------

namespace impl {
/// Whether M is a team member (what a TeamPolicy functor receives).
template <class M, class = void>
struct is_team_member : std::false_type {};
template <class M>
struct is_team_member<M, std::void_t<decltype(std::declval<const M&>().league_rank()),
                                     decltype(std::declval<const M&>().team_rank())>>
    : std::true_type {};
}  // namespace impl

// A nested pattern over a range made from something that is not a team member (TeamThreadRange(i,
// n) in a RangePolicy kernel whose index is `auto i`) is hpar-nested-outside-team, which
// hpar-translate reports at the user's line: while it parses, the pattern's body is not
// instantiated for such a range, so that no template error from this header comes first.
#if defined(__HPAR_TRANSLATING__)
#define HPAR_IMPL_IF_TEAM_MEMBER(M) if constexpr (!::hpar::impl::is_team_member<M>::value) {} else
#else
#define HPAR_IMPL_IF_TEAM_MEMBER(M)
#endif

namespace impl {
// unreduced_index(i), a device primitive (impl/primitives.hpp): `i` as the body of a short loop
// over it uses it: in the OpenMP output's device code for an NVIDIA GPU (clang), hidden from
// LLVM's loop strength reduction, so that each address the body forms from `i` is formed afresh
// in each pass; elsewhere `i` itself. Strength reduction keeps one pointer per address across the
// loop instead (two registers each, and their set-up before the loop), which pays over long
// loops and costs over the few passes a GPU thread makes of an MDRange row or a lane of a vector
// range: stencil3d took 0.84 against 0.81 ms, spmv 0.87 against 0.80 with it, on an H200
// (docs/performance.md, 2026-11-28 11:16).

/// Calls visit(i) for this participant's indices of r: from begin + its rank, in steps of the
/// level's size. With Unroll, the thread and team-vector levels take four indices per step while
/// four remain, so that a participant has four calls' loads in flight at once; vector-level
/// ranges are short and stay one index per step (the unrolled loop would only add registers).
/// The remaining distance is taken unsigned, which is exact whenever i < end. A vector-level
/// range passes unreduced_index(i): a lane makes few passes of it. The thread level's ranges can
/// be long: big_scratch's tuned variant took 0.86 ms with it, 0.77 without, on an H200.
template <bool Unroll, class L, class I, class M, class Visit>
HPAR_HD inline void nested_walk(const NestedRange<L, I, M>& r, const Visit& visit) {
  const M& m = *r.member;
  const I stride = I(m.impl_size(L()));
  I i = r.begin + I(m.impl_rank(L()));
  if constexpr (lone_participant_loops) {
    if (stride == 1) {  // the level's one participant: every index, in a loop of unit stride
      for (; i < r.end; ++i) visit(i);
      return;
    }
  }
  if constexpr (Unroll && !std::is_same<L, VectorLevel>::value) {
    using U = std::make_unsigned_t<I>;
    while (i < r.end && U(r.end) - U(i) > U(3) * U(stride)) {
      visit(i);
      visit(I(i + stride));
      visit(I(i + 2 * stride));
      visit(I(i + 3 * stride));
      i += 4 * stride;
    }
  }
  if constexpr (std::is_same<L, VectorLevel>::value) {
    for (; i < r.end; i += stride) visit(unreduced_index(i));
  } else {
    for (; i < r.end; i += stride) visit(i);
  }
}
}  // namespace impl

namespace impl {
/// After a vector-level pattern: the thread's lanes meet and see each other's writes (see the
/// top of this file). Thread and team-vector levels: nothing.
template <class L, class M>
HPAR_HD inline void after_level(const M& m) {
  if constexpr (std::is_same<L, VectorLevel>::value) m.impl_lane_sync();
}
}  // namespace impl

/// f(i) for every index of the range, shared among the level's participants. No barrier follows
/// at the thread and team-vector levels; at the vector level the thread's lanes meet.
template <class L, class I, class M, class F>
HPAR_ANNOTATE("hpar::nested::parallel_for")
HPAR_HD inline void parallel_for(const impl::NestedRange<L, I, M>& r, const F& f) {
  HPAR_IMPL_IF_TEAM_MEMBER(M)
  HPAR_IMPL_IF_FITS(impl::callable_as<void, F, I&>()) {
    impl::nested_walk<false>(r, f);
    impl::after_level<L>(*r.member);
  }
}

namespace impl {
/// The nested parallel_for above, four indices per step while four remain at the thread and
/// team-vector levels, so that a participant has four calls' loads in flight. hpar-translate
/// calls it in place of parallel_for for closures it finds light enough (straight-line code with
/// at most two element accesses and no other calls, docs/design.md section 8): a heavier closure
/// unrolled four times can need so many more registers that fewer teams fit on a multiprocessor.
template <class L, class I, class M, class F>
HPAR_HD inline void unrolled_parallel_for(const NestedRange<L, I, M>& r, const F& f) {
  HPAR_IMPL_IF_TEAM_MEMBER(M) {
    nested_walk<true>(r, f);
    after_level<L>(*r.member);
  }
}
}  // namespace impl

/// f(i, value...) for every index; the combined value(s) go to every result, on every
/// participant. A result is a scalar (summed) or a reducer; several results reduce at once.
template <class L, class I, class M, class F, class R0, class... R>
HPAR_ANNOTATE("hpar::nested::parallel_reduce")
HPAR_HD inline void parallel_reduce(const impl::NestedRange<L, I, M>& r, const F& f, R0&& result,
                                    R&&... more) {
  HPAR_IMPL_IF_TEAM_MEMBER(M) {
    const M& m = *r.member;
    using R0v = std::remove_cv_t<std::remove_reference_t<R0>>;
    if constexpr (sizeof...(R) == 0 && !is_reducer<R0v>::value &&
                  impl::defines_reduction<F, R0v>()) {
      // A closure that defines init, join or final (a functor class) reduces with them into a
      // plain result, as Kokkos reduces with the functor it is given.
      using Spec = impl::FunctorReduceSpec<impl::NestedRange<L, I, M>, F, R0v>;
      const Spec spec(f, 1, impl::ResultTarget{nullptr, impl::Space::host});
      R0v acc;
      spec.init(&acc);
      impl::nested_walk<true>(r, [&](const I i) { spec.call(f, &acc, i); });
      m.impl_reduce(L(), acc, impl::JoinThrough<Spec>{&spec});
      spec.final(&acc);
      result = acc;
    } else {
      using Spec = impl::ReducerSpec<impl::NestedRange<L, I, M>, decltype(impl::nested_reducer(result)),
                                     decltype(impl::nested_reducer(more))...>;
      const Spec spec(impl::nested_reducer(result), impl::nested_reducer(more)...);
      typename Spec::value_type acc;
      spec.init(&acc);
      // Four indices per step (nested_walk): a memory-bound team reduction such as y^T A x waits
      // on one load per iteration otherwise.
      impl::nested_walk<true>(r, [&](const I i) { spec.call(f, &acc, i); });
      m.impl_reduce(L(), acc, impl::JoinThrough<Spec>{&spec});
      spec.final(&acc);  // a reducer's final, as Kokkos applies it
      spec.store_references(&acc);
    }
    // No lane synchronisation after it, as in Kokkos' CUDA backend: at the vector level the
    // reduction itself is an exchange among the thread's lanes (warp shuffles).
  }
}

/// f(i, update, final) in index order across the level: update holds the exclusive prefix sum.
template <class L, class I, class M, class F>
HPAR_ANNOTATE("hpar::nested::parallel_scan")
HPAR_HD inline void parallel_scan(const impl::NestedRange<L, I, M>& r, const F& f) {
  using T = typename impl::nested_scan_value<F, void>::type;
  HPAR_IMPL_IF_TEAM_MEMBER(M)
  HPAR_IMPL_IF_FITS(impl::nested_scan_fits<F, I, T, T>()) {
    static_assert(!std::is_void<T>::value,
                  "hpar::parallel_scan: cannot tell the scan's value type; give the closure a "
                  "non-generic update parameter or pass a total");
    impl::nested_scan(r, f, static_cast<T*>(nullptr));
    impl::after_level<L>(*r.member);
  }
}

/// As above; `total` receives the sum over the whole range on every participant.
template <class L, class I, class M, class F, class T,
          class = std::enable_if_t<!is_reducer<std::remove_cv_t<T>>::value>>
HPAR_ANNOTATE("hpar::nested::parallel_scan")
HPAR_HD inline void parallel_scan(const impl::NestedRange<L, I, M>& r, const F& f, T& total) {
  using V = typename impl::nested_scan_value<F, T>::type;
  HPAR_IMPL_IF_TEAM_MEMBER(M)
  HPAR_IMPL_IF_FITS(impl::nested_scan_fits<F, I, V, T>()) {
    static_assert(std::is_same<V, T>::value,
                  "hpar::parallel_scan: the total's type differs from the scan's value type");
    impl::nested_scan(r, f, &total);
    impl::after_level<L>(*r.member);
  }
}

/// A scan over the calling thread's vector lanes that combines with a reducer (Kokkos has this
/// form for ThreadVectorRange only): update starts from the reducer's identity (init), prefixes
/// are joined with its join, and the reducer's reference receives the whole range's combined
/// value on every lane, as Kokkos' CUDA backend does.
template <class I, class M, class F, class R,
          class = std::enable_if_t<is_reducer<std::remove_cv_t<std::remove_reference_t<R>>>::value>>
HPAR_ANNOTATE("hpar::nested::parallel_scan")
HPAR_HD inline void parallel_scan(const impl::NestedRange<impl::VectorLevel, I, M>& r, const F& f,
                                  R&& reducer) {
  using T = typename std::remove_cv_t<std::remove_reference_t<R>>::value_type;
  HPAR_IMPL_IF_TEAM_MEMBER(M)
  HPAR_IMPL_IF_FITS(impl::nested_scan_fits<F, I, T, T>()) {
    T identity;
    reducer.init(identity);
    T total;
    impl::chunked_scan<impl::VectorLevel>(*r.member, r.begin, r.end, f, &total, reducer, identity);
    reducer.reference() = total;
    impl::after_level<impl::VectorLevel>(*r.member);
  }
}

// ---- single --------------------------------------------------------------------------------------------

template <class Member, class = std::enable_if_t<!std::is_arithmetic<Member>::value>>
HPAR_HD inline impl::PerTeamSingle<Member> PerTeam(const Member& m) {
  return {&m};
}
template <class Member, class = std::enable_if_t<!std::is_arithmetic<Member>::value>>
HPAR_HD inline impl::PerThreadSingle<Member> PerThread(const Member& m) {
  return {&m};
}
/// Scratch sizes for TeamPolicy::set_scratch_size: `bytes` per team, or per thread.
template <class N, class = std::enable_if_t<std::is_integral<N>::value>>
HPAR_HD inline impl::PerTeamValue PerTeam(N bytes) {
  return {size_t(bytes)};
}
template <class N, class = std::enable_if_t<std::is_integral<N>::value>>
HPAR_HD inline impl::PerThreadValue PerThread(N bytes) {
  return {size_t(bytes)};
}

/// f() once per team (thread 0, lane 0). No team barrier follows; each thread's lanes meet (as
/// in Kokkos' CUDA backend), so thread 0's other lanes see what f wrote.
template <class M, class F>
HPAR_ANNOTATE("hpar::nested::single")
HPAR_HD inline void single(const impl::PerTeamSingle<M>& s, const F& f) {
  if (s.member->impl_team_leader()) impl::call_functor<void>(f);
  s.member->impl_lane_sync();
}
/// f(value) once per team; then every thread and lane of the team holds that value.
template <class M, class F, class T>
HPAR_ANNOTATE("hpar::nested::single")
HPAR_HD inline void single(const impl::PerTeamSingle<M>& s, const F& f, T& value) {
  if (s.member->impl_team_leader()) impl::call_functor<void>(f, value);
  s.member->impl_broadcast(impl::ThreadLevel(), value, 0);
}
/// f() once per thread (lane 0); then the thread's lanes meet and see what f wrote.
template <class M, class F>
HPAR_ANNOTATE("hpar::nested::single")
HPAR_HD inline void single(const impl::PerThreadSingle<M>& s, const F& f) {
  if (s.member->impl_lane_leader()) impl::call_functor<void>(f);
  s.member->impl_lane_sync();
}
/// f(value) once per thread; then every lane of the thread holds that value, and sees what f
/// wrote.
template <class M, class F, class T>
HPAR_ANNOTATE("hpar::nested::single")
HPAR_HD inline void single(const impl::PerThreadSingle<M>& s, const F& f, T& value) {
  if (s.member->impl_lane_leader()) impl::call_functor<void>(f, value);
  s.member->impl_lane_sync();
  s.member->impl_broadcast(impl::VectorLevel(), value, 0);
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
