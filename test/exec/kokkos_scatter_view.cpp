// Checks Kokkos::Experimental::ScatterView as users use it: Kokkos' default modes per execution space, 1M-item histograms into 16 and 1000 bins through access() in a RangePolicy and in a TeamThreadRange (+=, -=, ++, --, operator[]), forces of particles to cells ((cell, d) with double*[3] and double**), a rank-3 scatter, ScatterProd (*=, /=, update), ScatterMin and ScatterMax, create_scatter_view in its spellings, explicitly ScatterDuplicated and ScatterNonDuplicated ScatterNonAtomic views on the host space, explicitly duplicated views on the default space (int* non-atomic, double** LayoutLeft and LayoutRight), contribute onto Views with prior contents, reset, reset_except, subview, realloc and resize.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_ScatterView.hpp>
#include "check.hpp"

#include <climits>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

using ExecSpace = Kokkos::DefaultExecutionSpace;
using Layout = ExecSpace::array_layout;
using team_policy = Kokkos::TeamPolicy<ExecSpace>;
using member_type = team_policy::member_type;
namespace KE = Kokkos::Experimental;

// Kokkos' defaults per execution space: duplication, then contribution.
template <class Space, class Dup, class Contr>
constexpr bool defaults_are =
    std::is_same<KE::ScatterView<double*, typename Space::array_layout, Space>,
                 KE::ScatterView<double*, typename Space::array_layout, Space, KE::ScatterSum, Dup, Contr>>::value;
template <class Space, class Contr>
constexpr bool duplicated_contribution_is =
    std::is_same<KE::ScatterView<int*, typename Space::array_layout, Space, KE::ScatterSum, KE::ScatterDuplicated>,
                 KE::ScatterView<int*, typename Space::array_layout, Space, KE::ScatterSum, KE::ScatterDuplicated,
                                 Contr>>::value;
static_assert(defaults_are<Kokkos::Serial, KE::ScatterNonDuplicated, KE::ScatterNonAtomic> &&
                  duplicated_contribution_is<Kokkos::Serial, KE::ScatterNonAtomic>,
              "Serial: non-duplicated, non-atomic");
#if defined(KOKKOS_ENABLE_CUDA)
static_assert(defaults_are<Kokkos::Cuda, KE::ScatterNonDuplicated, KE::ScatterAtomic> &&
                  duplicated_contribution_is<Kokkos::Cuda, KE::ScatterAtomic>,
              "Cuda: non-duplicated, atomic; duplicated, atomic");
#endif
#if defined(KOKKOS_ENABLE_OPENMPTARGET)
static_assert(defaults_are<Kokkos::Experimental::OpenMPTarget, KE::ScatterNonDuplicated, KE::ScatterAtomic> &&
                  duplicated_contribution_is<Kokkos::Experimental::OpenMPTarget, KE::ScatterAtomic>,
              "OpenMPTarget: non-duplicated, atomic; duplicated, atomic (hpar's choice for every "
              "device space: Kokkos picks non-atomic here, with the same results)");
#endif
#if defined(KOKKOS_ENABLE_OPENMP)
static_assert(defaults_are<Kokkos::OpenMP, KE::ScatterDuplicated, KE::ScatterNonAtomic> &&
                  std::is_same<KE::ScatterView<int*, Kokkos::LayoutRight, Kokkos::OpenMP, KE::ScatterSum,
                                               KE::ScatterNonDuplicated>,
                               KE::ScatterView<int*, Kokkos::LayoutRight, Kokkos::OpenMP, KE::ScatterSum,
                                               KE::ScatterNonDuplicated, KE::ScatterAtomic>>::value,
              "OpenMP: duplicated, non-atomic; non-duplicated, atomic");
#endif
static_assert(KE::is_scatter_view<KE::ScatterView<double*>>::value && !KE::is_scatter_view<Kokkos::View<double*>>::value,
              "is_scatter_view");

