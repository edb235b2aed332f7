// The header of kokkos_out_of_line_members.cpp: a per-team helper whose constructor (taking the
// team member) and destructor are declared in the class and defined after it, in a second header
// it includes, as ExaMiniMD's SNA (sna.h, sna_impl.hpp) is written.
#pragma once
#include <Kokkos_Core.hpp>

class Basis {
 public:
  using member_type = Kokkos::TeamPolicy<>::member_type;
  Kokkos::View<double*> weights;
  double scale = 1.0;
  int rank_seen = -1;

  Basis() = default;
  KOKKOS_INLINE_FUNCTION Basis(const Basis& other, const member_type& team);
  KOKKOS_INLINE_FUNCTION ~Basis();
  KOKKOS_INLINE_FUNCTION double weight(int i) const { return scale * weights(i); }
};

#include "kokkos_out_of_line_members_impl.hpp"
