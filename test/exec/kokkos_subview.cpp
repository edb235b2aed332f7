// Checks Kokkos::subview: integers, Kokkos::ALL / ALL(), ranges as Kokkos::pair, make_pair and std::pair on Views of rank 2 to 4; the result types Kokkos gives (layouts, static extents); subviews used inside parallel_for and parallel_reduce, created inside kernels, of subviews, sharing the allocation; deep_copy to, from and into non-contiguous subviews.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>
#include <type_traits>
#include <utility>

// ---- the types subview returns (Kokkos' rules) ---------------------------------------------------

using LL2 = Kokkos::View<double**, Kokkos::LayoutLeft>;
using LR2 = Kokkos::View<double**, Kokkos::LayoutRight>;
using LL3 = Kokkos::View<double***, Kokkos::LayoutLeft>;
using LR3 = Kokkos::View<double***, Kokkos::LayoutRight>;
using LR4 = Kokkos::View<double****, Kokkos::LayoutRight>;
using LL4 = Kokkos::View<double****, Kokkos::LayoutLeft>;
using Range = Kokkos::pair<int, int>;
using StdRange = std::pair<int, int>;

template <class V, class... Args>
using layout_of = typename Kokkos::Subview<V, Args...>::array_layout;

template <class A, class B>
constexpr bool same = std::is_same<A, B>::value;

static_assert(same<layout_of<LL2, Kokkos::ALL_t, int>, Kokkos::LayoutLeft>, "column of LayoutLeft");
static_assert(same<layout_of<LL2, int, Kokkos::ALL_t>, Kokkos::LayoutStride>, "row of LayoutLeft");
static_assert(same<layout_of<LL2, Range, Kokkos::ALL_t>, Kokkos::LayoutLeft>, "row block of LayoutLeft");
static_assert(same<layout_of<LL2, Kokkos::ALL_t, StdRange>, Kokkos::LayoutLeft>, "column block of LayoutLeft");
static_assert(same<layout_of<LR2, int, Kokkos::ALL_t>, Kokkos::LayoutRight>, "row of LayoutRight");
static_assert(same<layout_of<LR2, Kokkos::ALL_t, int>, Kokkos::LayoutStride>, "column of LayoutRight");
static_assert(same<layout_of<LR2, Kokkos::ALL_t, Range>, Kokkos::LayoutRight>, "column block of LayoutRight");
static_assert(same<layout_of<LR2, Range, int>, Kokkos::LayoutStride>, "part of a LayoutRight column");
static_assert(same<layout_of<LR3, int, Kokkos::ALL_t, Kokkos::ALL_t>, Kokkos::LayoutRight>, "LayoutRight plane 0");
static_assert(same<layout_of<LR3, int, Range, Kokkos::ALL_t>, Kokkos::LayoutRight>, "LayoutRight plane 0 rows");
static_assert(same<layout_of<LR3, Kokkos::ALL_t, int, Kokkos::ALL_t>, Kokkos::LayoutRight>, "LayoutRight plane 1");
static_assert(same<layout_of<LR3, Kokkos::ALL_t, Kokkos::ALL_t, int>, Kokkos::LayoutStride>, "LayoutRight plane 2");
static_assert(same<layout_of<LR3, Kokkos::ALL_t, Range, Kokkos::ALL_t>, Kokkos::LayoutStride>, "LayoutRight middle range");
static_assert(same<layout_of<LL3, Kokkos::ALL_t, Kokkos::ALL_t, int>, Kokkos::LayoutLeft>, "LayoutLeft plane 2");
static_assert(same<layout_of<LL3, Kokkos::ALL_t, int, Kokkos::ALL_t>, Kokkos::LayoutLeft>, "LayoutLeft plane 1");
static_assert(same<layout_of<LL3, int, Kokkos::ALL_t, Kokkos::ALL_t>, Kokkos::LayoutStride>, "LayoutLeft plane 0");
static_assert(same<layout_of<LL3, Range, Kokkos::ALL_t, Range>, Kokkos::LayoutLeft>, "LayoutLeft box");
static_assert(same<layout_of<LL4, Kokkos::ALL_t, int, Kokkos::ALL_t, int>, Kokkos::LayoutLeft>, "rank 2 of LayoutLeft 4");
static_assert(same<layout_of<LR4, Kokkos::ALL_t, int, Kokkos::ALL_t, int>, Kokkos::LayoutStride>, "rank 2 of LayoutRight 4");
static_assert(same<layout_of<LR4, int, int, Range, Kokkos::ALL_t>, Kokkos::LayoutRight>, "rank 2 of LayoutRight 4, leading range");
static_assert(same<layout_of<LR2, int, int>, Kokkos::LayoutRight>, "rank 0 keeps the layout");
static_assert(same<layout_of<Kokkos::View<double**, Kokkos::LayoutStride>, Kokkos::ALL_t, Kokkos::ALL_t>,
                   Kokkos::LayoutStride>, "LayoutStride stays LayoutStride");