// The items: the same formulas on the host and in the kernels.
KOKKOS_INLINE_FUNCTION int bin_of(const int i, const int bins) {
  return int(((unsigned(i) * 2654435761u) >> 7) % unsigned(bins));
}
KOKKOS_INLINE_FUNCTION double weight_of(const int i) { return 0.25 * double(i % 7); }
KOKKOS_INLINE_FUNCTION int value_of(const int i) {
  return int((unsigned(i) * 2246822519u) % 2000001u) - 1000000;
}
KOKKOS_INLINE_FUNCTION double force_of(const int p, const int d) {
  return 0.125 * double((p * (d + 3)) % 17) - 1.0;
}
// What the int histogram adds for item i: += 1, then -= 2, ++ and -- on some items.
KOKKOS_INLINE_FUNCTION int int_delta(const int i) {
  return 1 - (i % 3 == 0 ? 2 : 0) + (i % 5 == 0 ? 1 : 0) - (i % 11 == 0 ? 1 : 0);
}

template <class V>
auto to_host(const V& v) {
  return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
}

template <class V, class F>
void fill(const V& v, F value) {
  auto h = Kokkos::create_mirror_view(v);
  for (size_t b = 0; b < h.extent(0); ++b) h(b) = value(int(b));
  Kokkos::deep_copy(v, h);
}

void check_bins(const std::string& what, const std::vector<double>& expected, const std::vector<double>& got) {
  int bad = 0;
  for (size_t b = 0; b < expected.size(); ++b)
    if (got[b] != expected[b]) {
      if (bad < 3)
        std::printf("  %s: bin %zu: got %.17g, expected %.17g\n", what.c_str(), b, got[b], expected[b]);
      ++bad;
    }
  check_eq(what.c_str(), bad, 0);
}

template <class V>
std::vector<double> host_values(const V& v) {
  auto h = to_host(v);
  std::vector<double> out(h.extent(0));
  for (size_t b = 0; b < h.extent(0); ++b) out[b] = double(h(b));
  return out;
}

// ---- histograms --------------------------------------------------------------------------------

void histogram_range(const int bins) {
  const int n = 1000000;
  Kokkos::View<int*> hist("hist", bins);
  Kokkos::View<double*> whist("whist", bins);
  fill(hist, [](int b) { return 3 * b + 1; });
  fill(whist, [](int b) { return 0.5 * b; });

  KE::ScatterView<int*> scatter(hist);
  auto wscatter = KE::create_scatter_view(whist);
  check(scatter.is_allocated() && scatter.extent(0) == size_t(bins), "ScatterView of a View: allocated, its extent");
  Kokkos::parallel_for("histogram", n, KOKKOS_LAMBDA(const int i) {
    auto access = scatter.access();
    auto waccess = wscatter.access();
    const int b = bin_of(i, bins);
    access(b) += 1;
    if (i % 3 == 0) access(b) -= 2;
    if (i % 5 == 0) access(b)++;
    if (i % 11 == 0) --access(b);
    waccess[b] += weight_of(i);
  });
  KE::contribute(hist, scatter);
  Kokkos::Experimental::contribute(whist, wscatter);

  std::vector<double> count(bins), weight(bins);
  for (int b = 0; b < bins; ++b) {
    count[b] = 3 * b + 1;
    weight[b] = 0.5 * b;
  }
  for (int i = 0; i < n; ++i) {
    count[bin_of(i, bins)] += int_delta(i);
    weight[bin_of(i, bins)] += weight_of(i);
  }
  check_bins("RangePolicy histogram (int, +=, -=, ++, --) onto prior contents, " + std::to_string(bins) + " bins",
             count, host_values(hist));
  check_bins("RangePolicy histogram (double, operator[]) onto prior contents, " + std::to_string(bins) + " bins",
             weight, host_values(whist));
}

void histogram_team(const int bins) {
  const int n = 1000000, chunk = 256;
  const int league = (n + chunk - 1) / chunk;
  Kokkos::View<long*> hist("team_hist", bins);
  auto scatter = KE::create_scatter_view(hist);
  Kokkos::parallel_for("team_histogram", team_policy(league, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
    auto access = scatter.access();
    const int first = team.league_rank() * chunk;
    const int last = first + chunk < n ? first + chunk : n;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, last),
                         [&](const int i) { access(bin_of(i, bins)) += long(i % 4); });
  });
  Kokkos::Experimental::contribute(hist, scatter);
  std::vector<double> expected(bins, 0.0);
  for (int i = 0; i < n; ++i) expected[bin_of(i, bins)] += i % 4;
  check_bins("TeamThreadRange histogram, " + std::to_string(bins) + " bins", expected, host_values(hist));
}

// ---- forces on cells and rank 3 ----------------------------------------------------------------

