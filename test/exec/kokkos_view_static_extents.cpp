// Checks Views whose data type has static extents (double[4][5], double*[3], int[4]): extents, strides, span and size on the host and in kernels, LayoutLeft and LayoutRight, owning, unmanaged and team scratch Views; conversions to and from runtime extents and from LayoutStride; subviews that keep static extents, that turn them into runtime ones (ranges; two dimensions with a gap between them), and subviews of subviews.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <type_traits>

template <class A, class B>
constexpr bool same = std::is_same<A, B>::value;

using Range = Kokkos::pair<int, int>;
using R45 = Kokkos::View<double[4][5], Kokkos::LayoutRight>;
using L45 = Kokkos::View<double[4][5], Kokkos::LayoutLeft>;
using L345 = Kokkos::View<double[3][4][5], Kokkos::LayoutLeft>;
using R345 = Kokkos::View<double[3][4][5], Kokkos::LayoutRight>;
// The same in host memory, for what the host reads element by element (the Views above live in
// the device's memory in a GPU build).
using HostR45 = Kokkos::View<double[4][5], Kokkos::LayoutRight, Kokkos::HostSpace>;
using HostL45 = Kokkos::View<double[4][5], Kokkos::LayoutLeft, Kokkos::HostSpace>;

static_assert(R45::rank == 2 && R45::rank_dynamic == 0, "rank of View<double[4][5]>");
static_assert(R45::static_extent(0) == 4 && R45::static_extent(1) == 5, "static extents");
static_assert(same<Kokkos::Subview<R345, int, Kokkos::ALL_t, Kokkos::ALL_t>::data_type, double[4][5]>,
              "a packed plane keeps its static extents");
static_assert(same<Kokkos::Subview<L345, Kokkos::ALL_t, Kokkos::ALL_t, int>::data_type, double[3][4]>,
              "a packed LayoutLeft plane keeps its static extents");
static_assert(same<Kokkos::Subview<R345, Range, Kokkos::ALL_t, Kokkos::ALL_t>::data_type, double* [4][5]>,
              "a leading range");
// Kokkos keeps double[3][5] here and addresses the plane as if it were packed.
static_assert(same<Kokkos::Subview<L345, Kokkos::ALL_t, int, Kokkos::ALL_t>::data_type, double**>,
              "a LayoutLeft plane with a gap has runtime extents");
static_assert(same<Kokkos::Subview<L345, Kokkos::ALL_t, int, Kokkos::ALL_t>::array_layout, Kokkos::LayoutLeft>,
              "a LayoutLeft plane with a gap keeps the layout");

/// The value stored at (i, j, k) of the Views below.
KOKKOS_INLINE_FUNCTION double value(int i, int j, int k = 0) { return 100.0 * i + 10.0 * j + k; }

// ---- owning Views: shape and element addresses ----------------------------------------------------

void owning_views() {
  R45 r("r");
  L45 l("l");
  check_eq("LayoutRight extent(0)", r.extent(0), 4);
  check_eq("LayoutRight extent_int(1)", r.extent_int(1), 5);
  check_eq("extent past the rank", r.extent(2), 1);
  check_eq("LayoutRight size", r.size(), 20);
  check_eq("LayoutRight span", r.span(), 20);
  check_eq("LayoutRight stride(0)", r.stride(0), 5);
  check_eq("LayoutRight stride(1)", r.stride(1), 1);
  check_eq("LayoutLeft stride(0)", l.stride(0), 1);
  check_eq("LayoutLeft stride(1)", l.stride(1), 4);
  size_t s[3];
  l.stride(s);
  check(s[0] == 1 && s[1] == 4 && s[2] == 20, "LayoutLeft stride(s) with the span");
  check(r.span_is_contiguous() && l.span_is_contiguous(), "owning Views are contiguous");
  HostR45 hr45("hr45");
  HostL45 hl45("hl45");
  check(&hr45(2, 3) == hr45.data() + 13, "LayoutRight r(2, 3) is element 13");
  check(&hl45(2, 3) == hl45.data() + 14, "LayoutLeft l(2, 3) is element 14");

  // Mixed: one runtime extent, then static ones.
  Kokkos::View<double* [3], Kokkos::LayoutLeft> ml("ml", 7);
  Kokkos::View<double* [3], Kokkos::LayoutRight> mr("mr", 7);
  check(ml.extent(0) == 7 && ml.extent(1) == 3 && ml.stride(1) == 7, "View<double*[3], LayoutLeft>");
  check(mr.extent(0) == 7 && mr.extent(1) == 3 && mr.stride(0) == 3, "View<double*[3], LayoutRight>");

  Kokkos::parallel_for("fill_static", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {4, 5}),
                       KOKKOS_LAMBDA(const int i, const int j) {
    r(i, j) = value(i, j);
    l(i, j) = value(i, j);
  });
  int bad = 0;
  Kokkos::parallel_reduce("read_static", 1, KOKKOS_LAMBDA(const int, int& b) {
    b += r.extent(0) != 4 || r.extent(1) != 5 || r.stride(0) != 5 || l.stride(1) != 4 || r.span() != 20;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 5; ++j) b += r(i, j) != value(i, j) || l(i, j) != value(i, j);
  }, bad);
  check_eq("static Views read in a kernel (bad)", bad, 0);

  auto hr = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), r);
  static_assert(same<decltype(hr)::data_type, double[4][5]>, "the mirror keeps the static extents");
  check(hr(3, 4) == value(3, 4) && hr.data()[5] == value(1, 0), "LayoutRight mirror");
  auto hl = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), l);
  check(hl(3, 4) == value(3, 4) && hl.data()[1] == value(1, 0), "LayoutLeft mirror");

  // An unmanaged View of the caller's memory.
  int raw[4] = {1, 2, 3, 4};
  Kokkos::View<int[4], Kokkos::HostSpace, Kokkos::MemoryUnmanaged> u(raw);
  check(u.extent(0) == 4 && u(3) == 4 && &u(2) == raw + 2, "unmanaged View<int[4]>");
}

