// Checks dispatches over *this in member templates that the source defines for classes of a
// header (kokkos_member_template.hpp): a member function template of a class (two
// instantiations), a const member template instantiated with two work tags, and a member of a
// class template defined out of the class. Each kernel goes before the definition in this file.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include "kokkos_member_template.hpp"
#include "check.hpp"

#include <utility>
#include <vector>

void Heat::start() { Kokkos::parallel_for("init", Kokkos::RangePolicy<Init>(0, n_), *this); }

template <int Steps>
void Heat::run() {
  for (int s = 0; s < Steps; ++s) {
    Kokkos::parallel_for("sweep", Kokkos::RangePolicy<Sweep>(0, n_), *this);
    std::swap(u_, next_);
  }
}

template <class Tag>
double Heat::reduce() const {
  double result = 0;
  Kokkos::parallel_reduce("reduce", Kokkos::RangePolicy<Tag>(0, n_), *this, result);
  return result;
}

template <class Scalar>
void Scale<Scalar>::apply() const {
  Kokkos::parallel_for("scale", x.extent(0), *this);
}

/// The temperatures after `steps` sweeps, computed on the host as the kernels do.
static std::vector<double> expected(int n, int steps) {
  std::vector<double> u(n), next(n);
  for (int i = 0; i < n; ++i) u[i] = i % 7;
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < n; ++i)
      next[i] = i == 0 || i == n - 1 ? u[i] : (u[i - 1] + u[i] + u[i + 1]) / 3;
    std::swap(u, next);
  }
  return u;
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  const int n = 100003;
  Heat heat(n);
  heat.start();
  heat.run<2>();
  heat.run<3>();
  const std::vector<double> want = expected(n, 5);
  auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), heat.values());
  double sum = 0, squares = 0;
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    if (!(std::fabs(got(i) - want[i]) <= 1e-12)) ++wrong;
    sum += want[i];
    squares += want[i] * want[i];
  }
  check_eq("Heat::run: temperatures off", wrong, 0);
  check_near("Heat::reduce<Sum>", heat.reduce<Heat::Sum>(), sum, 1e-9 * sum);
  check_near("Heat::reduce<SumOfSquares>", heat.reduce<Heat::SumOfSquares>(), squares, 1e-9 * squares);

  Scale<double> twice{Kokkos::View<double*>("x", n), 2.0};
  Kokkos::deep_copy(twice.x, 1.5);
  twice.apply();
  Scale<int> thrice{Kokkos::View<int*>("y", n), 3};
  Kokkos::deep_copy(thrice.x, 7);
  thrice.apply();
  auto x = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), twice.x);
  auto y = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), thrice.x);
  long long bad = 0;
  for (int i = 0; i < n; ++i) bad += (x(i) != 3.0) + (y(i) != 21);
  check_eq("Scale<T>::apply: elements off", bad, 0);
  return report();
}
