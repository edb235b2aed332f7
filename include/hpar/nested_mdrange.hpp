// hpar: team-level MDRange policies — TeamThreadMDRange, ThreadVectorMDRange, TeamVectorMDRange —
// and the nested parallel_for / parallel_reduce over them (docs/design.md section 8).
//
// A range of rank N (2 to 8) is the box [0, n0) x ... x [0, nN-1), walked in the order of its
// Rank's outer direction: Iterate::Right moves index N-1 fastest, Iterate::Left index 0, and
// Iterate::Default follows the build's default layout exactly as MDRangePolicy does (Left on CUDA
// and OpenMP for a GPU, Right in the serial build and OpenMP for the host). There are no tiles, so the inner direction has no
// effect (as in Kokkos). The participants share the box as in Kokkos, threads on the slowest
// index and vector lanes on the fastest:
//   TeamThreadMDRange    the slowest index over the team's threads (ThreadLevel), the other
//                        indices serial; the lanes of a thread run the same iterations;
//   ThreadVectorMDRange  the fastest index over the calling thread's lanes (VectorLevel), the
//                        other indices serial;
//   TeamVectorMDRange    every lane of every thread: the fastest index over as many of them
//                        as it has values (lanes first, then threads), the slowest over the
//                        groups of that many; with vector length n (the fastest extent) this
//                        is the threads on the slowest index and the lanes on the fastest; a
//                        reduction combines every lane of every thread (TeamVectorLevel).
// Like the one-dimensional patterns of nested.hpp, these are written once over the team member's
// impl_rank / impl_size / impl_reduce, so every build runs them as they are and the translator
// leaves them as written. As there, a nested parallel_for has no barrier after it, and a nested
// parallel_reduce hands the result to every participant (every participant must reach it).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "impl/primitives.hpp"
#include "macros.hpp"
#include "nested.hpp"
#include "policies.hpp"
#include "reduce_spec.hpp"

namespace hpar {

namespace impl {

/// The rank and walking order a Rank<N, Outer, Inner> argument asks for; read from the template
/// arguments without instantiating Rank, so that a wrong rank is reported by the range's own
/// static_assert (which names the range) rather than by Rank's.
template <class R>
struct md_rank_of {
  static constexpr unsigned rank = 0;
  static constexpr bool left = false;
};
template <unsigned N, Iterate Outer, Iterate Inner>
struct md_rank_of<Rank<N, Outer, Inner>> {
  static constexpr unsigned rank = N;
  static constexpr bool left = iterate_left(Outer);
};

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// The box of a team-level MDRange and the team member whose participants share it. Level is
/// the level a reduction combines over (ThreadLevel, VectorLevel or TeamVectorLevel); Left says
/// that index 0 moves fastest.
template <class Level, unsigned N, bool Left, class Member>
struct NestedMDRange {
  using work_tag = void;  // what a ReducerSpec over this range asks of its policy
  using level = Level;
  using member_type = Member;
  enum : int { rank = int(N) };

  /// The dimension walked k-th from the outside: k = 0 is the slowest, k = rank - 1 the fastest.
  HPAR_HD static constexpr int dimension(int k) { return Left ? rank - 1 - k : k; }

  template <class... E>
  HPAR_HD NestedMDRange(const Member& team, E... extents)
      : member(&team), extent{static_cast<int>(extents)...} {
    static_assert(sizeof...(E) == N,
                  "hpar: a team-level MDRange of Rank<N> takes exactly N extents after the team");
    static_assert((std::is_integral<E>::value && ...),
                  "hpar: the extents of a team-level MDRange must be integers");
  }

