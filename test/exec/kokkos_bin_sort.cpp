// Checks Kokkos::BinSort as molecular dynamics codes (ExaMiniMD, miniMD) use it: particles binned into cells by BinOp3D over their positions with sort_within_bins, a default-constructed sorter assigned later, create_permute_vector, then sort() of positions, velocities and integer Views with the permutation, and a cell list read in kernels from get_bin_count/get_bin_offsets (copied into 3-D Views by a functor, walked cell by cell), and part of the particles binned through subviews (keys and values), as ExaMiniMD bins local or ghost particles. Also BinOp1D over integer keys (with and without one bin per value), a key range [begin, end) with the execution-space constructor and sort(exec, values, begin, end), a rank-2 View of runtime extents, HostSpace keys, and Kokkos::sort(view, bool). Counts, offsets, the permutation, the order within bins and every permuted View are compared with a computation on the host.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_Sort.hpp>
#include "check.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

// A scrambled value per index and salt (the same on the host and in kernels).
KOKKOS_INLINE_FUNCTION uint64_t scramble(uint64_t i, uint64_t salt) {
  uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull + salt * 0xBF58476D1CE4E5B9ull;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 29;
  return x;
}

// A coordinate in [0, box): multiples of 1/64, so that some particles share coordinates.
KOKKOS_INLINE_FUNCTION double coordinate(int i, int d, double box) {
  return double(scramble(uint64_t(i), uint64_t(d)) % uint64_t(box * 64)) / 64.0;
}

using t_x = Kokkos::View<double* [3]>;
using t_x_const = Kokkos::View<const double* [3]>;
using t_binop = Kokkos::BinOp3D<t_x_const>;
using t_sorter = Kokkos::BinSort<t_x_const, t_binop, Kokkos::DefaultExecutionSpace, int>;
using t_bincount = Kokkos::View<int***>;

// Copies the 1-D bin counts and offsets into 3-D Views, as ExaMiniMD's binning does.
template <class BinCount1D, class BinOffsets1D>
struct AssignOffsets {
  BinCount1D bin_count_1d;
  BinOffsets1D bin_offsets_1d;
  t_bincount bin_count_3d;
  t_bincount bin_offsets_3d;
  int nbiny, nbinz;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    const int ix = i / (nbiny * nbinz);
    const int iy = (i / nbinz) % nbiny;
    const int iz = i % nbinz;
    bin_offsets_3d(ix, iy, iz) = bin_offsets_1d(i);
    bin_count_3d(ix, iy, iz) = bin_count_1d(i);
  }
};

// The bin of one coordinate, as BinOp3D documents it.
int host_bin_1d(double x, int nbin, double lo, double hi) {
  const double mul = double(nbin) / (hi - lo);
  return int(mul * (x - lo));
}

// Whether row a is lexicographically greater than row b.
bool greater_row(const double* a, const double* b) {
  for (int d = 0; d < 3; ++d) {
    if (a[d] > b[d]) return true;
    if (a[d] < b[d]) return false;
  }
  return false;
}

// Counts, offsets and permutation of a sorter against the bins computed on the host: the
// permutation lists [begin, end) once, grouped by bin in bin order.
template <class Sorter>
long check_binning(const char* what, const Sorter& sorter, const std::vector<int>& bin_of,
                   int nbins, int begin, int end) {
  auto count = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sorter.get_bin_count());
  auto offset = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sorter.get_bin_offsets());
  auto perm = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sorter.get_permute_vector());
  std::vector<long> expected_count(nbins, 0);
  for (int i = begin; i < end; ++i) expected_count[bin_of[i]] += 1;
  long bad = 0;
  long sum = 0;
  for (int b = 0; b < nbins; ++b) {
    bad += long(count(b)) != expected_count[b];
    bad += long(offset(b)) != sum;
    sum += expected_count[b];
  }
  std::vector<int> seen(end, 0);
  for (int p = 0; p < end - begin; ++p) {
    const long i = long(perm(p));
    if (i < begin || i >= end) {
      ++bad;
      continue;
    }
    seen[i] += 1;
    const int b = bin_of[i];
    bad += !(long(offset(b)) <= p && p < long(offset(b)) + long(count(b)));
  }
  for (int i = begin; i < end; ++i) bad += seen[i] != 1;
  if (bad != 0) std::printf("%s: %ld mismatches in counts, offsets or permutation\n", what, bad);
  return bad;
}