KOKKOS_INLINE_FUNCTION int cell_of(const int p, const int cells) { return bin_of(p * 3 + 1, cells); }

void forces() {
  const int particles = 300000, cells = 1000;
  Kokkos::View<double* [3]> force("force", cells);
  Kokkos::View<double**> force2("force2", cells, 3);
  KE::ScatterView<double* [3]> sforce(force);
  KE::ScatterView<double**> sforce2(force2);
  check(sforce2.extent(0) == size_t(cells) && sforce2.extent(1) == 3, "ScatterView<double**>: extents");
  Kokkos::parallel_for("forces", particles, KOKKOS_LAMBDA(const int p) {
    auto f = sforce.access();
    auto f2 = sforce2.access();
    const int c = cell_of(p, cells);
    for (int d = 0; d < 3; ++d) {
      f(c, d) += force_of(p, d);
      f2(c, d) -= force_of(p, d);
    }
  });
  KE::contribute(force, sforce);
  KE::contribute(force2, sforce2);
  std::vector<double> expected(size_t(cells) * 3, 0.0);
  for (int p = 0; p < particles; ++p)
    for (int d = 0; d < 3; ++d) expected[size_t(cell_of(p, cells)) * 3 + d] += force_of(p, d);
  auto h = to_host(force);
  auto h2 = to_host(force2);
  int bad = 0, bad2 = 0;
  for (int c = 0; c < cells; ++c)
    for (int d = 0; d < 3; ++d) {
      if (h(c, d) != expected[size_t(c) * 3 + d]) ++bad;
      if (h2(c, d) != -expected[size_t(c) * 3 + d]) ++bad2;
    }
  check_eq("forces to cells, ScatterView<double*[3]> (wrong elements)", bad, 0);
  check_eq("forces to cells, ScatterView<double**> with -= (wrong elements)", bad2, 0);
}

void rank3() {
  const int n = 200000;
  Kokkos::View<int***> grid("grid", 4, 5, 6);
  KE::ScatterView<int***> sgrid(grid);
  Kokkos::parallel_for("rank3", n, KOKKOS_LAMBDA(const int i) {
    auto a = sgrid.access();
    a(i % 4, (i / 4) % 5, (i / 20) % 6) += 1 + i % 2;
  });
  KE::contribute(grid, sgrid);
  int expected[4][5][6] = {};
  for (int i = 0; i < n; ++i) expected[i % 4][(i / 4) % 5][(i / 20) % 6] += 1 + i % 2;
  auto h = to_host(grid);
  int bad = 0;
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 5; ++b)
      for (int c = 0; c < 6; ++c)
        if (h(a, b, c) != expected[a][b][c]) ++bad;
  check_eq("rank-3 ScatterView (wrong elements)", bad, 0);
}

// ---- ScatterProd, ScatterMin, ScatterMax ----------------------------------------------------------

void prod_min_max() {
  const int n = 100000, bins = 16, mbins = 100;
  Kokkos::View<double*> prod("prod", bins);
  Kokkos::View<int*> mn("mn", mbins), mx("mx", mbins), mx2("mx2", mbins);
  fill(prod, [](int b) { return 1.0 + b; });
  fill(mn, [](int b) { return 500000 + b; });
  fill(mx, [](int b) { return -500000 - b; });
  fill(mx2, [](int) { return INT_MIN; });
  KE::ScatterView<double*, Layout, ExecSpace, KE::ScatterProd> sprod(prod);
  KE::ScatterView<int*, Layout, ExecSpace, KE::ScatterMin> smin(mn);
  auto smax = KE::create_scatter_view<KE::ScatterMax>(mx);
  auto smax2 = KE::create_scatter_view(KE::ScatterMax{}, mx2);
  Kokkos::parallel_for("prod_min_max", n, KOKKOS_LAMBDA(const int i) {
    auto p = sprod.access();
    auto lo = smin.access();
    auto hi = smax.access();
    auto hi2 = smax2.access();
    const int b = i % bins;
    if ((i * 7) % 5 == 0) p(b) *= 2.0;
    else if ((i * 3) % 7 == 0) p(b) /= 2.0;
    else if (i % 13 == 0) p(b).update(4.0);
    const int m = bin_of(i, mbins);
    lo(m).update(value_of(i));
    hi(m).update(value_of(i));
    hi2[m].update(value_of(i) / 2);
  });
  KE::contribute(prod, sprod);
  KE::contribute(mn, smin);
  KE::contribute(mx, smax);
  KE::contribute(mx2, smax2);
  std::vector<double> eprod(bins), emin(mbins), emax(mbins), emax2(mbins, double(INT_MIN));
  for (int b = 0; b < bins; ++b) eprod[b] = 1.0 + b;
  for (int b = 0; b < mbins; ++b) {
    emin[b] = 500000 + b;
    emax[b] = -500000 - b;
  }
  for (int i = 0; i < n; ++i) {
    const int b = i % bins;
    if ((i * 7) % 5 == 0) eprod[b] *= 2.0;
    else if ((i * 3) % 7 == 0) eprod[b] /= 2.0;
    else if (i % 13 == 0) eprod[b] *= 4.0;
    const int m = bin_of(i, mbins);
    if (value_of(i) < emin[m]) emin[m] = value_of(i);
    if (value_of(i) > emax[m]) emax[m] = value_of(i);
    if (value_of(i) / 2 > emax2[m]) emax2[m] = value_of(i) / 2;
  }
  check_bins("ScatterProd (*=, /=, update) onto prior contents", eprod, host_values(prod));
  check_bins("ScatterMin onto prior contents", emin, host_values(mn));
  check_bins("ScatterMax (create_scatter_view<ScatterMax>) onto prior contents", emax, host_values(mx));
  check_bins("ScatterMax (create_scatter_view(ScatterMax{}, v))", emax2, host_values(mx2));
}

