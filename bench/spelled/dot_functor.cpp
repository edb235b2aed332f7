// bench/dot.cpp with the body of its timed parallel_reduce a functor class (Dot) holding the
// Views, `operator()(i, sum)` (issue 47); the rest of the program is bench/spelled/dot_run.hpp.
#include <Kokkos_Core.hpp>

#include "dot_run.hpp"

/// sum += x(i) * y(i).
struct Dot {
  Kokkos::View<double*> x;
  Kokkos::View<double*> y;
  KOKKOS_INLINE_FUNCTION void operator()(const int64_t i, double& sum) const { sum += x(i) * y(i); }
};

/// The sum of x(i) * y(i) over the n elements.
double dot(const DotViews& v, const int64_t n) {
  const auto x = v.x;
  const auto y = v.y;
  double sum = 0.0;
  Kokkos::parallel_reduce("dot", n, Dot{x, y}, sum);
  return sum;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = dot_options(argc, argv);
  const bool ok = dot_run(opt, "dot_functor", dot);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