void particles(const int n) {
  const double box = 10.0;
  const int nbin[3] = {4, 3, 5};
  t_x x("x", n), v("v", n);
  Kokkos::View<int*> id("id", n), type("type", n);
  Kokkos::parallel_for("init_particles", n, KOKKOS_LAMBDA(const int i) {
    for (int d = 0; d < 3; ++d) {
      x(i, d) = coordinate(i, d, box);
      v(i, d) = double(i) + 0.25 * d;
    }
    id(i) = i;
    type(i) = int(scramble(uint64_t(i), 7) % 3);
  });

  // Bins as ExaMiniMD sets them up: a little margin around the box.
  const double eps = 1e-3;
  int bins[3] = {nbin[0], nbin[1], nbin[2]};
  double lo[3] = {-eps, -eps, -eps};
  double hi[3] = {box + eps, box + eps, box + eps};
  t_binop binop(bins, lo, hi);
  const int nbins = nbin[0] * nbin[1] * nbin[2];
  check_eq("BinOp3D::max_bins()", binop.max_bins(), nbins);

  t_sorter sorter;  // assigned later, as a member of a binning class is
  sorter = t_sorter(x, binop, true);
  sorter.create_permute_vector();

  // Host reference: each particle's bin and position.
  std::vector<double> pos(3 * size_t(n));
  std::vector<int> bin_of(n);
  for (int i = 0; i < n; ++i) {
    int b[3];
    for (int d = 0; d < 3; ++d) {
      pos[3 * i + d] = coordinate(i, d, box);
      b[d] = host_bin_1d(pos[3 * i + d], nbin[d], lo[d], hi[d]);
    }
    bin_of[i] = (b[0] * nbin[1] + b[1]) * nbin[2] + b[2];
  }
  check_eq("BinOp3D: counts, offsets, permutation",
           check_binning("BinOp3D", sorter, bin_of, nbins, 0, n), 0);

  // Within a bin, sort_within_bins puts the rows in BinOp3D's order: lexicographically descending.
  auto perm = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sorter.get_permute_vector());
  long unordered = 0;
  for (int p = 1; p < n; ++p) {
    const int a = perm(p - 1), b = perm(p);
    if (bin_of[a] == bin_of[b]) unordered += greater_row(&pos[3 * b], &pos[3 * a]);
  }
  check_eq("BinOp3D sort_within_bins: rows in order within each bin", unordered, 0);

  // The cell list: counts and offsets copied into 3-D Views by a functor.
  t_bincount bincount("bincount", nbin[0], nbin[1], nbin[2]);
  t_bincount binoffsets("binoffsets", nbin[0], nbin[1], nbin[2]);
  Kokkos::parallel_for(
      "assign_offsets", nbins,
      AssignOffsets<t_sorter::bin_count_type, t_sorter::offset_type>{
          sorter.get_bin_count(), sorter.get_bin_offsets(), bincount, binoffsets, nbin[1], nbin[2]});

  sorter.sort(x);
  sorter.sort(v);
  sorter.sort(id);
  sorter.sort(type);

  auto hx = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x);
  auto hv = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  auto hid = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), id);
  auto htype = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), type);
  long moved_wrong = 0;
  for (int p = 0; p < n; ++p) {
    const int i = perm(p);
    for (int d = 0; d < 3; ++d) {
      moved_wrong += hx(p, d) != pos[3 * i + d];
      moved_wrong += hv(p, d) != double(i) + 0.25 * d;
    }
    moved_wrong += hid(p) != i;
    moved_wrong += htype(p) != int(scramble(uint64_t(i), 7) % 3);
  }
  check_eq("sort(x), sort(v), sort(id), sort(type) follow the permutation", moved_wrong, 0);

  // Walk the cells in a kernel: every particle of cell (ix, iy, iz) must bin there, and the cells
  // together hold every particle once.
  long misplaced = 0;
  Kokkos::parallel_reduce(
      "walk_cells", nbins,
      KOKKOS_LAMBDA(const int c, long& wrong) {
        const int ix = c / (nbin[1] * nbin[2]);
        const int iy = (c / nbin[2]) % nbin[1];
        const int iz = c % nbin[2];
        const int first = binoffsets(ix, iy, iz);
        for (int k = first; k < first + bincount(ix, iy, iz); ++k)
          if (binop.bin(x, k) != c) wrong += 1;
      },
      misplaced);
  check_eq("cell list: particles of each cell bin there", misplaced, 0);
  long total = 0;
  Kokkos::parallel_reduce(
      "count_cells", nbins,
      KOKKOS_LAMBDA(const int c, long& sum) {
        sum += bincount(c / (nbin[1] * nbin[2]), (c / nbin[2]) % nbin[1], c % nbin[2]);
      },
      total);
  check_eq("cell list: total of the 3-D counts", total, n);
}

