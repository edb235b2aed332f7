// Checks Kokkos::sort as Kokkos programs call it: sort(view) of int, double and int64_t Views filled by a kernel (duplicates, negatives), sort(exec, view, comparator) with a comparator functor and with a KOKKOS_LAMBDA, sort(view, begin, end), a strided subview (a column of a LayoutRight matrix), a HostSpace View, and the empty and one-element Views. Each result is compared with std::sort of the same values on the host.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_Sort.hpp>
#include "check.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <vector>

// A scrambled value per index (the same on the host and in kernels).
KOKKOS_INLINE_FUNCTION int64_t scramble(int64_t i) {
  uint64_t x = uint64_t(i) * 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  return int64_t(x % 2000003) - 1000000;
}

struct Descending {
  KOKKOS_INLINE_FUNCTION bool operator()(const double a, const double b) const { return a > b; }
};

// Sorted by |value|, ties by value: a comparator that is not the natural order.
struct ByMagnitude {
  KOKKOS_INLINE_FUNCTION bool operator()(const int a, const int b) const {
    const int ma = a < 0 ? -a : a, mb = b < 0 ? -b : b;
    return ma < mb || (ma == mb && a < b);
  }
};

template <class V, class Expected>
long count_mismatches(const V& v, const Expected& expected) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  long bad = 0;
  for (size_t i = 0; i < expected.size(); ++i) bad += !(h(i) == expected[i]);
  return bad;
}

void ints(const int n) {
  Kokkos::View<int*> v("ints", n);
  Kokkos::parallel_for("fill_ints", n, KOKKOS_LAMBDA(const int i) { v(i) = int(scramble(i) % 5000); });
  std::vector<int> expected(n);
  for (int i = 0; i < n; ++i) expected[i] = int(scramble(i) % 5000);
  std::sort(expected.begin(), expected.end());
  Kokkos::sort(v);
  check_eq("sort(View<int*>)", count_mismatches(v, expected), 0);

  Kokkos::parallel_for("refill_ints", n, KOKKOS_LAMBDA(const int i) { v(i) = int(scramble(i) % 5000); });
  std::vector<int> by_mag(n);
  for (int i = 0; i < n; ++i) by_mag[i] = int(scramble(i) % 5000);
  std::sort(by_mag.begin(), by_mag.end(), ByMagnitude());
  Kokkos::sort(Kokkos::DefaultExecutionSpace(), v, ByMagnitude());
  check_eq("sort(exec, View<int*>, comparator functor)", count_mismatches(v, by_mag), 0);
}

void doubles(const int n) {
  Kokkos::View<double*> v("doubles", n);
  Kokkos::parallel_for("fill_doubles", n, KOKKOS_LAMBDA(const int i) { v(i) = 0.25 * double(scramble(i)); });
  std::vector<double> expected(n);
  for (int i = 0; i < n; ++i) expected[i] = 0.25 * double(scramble(i));
  std::vector<double> descending = expected;
  std::sort(expected.begin(), expected.end());
  std::sort(descending.begin(), descending.end(), std::greater<double>());
  Kokkos::sort(v);
  check_eq("sort(View<double*>)", count_mismatches(v, expected), 0);
  Kokkos::sort(v, Descending());
  check_eq("sort(View<double*>, Descending)", count_mismatches(v, descending), 0);
  Kokkos::sort(Kokkos::DefaultExecutionSpace(), v,
               KOKKOS_LAMBDA(const double a, const double b) { return a < b; });
  check_eq("sort(exec, View<double*>, KOKKOS_LAMBDA)", count_mismatches(v, expected), 0);
}

void ranges_and_strides(const int n) {
  Kokkos::View<int64_t*> v("range", n);
  Kokkos::parallel_for("fill_range", n, KOKKOS_LAMBDA(const int i) { v(i) = scramble(i); });
  std::vector<int64_t> expected(n);
  for (int i = 0; i < n; ++i) expected[i] = scramble(i);
  const int b = n / 3, e = n - n / 4;
  std::sort(expected.begin() + b, expected.begin() + e);
  Kokkos::sort(v, b, e);
  check_eq("sort(view, begin, end)", count_mismatches(v, expected), 0);

  // A column of a row-major matrix: stride 5.
  const int rows = n / 5;
  Kokkos::View<int*[5], Kokkos::LayoutRight> m("matrix", rows);
  Kokkos::parallel_for("fill_matrix", rows, KOKKOS_LAMBDA(const int i) {
    for (int j = 0; j < 5; ++j) m(i, j) = int(scramble(5 * i + j));
  });
  auto column = Kokkos::subview(m, Kokkos::ALL, 2);
  Kokkos::sort(column);
  std::vector<int> col(rows);
  for (int i = 0; i < rows; ++i) col[i] = int(scramble(5 * i + 2));
  std::sort(col.begin(), col.end());
  auto hm = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  long bad = 0;
  for (int i = 0; i < rows; ++i) {
    bad += hm(i, 2) != col[i];
    for (int j = 0; j < 5; ++j)
      if (j != 2) bad += hm(i, j) != int(scramble(5 * i + j));  // other columns untouched
  }
  check_eq("sort of a strided column", bad, 0);
}

void host_and_small() {
  Kokkos::View<float*, Kokkos::HostSpace> h("host", 1000);
  std::vector<float> expected(1000);
  for (int i = 0; i < 1000; ++i) h(i) = expected[i] = float(scramble(i)) / 7.0f;
  std::sort(expected.begin(), expected.end());
  Kokkos::sort(h);
  long bad = 0;
  for (int i = 0; i < 1000; ++i) bad += h(i) != expected[i];
  check_eq("sort of a HostSpace View", bad, 0);

  Kokkos::View<int*> empty("empty", 0), one("one", 1);
  Kokkos::deep_copy(one, 42);
  Kokkos::sort(empty);
  Kokkos::sort(one);
  int value = 0;
  Kokkos::deep_copy(value, Kokkos::subview(one, 0));
  check_eq("sort of one element", value, 42);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  ints(1 << 20);
  doubles(300001);
  ranges_and_strides(200000);
  host_and_small();
  Kokkos::finalize();
  return report();
}
