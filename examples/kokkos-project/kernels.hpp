// Kernels kept in a header, as Kokkos code keeps them: a templated team kernel and a plain
// reduction, used by both sources of the program.
#ifndef KERNELS_HPP
#define KERNELS_HPP

#include <Kokkos_Core.hpp>

// y(row) = sum over j of A(row, j): one team per row.
template <class MatrixView, class VectorView>
void row_sums(const MatrixView& A, const VectorView& y) {
  using team_policy = Kokkos::TeamPolicy<>;
  const int cols = int(A.extent(1));
  Kokkos::parallel_for(
      "row_sums", team_policy(int(A.extent(0)), Kokkos::AUTO),
      KOKKOS_LAMBDA(const team_policy::member_type& team) {
        const int row = team.league_rank();
        double sum = 0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, cols),
            [&](const int j, double& partial) { partial += A(row, j); }, sum);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { y(row) = sum; });
      });
}

inline double total(const Kokkos::View<double*>& y) {
  double sum = 0;
  Kokkos::parallel_reduce(
      "total", y.extent(0), KOKKOS_LAMBDA(const int i, double& partial) { partial += y(i); }, sum);
  return sum;
}

#endif
