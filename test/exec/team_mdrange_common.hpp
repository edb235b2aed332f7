// Shared pieces of the team-level MDRange execution programs (team_mdrange_for,
// team_mdrange_reduce): the three range kinds, a box of extents, its row- and column-major
// linear indices, and the range of a kind over a box. Included after "team_common.hpp".
#pragma once

#include <cstddef>
#include <utility>

enum Kind { kTeamThread, kThreadVector, kTeamVector };
const char* const kKindName[] = {"TeamThreadMDRange", "ThreadVectorMDRange", "TeamVectorMDRange"};

// The extents of one box; trivially copyable, so kernels capture it by value.
template <int R>
struct Box {
  int n[R];
};

template <int R>
HPAR_INLINE_FUNCTION long row_major(const Box<R>& b, const int* i) {
  long lin = 0;
  for (int d = 0; d < R; ++d) lin = lin * b.n[d] + i[d];
  return lin;
}
template <int R>
HPAR_INLINE_FUNCTION long col_major(const Box<R>& b, const int* i) {
  long lin = 0;
  for (int d = R - 1; d >= 0; --d) lin = lin * b.n[d] + i[d];
  return lin;
}

// The range of kind K over the box, spelled as Kokkos spells it.
template <Kind K, class RankT, size_t... D>
HPAR_INLINE_FUNCTION auto md_range(const member_type& team, const int* n, std::index_sequence<D...>) {
  if constexpr (K == kTeamThread)
    return hpar::TeamThreadMDRange<RankT, member_type>(team, n[D]...);
  else if constexpr (K == kThreadVector)
    return hpar::ThreadVectorMDRange<RankT, member_type>(team, n[D]...);
  else
    return hpar::TeamVectorMDRange<RankT, member_type>(team, n[D]...);
}
