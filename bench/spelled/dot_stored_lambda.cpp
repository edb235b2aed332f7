// bench/dot.cpp with the body of its timed parallel_reduce a lambda stored in a variable
// (issue 47); the rest of the program is bench/spelled/dot_run.hpp.
#include <Kokkos_Core.hpp>

#include "dot_run.hpp"

/// The sum of x(i) * y(i) over the n elements.
double dot(const DotViews& v, const int64_t n) {
  const auto x = v.x;
  const auto y = v.y;
  auto body = KOKKOS_LAMBDA(const int64_t i, double& partial) { partial += x(i) * y(i); };
  double sum = 0.0;
  Kokkos::parallel_reduce("dot", n, body, sum);
  return sum;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = dot_options(argc, argv);
  const bool ok = dot_run(opt, "dot_stored_lambda", dot);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