// Binning part of the particles, as ExaMiniMD bins the local or the ghost ones: the keys are a
// subview of the positions (a range of rows, ALL), the sorted Views subviews of the same range.
void particle_range(const int n) {
  const double box = 8.0;
  t_x x("x_range", n);
  Kokkos::View<int*> id("id_range", n);
  Kokkos::parallel_for("init_range_particles", n, KOKKOS_LAMBDA(const int i) {
    for (int d = 0; d < 3; ++d) x(i, d) = coordinate(i, d + 3, box);
    id(i) = i;
  });
  const std::pair<int, int> range(n / 4, n - n / 3);
  int bins[3] = {2, 4, 3};
  double lo[3] = {0.0, 0.0, 0.0};
  double hi[3] = {box, box, box};
  t_binop binop(bins, lo, hi);
  auto xs = Kokkos::subview(x, range, Kokkos::ALL);
  t_sorter sorter(xs, binop);
  sorter.create_permute_vector();
  std::vector<int> bin_of(range.second - range.first);
  std::vector<double> pos(3 * size_t(n));
  for (int i = 0; i < n; ++i)
    for (int d = 0; d < 3; ++d) pos[3 * i + d] = coordinate(i, d + 3, box);
  for (int i = range.first; i < range.second; ++i) {
    int b[3];
    for (int d = 0; d < 3; ++d) b[d] = host_bin_1d(pos[3 * i + d], bins[d], lo[d], hi[d]);
    bin_of[i - range.first] = (b[0] * bins[1] + b[1]) * bins[2] + b[2];
  }
  check_eq("subview keys: counts, offsets, permutation",
           check_binning("subview keys", sorter, bin_of, 24, 0, range.second - range.first), 0);
  auto perm = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sorter.get_permute_vector());
  sorter.sort(xs);
  Kokkos::View<int*> ids(id, range);
  sorter.sort(ids);
  auto hx = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x);
  auto hid = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), id);
  long bad = 0;
  for (int i = 0; i < n; ++i) {
    const bool inside = i >= range.first && i < range.second;
    const int from = inside ? range.first + int(perm(i - range.first)) : i;
    for (int d = 0; d < 3; ++d) bad += hx(i, d) != pos[3 * from + d];
    bad += hid(i) != from;
  }
  check_eq("subview keys: sort(subview of x), sort(View(id, range)) permute the range only", bad, 0);
}

void integer_keys(const int n) {
  using Keys = Kokkos::View<int*>;
  Keys keys("keys", n);
  Kokkos::parallel_for("init_keys", n, KOKKOS_LAMBDA(const int i) {
    keys(i) = int(scramble(uint64_t(i), 3) % 1000);
  });
  std::vector<int> host_keys(n);
  for (int i = 0; i < n; ++i) host_keys[i] = int(scramble(uint64_t(i), 3) % 1000);

  // 50 bins over [0, 999]: 51 bins, key k in bin int(k * 50 / 999).
  using Op = Kokkos::BinOp1D<Keys>;
  Op op(50, 0, 999);
  check_eq("BinOp1D::max_bins()", op.max_bins(), 51);
  Kokkos::BinSort<Keys, Op> sorter(keys, op, true);
  sorter.create_permute_vector();
  std::vector<int> bin_of(n);
  const double mul = 50.0 / 999.0;
  for (int i = 0; i < n; ++i) bin_of[i] = int(mul * double(host_keys[i]));
  check_eq("BinOp1D: counts, offsets, permutation",
           check_binning("BinOp1D", sorter, bin_of, 51, 0, n), 0);

  // Bins in order and sorted within: sorting the keys by the permutation sorts them.
  Kokkos::View<int*> original("original", n);
  Kokkos::deep_copy(original, keys);
  sorter.sort(keys);
  std::vector<int> expected = host_keys;
  std::sort(expected.begin(), expected.end());
  auto hk = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  long bad = 0;
  for (int i = 0; i < n; ++i) bad += hk(i) != expected[i];
  check_eq("BinOp1D sort_within_bins then sort(keys): ascending", bad, 0);

  // A range of integers no wider than the bins: one bin per value (bin k - min).
  Kokkos::View<int*> small("small", n);
  Kokkos::parallel_for("init_small", n, KOKKOS_LAMBDA(const int i) {
    small(i) = 100 + int(scramble(uint64_t(i), 5) % 20);
  });
  Op per_value(40, 100, 119);
  Kokkos::BinSort<Keys, Op> by_value(small, per_value);
  by_value.create_permute_vector();
  std::vector<int> value_bin(n);
  for (int i = 0; i < n; ++i) value_bin[i] = int(scramble(uint64_t(i), 5) % 20);
  check_eq("BinOp1D one bin per value: counts, offsets, permutation",
           check_binning("BinOp1D per value", by_value, value_bin, 41, 0, n), 0);
}