// ---- conversions ----------------------------------------------------------------------------------

// In host memory: the host reads the elements.
void conversions() {
  HostR45 r("r");
  Kokkos::deep_copy(r, 1.5);
  // To runtime extents and back.
  Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace> d = r;
  check(d.extent(0) == 4 && d.extent(1) == 5 && d.stride(0) == 5 && d.data() == r.data(),
        "View<double**> from View<double[4][5]>");
  HostR45 back = d;
  check(back.data() == r.data() && back.stride(0) == 5 && back(3, 4) == 1.5,
        "View<double[4][5]> from View<double**>");
  Kokkos::View<const double[4][5], Kokkos::LayoutRight, Kokkos::HostSpace> c = r;
  check(c(2, 2) == 1.5, "const View<double[4][5]>");
  Kokkos::View<double* [5], Kokkos::LayoutRight, Kokkos::HostSpace> m = d;
  check(m.extent(0) == 4 && m.stride(0) == 5, "View<double*[5]> from View<double**>");
  check_eq("use_count of the shared allocation", r.use_count(), 5);

  // From LayoutStride: packed strides fit, as the checks when the conversion runs require.
  Kokkos::LayoutStride ls(4, 1, 5, 4);
  Kokkos::View<double**, Kokkos::LayoutStride, Kokkos::HostSpace> s("s", ls);
  HostL45 l = s;
  check(l.stride(1) == 4 && l.data() == s.data(), "View<double[4][5], LayoutLeft> from LayoutStride");
  Kokkos::View<double[4][5], Kokkos::LayoutStride, Kokkos::HostSpace> st = r;
  check(st.stride(0) == 5 && st.stride(1) == 1 && st.extent(1) == 5, "View<double[4][5], LayoutStride>");
}

// ---- subviews -------------------------------------------------------------------------------------