// Static extents survive where ALL keeps them; a range makes its dimension and those before it runtime.
using S3 = Kokkos::View<int* [3][4], Kokkos::LayoutRight>;
static_assert(same<Kokkos::Subview<S3, int, Kokkos::ALL_t, Kokkos::ALL_t>::data_type, int[3][4]>, "static extents kept");
static_assert(same<Kokkos::Subview<S3, Range, Kokkos::ALL_t, Kokkos::ALL_t>::data_type, int* [3][4]>, "leading range");
static_assert(same<Kokkos::Subview<S3, Kokkos::ALL_t, Range, Kokkos::ALL_t>::data_type, int** [4]>, "middle range");
static_assert(same<Kokkos::Subview<S3, Kokkos::ALL_t, int, int>::data_type, int*>, "one runtime extent");
static_assert(same<Kokkos::Subview<Kokkos::View<const double**>, int, Kokkos::ALL_t>::value_type, const double>,
              "const data stays const");

// ---- rows and columns of a matrix ----------------------------------------------------------------

void rows_and_columns() {
  const int m = 301, n = 77;
  const int i0 = 17, j0 = 40;
  Kokkos::View<double**, Kokkos::LayoutRight> A("A", m, n);
  Kokkos::parallel_for("fill_A", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {m, n}),
                       KOKKOS_LAMBDA(const int i, const int j) { A(i, j) = 1000.0 * i + j; });

  auto row = Kokkos::subview(A, i0, Kokkos::ALL);
  Kokkos::View<double*, Kokkos::LayoutStride> col = Kokkos::subview(A, Kokkos::ALL(), j0);
  check_eq("row extent", row.extent(0), n);
  check_eq("column extent", col.extent(0), m);
  check_eq("column stride", col.stride(0), n);
  check_eq("row stride", row.stride_0(), 1);
  check(row.span_is_contiguous(), "a LayoutRight row is contiguous");
  check(!col.span_is_contiguous(), "a LayoutRight column is not contiguous");
  check(row.data() == A.data() + i0 * n, "row data() is A(i0, 0)");
  check(col.data() == A.data() + j0, "column data() is A(0, j0)");
  check_eq("use_count with two subviews", A.use_count(), 3);

  // Writes through the column, reads through the row (which crosses it at (i0, j0)).
  Kokkos::parallel_for("negate_column", m, KOKKOS_LAMBDA(const int i) { col(i) = -col(i); });
  double row_sum = 0.0;
  Kokkos::parallel_reduce("row_sum", Kokkos::RangePolicy<>(0, n),
                          KOKKOS_LAMBDA(const int j, double& s) { s += row(j); }, row_sum);
  double expect = 0.0;
  for (int j = 0; j < n; ++j) expect += (j == j0 ? -1.0 : 1.0) * (1000.0 * i0 + j);
  check_near("sum over a row subview", row_sum, expect, 1e-9 * expect);

  // Subviews made inside the kernel: the squared norm of every row.
  Kokkos::View<double*> norms("norms", m);
  Kokkos::parallel_for("row_norms", m, KOKKOS_LAMBDA(const int i) {
    auto r = Kokkos::subview(A, i, Kokkos::ALL);
    double s = 0.0;
    for (int j = 0; j < int(r.extent(0)); ++j) s += r(j) * r(j);
    norms(i) = s;
  });
  auto h_norms = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), norms);
  auto h_A = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), A);
  long long bad = 0;
  for (int i = 0; i < m; ++i) {
    double s = 0.0;
    for (int j = 0; j < n; ++j) {
      const double v = (j == j0 ? -1.0 : 1.0) * (1000.0 * i + j);
      if (h_A(i, j) != v) ++bad;
      s += v * v;
    }
    if (h_norms(i) != s) ++bad;
  }
  check_eq("matrix after writing through a column, row norms from kernel subviews (bad)", bad, 0);

  // deep_copy from a strided subview into a contiguous View and back into a subview.
  Kokkos::View<double*> c("c", m);
  Kokkos::deep_copy(c, col);
  Kokkos::parallel_for("shift", m, KOKKOS_LAMBDA(const int i) { c(i) += 0.5; });
  auto col2 = Kokkos::subview(A, Kokkos::ALL, j0 + 1);
  Kokkos::deep_copy(col2, c);
  Kokkos::deep_copy(Kokkos::subview(A, Kokkos::ALL, 0), 7.25);
  auto h_col = Kokkos::create_mirror_view(col);
  Kokkos::deep_copy(h_col, col);
  Kokkos::deep_copy(h_A, A);
  bad = 0;
  for (int i = 0; i < m; ++i) {
    if (h_col(i) != -(1000.0 * i + j0)) ++bad;
    if (h_A(i, j0 + 1) != -(1000.0 * i + j0) + 0.5) ++bad;
    if (h_A(i, 0) != 7.25) ++bad;
    if (h_A(i, 1) != 1000.0 * i + 1 || h_A(i, n - 1) != 1000.0 * i + n - 1) ++bad;
  }
  check_eq("deep_copy to, from and into column subviews (bad)", bad, 0);
}