  const Member* member;
  int extent[N > 0 ? N : 1];  // a wrong rank is reported by the range class, not here
};

/// This participant's share of an MD range: the slowest dimension from thread_first in steps of
/// thread_step, the fastest from lane_first in steps of lane_step; 0 and 1 where the range's
/// level does not split that dimension. (For TeamVectorMDRange "thread" and "lane" name the two
/// dimensions' shares, not the participant's thread and lane: see md_share.)
struct MDShare {
  int thread_first, thread_step, lane_first, lane_step;
};

template <class L, unsigned N, bool Left, class M>
HPAR_HD MDShare md_share(const NestedMDRange<L, N, Left, M>& r) {
  MDShare s{0, 1, 0, 1};
  if constexpr (std::is_same<L, TeamVectorLevel>::value) {
    // Every lane of every thread is one participant p, numbered lane fastest (on CUDA the order
    // of the block's threads, so consecutive p are consecutive threads of a warp): the first
    // min(P, n) of them take the fastest dimension (extent n) and the groups of that many take
    // the slowest. A vector length below the fastest extent (1 by default) thus still gives a
    // warp consecutive indices of the fastest dimension, where the threads alone would share
    // only the slowest; with vector length n it is the split of threads and lanes.
    using Range = NestedMDRange<L, N, Left, M>;
    const int lanes = r.member->impl_size(VectorLevel());
    const int all = r.member->impl_size(ThreadLevel()) * lanes;
    const int p = r.member->impl_rank(ThreadLevel()) * lanes + r.member->impl_rank(VectorLevel());
    const int fastest = r.extent[Range::dimension(int(N) - 1)];
    const int width = all < fastest ? all : (fastest > 0 ? fastest : 1);
    const int groups = all / width;
    s.lane_first = p % width;
    s.lane_step = width;
    // The participants past the last whole group have no share.
    s.thread_first = p < groups * width ? p / width : r.extent[Range::dimension(0)];
    s.thread_step = groups;
    return s;
  }
  if constexpr (!std::is_same<L, VectorLevel>::value) {
    s.thread_first = r.member->impl_rank(ThreadLevel());
    s.thread_step = r.member->impl_size(ThreadLevel());
  }
  if constexpr (!std::is_same<L, ThreadLevel>::value) {
    s.lane_first = r.member->impl_rank(VectorLevel());
    s.lane_step = r.member->impl_size(VectorLevel());
  }
  return s;
}

/// Calls visit(idx) for every index idx of the box in this participant's share: one loop per
/// dimension, the K-th slowest at depth K.
///
/// With Jam > 1, the second-fastest loop takes Jam of its indices per pass of the fastest loop
/// (unroll and jam): the Jam visits of one pass are independent, so their loads are in flight
/// together. A nested MDRange loop nest otherwise has one load in flight per participant; the
/// team_mdrange benchmark (A = B + C over 32^4 per team) ran at 0.32x of hand-written CUDA
/// without it, 0.72x with Jam 4 and 1.0x with Jam 8 on an H100.
template <int K, int Jam, class L, unsigned N, bool Left, class M, class Visit>
HPAR_HD void md_walk(const NestedMDRange<L, N, Left, M>& r, const MDShare& s, int (&idx)[N],
                     const Visit& visit) {
  using Range = NestedMDRange<L, N, Left, M>;
  if constexpr (K == int(N)) {
    visit(idx);
  } else {
    constexpr int d = Range::dimension(K);
    const int first = K == 0 ? s.thread_first : (K == int(N) - 1 ? s.lane_first : 0);
    const int step = K == 0 ? s.thread_step : (K == int(N) - 1 ? s.lane_step : 1);
    int x = first;
    if constexpr (Jam > 1 && K == int(N) - 2) {
      constexpr int e = Range::dimension(K + 1);
      const int n = r.extent[d];
      // Whole passes while Jam indices remain; the distance is taken unsigned (exact, x < n).
      for (; x < n && unsigned(n - x) > unsigned(Jam - 1) * unsigned(step); x += Jam * step)
        for (idx[e] = s.lane_first; idx[e] < r.extent[e]; idx[e] += s.lane_step) {
          for (int u = 0; u < Jam; ++u) {
            idx[d] = x + u * step;
            visit(idx);
          }
        }
    }
    for (idx[d] = x; idx[d] < r.extent[d]; idx[d] += step) md_walk<K + 1, Jam>(r, s, idx, visit);
  }
}

template <class F, unsigned N, size_t... K>
HPAR_HD void md_call(const F& f, const int (&idx)[N], std::index_sequence<K...>) {
  call_functor<void>(f, idx[K]...);
}

/// What md_walk does at each index for a parallel_for: f(i0, ..., iN-1).
template <class F>
struct MDForVisit {
  const F* f;
  template <unsigned N>
  HPAR_HD void operator()(const int (&idx)[N]) const {
    md_call(*f, idx, std::make_index_sequence<N>());
  }
};

/// What md_walk does at each index for a parallel_reduce: f(i0, ..., iN-1, value...).
template <class Spec, class F>
struct MDReduceVisit {
  const Spec* spec;
  const F* f;
  typename Spec::value_type* acc;
  template <unsigned N, size_t... K>
  HPAR_HD void call(const int (&idx)[N], std::index_sequence<K...>) const {
    spec->call(*f, acc, idx[K]...);
  }
  template <unsigned N>
  HPAR_HD void operator()(const int (&idx)[N]) const {
    call(idx, std::make_index_sequence<N>());
  }
};

// md_for_jam, the jam of md_walk for a parallel_for, is a device primitive (impl/primitives.hpp):
// 8 in device code for an NVIDIA GPU (the CUDA output, and the OpenMP output built by clang),
// where the loads of one participant are what limits an element-wise nest; 1 elsewhere (the host
// builds and reductions gain little and would compile eight copies of the closure).

/// Visits this participant's share of the indices of r.
template <int Jam, class L, unsigned N, bool Left, class M, class Visit>
HPAR_HD void md_visit_share(const NestedMDRange<L, N, Left, M>& r, const Visit& visit) {
#if defined(__HPAR_TRANSLATING__)
  // A range without extents has no index array; hpar-translate reports its rank
  // (hpar-nested-mdrange-rank), so its parse must not stop here first.
  if constexpr (N == 0) return;
  else
#endif
  {
    int idx[N];
    md_walk<0, Jam>(r, md_share(r), idx, visit);
  }
}

template <class L, unsigned N, bool Left, class M, class F>
HPAR_HD void md_for(const NestedMDRange<L, N, Left, M>& r, const F& f) {
  md_visit_share<md_for_jam>(r, MDForVisit<F>{&f});
}

/// The nested reduction of nested.hpp's parallel_reduce, over an MD range: each participant
/// accumulates its share, the range's level combines the values, every result gets the total.
template <class L, unsigned N, bool Left, class M, class F, class R0, class... R>
HPAR_HD void md_reduce(const NestedMDRange<L, N, Left, M>& r, const F& f, R0& result, R&... more) {
  using Spec = ReducerSpec<NestedMDRange<L, N, Left, M>, decltype(nested_reducer(result)),
                           decltype(nested_reducer(more))...>;
  const Spec spec(nested_reducer(result), nested_reducer(more)...);
  typename Spec::value_type acc;
  spec.init(&acc);
  md_visit_share<1>(r, MDReduceVisit<Spec, F>{&spec, &f, &acc});
  r.member->impl_reduce(L(), acc, JoinThrough<Spec>{&spec});
  spec.store_references(&acc);
}

}  // namespace impl

// ---- the ranges ---------------------------------------------------------------------------------------
// The first template argument must be Rank<N, ...> with N from 2 to 8; the deduction guides give
// Rank<number of extents> with Iterate::Default.

/// The box (n0, ..., nN-1), its slowest index over the team's threads.
template <class RankT, class Member>
class HPAR_ANNOTATE("hpar::nested::team_thread_mdrange") TeamThreadMDRange
    : public impl::NestedMDRange<impl::ThreadLevel, impl::md_rank_of<RankT>::rank,
                                 impl::md_rank_of<RankT>::left, Member> {
  static_assert(impl::is_rank<RankT>::value,
                "hpar::TeamThreadMDRange<R, member_type>: R must be hpar::Rank<N, ...>");
#if !defined(__HPAR_TRANSLATING__)  // reported by hpar-translate (hpar-nested-mdrange-rank)
  static_assert(impl::md_rank_of<RankT>::rank >= 2 && impl::md_rank_of<RankT>::rank <= 8,
                "hpar::TeamThreadMDRange takes 2 to 8 extents (Rank<2> to Rank<8>); for a single "
                "index use TeamThreadRange(team, n)");
#endif

