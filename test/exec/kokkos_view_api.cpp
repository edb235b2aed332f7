// Checks the View API of Kokkos 4 as users call it: HostMirror, create_mirror (always a new allocation, zeroed), create_mirror_view, create_mirror_view_and_copy, view_alloc(WithoutInitializing, label), resize (keeps contents) and realloc (does not), operator[], rank / rank_dynamic, extent_int, is_allocated, use_count, const_type / non_const_type and const Views in kernels, the default layout, size/span/data/label/extent, unmanaged Views, is_view.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

using DeviceView = Kokkos::View<double*>;
using DeviceMatrix = Kokkos::View<double**>;

static_assert(std::is_same<DeviceMatrix::array_layout, Kokkos::DefaultExecutionSpace::array_layout>::value,
              "View<double**> has the default execution space's layout");
static_assert(std::is_same<DeviceView::HostMirror::memory_space, Kokkos::HostSpace>::value, "HostMirror is in HostSpace");
static_assert(std::is_same<DeviceMatrix::HostMirror::array_layout, DeviceMatrix::array_layout>::value,
              "HostMirror keeps the layout");
static_assert(std::is_same<DeviceView::const_type::value_type, const double>::value, "const_type");
static_assert(std::is_same<Kokkos::View<const int*>::non_const_type::value_type, int>::value, "non_const_type");
static_assert(DeviceMatrix::rank == 2 && DeviceMatrix::rank_dynamic == 2, "rank of View<double**>");
static_assert(Kokkos::View<int* [3][4]>::rank == 3 && Kokkos::View<int* [3][4]>::rank_dynamic == 1,
              "rank of View<int*[3][4]>");
static_assert(Kokkos::View<float>::rank == 0, "rank of a rank-0 View");
static_assert(Kokkos::is_view<DeviceView>::value && Kokkos::is_view<const DeviceView>::value &&
                  Kokkos::is_view_v<Kokkos::View<int[2]>> && !Kokkos::is_view<double*>::value,
              "is_view");

void mirrors() {
  const int n = 1000;
  DeviceView d("d", n);
  Kokkos::parallel_for("fill_d", n, KOKKOS_LAMBDA(const int i) { d(i) = 2.0 * i; });

  // create_mirror always allocates and zeroes, whatever the space.
  DeviceView::HostMirror h = Kokkos::create_mirror(d);
  check(h.data() != d.data(), "create_mirror allocates");
  check(h.extent(0) == d.extent(0), "create_mirror has the extents");
  double h_sum = 0.0;
  for (int i = 0; i < n; ++i) h_sum += h(i);
  check_eq("create_mirror is zero-initialised (sum)", (long long)h_sum, 0);
  Kokkos::View<double*, Kokkos::HostSpace> hv("hv", n);
  auto hv_copy = Kokkos::create_mirror(hv);
  auto hv_copy2 = Kokkos::create_mirror(Kokkos::HostSpace(), hv);
  check(hv_copy.data() != hv.data() && hv_copy2.data() != hv.data(),
        "create_mirror of a HostSpace View is a new allocation");
  auto d_copy = Kokkos::create_mirror(Kokkos::DefaultExecutionSpace(), d);
  check(d_copy.data() != d.data(), "create_mirror(exec space, device View) allocates");
  auto h_noinit = Kokkos::create_mirror(Kokkos::view_alloc(Kokkos::WithoutInitializing), d);
  static_assert(std::is_same<decltype(h_noinit), DeviceView::HostMirror>::value, "create_mirror(view_alloc) type");
  check_eq("create_mirror(view_alloc(WithoutInitializing)) extent", h_noinit.extent(0), n);

  // create_mirror_view returns the View itself where it already is.
  auto hv_view = Kokkos::create_mirror_view(hv);
  check(hv_view.data() == hv.data(), "create_mirror_view of a HostSpace View is the View");
  auto d_view = Kokkos::create_mirror_view(Kokkos::DefaultExecutionSpace(), d);
  check(d_view.data() == d.data(), "create_mirror_view(exec space, device View) is the View");
  auto h2 = Kokkos::create_mirror_view(Kokkos::view_alloc(Kokkos::HostSpace(), Kokkos::WithoutInitializing), d);
  Kokkos::deep_copy(h2, d);
  auto h3 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d);
  long long bad = 0;
  for (int i = 0; i < n; ++i)
    if (h2(i) != 2.0 * i || h3(i) != 2.0 * i) ++bad;
  check_eq("create_mirror_view + deep_copy and create_mirror_view_and_copy (bad)", bad, 0);

  // And back to the device: modify on the host, copy to a device mirror, read in a kernel.
  for (int i = 0; i < n; ++i) h3(i) += 1.0;
  auto d2 = Kokkos::create_mirror_view_and_copy(Kokkos::DefaultExecutionSpace(), h3);
  static_assert(std::is_same<decltype(d2)::memory_space, DeviceView::memory_space>::value,
                "a device mirror is in device memory");
  double sum = 0.0;
  Kokkos::parallel_reduce("sum_d2", n, KOKKOS_LAMBDA(const int i, double& s) { s += d2(i); }, sum);
  check_near("sum of a device mirror made by create_mirror_view_and_copy", sum, double(n) * (n - 1) + n, 0.0);
}