// ---- LayoutLeft blocks ----------------------------------------------------------------------------

void layout_left_blocks() {
  const int m = 64, n = 48;
  Kokkos::View<int**, Kokkos::LayoutLeft> L("L", m, n);
  Kokkos::parallel_for("fill_L", m * n, KOKKOS_LAMBDA(const int f) { L(f % m, f / m) = f; });
  // A block of rows: LayoutLeft with a gap after each column of the block.
  auto block = Kokkos::subview(L, Kokkos::make_pair(8, 24), Kokkos::ALL);
  static_assert(std::is_same<decltype(block)::array_layout, Kokkos::LayoutLeft>::value, "row block layout");
  check_eq("block extent(0)", block.extent(0), 16);
  check_eq("block stride(1)", block.stride(1), m);
  check(!block.span_is_contiguous(), "a LayoutLeft row block is not contiguous");
  auto column = Kokkos::subview(L, Kokkos::ALL, 5);
  static_assert(std::is_same<decltype(column)::array_layout, Kokkos::LayoutLeft>::value, "column layout");
  check(column.span_is_contiguous(), "a LayoutLeft column is contiguous");
  // A block of a block (subview of a subview), written in a kernel.
  auto inner = Kokkos::subview(block, std::make_pair(2, 6), Kokkos::pair<int, int>(10, 13));
  check_eq("inner extent(0)", inner.extent(0), 4);
  check_eq("inner extent(1)", inner.extent(1), 3);
  Kokkos::parallel_for("negate_inner", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {4, 3}),
                       KOKKOS_LAMBDA(const int i, const int j) { inner(i, j) = -inner(i, j); });
  int block_sum = 0;
  Kokkos::parallel_reduce("block_sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {16, n}),
                          KOKKOS_LAMBDA(const int i, const int j, int& s) { s += block(i, j); }, block_sum);
  auto h_L = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), L);
  long long bad = 0;
  int expect = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      const bool negated = i >= 10 && i < 14 && j >= 10 && j < 13;
      const int v = (negated ? -1 : 1) * (i + m * j);
      if (h_L(i, j) != v) ++bad;
      if (i >= 8 && i < 24) expect += v;
    }
  check_eq("LayoutLeft after writing through a subview of a subview (bad)", bad, 0);
  check_eq("reduction over a LayoutLeft row block", block_sum, expect);
}

// ---- ranks 3 and 4, default layout ------------------------------------------------------------------