void subviews() {
  L345 a("a");
  R345 b("b");
  Kokkos::View<double* [4][5], Kokkos::LayoutRight> batch("batch", 6);
  Kokkos::parallel_for("fill_3d", Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {3, 4, 5}),
                       KOKKOS_LAMBDA(const int i, const int j, const int k) {
    a(i, j, k) = value(i, j, k);
    b(i, j, k) = value(i, j, k);
    batch(i, j, k) = value(i, j, k);
    batch(i + 3, j, k) = -value(i, j, k);
  });

  int bad = 0;
  Kokkos::parallel_reduce("subviews_in_kernel", 1, KOKKOS_LAMBDA(const int, int& e) {
    // Static planes.
    auto plane = Kokkos::subview(b, 2, Kokkos::ALL, Kokkos::ALL);
    auto lplane = Kokkos::subview(a, Kokkos::ALL, Kokkos::ALL, 3);
    auto matrix = Kokkos::subview(batch, 4, Kokkos::ALL, Kokkos::ALL);
    e += plane.extent(0) != 4 || plane.extent(1) != 5 || plane.stride(0) != 5;
    e += lplane.extent(0) != 3 || lplane.extent(1) != 4 || lplane.stride(1) != 3;
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 5; ++k) e += plane(j, k) != value(2, j, k) || matrix(j, k) != -value(1, j, k);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) e += lplane(i, j) != value(i, j, 3);

    // A LayoutLeft plane with a gap (runtime extents, stride 12 between its columns).
    auto gap = Kokkos::subview(a, Kokkos::ALL, 1, Kokkos::ALL);
    e += gap.extent(0) != 3 || gap.extent(1) != 5 || gap.stride(1) != 12;
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 5; ++k) e += gap(i, k) != value(i, 1, k);
    // The same for LayoutRight.
    auto rgap = Kokkos::subview(b, Kokkos::ALL, 2, Kokkos::ALL);
    e += rgap.extent(0) != 3 || rgap.extent(1) != 5 || rgap.stride(0) != 20;
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 5; ++k) e += rgap(i, k) != value(i, 2, k);

    // Ranges make extents runtime; a subview of a subview.
    auto block = Kokkos::subview(plane, Range(1, 3), Kokkos::ALL);
    auto corner = Kokkos::subview(block, Kokkos::ALL, Range(2, 5));
    e += block.extent(0) != 2 || block.extent(1) != 5 || block(1, 4) != value(2, 2, 4);
    e += corner.extent(0) != 2 || corner.extent(1) != 3 || corner.stride(0) != 5;
    e += corner(0, 0) != value(2, 1, 2) || corner(1, 2) != value(2, 2, 4);
    auto row = Kokkos::subview(plane, 3, Kokkos::ALL);
    e += row.extent(0) != 5 || row(4) != value(2, 3, 4);
  }, bad);
  check_eq("subviews of static Views in a kernel (bad)", bad, 0);

  static_assert(same<decltype(Kokkos::subview(batch, 4, Kokkos::ALL, Kokkos::ALL))::data_type, double[4][5]>,
                "a matrix of a batch keeps its static extents");
  // A subview converted to a View with static extents: packed, so it fits (of the batch's host
  // copy, whose elements the host reads).
  auto hbatch = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), batch);
  HostR45 m(hbatch, 5, Kokkos::ALL, Kokkos::ALL);
  check(m(1, 2) == -value(2, 1, 2) && m.stride(0) == 5, "View<double[4][5]> of a batch");
  Kokkos::View<double[5], Kokkos::LayoutRight, Kokkos::HostSpace> row = Kokkos::subview(m, 3, Kokkos::ALL);
  check(row(4) == -value(2, 3, 4), "View<double[5]> of a row");
  // The gap plane to LayoutStride, keeping nothing static.
  Kokkos::View<double**, Kokkos::LayoutStride> gs = Kokkos::subview(a, Kokkos::ALL, 2, Kokkos::ALL);
  check(gs.stride(0) == 1 && gs.stride(1) == 12, "a gap plane as LayoutStride");
}

// ---- team scratch ---------------------------------------------------------------------------------

void scratch_product() {
  constexpr int N = 8;
  const int teams = 5;
  using Matrix = Kokkos::View<double[N][N], Kokkos::LayoutRight,
                              Kokkos::DefaultExecutionSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  using member_type = Kokkos::TeamPolicy<>::member_type;
  Kokkos::View<double* [N][N], Kokkos::LayoutRight> C("C", teams);
  const auto policy = Kokkos::TeamPolicy<>(teams, Kokkos::AUTO).set_scratch_size(0, Kokkos::PerTeam(2 * Matrix::shmem_size()));
  Kokkos::parallel_for("scratch_product", policy, KOKKOS_LAMBDA(const member_type& team) {
    const int e = team.league_rank();
    Matrix a(team.team_scratch(0)), b(team.team_scratch(0));
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, N), [&](const int i) {
      for (int j = 0; j < N; ++j) {
        a(i, j) = e + i;
        b(i, j) = j;
      }
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, N), [&](const int i) {
      for (int j = 0; j < N; ++j) {
        double sum = 0.0;
        for (int k = 0; k < N; ++k) sum += a(i, k) * b(k, j);
        C(e, i, j) = sum;
      }
    });
  });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), C);
  int bad = 0;
  for (int e = 0; e < teams; ++e)
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) bad += h(e, i, j) != double(N * (e + i) * j);
  check_eq("product of static scratch matrices (bad)", bad, 0);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  owning_views();
  conversions();
  subviews();
  scratch_product();
  return report();
}
