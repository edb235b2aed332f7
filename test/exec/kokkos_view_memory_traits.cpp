// Checks View memory traits: MemoryTraits<Atomic> (every access an atomic update: a histogram with many threads adding to few bins, +=, ++, -=, max through assignment of a read), RandomAccess on const data (gathers), Unmanaged|RandomAccess over another View's data, and the MemoryUnmanaged / MemoryRandomAccess spellings.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>
#include <type_traits>

using Atomic = Kokkos::MemoryTraits<Kokkos::Atomic>;
using RandomAccess = Kokkos::MemoryTraits<Kokkos::RandomAccess>;

void histogram() {
  const int n = 1 << 20, bins = 7;
  Kokkos::View<int*> counts("counts", bins);
  Kokkos::View<long long*> weights("weights", bins);
  Kokkos::View<double*> sums("sums", 3);
  {
    // The usual Kokkos idiom: an atomic alias of a plain View.
    Kokkos::View<int*, Atomic> hist = counts;
    Kokkos::View<long long*, Kokkos::MemoryTraits<Kokkos::Atomic>> w = weights;
    Kokkos::View<double*, Kokkos::DefaultExecutionSpace::memory_space, Atomic> s = sums;
    Kokkos::parallel_for("histogram", n, KOKKOS_LAMBDA(const int i) {
      const int bin = (i * 2654435761u) % bins;
      hist(bin) += 1;
      if (i % 2 == 0) hist(bin)++;
      if (i % 4 == 0) --hist(bin);
      w(bin) += i;
      s(i % 3) += 0.5;
    });
  }
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts);
  auto hw = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), weights);
  auto hs = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sums);
  int expect[bins] = {};
  long long expect_w[bins] = {};
  for (int i = 0; i < n; ++i) {
    const int bin = (i * 2654435761u) % bins;
    expect[bin] += 1 + (i % 2 == 0) - (i % 4 == 0);
    expect_w[bin] += i;
  }
  int bad = 0;
  for (int b = 0; b < bins; ++b) bad += h(b) != expect[b] || hw(b) != expect_w[b];
  check_eq("atomic histogram bins (bad)", bad, 0);
  check_near("atomic double sums", hs(0) + hs(1) + hs(2), 0.5 * n, 0.0);

  // Values returned by the atomic reference, on the host.
  Kokkos::View<int*, Kokkos::HostSpace, Atomic> a("a", 2);
  a(0) = 5;
  const int post = a(0)++;
  const int pre = ++a(0);
  const int added = (a(0) += 10);
  int read = a(0);
  a(1) = a(0);
  check(post == 5 && pre == 7 && added == 17 && read == 17 && int(a(1)) == 17,
        "values of atomic assignment, increments and +=");
}

void random_access() {
  const int n = 4096;
  Kokkos::View<double*> table("table", n);
  Kokkos::View<int*> index("index", n);
  Kokkos::parallel_for("setup", n, KOKKOS_LAMBDA(const int i) {
    table(i) = 0.25 * i;
    index(i) = (i * 37 + 11) % n;
  });
  Kokkos::View<const double*, RandomAccess> ra = table;
  Kokkos::View<const double*, Kokkos::MemoryTraits<Kokkos::Unmanaged | Kokkos::RandomAccess>> ura(table.data(),
                                                                                                   table.extent(0));
  Kokkos::View<const int*, Kokkos::MemoryRandomAccess> uidx(index.data(), n);
  static_assert(!std::is_reference<decltype(ra)::reference_type>::value, "a const RandomAccess View reads by value");
  check_eq("use_count of the unmanaged RandomAccess View", ura.use_count(), 0);
  check_eq("use_count of the managed RandomAccess View's allocation", table.use_count(), 2);
  Kokkos::View<double*> gathered("gathered", n);
  Kokkos::parallel_for("gather", n, KOKKOS_LAMBDA(const int i) { gathered(i) = ra(index(i)) + 2.0 * ura(uidx(i)); });
  double total = 0.0;
  Kokkos::parallel_reduce("sum_gathered", n, KOKKOS_LAMBDA(const int i, double& s) { s += gathered(i); }, total);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), gathered);
  int bad = 0;
  double expect_total = 0.0;
  for (int i = 0; i < n; ++i) {
    const double v = 3.0 * 0.25 * ((i * 37 + 11) % n);
    bad += h(i) != v;
    expect_total += v;
  }
  check_eq("gather through RandomAccess Views (bad)", bad, 0);
  check_near("reduction after the gather", total, expect_total, 0.0);

  // Unmanaged Views of a managed View's memory, written through in a kernel.
  Kokkos::View<double*, Kokkos::MemoryUnmanaged> alias(table.data(), n / 2);
  Kokkos::parallel_for("through_alias", n / 2, KOKKOS_LAMBDA(const int i) { alias(i) = -1.0; });
  double s = 0.0;
  Kokkos::parallel_reduce("sum_table", n, KOKKOS_LAMBDA(const int i, double& a) { a += table(i); }, s);
  double expect = -0.5 * n;
  for (int i = n / 2; i < n; ++i) expect += 0.25 * i;
  check_near("writes through an unmanaged alias", s, expect, 0.0);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  histogram();
  random_access();
  return report();
}