void allocation_properties() {
  const int n = 333;
  DeviceView w(Kokkos::view_alloc(Kokkos::WithoutInitializing, "w"), n);
  DeviceView w2(Kokkos::view_alloc("w2", Kokkos::WithoutInitializing), n);
  Kokkos::View<int**> w3(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("w3")), 4, 5);
  check(w.label() == "w" && w2.label() == "w2" && w3.label() == "w3", "labels from view_alloc");
  check(w.is_allocated() && w3.size() == 20, "View from view_alloc(WithoutInitializing) is allocated");
  Kokkos::parallel_for("fill_w", n, KOKKOS_LAMBDA(const int i) {
    w(i) = i;
    w2[i] = -i;
  });
  double s = 0.0;
  Kokkos::parallel_reduce("sum_w", n, KOKKOS_LAMBDA(const int i, double& a) { a += w(i) + 2.0 * w2[i]; }, s);
  check_near("WithoutInitializing Views written then read", s, -double(n) * (n - 1) / 2, 0.0);

  // operator[] on rank-1 Views, host and device.
  Kokkos::View<int*> idx("idx", 10);
  Kokkos::parallel_for("brackets", 10, KOKKOS_LAMBDA(const int i) { idx[i] = 3 * i; });
  auto h_idx = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), idx);
  int b = 0;
  for (int i = 0; i < 10; ++i) b += h_idx[i] != 3 * i;
  check_eq("operator[] (bad)", b, 0);
}

void resize_and_realloc() {
  Kokkos::View<int*> r("r", 10);
  Kokkos::parallel_for("fill_r", 10, KOKKOS_LAMBDA(const int i) { r(i) = i + 1; });
  int* const before = r.data();
  Kokkos::resize(r, 10);
  check(r.data() == before, "resize to the same extent keeps the allocation");
  Kokkos::resize(r, 25);
  check_eq("resize extent", r.extent(0), 25);
  check(r.label() == "r", "resize keeps the label");
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), r);
  int bad = 0;
  for (int i = 0; i < 25; ++i) bad += h(i) != (i < 10 ? i + 1 : 0);
  check_eq("resize up keeps the contents, zeroes the rest (bad)", bad, 0);
  Kokkos::resize(Kokkos::WithoutInitializing, r, 7);
  h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), r);
  bad = 0;
  for (int i = 0; i < 7; ++i) bad += h(i) != i + 1;
  check_eq("resize(WithoutInitializing) down keeps the contents (bad)", bad, 0);
  Kokkos::resize(Kokkos::view_alloc(Kokkos::WithoutInitializing), r, 12);
  h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), r);
  bad = 0;
  for (int i = 0; i < 7; ++i) bad += h(i) != i + 1;
  check_eq("resize(view_alloc(WithoutInitializing)) keeps the contents (bad)", bad, 0);

  // Rank 2: the common block is kept at the same indices.
  Kokkos::View<double**> m("m", 4, 6);
  Kokkos::parallel_for("fill_m", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {4, 6}),
                       KOKKOS_LAMBDA(const int i, const int j) { m(i, j) = 10 * i + j; });
  Kokkos::resize(m, 7, 3);
  auto hm = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  bad = 0;
  for (int i = 0; i < 7; ++i)
    for (int j = 0; j < 3; ++j) bad += hm(i, j) != (i < 4 ? 10.0 * i + j : 0.0);
  check_eq("resize of a rank-2 View (bad)", bad, 0);

  // A copy made before resize still sees the old allocation.
  Kokkos::View<double**> old = m;
  const int sharing = m.use_count();  // m, old, and hm where the mirror is m itself
  Kokkos::resize(m, 8, 8);
  check(old.data() != m.data() && old.extent(0) == 7, "resize gives the View a new allocation");
  check_eq("use_count of the old allocation after resize", old.use_count(), sharing - 1);
  check_eq("use_count of the new allocation after resize", m.use_count(), 1);

  // realloc: new extents, contents dropped (zero), label kept; the same extents zero in place.
  Kokkos::parallel_for("fill_m2", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {8, 8}),
                       KOKKOS_LAMBDA(const int i, const int j) { m(i, j) = 1.0; });
  Kokkos::realloc(m, 5, 9);
  check(m.extent(0) == 5 && m.extent(1) == 9 && m.label() == "m", "realloc extents and label");
  hm = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  double total = 0.0;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 9; ++j) total += hm(i, j);
  check_near("realloc zeroes", total, 0.0, 0.0);
  Kokkos::deep_copy(m, 4.0);
  double* const same = m.data();
  Kokkos::realloc(m, 5, 9);
  hm = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  check(m.data() == same && hm(4, 8) == 0.0, "realloc to the same extents zeroes in place");
  Kokkos::realloc(Kokkos::WithoutInitializing, m, 2, 2);
  check(m.extent(0) == 2 && m.extent(1) == 2 && m.is_allocated(), "realloc(WithoutInitializing)");
}

