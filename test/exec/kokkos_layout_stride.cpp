// Checks LayoutStride Views (from LayoutStride(n0, s0, n1, s1, ...), packed and with gaps; stride(r), stride_0(), span(), span_is_contiguous(); written in kernels), assignment of LayoutLeft/LayoutRight Views to LayoutStride ones, deep_copy between LayoutLeft, LayoutRight and LayoutStride Views on the host and the device, mirrors of strided Views, and Kokkos::pair / make_pair on the host and in kernels.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>
#include <type_traits>
#include <utility>

using Strided2 = Kokkos::View<double**, Kokkos::LayoutStride>;
using HostRight2 = Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace>;

// value(i, j) of every 2-D View in this test
KOKKOS_INLINE_FUNCTION double value(const int i, const int j) { return 100.0 * i + j; }

template <class V>
long long count_bad(const V& host_view, const double sign = 1.0) {
  long long bad = 0;
  for (int i = 0; i < int(host_view.extent(0)); ++i)
    for (int j = 0; j < int(host_view.extent(1)); ++j) bad += host_view(i, j) != sign * value(i, j);
  return bad;
}

void strided_views() {
  const int m = 9, n = 5;
  // Packed column-major, by hand: the same addresses as LayoutLeft.
  Strided2 packed("packed", Kokkos::LayoutStride(m, 1, n, m));
  check_eq("packed stride(0)", packed.stride(0), 1);
  check_eq("packed stride_1()", packed.stride_1(), m);
  check_eq("packed span()", packed.span(), m * n);
  check(packed.span_is_contiguous(), "packed LayoutStride is contiguous");
  // Rows 8 apart although a row has 5 elements: gaps.
  Strided2 gappy("gappy", Kokkos::LayoutStride(m, 8, n, 1));
  check_eq("gappy stride(0)", gappy.stride(0), 8);
  check_eq("gappy span()", gappy.span(), 8 * m);
  check(!gappy.span_is_contiguous(), "LayoutStride with gaps is not contiguous");
  const Kokkos::LayoutStride l = gappy.layout();
  check(l.dimension[0] == size_t(m) && l.stride[0] == 8 && l.dimension[1] == size_t(n) && l.stride[1] == 1,
        "layout() of a LayoutStride View");

  Kokkos::parallel_for("fill_strided", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {m, n}),
                       KOKKOS_LAMBDA(const int i, const int j) {
                         packed(i, j) = value(i, j);
                         gappy(i, j) = -value(i, j);
                       });
  HostRight2 h1("h1", m, n), h2("h2", m, n);
  Kokkos::deep_copy(h1, packed);
  Kokkos::deep_copy(h2, gappy);
  check_eq("LayoutStride (packed) -> host LayoutRight (bad)", count_bad(h1), 0);
  check_eq("LayoutStride (gaps) -> host LayoutRight (bad)", count_bad(h2, -1.0), 0);

  // Host -> strided device View with gaps: the gaps keep their contents.
  Kokkos::View<double*> backing("backing", 8 * m);
  Kokkos::deep_copy(backing, 42.0);
  Kokkos::View<double**, Kokkos::LayoutStride, Kokkos::MemoryTraits<Kokkos::Unmanaged>> over(
      backing.data(), Kokkos::LayoutStride(m, 8, n, 1));
  Kokkos::deep_copy(over, h1);
  auto hb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), backing);
  long long bad = 0;
  for (int k = 0; k < 8 * m; ++k) bad += hb(k) != (k % 8 < n ? value(k / 8, k % 8) : 42.0);
  check_eq("host LayoutRight -> LayoutStride with gaps over another View (bad)", bad, 0);

  // Mirrors of strided Views are packed, in the order of the strides.
  auto mg = Kokkos::create_mirror(gappy);
  static_assert(std::is_same<decltype(mg)::array_layout, Kokkos::LayoutStride>::value, "mirror keeps LayoutStride");
  check(mg.span_is_contiguous() && mg.stride(1) == 1 && mg.stride(0) == size_t(n), "a strided mirror is packed");
  Kokkos::deep_copy(mg, gappy);
  check_eq("create_mirror + deep_copy of a LayoutStride View (bad)", count_bad(mg, -1.0), 0);

  // deep_copy(strided, value) touches the elements only.
  Kokkos::deep_copy(over, 1.0);
  Kokkos::deep_copy(hb, backing);
  bad = 0;
  for (int k = 0; k < 8 * m; ++k) bad += hb(k) != (k % 8 < n ? 1.0 : 42.0);
  check_eq("deep_copy(LayoutStride View with gaps, value) (bad)", bad, 0);
}

