// Out-of-class definitions of kokkos_out_of_line_members.hpp's Basis (no dispatch here).
#pragma once

KOKKOS_INLINE_FUNCTION
Basis::Basis(const Basis& other, const member_type& team) {
  weights = other.weights;
  scale = 2.0 * other.scale;
  rank_seen = team.league_rank();
}

KOKKOS_INLINE_FUNCTION
Basis::~Basis() {}
