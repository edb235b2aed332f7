// Checks atomics under contention from parallel_for: atomic_add, atomic_fetch_add, atomic_sub, atomic_min, atomic_max, atomic_compare_exchange (int, int64_t, double).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>


void test_add_sub(const int64_t n) {
  hpar::View<int*> ic("ic", 8);           // [0] total, [1..7] bins
  hpar::View<int64_t*> lc("lc", 1);
  hpar::View<double*> dc("dc", 8);
  hpar::View<int*> down("down", 1);
  hpar::View<double*> ddown("ddown", 1);
  hpar::deep_copy(down, int(n));
  hpar::deep_copy(ddown, 0.25 * double(n));
  hpar::parallel_for("atomic_add_sub", n, HPAR_LAMBDA(const int64_t i) {
    hpar::atomic_add(&ic(0), 1);
    hpar::atomic_add(&ic(1 + i % 7), int(i % 3));
    hpar::atomic_add(&lc(0), i);
    hpar::atomic_add(&dc(0), 0.5);
    hpar::atomic_add(&dc(1 + i % 7), 0.25 * double(i % 5));
    hpar::atomic_sub(&down(0), 1);
    hpar::atomic_sub(&ddown(0), 0.25);
  });
  auto hic = hpar::create_mirror_view(ic);
  auto hlc = hpar::create_mirror_view(lc);
  auto hdc = hpar::create_mirror_view(dc);
  auto hdown = hpar::create_mirror_view(down);
  auto hddown = hpar::create_mirror_view(ddown);
  hpar::deep_copy(hic, ic);
  hpar::deep_copy(hlc, lc);
  hpar::deep_copy(hdc, dc);
  hpar::deep_copy(hdown, down);
  hpar::deep_copy(hddown, ddown);
  int64_t ebin[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  double edbin[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int64_t i = 0; i < n; ++i) {
    ebin[1 + i % 7] += i % 3;
    edbin[1 + i % 7] += 0.25 * double(i % 5);
  }
  check_eq("atomic_add<int> on one counter", hic(0), n);
  for (int b = 1; b < 8; ++b) check_eq("atomic_add<int> into 7 bins", hic(b), ebin[b]);
  check_eq("atomic_add<int64_t> of the indices", hlc(0), n * (n - 1) / 2);
  check_same("atomic_add<double> of 0.5", hdc(0), 0.5 * double(n));
  for (int b = 1; b < 8; ++b) check_same("atomic_add<double> into 7 bins", hdc(b), edbin[b]);
  check_eq("atomic_sub<int> down to zero", hdown(0), 0);
  check_same("atomic_sub<double> down to zero", hddown(0), 0.0);
}

void test_fetch_add(const int64_t n) {
  // Each index takes a unique slot; the old values form a permutation of 0..n-1.
  hpar::View<int*> next("next", 1);
  hpar::View<int*> slot_of("slot_of", n);
  hpar::View<int64_t*> index_in("index_in", n);
  hpar::View<double*> dnext("dnext", 1);
  hpar::View<double*> dold("dold", n);
  hpar::parallel_for("fetch_add", n, HPAR_LAMBDA(const int64_t i) {
    const int s = hpar::atomic_fetch_add(&next(0), 1);
    slot_of(i) = s;
    if (s >= 0 && s < n) index_in(s) = i;
    dold(i) = hpar::atomic_fetch_add(&dnext(0), 1.0);
  });
  auto hnext = hpar::create_mirror_view(next);
  auto hslot = hpar::create_mirror_view(slot_of);
  auto hidx = hpar::create_mirror_view(index_in);
  auto hdnext = hpar::create_mirror_view(dnext);
  auto hdold = hpar::create_mirror_view(dold);
  hpar::deep_copy(hnext, next);
  hpar::deep_copy(hslot, slot_of);
  hpar::deep_copy(hidx, index_in);
  hpar::deep_copy(hdnext, dnext);
  hpar::deep_copy(hdold, dold);
  check_eq("atomic_fetch_add<int> final value", hnext(0), n);
  check_same("atomic_fetch_add<double> final value", hdnext(0), double(n));
  std::vector<char> seen(n, 0), dseen(n, 0);
  long long bad = 0, dbad = 0;
  for (int64_t i = 0; i < n; ++i) {
    const int s = hslot(i);
    if (s < 0 || s >= n || seen[s] || hidx(s) != i) ++bad;
    else seen[s] = 1;
    const double d = hdold(i);
    const int64_t di = int64_t(d);
    if (double(di) != d || di < 0 || di >= n || dseen[di]) ++dbad;
    else dseen[di] = 1;
  }
  check_eq("atomic_fetch_add<int> old values are a permutation (bad entries)", bad, 0);
  check_eq("atomic_fetch_add<double> old values are a permutation (bad entries)", dbad, 0);
}

void test_min_max(const int64_t n) {
  hpar::View<int*> x("x", n);
  hpar::View<double*> y("y", n);
  auto hx = hpar::create_mirror_view(x);
  auto hy = hpar::create_mirror_view(y);
  uint64_t s = 99;
  for (int64_t i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    hx(i) = int((s >> 33) % 2000000001) - 1000000000;
    hy(i) = double(int64_t((s >> 20) % 1000000) - 500000) / 8.0;
  }
  hpar::deep_copy(x, hx);
  hpar::deep_copy(y, hy);
  hpar::View<int*> imin("imin", 5), imax("imax", 5);
  hpar::View<double*> dmin("dmin", 5), dmax("dmax", 5);
  hpar::deep_copy(imin, INT_MAX);
  hpar::deep_copy(imax, INT_MIN);
  hpar::deep_copy(dmin, 1e300);
  hpar::deep_copy(dmax, -1e300);
  hpar::parallel_for("min_max", n, HPAR_LAMBDA(const int64_t i) {
    const int b = int(i % 5);
    hpar::atomic_min(&imin(b), x(i));
    hpar::atomic_max(&imax(b), x(i));
    hpar::atomic_min(&dmin(b), y(i));
    hpar::atomic_max(&dmax(b), y(i));
  });
  int eimin[5], eimax[5];
  double edmin[5], edmax[5];
  for (int b = 0; b < 5; ++b) {
    eimin[b] = INT_MAX;
    eimax[b] = INT_MIN;
    edmin[b] = 1e300;
    edmax[b] = -1e300;
  }
  for (int64_t i = 0; i < n; ++i) {
    const int b = int(i % 5);
    if (hx(i) < eimin[b]) eimin[b] = hx(i);
    if (hx(i) > eimax[b]) eimax[b] = hx(i);
    if (hy(i) < edmin[b]) edmin[b] = hy(i);
    if (hy(i) > edmax[b]) edmax[b] = hy(i);
  }
  auto h1 = hpar::create_mirror_view(imin);
  auto h2 = hpar::create_mirror_view(imax);
  auto h3 = hpar::create_mirror_view(dmin);
  auto h4 = hpar::create_mirror_view(dmax);
  hpar::deep_copy(h1, imin);
  hpar::deep_copy(h2, imax);
  hpar::deep_copy(h3, dmin);
  hpar::deep_copy(h4, dmax);
  for (int b = 0; b < 5; ++b) {
    check_eq("atomic_min<int>", h1(b), eimin[b]);
    check_eq("atomic_max<int>", h2(b), eimax[b]);
    check_same("atomic_min<double>", h3(b), edmin[b]);
    check_same("atomic_max<double>", h4(b), edmax[b]);
  }
}

void test_compare_exchange(const int64_t n) {
  const int buckets = 13;
  hpar::View<int*> owner("owner", buckets);
  hpar::View<int*> winners("winners", buckets);
  hpar::View<int64_t*> cas_sum("cas_sum", 4);
  hpar::View<double*> cas_prod("cas_prod", 1);
  hpar::deep_copy(owner, -1);
  hpar::deep_copy(cas_prod, 1.0);
  hpar::parallel_for("compare_exchange", n, HPAR_LAMBDA(const int64_t i) {
    // Claim: exactly one index per bucket swaps -1 for itself.
    const int b = int(i % buckets);
    const int old = hpar::atomic_compare_exchange(&owner(b), -1, int(i));
    if (old == -1) hpar::atomic_add(&winners(b), 1);
    // An add built from a compare-exchange loop (int64_t), on every 16th index over 4 counters.
    if (i % 16 == 0) {
      int64_t* target = &cas_sum((i / 16) % 4);
      int64_t cur = *target;
      while (true) {
        const int64_t seen = hpar::atomic_compare_exchange(target, cur, cur + (i % 3) + 1);
        if (seen == cur) break;
        cur = seen;
      }
    }
    // A multiply built from a compare-exchange loop (double): a few factors of 2 and 0.5.
    if (i % 1000 == 0) {
      const double f = (i % 3000 == 0) ? 0.5 : 2.0;
      double dcur = cas_prod(0);
      while (true) {
        const double seen = hpar::atomic_compare_exchange(&cas_prod(0), dcur, dcur * f);
        if (seen == dcur) break;
        dcur = seen;
      }
    }
  });
  auto ho = hpar::create_mirror_view(owner);
  auto hw = hpar::create_mirror_view(winners);
  auto hs = hpar::create_mirror_view(cas_sum);
  auto hp = hpar::create_mirror_view(cas_prod);
  hpar::deep_copy(ho, owner);
  hpar::deep_copy(hw, winners);
  hpar::deep_copy(hs, cas_sum);
  hpar::deep_copy(hp, cas_prod);
  int64_t esum[4] = {0, 0, 0, 0};
  double eprod = 1.0;
  for (int64_t i = 0; i < n; ++i) {
    if (i % 16 == 0) esum[(i / 16) % 4] += (i % 3) + 1;
    if (i % 1000 == 0) eprod *= (i % 3000 == 0) ? 0.5 : 2.0;
  }
  for (int b = 0; b < buckets; ++b) {
    if (b < n) {
      check_eq("atomic_compare_exchange: one winner per bucket", hw(b), 1);
      check(ho(b) >= 0 && ho(b) < n && ho(b) % buckets == b, "atomic_compare_exchange: owner belongs to the bucket");
    } else {
      check_eq("atomic_compare_exchange: no winner in an unused bucket", hw(b), 0);
    }
  }
  for (int c = 0; c < 4; ++c) check_eq("compare-exchange loop sum (int64_t)", hs(c), esum[c]);
  check_same("compare-exchange loop product (double)", hp(0), eprod);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_add_sub(1000003);
  test_add_sub(1);
  test_fetch_add(1000003);
  test_fetch_add(3);
  test_min_max(1000003);
  test_compare_exchange(1000003);
  test_compare_exchange(5);
  return report();
}