void key_range_and_rank2(const int n) {
  using Keys = Kokkos::View<double*>;
  using Op = Kokkos::BinOp1D<Keys>;
  Keys keys("range_keys", n);
  Kokkos::View<double**> rows("rows", n, 4);
  Kokkos::parallel_for("init_range", n, KOKKOS_LAMBDA(const int i) {
    keys(i) = double(scramble(uint64_t(i), 11) % 4096) / 16.0;
    for (int j = 0; j < 4; ++j) rows(i, j) = 10.0 * i + j;
  });
  const int begin = n / 5, end = n - n / 7;
  Kokkos::DefaultExecutionSpace exec;
  Kokkos::BinSort<Keys, Op> sorter(exec, keys, begin, end, Op(17, 0.0, 256.0), false);
  sorter.create_permute_vector(exec);

  std::vector<int> bin_of(n);
  const double mul = 17.0 / 256.0;
  for (int i = 0; i < n; ++i) bin_of[i] = int(mul * (double(scramble(uint64_t(i), 11) % 4096) / 16.0));
  check_eq("key range: counts, offsets, permutation",
           check_binning("key range", sorter, bin_of, 18, begin, end), 0);

  // sort(exec, values, begin, end) permutes the rows of [begin, end) in place.
  auto perm = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sorter.get_permute_vector());
  sorter.sort(exec, rows, begin, end);
  auto hr = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), rows);
  long bad = 0;
  for (int i = 0; i < n; ++i) {
    const int from = (i >= begin && i < end) ? int(perm(i - begin)) : i;
    for (int j = 0; j < 4; ++j) bad += hr(i, j) != 10.0 * from + j;
  }
  check_eq("sort(exec, View<double**>, begin, end): rows of the range permuted", bad, 0);
}

void host_keys(const int n) {
  using Keys = Kokkos::View<long*, Kokkos::HostSpace>;
  Keys keys("host_keys", n);
  Kokkos::View<long*, Kokkos::HostSpace> values("host_values", n);
  for (int i = 0; i < n; ++i) {
    keys(i) = long(scramble(uint64_t(i), 13) % 500) - 250;
    values(i) = keys(i);
  }
  using Op = Kokkos::BinOp1D<Keys>;
  Kokkos::BinSort<Keys, Op> sorter(keys, Op(25, -250, 249), true);
  sorter.create_permute_vector();
  sorter.sort(values);
  std::vector<long> expected(keys.data(), keys.data() + n);
  std::sort(expected.begin(), expected.end());
  long bad = 0;
  for (int i = 0; i < n; ++i) bad += values(i) != expected[i];
  check_eq("HostSpace keys: sort(values) ascending", bad, 0);
}

void sort_with_flag(const int n) {
  Kokkos::View<int*> v("flagged", n);
  Kokkos::parallel_for("init_flagged", n, KOKKOS_LAMBDA(const int i) {
    v(i) = int(scramble(uint64_t(i), 17) % 100000);
  });
  std::vector<int> expected(n);
  for (int i = 0; i < n; ++i) expected[i] = int(scramble(uint64_t(i), 17) % 100000);
  std::sort(expected.begin(), expected.end());
  Kokkos::sort(v, true);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  long bad = 0;
  for (int i = 0; i < n; ++i) bad += h(i) != expected[i];
  check_eq("sort(view, always_use_kokkos_sort)", bad, 0);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    particles(3000);
    particle_range(2500);
    integer_keys(5000);
    key_range_and_rank2(2000);
    host_keys(1500);
    sort_with_flag(1000);
  }
  Kokkos::finalize();
  return report();
}