void rank3_and_rank4() {
  const int n0 = 6, n1 = 7, n2 = 8;
  Kokkos::View<double***> B("B", n0, n1, n2);
  Kokkos::parallel_for("fill_B", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {n0, n1, n2}),
                       KOKKOS_LAMBDA(const int i, const int j, const int k) { B(i, j, k) = 100.0 * i + 10.0 * j + k; });
  auto plane = Kokkos::subview(B, Kokkos::ALL, 3, Kokkos::ALL);                        // B(:, 3, :)
  auto box = Kokkos::subview(B, Kokkos::make_pair(1, 4), Kokkos::ALL, std::make_pair(2, 6));  // B(1:4, :, 2:6)
  auto line = Kokkos::subview(B, 2, Kokkos::pair<int, int>(1, 5), 4);                   // B(2, 1:5, 4)
  auto point = Kokkos::subview(B, 5, 6, 7);
  static_assert(decltype(plane)::rank == 2 && decltype(box)::rank == 3, "subview ranks");
  static_assert(decltype(line)::rank == 1 && decltype(point)::rank == 0, "subview ranks");
  check_eq("box extents", box.extent(0) * 100 + box.extent(1) * 10 + box.extent(2), 374);
  check_eq("plane size", plane.size(), n0 * n2);

  Kokkos::parallel_for("plane", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {n0, n2}),
                       KOKKOS_LAMBDA(const int i, const int k) { plane(i, k) += 0.25; });
  Kokkos::parallel_for("box", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {3, n1, 4}),
                       KOKKOS_LAMBDA(const int i, const int j, const int k) { box(i, j, k) *= 2.0; });
  Kokkos::parallel_for("line_and_point", 4, KOKKOS_LAMBDA(const int j) {
    line(j) = -1.0;
    if (j == 0) point() = 12345.0;
  });
  auto h_B = Kokkos::create_mirror_view(B);
  Kokkos::deep_copy(h_B, B);
  long long bad = 0;
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < n1; ++j)
      for (int k = 0; k < n2; ++k) {
        double v = 100.0 * i + 10.0 * j + k;
        if (j == 3) v += 0.25;
        if (i >= 1 && i < 4 && k >= 2 && k < 6) v *= 2.0;
        if (i == 2 && j >= 1 && j < 5 && k == 4) v = -1.0;
        if (i == 5 && j == 6 && k == 7) v = 12345.0;
        if (h_B(i, j, k) != v) ++bad;
      }
  check_eq("rank-3 View written through plane, box, line and point subviews (bad)", bad, 0);

  // Rank 4: a rank-2 slice with a range, used by a functor-free reduction, and a deep_copy of it.
  Kokkos::View<long****> C("C", 3, 4, 5, 6);
  Kokkos::parallel_for("fill_C", Kokkos::MDRangePolicy<Kokkos::Rank<4>>({0, 0, 0, 0}, {3, 4, 5, 6}),
                       KOKKOS_LAMBDA(const int a, const int b, const int c, const int d) {
                         C(a, b, c, d) = 1000 * a + 100 * b + 10 * c + d;
                       });
  auto slice = Kokkos::subview(C, 1, Kokkos::ALL, Kokkos::make_pair(1, 4), 2);  // C(1, :, 1:4, 2)
  long slice_sum = 0;
  Kokkos::parallel_reduce("slice_sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {4, 3}),
                          KOKKOS_LAMBDA(const int b, const int c, long& s) { s += slice(b, c); }, slice_sum);
  long expect = 0;
  for (int b = 0; b < 4; ++b)
    for (int c = 1; c < 4; ++c) expect += 1000 + 100 * b + 10 * c + 2;
  check_eq("reduction over a rank-4 slice", slice_sum, expect);
  Kokkos::View<long**, Kokkos::HostSpace> h_slice("h_slice", 4, 3);
  Kokkos::deep_copy(h_slice, slice);
  bad = 0;
  for (int b = 0; b < 4; ++b)
    for (int c = 0; c < 3; ++c)
      if (h_slice(b, c) != 1000 + 100 * b + 10 * (c + 1) + 2) ++bad;
  check_eq("deep_copy of a rank-4 slice to a host View (bad)", bad, 0);
}

// ---- a subview keeps the allocation alive; functors hold subviews -----------------------------------

struct ColumnSum {
  Kokkos::View<const double*, Kokkos::LayoutStride> column;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double& s) const { s += column(i); }
};

