// A templated team kernel kept in a header, as Kokkos code keeps its kernels, with a plain
// dispatch beside it; included by header_dispatch.cpp (through wrapper.hpp) and other.cpp.
#ifndef TEAM_KERNEL_HPP
#define TEAM_KERNEL_HPP

#include <Kokkos_Core.hpp>

#include "detail.hpp"

// y(row) = sum over j of scaled(A(row, j)): one team per row.
template <class MatrixView, class VectorView>
void row_sums(const MatrixView& A, const VectorView& y) {
  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  const int cols = int(A.extent(1));
  Kokkos::parallel_for("row_sums", team_policy(int(A.extent(0)), Kokkos::AUTO),
                       KOKKOS_LAMBDA(const member_type& team) {
                         const int row = team.league_rank();
                         double sum = 0;
                         Kokkos::parallel_reduce(
                             Kokkos::TeamThreadRange(team, cols),
                             [&](const int j, double& partial) { partial += scaled(A(row, j)); },
                             sum);
                         Kokkos::single(Kokkos::PerTeam(team), [&]() { y(row) = sum; });
                       });
}

inline double largest(const Kokkos::View<double*>& y) {
  double most = 0;
  Kokkos::parallel_reduce(
      "largest", y.extent(0),
      KOKKOS_LAMBDA(const int i, double& m) { m = y(i) > m ? y(i) : m; }, Kokkos::Max<double>(most));
  return most;
}

#endif
