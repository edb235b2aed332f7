// Sweep<Scalar, UNROLL> for the UNROLL that header_specialisation.cpp defines before each
// inclusion: no include guard.
template <class Scalar>
struct Sweep<Scalar, UNROLL> {
  static Scalar run(const Kokkos::View<Scalar*>& x) {
    Kokkos::parallel_for(
        "scale", x.extent(0) / UNROLL, KOKKOS_LAMBDA(const int i) {
          for (int u = 0; u < UNROLL; ++u) x(i * UNROLL + u) *= Scalar(UNROLL);
        });
    Scalar sum = 0;
    Kokkos::parallel_reduce(
        "total", x.extent(0), KOKKOS_LAMBDA(const int i, Scalar& s) { s += x(i); }, sum);
    return sum;
  }
};