void ownership_and_functors() {
  Kokkos::View<double*, Kokkos::LayoutStride> keep;
  {
    Kokkos::View<double**, Kokkos::LayoutRight> tmp("tmp", 50, 4);
    Kokkos::deep_copy(tmp, 3.0);
    keep = Kokkos::subview(tmp, Kokkos::ALL, 2);
    check_eq("use_count of the parent with one subview", tmp.use_count(), 2);
  }
  check_eq("use_count of a subview that outlived its parent", keep.use_count(), 1);
  check(keep.label() == "tmp", "a subview has its parent's label");
  double s = 0.0;
  Kokkos::parallel_reduce("column_sum", keep.extent(0), ColumnSum{keep}, s);
  check_near("reduction through a functor holding a const LayoutStride subview", s, 150.0, 0.0);

  // A subview of an unmanaged View is unmanaged too.
  double raw[12];
  for (int k = 0; k < 12; ++k) raw[k] = k;
  Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> u(raw, 3, 4);
  auto urow = Kokkos::subview(u, 2, Kokkos::ALL);
  check_eq("use_count of a subview of an unmanaged View", urow.use_count(), 0);
  check_near("element of a subview of an unmanaged View", urow(3), 11.0, 0.0);
}

// ---- ranks 1 and 8 -----------------------------------------------------------------------------------

void ranks_1_and_8() {
  Kokkos::View<int*> v("v", 100);
  Kokkos::parallel_for("fill_v", 100, KOKKOS_LAMBDA(const int i) { v(i) = i; });
  auto middle = Kokkos::subview(v, Kokkos::make_pair(40, 60));
  auto all = Kokkos::subview(v, Kokkos::ALL);
  static_assert(std::is_same<decltype(middle)::array_layout, decltype(v)::array_layout>::value, "rank-1 range keeps the layout");
  int s = 0;
  Kokkos::parallel_reduce("sum_middle", middle.extent(0), KOKKOS_LAMBDA(const int i, int& a) { a += middle(i) + 0 * all(i); }, s);
  check_eq("sum over a rank-1 range", s, (40 + 59) * 10);

  // Rank 8 (2 x 3 x 2 x 3 x 2 x 2 x 2 x 4) to rank 4: E(1, :, 0, 1:3, 1, :, 0, 1:4).
  Kokkos::View<int********> E("E", 2, 3, 2, 3, 2, 2, 2, 4);
  const int total = int(E.size());
  Kokkos::parallel_for("fill_E", total, KOKKOS_LAMBDA(const int f) {
    int i[8];
    int r = f;
    for (int d = 7; d >= 0; --d) {
      i[d] = r % int(E.extent(d));
      r /= int(E.extent(d));
    }
    E(i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7]) = f;
  });
  auto sub = Kokkos::subview(E, 1, Kokkos::ALL, 0, Kokkos::make_pair(1, 3), 1, Kokkos::ALL, 0, std::make_pair(1, 4));
  static_assert(decltype(sub)::rank == 4, "rank of the rank-8 subview");
  check_eq("rank-8 subview extents", sub.extent(0) * 1000 + sub.extent(1) * 100 + sub.extent(2) * 10 + sub.extent(3), 3223);
  Kokkos::View<int****, Kokkos::HostSpace> h("h", 3, 2, 2, 3);
  Kokkos::View<int****> flat("flat", 3, 2, 2, 3);
  Kokkos::parallel_for("copy_sub", 36, KOKKOS_LAMBDA(const int f) {
    const int a = f / 12, b = (f / 6) % 2, c = (f / 3) % 2, d = f % 3;
    flat(a, b, c, d) = sub(a, b, c, d);
  });
  Kokkos::deep_copy(h, flat);
  auto hs = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sub);
  long long bad = 0;
  const int ext[8] = {2, 3, 2, 3, 2, 2, 2, 4};
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 2; ++b)
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 3; ++d) {
          const int idx[8] = {1, a, 0, 1 + b, 1, c, 0, 1 + d};
          int f = 0;
          for (int k = 0; k < 8; ++k) f = f * ext[k] + idx[k];
          bad += h(a, b, c, d) != f || hs(a, b, c, d) != f;
        }
  check_eq("rank-8 subview read in a kernel and copied to the host (bad)", bad, 0);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  rows_and_columns();
  layout_left_blocks();
  rank3_and_rank4();
  ownership_and_functors();
  ranks_1_and_8();
  return report();
}
