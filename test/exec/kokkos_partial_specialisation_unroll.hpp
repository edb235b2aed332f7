// Triad<Scalar, UNROLL> for the UNROLL its includer defines: no include guard, since
// kokkos_partial_specialisation.hpp includes it once per unroll depth.
template <class Scalar>
struct Triad<Scalar, UNROLL> {
  static void run(int n, int repeats, Scalar& sum, Scalar& by_rows) {
    Kokkos::View<Scalar*> a("a", n), b("b", n), c("c", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          b(i) = i % 5;
          c(i) = 1;
        });
    for (int r = 0; r < repeats; ++r)
      Kokkos::parallel_for(
          "triad", Kokkos::RangePolicy<>(0, n / UNROLL), KOKKOS_LAMBDA(const int i) {
            const int j = i * UNROLL;
            a(j) = b(j) + Scalar(UNROLL) * c(j);
#if UNROLL > 1
            a(j + 1) = b(j + 1) + Scalar(UNROLL) * c(j + 1);
#endif
#if UNROLL > 2
            a(j + 2) = b(j + 2) + Scalar(UNROLL) * c(j + 2);
            a(j + 3) = b(j + 3) + Scalar(UNROLL) * c(j + 3);
#endif
          });
    sum = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, Scalar& s) { s += a(i); }, sum);
    using member_type = Kokkos::TeamPolicy<>::member_type;
    by_rows = 0;
    Kokkos::parallel_reduce(
        "rows", Kokkos::TeamPolicy<>(n / 100, Kokkos::AUTO),
        KOKKOS_LAMBDA(const member_type& team, Scalar& s) {
          const int row = team.league_rank();
          Scalar part = 0;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, 100),
              [&](const int j, Scalar& p) { p += a(row * 100 + j); }, part);
          Kokkos::single(Kokkos::PerTeam(team), [&]() { s += part; });
        },
        by_rows);
  }
};