 public:
  using impl::NestedMDRange<impl::ThreadLevel, impl::md_rank_of<RankT>::rank,
                            impl::md_rank_of<RankT>::left, Member>::NestedMDRange;
};

/// The box (n0, ..., nN-1), its fastest index over the calling thread's vector lanes.
template <class RankT, class Member>
class HPAR_ANNOTATE("hpar::nested::thread_vector_mdrange") ThreadVectorMDRange
    : public impl::NestedMDRange<impl::VectorLevel, impl::md_rank_of<RankT>::rank,
                                 impl::md_rank_of<RankT>::left, Member> {
  static_assert(impl::is_rank<RankT>::value,
                "hpar::ThreadVectorMDRange<R, member_type>: R must be hpar::Rank<N, ...>");
#if !defined(__HPAR_TRANSLATING__)  // reported by hpar-translate (hpar-nested-mdrange-rank)
  static_assert(impl::md_rank_of<RankT>::rank >= 2 && impl::md_rank_of<RankT>::rank <= 8,
                "hpar::ThreadVectorMDRange takes 2 to 8 extents (Rank<2> to Rank<8>); for a single "
                "index use ThreadVectorRange(team, n)");
#endif

 public:
  using impl::NestedMDRange<impl::VectorLevel, impl::md_rank_of<RankT>::rank,
                            impl::md_rank_of<RankT>::left, Member>::NestedMDRange;
};

/// The box (n0, ..., nN-1), its fastest index over the team's lanes and threads (lanes first) and
/// its slowest over the groups they form (impl::md_share).
template <class RankT, class Member>
class HPAR_ANNOTATE("hpar::nested::team_vector_mdrange") TeamVectorMDRange
    : public impl::NestedMDRange<impl::TeamVectorLevel, impl::md_rank_of<RankT>::rank,
                                 impl::md_rank_of<RankT>::left, Member> {
  static_assert(impl::is_rank<RankT>::value,
                "hpar::TeamVectorMDRange<R, member_type>: R must be hpar::Rank<N, ...>");
#if !defined(__HPAR_TRANSLATING__)  // reported by hpar-translate (hpar-nested-mdrange-rank)
  static_assert(impl::md_rank_of<RankT>::rank >= 2 && impl::md_rank_of<RankT>::rank <= 8,
                "hpar::TeamVectorMDRange takes 2 to 8 extents (Rank<2> to Rank<8>); for a single "
                "index use TeamVectorRange(team, n)");
#endif

