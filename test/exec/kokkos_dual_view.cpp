// Checks Kokkos::DualView as Kokkos programs use it: fill on the host, modify_host / sync_device, kernels on view_device() and d_view (also captured with the DualView), modify_device / need_sync_host / sync_host, the templated modify<Space> / sync<Space> / view<Space> of the Kokkos tutorial's functor (dispatched over a count, so it runs in its own execution_space), resize keeping the last-modified side, realloc, a 2-D LayoutRight DualView and its subview, deep_copy between DualViews, clear_sync_state.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_DualView.hpp>
#include "check.hpp"

#include <cstdio>
#include <type_traits>

using view_type = Kokkos::DualView<double*>;
using idx_type = Kokkos::DualView<int**, Kokkos::LayoutRight>;

// Whether the device side is memory of its own (not in the serial build).
constexpr bool two_sides =
    !std::is_same<view_type::t_dev::memory_space, view_type::t_host::memory_space>::value;

// The Kokkos tutorial's pattern: a functor templated on where it runs takes the DualViews'
// sides for that space, syncs what it reads and marks what it writes.
template <class ExecutionSpace>
struct LocalSum {
  using execution_space = ExecutionSpace;
  using memory_space = typename ExecutionSpace::memory_space;
  Kokkos::View<const int**, Kokkos::LayoutRight, memory_space> idx;
  Kokkos::View<double*, memory_space> dest;
  Kokkos::View<const double*, memory_space> src;

  LocalSum(idx_type dv_idx, view_type dv_dest, view_type dv_src) {
    dv_idx.sync<ExecutionSpace>();
    dv_src.sync<ExecutionSpace>();
    dv_dest.modify<ExecutionSpace>();
    idx = dv_idx.view<ExecutionSpace>();
    dest = dv_dest.template view<ExecutionSpace>();
    src = dv_src.template view<ExecutionSpace>();
  }

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    double sum = 0;
    for (int j = 0; j < int(idx.extent(1)); ++j) sum += src(idx(i, j));
    dest(i) = sum;
  }
};

void basic(const int n) {
  view_type dv("dv", n);
  check_eq("extent", long(dv.extent(0)), n);
  check(dv.is_allocated(), "is_allocated");
  for (int i = 0; i < n; ++i) dv.h_view(i) = i;
  dv.modify_host();
  check(dv.need_sync_device() == two_sides, "need_sync_device after modify_host");
  check(!dv.need_sync_host(), "no need_sync_host after modify_host");
  dv.sync_device();
  check(!dv.need_sync_device(), "no need_sync_device after sync_device");

  auto d = dv.view_device();
  Kokkos::parallel_for("twice", n, KOKKOS_LAMBDA(const int i) { d(i) = 2 * d(i) + 1; });
  dv.modify_device();
  check(dv.need_sync_host() == two_sides, "need_sync_host after modify_device");
  dv.sync_host();
  long bad = 0;
  for (int i = 0; i < n; ++i) bad += dv.h_view(i) != 2.0 * i + 1;
  check_eq("values after sync_host", bad, 0);

  // The DualView captured whole, its device side used in the kernel.
  Kokkos::parallel_for("captured", n, KOKKOS_LAMBDA(const int i) { dv.d_view(i) += 1; });
  dv.modify<view_type::execution_space>();
  dv.sync<Kokkos::HostSpace>();
  auto h = dv.view<Kokkos::HostSpace>();
  static_assert(std::is_same<decltype(h)::memory_space, Kokkos::HostSpace>::value,
                "view<HostSpace> is in HostSpace");
  static_assert(std::is_same<decltype(dv.view<view_type::memory_space>()), view_type::t_dev>::value,
                "view<memory_space> is t_dev");
  bad = 0;
  for (int i = 0; i < n; ++i) bad += h(i) != 2.0 * i + 2;
  check_eq("values after the captured DualView's kernel", bad, 0);

  // A sync with nothing modified copies nothing: host-only changes stay on the host.
  dv.clear_sync_state();
  dv.h_view(0) = -5;
  dv.sync_device();
  auto d0 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), dv.d_view);
  check(d0(0) == (two_sides ? 2.0 : -5.0), "sync_device without modify_host copies nothing");
}

