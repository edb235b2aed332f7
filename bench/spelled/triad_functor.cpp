// bench/triad.cpp with the body of its timed parallel_for a functor class (Triad) holding the
// Views and the scalar (issue 47); the rest of the program is bench/spelled/triad_run.hpp.
#include <Kokkos_Core.hpp>

#include "triad_run.hpp"

/// a(i) = b(i) + s * c(i).
struct Triad {
  Kokkos::View<double*> a;
  Kokkos::View<double*> b;
  Kokkos::View<double*> c;
  double s;
  KOKKOS_INLINE_FUNCTION void operator()(const int64_t i) const { a(i) = b(i) + s * c(i); }
};

/// a(i) = b(i) + s * c(i) over the n elements.
void triad(const TriadViews& v, const int64_t n) {
  const auto a = v.a;
  const auto b = v.b;
  const auto c = v.c;
  const double s = triad_s;
  Kokkos::parallel_for("triad", n, Triad{a, b, c, s});
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = triad_options(argc, argv);
  const bool ok = triad_run(opt, "triad_functor", triad);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
