// Checks parallel_reduce into rank-0 Views (device and host), plainly and through reducers, a functor with final, ordering with later kernels, empty ranges.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>


using DevSpace = typename hpar::View<double>::memory_space;
using MinLocT = typename hpar::MinLoc<double, int>::value_type;

struct RangeStats {
  double lo, hi;
  long count;
};

// Functor reduction with final, its result in a View of a struct.
struct Stats {
  using value_type = RangeStats;
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(const int64_t i, value_type& v) const {
    if (x(i) < v.lo) v.lo = x(i);
    if (x(i) > v.hi) v.hi = x(i);
    v.count += 1;
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const {
    v.lo = 1e300;
    v.hi = -1e300;
    v.count = 0;
  }
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (src.lo < dst.lo) dst.lo = src.lo;
    if (src.hi > dst.hi) dst.hi = src.hi;
    dst.count += src.count;
  }
  HPAR_INLINE_FUNCTION void final(value_type& v) const {
    v.hi = v.hi - v.lo;   // the spread replaces the maximum
  }
};

void run(const int64_t n) {
  hpar::View<double*> x("x", n);
  auto hx = hpar::create_mirror_view(x);
  std::vector<double> hv(n);
  uint64_t s = 5 + uint64_t(n);
  double esum = 0, eabs = 0, emax = -std::numeric_limits<double>::max(), emin = std::numeric_limits<double>::max();
  for (int64_t i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    hx(i) = double(int64_t((s >> 33) % 100000) - 50000) / 128.0;
    hv[i] = hx(i);
    esum += hx(i);
    eabs += std::fabs(hx(i));
    if (hx(i) > emax) emax = hx(i);
    if (hx(i) < emin) emin = hx(i);
  }
  hpar::deep_copy(x, hx);
  const double tol = 1e-12 * eabs;

  // Plain rank-0 Views: device and host.
  hpar::View<double> dsum("dsum");
  hpar::View<double, hpar::HostSpace> hsum("hsum");
  hpar::deep_copy(dsum, 99.0);
  hsum() = 99.0;
  hpar::parallel_reduce("sum_to_device_view", n, HPAR_LAMBDA(const int64_t i, double& v) { v += x(i); }, dsum);
  hpar::parallel_reduce("sum_to_host_view", hpar::RangePolicy<>(0, n), HPAR_LAMBDA(const int64_t i, double& v) { v += x(i); },
                        hsum);
  hpar::fence();
  auto mdsum = hpar::create_mirror_view(dsum);
  hpar::deep_copy(mdsum, dsum);
  check_near("Sum into a rank-0 device View", mdsum(), esum, tol);
  check_near("Sum into a rank-0 host View", hsum(), esum, tol);

  // A later kernel reads the device result without a host round trip.
  hpar::View<double*> y("y", n);
  hpar::parallel_for("use_device_result", n, HPAR_LAMBDA(const int64_t i) { y(i) = x(i) - dsum() / double(n); });
  double centred = 1.0;
  hpar::parallel_reduce("sum_centred", n, HPAR_LAMBDA(const int64_t i, double& v) { v += y(i); }, centred);
  check_near("kernel after a View-result reduce sees the result", centred, 0.0, 4 * tol + 1e-9);

  // Reducers built on Views.
  hpar::View<double> dmax("dmax");
  hpar::View<MinLocT> dminloc("dminloc");
  hpar::View<int64_t, hpar::HostSpace> hcount("hcount");
  hpar::parallel_reduce("max_to_device_view", n,
                        HPAR_LAMBDA(const int64_t i, double& v) {
                          if (x(i) > v) v = x(i);
                        },
                        hpar::Max<double, DevSpace>(dmax));
  hpar::parallel_reduce("minloc_to_device_view", n,
                        HPAR_LAMBDA(const int64_t i, MinLocT& v) {
                          if (x(i) < v.val) {
                            v.val = x(i);
                            v.loc = int(i);
                          }
                        },
                        hpar::MinLoc<double, int, DevSpace>(dminloc));
  hpar::parallel_reduce("count_to_host_view", n, HPAR_LAMBDA(const int64_t i, int64_t& v) { v += (x(i) > 0.0) ? 1 : 0; },
                        hpar::Sum<int64_t, hpar::HostSpace>(hcount));
  hpar::fence();
  auto mmax = hpar::create_mirror_view(dmax);
  auto mminloc = hpar::create_mirror_view(dminloc);
  hpar::deep_copy(mmax, dmax);
  hpar::deep_copy(mminloc, dminloc);
  int64_t epos = 0;
  for (int64_t i = 0; i < n; ++i) epos += hv[i] > 0.0 ? 1 : 0;
  check_near("Max<double, device space> into a View", mmax(), emax, 0.0);
  check_near("MinLoc into a device View: val", mminloc().val, emin, 0.0);
  if (n > 0) {
    const int loc = mminloc().loc;
    check_eq("MinLoc into a device View: loc holds the minimum", loc >= 0 && loc < n && hv[loc] == emin, 1);
  }
  check_eq("Sum<int64_t, HostSpace> into a host View", hcount(), epos);

  // Functor with final into a device View and a host View of the struct.
  hpar::View<RangeStats> dstats("dstats");
  hpar::View<RangeStats, hpar::HostSpace> hstats("hstats");
  hpar::parallel_reduce("stats_device", n, Stats{x}, dstats);
  hpar::parallel_reduce("stats_host", hpar::RangePolicy<>(0, n), Stats{x}, hstats);
  hpar::fence();
  auto mstats = hpar::create_mirror_view(dstats);
  hpar::deep_copy(mstats, dstats);
  const double elo = n > 0 ? emin : 1e300;
  const double espread = n > 0 ? emax - emin : -1e300 - 1e300;
  check_near("Stats into a device View: lo", mstats().lo, elo, 0.0);
  check_near("Stats into a device View: spread (final)", mstats().hi, espread, 0.0);
  check_eq("Stats into a device View: count", mstats().count, n);
  check_near("Stats into a host View: lo", hstats().lo, elo, 0.0);
  check_near("Stats into a host View: spread (final)", hstats().hi, espread, 0.0);
  check_eq("Stats into a host View: count", hstats().count, n);

  // Successive reductions into the same View overwrite it.
  for (int rep = 1; rep <= 3; ++rep)
    hpar::parallel_reduce("repeat", n, HPAR_LAMBDA(const int64_t i, double& v) { v += double(rep) * x(i); }, dsum);
  hpar::deep_copy(mdsum, dsum);
  check_near("third reduction into the same View", mdsum(), 3.0 * esum, 3 * tol);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  run(1000003);
  run(1);
  run(0);
  return report();
}