void tutorial(const int n, const int k) {
  idx_type idx("idx", n, k);
  view_type dest("dest", n), src("src", n);
  for (int i = 0; i < n; ++i) {
    src.h_view(i) = 0.5 * i;
    for (int j = 0; j < k; ++j) idx.h_view(i, j) = (i + 7 * j + 3) % n;
  }
  idx.modify<Kokkos::DefaultHostExecutionSpace>();
  src.modify<Kokkos::DefaultHostExecutionSpace>();

  Kokkos::parallel_for("local_sum_device", Kokkos::RangePolicy<Kokkos::DefaultExecutionSpace>(0, n),
                       LocalSum<Kokkos::DefaultExecutionSpace>(idx, dest, src));
  Kokkos::fence();
  check(dest.need_sync<Kokkos::HostSpace>() == two_sides, "dest needs a host sync");
  dest.sync<Kokkos::DefaultHostExecutionSpace>();
  long bad = 0;
  for (int i = 0; i < n; ++i) {
    double expected = 0;
    for (int j = 0; j < k; ++j) expected += 0.5 * ((i + 7 * j + 3) % n);
    bad += dest.h_view(i) != expected;
  }
  check_eq("tutorial functor on the device", bad, 0);

  // The same functor on the host, dispatched over a count as the Kokkos tutorial does: it runs
  // in the functor's execution_space. Its syncs bring nothing back (host data is current).
  Kokkos::parallel_for("local_sum_host", n, LocalSum<Kokkos::DefaultHostExecutionSpace>(idx, dest, src));
  dest.sync<Kokkos::DefaultExecutionSpace>();
  auto back = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), dest.d_view);
  bad = 0;
  for (int i = 0; i < n; ++i) bad += back(i) != dest.h_view(i);
  check_eq("tutorial functor on the host, synced to the device", bad, 0);
}

void resizing(const int n) {
  view_type dv("grow", n);
  for (int i = 0; i < n; ++i) dv.h_view(i) = i + 1;
  dv.modify_host();
  dv.resize(2 * n);  // keeps the host side (modified last) and marks it modified
  check_eq("resized extent", long(dv.extent(0)), 2 * n);
  check_eq("resized host extent", long(dv.h_view.extent(0)), 2 * n);
  dv.sync_device();
  auto d = dv.d_view;
  Kokkos::View<long> wrong("wrong");
  Kokkos::parallel_for("check_grown", 2 * n, KOKKOS_LAMBDA(const int i) {
    const double expected = i < n ? i + 1 : 0;
    if (d(i) != expected) Kokkos::atomic_add(&wrong(), 1L);
  });
  long w = 0;
  Kokkos::deep_copy(w, wrong);
  check_eq("resize keeps the modified side's contents", w, 0);

  // Modified on the device last: resize keeps the device side.
  Kokkos::parallel_for("mark", 2 * n, KOKKOS_LAMBDA(const int i) { d(i) = 3 * i; });
  dv.modify_device();
  dv.resize(n / 2);
  dv.sync_host();
  long bad = 0;
  for (int i = 0; i < n / 2; ++i) bad += dv.h_view(i) != 3.0 * i;
  check_eq("resize keeps the device side when it was modified last", bad, 0);

  Kokkos::realloc(dv, 3 * n);
  check_eq("realloc extent", long(dv.extent(0)), 3 * n);
  check(!dv.need_sync_host() && !dv.need_sync_device(), "realloc clears the stamps");
  bad = 0;
  for (int i = 0; i < 3 * n; ++i) bad += dv.h_view(i) != 0.0;
  check_eq("realloc zeroes", bad, 0);
}

void two_dimensional(const int rows, const int cols) {
  Kokkos::DualView<int**, Kokkos::LayoutRight> m("m", rows, cols);
  auto dm = m.view_device();
  Kokkos::parallel_for("fill_2d",
                       Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {rows, cols}),
                       KOKKOS_LAMBDA(const int i, const int j) { dm(i, j) = 100 * i + j; });
  m.modify_device();
  // A subview of row 3 shares the stamps: syncing it brings that row to the host.
  auto row = Kokkos::subview(m, 3, Kokkos::ALL);
  check_eq("subview extent", long(row.extent(0)), cols);
  check(row.need_sync_host() == two_sides, "the subview shares the stamps");
  row.sync_host();
  long bad = 0;
  for (int j = 0; j < cols; ++j) bad += row.h_view(j) != 300 + j;
  check_eq("row of the 2-D DualView", bad, 0);
  check(!m.need_sync_host(), "the parent's stamps were cleared with the subview's");

  Kokkos::DualView<int**, Kokkos::LayoutRight> copy("copy", rows, cols);
  m.modify_device();
  Kokkos::deep_copy(copy, m);  // the source's device side was modified last
  check(copy.need_sync_host() == two_sides, "deep_copy marks the destination's device side");
  copy.sync_host();
  bad = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) bad += copy.h_view(i, j) != 100 * i + j;
  check_eq("deep_copy of DualViews", bad, 0);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  basic(1 << 20);
  tutorial(100000, 5);
  resizing(50000);
  two_dimensional(300, 257);
  return report();
}