// ---- explicit modes ----------------------------------------------------------------------------------

// Sums of weight_of(i + offset) per bin, for i in [0, n).
std::vector<double> weight_sums(const int n, const int bins, const int offset) {
  std::vector<double> s(bins, 0.0);
  for (int i = 0; i < n; ++i) s[bin_of(i + offset, bins)] += weight_of(i + offset);
  return s;
}

// Counts of (1 + (i + offset) % step) per bin, for i in [0, n).
std::vector<double> count_sums(const int n, const int bins, const int offset, const int step) {
  std::vector<double> c(bins, 0.0);
  for (int i = 0; i < n; ++i) c[bin_of(i + offset, bins)] += 1 + (i + offset) % step;
  return c;
}

template <class Dup, class NonDup>
void host_round(const Dup& dup, const NonDup& nondup, const int n, const int bins, const int offset) {
  Kokkos::parallel_for("host_modes", Kokkos::RangePolicy<Kokkos::Serial>(0, n),
                       KOKKOS_LAMBDA(const int i) {
    auto a = dup.access();
    auto c = nondup.access();
    a(bin_of(i + offset, bins)) += weight_of(i + offset);
    c(bin_of(i + offset, bins)) += weight_of(i + offset);
  });
}

// On Serial: a duplicated view works in copies (the View is untouched until contribute), a
// non-duplicated one in the View itself. (Non-duplicated and non-atomic is safe on one thread
// only: DefaultHostExecutionSpace is OpenMP where the build has it, as in Kokkos, and runs on
// many threads.)
void host_modes() {
  using Host = Kokkos::Serial;
  const int n = 200000, bins = 64;
  Kokkos::View<double*, Kokkos::LayoutRight, Host> dview("dview", bins), nview("nview", bins);
  for (int b = 0; b < bins; ++b) dview(b) = nview(b) = 100.0 + b;
  KE::ScatterView<double*, Kokkos::LayoutRight, Host, KE::ScatterSum, KE::ScatterDuplicated, KE::ScatterNonAtomic>
      dup(dview);
  KE::ScatterView<double*, Kokkos::LayoutRight, Host, KE::ScatterSum, KE::ScatterNonDuplicated, KE::ScatterNonAtomic>
      nondup(nview);
  check(dup.subview().data() != dview.data(), "host ScatterDuplicated: works in copies");
  check(nondup.subview().data() == nview.data(), "host ScatterNonDuplicated: works in the View");
  std::vector<double> prior(bins), view_values(bins);
  const std::vector<double> round1 = weight_sums(n, bins, 0), round2 = weight_sums(n, bins, 7);
  for (int b = 0; b < bins; ++b) prior[b] = 100.0 + b;

  host_round(dup, nondup, n, bins, 0);
  for (int b = 0; b < bins; ++b) view_values[b] = dview(b);
  check_bins("host ScatterDuplicated: the View is untouched before contribute", prior, view_values);
  for (int b = 0; b < bins; ++b) view_values[b] = nview(b);
  std::vector<double> expected(bins);
  for (int b = 0; b < bins; ++b) expected[b] = prior[b] + round1[b];
  check_bins("host ScatterNonDuplicated: accesses update the View itself", expected, view_values);
  KE::contribute(dview, dup);
  KE::contribute(nview, nondup);
  check_bins("host ScatterDuplicated: contribute onto prior contents", expected, host_values(dview));
  check_bins("host ScatterNonDuplicated: contribute into its own View changes nothing", expected, host_values(nview));

  // reset(): the copies (duplicated) or the View itself (non-duplicated) start from zero.
  dup.reset();
  nondup.reset();
  host_round(dup, nondup, n, bins, 7);
  Kokkos::View<double*, Kokkos::LayoutRight, Host> dother("dother", bins), nother("nother", bins);
  for (int b = 0; b < bins; ++b) dother(b) = nother(b) = -1.0;
  KE::contribute(dother, dup);
  KE::contribute(nother, nondup);
  std::vector<double> other_expected(bins);
  for (int b = 0; b < bins; ++b) other_expected[b] = -1.0 + round2[b];
  check_bins("host ScatterDuplicated: reset, then contribute into another View", other_expected, host_values(dother));
  check_bins("host ScatterNonDuplicated: reset, then contribute into another View", other_expected, host_values(nother));
  check_bins("host ScatterDuplicated: reset leaves the View alone", expected, host_values(dview));
  check_bins("host ScatterNonDuplicated: reset zeroes the View itself", round2, host_values(nview));
}

