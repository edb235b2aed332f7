// bench/nbody.cpp with the body of its timed parallel_for a lambda stored in a local variable
// before the dispatch (issue 47); the rest of the program is bench/spelled/nbody_run.hpp.
#include <Kokkos_Core.hpp>

#include "nbody_run.hpp"

/// The accelerations of the n bodies.
void accelerations(const NBodyPositions& pos, const NBodyAccelerations& acc, const int n) {
  const double eps2 = nbody_softening2;
  const auto body = KOKKOS_LAMBDA(const int i) {
    const double xi = pos(i, 0), yi = pos(i, 1), zi = pos(i, 2);
    double ax = 0.0, ay = 0.0, az = 0.0;
    for (int j = 0; j < n; ++j) {
      const double dx = pos(j, 0) - xi;
      const double dy = pos(j, 1) - yi;
      const double dz = pos(j, 2) - zi;
      const double r2 = dx * dx + dy * dy + dz * dz + eps2;
      const double inv_r = 1.0 / Kokkos::sqrt(r2);
      const double s = pos(j, 3) * inv_r * inv_r * inv_r;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    acc(i, 0) = ax;
    acc(i, 1) = ay;
    acc(i, 2) = az;
  };
  Kokkos::parallel_for("nbody", n, body);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = nbody_options(argc, argv);
  const bool ok = nbody_run(opt, "nbody_stored_lambda", accelerations);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