 public:
  using impl::NestedMDRange<impl::TeamVectorLevel, impl::md_rank_of<RankT>::rank,
                            impl::md_rank_of<RankT>::left, Member>::NestedMDRange;
};

template <class Member, class... E>
TeamThreadMDRange(const Member&, E...) -> TeamThreadMDRange<Rank<sizeof...(E)>, Member>;
template <class Member, class... E>
ThreadVectorMDRange(const Member&, E...) -> ThreadVectorMDRange<Rank<sizeof...(E)>, Member>;
template <class Member, class... E>
TeamVectorMDRange(const Member&, E...) -> TeamVectorMDRange<Rank<sizeof...(E)>, Member>;

namespace impl {

template <bool LastFastest, template <class, class> class Range, unsigned N, Iterate O, Iterate I,
          class M, size_t... K>
HPAR_HD Range<Rank<N, LastFastest ? Iterate::Right : Iterate::Left, I>, M> walk_reordered(
    const Range<Rank<N, O, I>, M>& r, std::index_sequence<K...>) {
  return Range<Rank<N, LastFastest ? Iterate::Right : Iterate::Left, I>, M>(*r.member,
                                                                             r.extent[K]...);
}

/// The same box walked with its last index fastest (walk_last_fastest) or its first
/// (walk_first_fastest). hpar-translate wraps a ThreadVectorMDRange or TeamVectorMDRange in one
/// of them where the Views its closure indexes have stride 1 in the end index that Rank's
/// direction walks slowest (docs/design.md section 8): a nested parallel_for or parallel_reduce
/// promises no order, and its lanes then take the index that keeps a warp's accesses contiguous.
template <template <class, class> class Range, unsigned N, Iterate O, Iterate I, class M>
HPAR_HD auto walk_last_fastest(const Range<Rank<N, O, I>, M>& r) {
  return walk_reordered<true>(r, std::make_index_sequence<N>());
}
template <template <class, class> class Range, unsigned N, Iterate O, Iterate I, class M>
HPAR_HD auto walk_first_fastest(const Range<Rank<N, O, I>, M>& r) {
  return walk_reordered<false>(r, std::make_index_sequence<N>());
}

}  // namespace impl

// ---- the patterns -------------------------------------------------------------------------------------
// One overload per range class (not one over impl::NestedMDRange): a range passed to a
// base-class parameter would lose overload resolution to the top-level dispatch's
// parallel_for(const PolicyOrCount&, ...).

/// f(i0, ..., iN-1) for every index of the box, shared among the team's threads. No barrier
/// follows.
template <class RankT, class M, class F>
HPAR_ANNOTATE("hpar::nested::parallel_for")
HPAR_HD inline void parallel_for(const TeamThreadMDRange<RankT, M>& r, const F& f) {
  impl::md_for(r, f);
}
/// f(i0, ..., iN-1) for every index of the box, shared among the calling thread's lanes; then
/// the lanes meet and see each other's writes (nested.hpp).
template <class RankT, class M, class F>
HPAR_ANNOTATE("hpar::nested::parallel_for")
HPAR_HD inline void parallel_for(const ThreadVectorMDRange<RankT, M>& r, const F& f) {
  impl::md_for(r, f);
  r.member->impl_lane_sync();
}
/// f(i0, ..., iN-1) for every index of the box, shared among every lane of every thread.
template <class RankT, class M, class F>
HPAR_ANNOTATE("hpar::nested::parallel_for")
HPAR_HD inline void parallel_for(const TeamVectorMDRange<RankT, M>& r, const F& f) {
  impl::md_for(r, f);
}

/// f(i0, ..., iN-1, value...) for every index; the combined value(s) go to every result on every
/// participant. A result is a scalar (summed) or a reducer; several results reduce at once.
template <class RankT, class M, class F, class R0, class... R>
HPAR_ANNOTATE("hpar::nested::parallel_reduce")
HPAR_HD inline void parallel_reduce(const TeamThreadMDRange<RankT, M>& r, const F& f, R0&& result,
                                    R&&... more) {
  impl::md_reduce(r, f, result, more...);
}
template <class RankT, class M, class F, class R0, class... R>
HPAR_ANNOTATE("hpar::nested::parallel_reduce")
HPAR_HD inline void parallel_reduce(const ThreadVectorMDRange<RankT, M>& r, const F& f,
                                    R0&& result, R&&... more) {
  impl::md_reduce(r, f, result, more...);
  r.member->impl_lane_sync();
}
template <class RankT, class M, class F, class R0, class... R>
HPAR_ANNOTATE("hpar::nested::parallel_reduce")
HPAR_HD inline void parallel_reduce(const TeamVectorMDRange<RankT, M>& r, const F& f, R0&& result,
                                    R&&... more) {
  impl::md_reduce(r, f, result, more...);
}

HPAR_IMPL_DEVICE_CODE_END

}  // namespace hpar