template <class Scatter>
void count_round(const Scatter& scatter, const int n, const int bins, const int offset, const int step) {
  Kokkos::parallel_for("count_round", n, KOKKOS_LAMBDA(const int i) {
    auto a = scatter.access();
    a(bin_of(i + offset, bins)) += 1 + (i + offset) % step;
  });
}

// Duplicated on the default execution space: copies = concurrency(), one per token value.
void device_duplicated_int() {
  const int n = 1000000, bins = 16;
  Kokkos::View<int*> hist("dup_hist", bins);
  fill(hist, [](int b) { return 1000 * b; });
  KE::ScatterView<int*, Layout, ExecSpace, KE::ScatterSum, KE::ScatterDuplicated, KE::ScatterNonAtomic> dup(hist);
  check(dup.subview().data() != hist.data(), "default space ScatterDuplicated: works in copies");
  std::vector<double> prior(bins), expected(bins);
  const std::vector<double> round1 = count_sums(n, bins, 0, 3), round2 = count_sums(n, bins, 5, 3);
  for (int b = 0; b < bins; ++b) prior[b] = 1000 * b;
  count_round(dup, n, bins, 0, 3);
  check_bins("default space ScatterDuplicated: the View is untouched before contribute", prior, host_values(hist));
  KE::contribute(hist, dup);
  for (int b = 0; b < bins; ++b) expected[b] = prior[b] + round1[b];
  check_bins("default space ScatterDuplicated ScatterNonAtomic: contribute onto prior contents", expected,
             host_values(hist));

  // contribute_into(subview()) gathers every copy into the first; reset_except(subview())
  // resets the others, so a later contribute gives the first copy's contents.
  dup.reset();
  count_round(dup, n, bins, 5, 3);
  auto first = dup.subview();
  dup.contribute_into(first);
  check_bins("default space ScatterDuplicated: contribute_into(subview()) gathers the copies", round2,
             host_values(first));
  dup.reset_except(first);
  Kokkos::View<int*> other("dup_other", bins);
  KE::contribute(other, dup);
  check_bins("default space ScatterDuplicated: reset_except(subview()) keeps the first copy", round2,
             host_values(other));
}