void layouts_meet() {
  const int m = 31, n = 12;
  Kokkos::View<double**, Kokkos::LayoutLeft> left("left", m, n);
  Kokkos::View<double**, Kokkos::LayoutRight> right("right", m, n);
  Kokkos::parallel_for("fill_left", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {m, n}),
                       KOKKOS_LAMBDA(const int i, const int j) { left(i, j) = value(i, j); });
  // LayoutLeft and LayoutRight Views assign to LayoutStride ones, which a kernel then reads.
  Strided2 sl = left;
  Strided2 sr = right;
  check(sl.stride(0) == 1 && sl.stride(1) == size_t(m) && sr.stride(0) == size_t(n) && sr.stride(1) == 1,
        "strides of LayoutStride Views assigned from LayoutLeft and LayoutRight");
  check_eq("use_count shared with the LayoutStride View", left.use_count(), 2);
  Kokkos::parallel_for("left_to_right", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {m, n}),
                       KOKKOS_LAMBDA(const int i, const int j) { sr(i, j) = -sl(i, j); });
  HostRight2 h("h", m, n);
  Kokkos::deep_copy(h, right);
  check_eq("copy through LayoutStride aliases of LayoutLeft and LayoutRight Views (bad)", count_bad(h, -1.0), 0);

  // deep_copy between device Views of the three layouts, and to the host.
  Strided2 s("s", Kokkos::LayoutStride(m, 2 * n, n, 2));
  Kokkos::deep_copy(s, left);
  Kokkos::View<double**, Kokkos::LayoutRight> back("back", m, n);
  Kokkos::deep_copy(back, s);
  Kokkos::deep_copy(h, back);
  check_eq("LayoutLeft -> LayoutStride -> LayoutRight on the device (bad)", count_bad(h), 0);
  Kokkos::View<double**, Kokkos::LayoutLeft, Kokkos::HostSpace> hl("hl", m, n);
  Kokkos::deep_copy(hl, s);
  check_eq("device LayoutStride -> host LayoutLeft (bad)", count_bad(hl), 0);

  // A LayoutStride View whose strides are LayoutLeft's assigns back to a LayoutLeft View.
  Kokkos::View<double**, Kokkos::LayoutLeft> again = sl;
  check(again.data() == left.data() && again.stride(1) == size_t(m), "LayoutStride back to LayoutLeft");
  // A rank-1 LayoutStride View with stride 1 assigns to a plain rank-1 View.
  Kokkos::View<double*, Kokkos::LayoutStride> column = Kokkos::subview(left, Kokkos::ALL, 3);
  Kokkos::View<double*> plain = column;
  double s3 = 0.0;
  Kokkos::parallel_reduce("sum_column", m, KOKKOS_LAMBDA(const int i, double& a) { a += plain(i); }, s3);
  check_near("rank-1 LayoutStride with stride 1 assigned to a View<double*>", s3, 100.0 * m * (m - 1) / 2 + 3.0 * m, 0.0);
}

void pairs() {
  Kokkos::pair<int, double> p = Kokkos::make_pair(3, 2.5);
  static_assert(std::is_same<decltype(Kokkos::make_pair(1, 2.0f)), Kokkos::pair<int, float>>::value, "make_pair type");
  check(p.first == 3 && p.second == 2.5, "pair members");
  const std::pair<int, double> sp = p;
  Kokkos::pair<long, double> from_std(std::make_pair(7L, 1.0));
  check(sp.first == 3 && sp.second == 2.5 && from_std.first == 7 && p.to_std_pair() == sp,
        "conversion to and from std::pair");
  check(Kokkos::make_pair(1, 2) < Kokkos::make_pair(1, 3) && Kokkos::make_pair(2, 0) > Kokkos::make_pair(1, 9) &&
            Kokkos::make_pair(1, 2) == Kokkos::pair<int, int>(1, 2) && Kokkos::make_pair(1, 2) != Kokkos::make_pair(2, 1) &&
            Kokkos::make_pair(1, 2) <= Kokkos::make_pair(1, 2) && Kokkos::make_pair(1, 2) >= Kokkos::make_pair(0, 5),
        "pair comparisons");

  // In a kernel: a function returning a pair, comparisons, and a pair as subview range.
  const int n = 100;
  Kokkos::View<int**> grid("grid", n, 4);
  Kokkos::View<int*> out("out", n);
  Kokkos::parallel_for("pairs", n, KOKKOS_LAMBDA(const int i) {
    Kokkos::pair<int, int> q(i / 10, i % 10);
    Kokkos::pair<int, int> r = Kokkos::make_pair(i / 10, 5);
    out(i) = q.first * 100 + q.second + (q < r ? 1000 : 0);
    auto cells = Kokkos::subview(grid, i, Kokkos::make_pair(1, 3));
    cells(0) = q.first;
    cells(1) = q.second;
  });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  auto hg = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), grid);
  long long bad = 0;
  for (int i = 0; i < n; ++i) {
    bad += h(i) != (i / 10) * 100 + i % 10 + (i % 10 < 5 ? 1000 : 0);
    bad += hg(i, 0) != 0 || hg(i, 1) != i / 10 || hg(i, 2) != i % 10 || hg(i, 3) != 0;
  }
  check_eq("pairs in a kernel (bad)", bad, 0);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  strided_views();
  layouts_meet();
  pairs();
  Kokkos::finalize();
  return report();
}