struct ScaleConst {
  Kokkos::View<const double*> in;
  Kokkos::View<double*> out;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { out(i) = 3.0 * in(i); }
};

void shape_ownership_const() {
  const int m = 13, n = 17;
  DeviceMatrix a("a", m, n);
  check_eq("extent(0)", a.extent(0), m);
  check_eq("extent(1)", a.extent(1), n);
  check_eq("extent_int(1)", a.extent_int(1), n);
  static_assert(std::is_same<decltype(a.extent_int(0)), int>::value, "extent_int returns int");
  check_eq("size()", a.size(), m * n);
  check_eq("span()", a.span(), m * n);
  check(a.span_is_contiguous(), "a new View is contiguous");
  check(a.label() == "a", "label()");
  check_eq("v.rank", int(a.rank), 2);
  check_eq("v.rank_dynamic", int(a.rank_dynamic), 2);
  check_eq("decltype(v)::rank", int(decltype(a)::rank), 2);
  int ranks = 0;
  Kokkos::parallel_reduce("ranks_in_kernel", 1, KOKKOS_LAMBDA(const int, int& r) {
    r += int(a.rank) * 10 + int(decltype(a)::rank_dynamic);
  }, ranks);
  check_eq("rank and rank_dynamic in a kernel", ranks, 22);

  DeviceView empty;
  check(!empty.is_allocated() && empty.data() == nullptr && empty.use_count() == 0,
        "a default-constructed View is not allocated");
  DeviceView x("x", 100);
  check(x.is_allocated(), "is_allocated after allocation");
  check_eq("use_count of a new View", x.use_count(), 1);
  {
    DeviceView y = x;
    DeviceView::const_type cx = x;  // View<const double*>
    check_eq("use_count with a copy and a const copy", x.use_count(), 3);
    Kokkos::parallel_for("through_copy", 100, KOKKOS_LAMBDA(const int i) { y(i) = i + 0.5; });
    Kokkos::fence();
    check_eq("use_count after a kernel captured the copy", x.use_count(), 3);
    DeviceView out("out", 100);
    Kokkos::parallel_for("scale_const", 100, ScaleConst{cx, out});
    double s = 0.0;
    Kokkos::parallel_reduce("sum_const", 100, KOKKOS_LAMBDA(const int i, double& a) { a += out(i) - cx(i); }, s);
    check_near("const Views read in a functor and a lambda", s, 2.0 * (4950.0 + 50.0), 0.0);
  }
  check_eq("use_count after the copies went", x.use_count(), 1);
  x = DeviceView();
  check(!x.is_allocated(), "is_allocated after assigning an empty View");

  // Assignment of a View<const T*> from a View<T*>, and const data in a reduction.
  Kokkos::View<double*> src("src", 50);
  Kokkos::deep_copy(src, 2.0);
  Kokkos::View<const double*> csrc;
  csrc = src;
  check(csrc.data() == src.data(), "View<const double*> assigned from View<double*>");
  double cs = 0.0;
  Kokkos::parallel_reduce("sum_csrc", csrc.extent(0), KOKKOS_LAMBDA(const int i, double& a) { a += csrc(i); }, cs);
  check_near("reduction over a const View", cs, 100.0, 0.0);

  // An unmanaged View over memory the program owns.
  std::vector<double> buffer(64, 1.5);
  Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> u(buffer.data(), buffer.size());
  check(u.data() == buffer.data() && u.use_count() == 0 && u.label().empty(), "unmanaged View");
  Kokkos::View<double*> du("du", 64);
  Kokkos::deep_copy(du, u);
  Kokkos::parallel_for("double_du", 64, KOKKOS_LAMBDA(const int i) { du(i) *= 2.0; });
  Kokkos::deep_copy(u, du);
  check_near("unmanaged View round trip", buffer[63], 3.0, 0.0);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  mirrors();
  allocation_properties();
  resize_and_realloc();
  shape_ownership_const();
  Kokkos::finalize();
  return report();
}