template <class L>
void device_duplicated_2d(const char* layout) {
  const int particles = 200000, cells = 8;
  Kokkos::View<double**, L, ExecSpace> force("dup_force", cells, 3);
  {
    auto h = Kokkos::create_mirror_view(force);
    for (int c = 0; c < cells; ++c)
      for (int d = 0; d < 3; ++d) h(c, d) = 10.0 * c + d;
    Kokkos::deep_copy(force, h);
  }
  KE::ScatterView<double**, L, ExecSpace, KE::ScatterSum, KE::ScatterDuplicated> dup(force);
  check(dup.extent(0) == size_t(cells) && dup.extent(1) == 3, "duplicated ScatterView<double**>: extents");
  Kokkos::parallel_for("device_duplicated_2d", particles, KOKKOS_LAMBDA(const int p) {
    auto f = dup.access();
    for (int d = 0; d < 3; ++d) f(p % cells, d) += force_of(p, d);
  });
  KE::contribute(force, dup);
  std::vector<double> expected(size_t(cells) * 3);
  for (int c = 0; c < cells; ++c)
    for (int d = 0; d < 3; ++d) expected[size_t(c) * 3 + d] = 10.0 * c + d;
  for (int p = 0; p < particles; ++p)
    for (int d = 0; d < 3; ++d) expected[size_t(p % cells) * 3 + d] += force_of(p, d);
  auto h = to_host(force);
  int bad = 0;
  for (int c = 0; c < cells; ++c)
    for (int d = 0; d < 3; ++d)
      if (h(c, d) != expected[size_t(c) * 3 + d]) ++bad;
  const std::string what = std::string("default space ScatterDuplicated<double**, ") + layout + "> (wrong elements)";
  check_eq(what.c_str(), bad, 0);
}

// ---- reset_except, reset, realloc, resize with the default modes ------------------------------------

void default_mode_rounds() {
  const int n = 300000, bins = 32;
  Kokkos::View<int*> hist("round_hist", bins);
  fill(hist, [](int b) { return 5 * b; });
  KE::ScatterView<int*> scatter;
  check(!scatter.is_allocated(), "default-constructed ScatterView is not allocated");
  scatter = KE::ScatterView<int*>(hist);
  std::vector<double> expected(bins);
  for (int b = 0; b < bins; ++b) expected[b] = 5 * b;

  // The loop of a time-stepping code: reset_except(view), scatter, contribute(view, scatter).
  for (int step = 0; step < 3; ++step) {
    scatter.reset_except(hist);
    count_round(scatter, n, bins, step * 1000, 1);
    KE::contribute(hist, scatter);
    const std::vector<double> c = count_sums(n, bins, step * 1000, 1);
    for (int b = 0; b < bins; ++b) expected[b] += c[b];
    check_bins("reset_except(view) + contribute, step " + std::to_string(step), expected, host_values(hist));
  }

  // reset(), then contribute into another View with prior contents.
  scatter.reset();
  count_round(scatter, n, bins, 99, 1);
  Kokkos::View<int*> other("round_other", bins);
  fill(other, [](int) { return 7; });
  KE::contribute(other, scatter);
  std::vector<double> c = count_sums(n, bins, 99, 1);
  for (int b = 0; b < bins; ++b) c[b] += 7;
  check_bins("reset() + contribute into another View", c, host_values(other));

  // realloc: new, empty memory of the new extent.
  scatter.realloc(2 * bins);
  check(scatter.extent(0) == size_t(2 * bins), "realloc: the new extent");
  count_round(scatter, n, 2 * bins, 3, 1);
  Kokkos::View<int*> big("round_big", 2 * bins);
  KE::contribute(big, scatter);
  const std::vector<double> c64 = count_sums(n, 2 * bins, 3, 1);
  check_bins("realloc + scatter + contribute", c64, host_values(big));

  // resize keeps what was scattered into the elements both extents have.
  Kokkos::resize(scatter, 3 * bins);
  check(scatter.extent(0) == size_t(3 * bins), "resize: the new extent");
  count_round(scatter, n, 3 * bins, 11, 1);
  Kokkos::View<int*> bigger("round_bigger", 3 * bins);
  KE::contribute(bigger, scatter);
  std::vector<double> c96 = count_sums(n, 3 * bins, 11, 1);
  for (int b = 0; b < 2 * bins; ++b) c96[b] += c64[b];
  check_bins("resize keeps the scattered values, then scatter + contribute", c96, host_values(bigger));
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  histogram_range(16);
  histogram_range(1000);
  histogram_team(16);
  histogram_team(1000);
  forces();
  rank3();
  prod_min_max();
  host_modes();
  device_duplicated_int();
  device_duplicated_2d<Kokkos::LayoutLeft>("LayoutLeft");
  device_duplicated_2d<Kokkos::LayoutRight>("LayoutRight");
  default_mode_rounds();
  return report();
}
