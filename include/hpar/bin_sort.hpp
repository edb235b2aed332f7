// hpar: BinSort, the permutation that groups keys by bin, and its binning operators (Kokkos'
// Kokkos_Sort.hpp: sorting/Kokkos_BinSortPublicAPI.hpp and sorting/Kokkos_BinOpsPublicAPI.hpp,
// Kokkos 4.6 semantics).
//
//   BinOp1D<KeyView>(nbins, min, max)   key k goes to bin int((k - min) * nbins / (max - min)),
//       computed in double; max_bins() is nbins + 1, so that k == max has a bin. Integral keys
//       whose range max - min is at most nbins get one bin per value (bin k - min).
//   BinOp3D<KeyView>(nbins[3], min[3], max[3])   row i of an (n, 3) key View goes to bin
//       (b0 * nbins[1] + b1) * nbins[2] + b2, bd = int((keys(i, d) - min[d]) * nbins[d] /
//       (max[d] - min[d])); max_bins() is the product of nbins.
//   Both: bin(keys, i), max_bins(), and op(keys, i, j): whether key i goes before key j within a
//   bin. BinOp1D: keys(i) < keys(j). BinOp3D: row i is lexicographically greater than row j (the
//   order Kokkos gives it: descending within a bin).
//
//   BinSort<KeyView, BinOp[, Space[, SizeType]]> s([exec,] keys[, begin, end], bin_op,
//                                                 sort_within_bins = false);
//   s.create_permute_vector([exec]);   bin counts, bin offsets and the permutation of [begin, end)
//   s.sort([exec,] values[, values_begin, values_end]);   applies it to a View's rows
//   s.get_permute_vector(), s.get_bin_offsets(), s.get_bin_count()
//
// Contract (Kokkos'): with n = end - begin, get_permute_vector()(p) for p < n is the index in
// [begin, end) of the key that goes to position p. Positions are grouped by bin in bin order:
// bin b holds positions [get_bin_offsets()(b), get_bin_offsets()(b) + get_bin_count()(b)).
// Within a bin the order is unspecified (a serial run gives index order), unless sort_within_bins
// asks for bin_op's order (`bin_op(keys, i, j)`: i before j). Every key's bin must lie in
// [0, max_bins()).
// sort(values, vb, ve) needs ve - vb == n (it aborts otherwise) and, as Kokkos does, writes
// position p to row begin + p of values, reading row vb + permute(p) - begin: with begin == 0
// (the whole key View) sort(values) permutes rows [0, n); with vb == begin it permutes the range
// in place. Values have rank 1 to 3 (a row is everything after the first index).
//
// Where the work runs, over the execution space given (else Space's):
//   - counting keys per bin and placing each key: impl::library_for loops with an atomic
//     increment per key (a loop on the host; a CUDA kernel or an OpenMP target loop over device
//     memory, design.md section 13), so device keys never travel to the host;
//   - the bin offsets: an exclusive scan of the counts on the host (through a host copy of the
//     max_bins() counts where they live in device memory);
//   - sorting within bins: std::sort of each bin on the host; on a device one insertion sort per
//     bin, one thread per bin (Kokkos' device algorithm);
//   - sort(values): a gather into a scratch View and a copy back, two library_for loops.
// Each call returns when its work is done. create_permute_vector may be called again after the
// keys changed: it counts from zero each time.
#pragma once

#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "atomics.hpp"
#include "core.hpp"
#include "deep_copy.hpp"
#include "impl/library_for.hpp"
#include "macros.hpp"
#include "spaces.hpp"
#include "view.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

/// Bins of a rank-1 key View over [min, max] (see the top of this file).
template <class KeyViewType>
struct BinOp1D {
  int max_bins_ = 0;
  double mul_ = 0;
  double min_ = 0;

  BinOp1D() = default;

  BinOp1D(int max_bins, typename KeyViewType::const_value_type min,
          typename KeyViewType::const_value_type max)
      : max_bins_(max_bins + 1), min_(static_cast<double>(min)) {
    const double span = static_cast<double>(max) - static_cast<double>(min);
    // One bin per value where an integral range fits in the bins: no two keys of a bin differ.
    const bool one_value_per_bin =
        std::is_integral<typename KeyViewType::non_const_value_type>::value &&
        span <= static_cast<double>(max_bins);
    mul_ = one_value_per_bin ? 1.0 : static_cast<double>(max_bins) / span;
  }

  template <class ViewType>
  HPAR_INLINE_FUNCTION int bin(ViewType& keys, const int& i) const {
    return static_cast<int>(mul_ * (static_cast<double>(keys(i)) - min_));
  }

  HPAR_INLINE_FUNCTION int max_bins() const { return max_bins_; }

  /// Whether key i1 goes before key i2 within a bin.
  template <class ViewType, class iType1, class iType2>
  HPAR_INLINE_FUNCTION bool operator()(ViewType& keys, iType1& i1, iType2& i2) const {
    return keys(i1) < keys(i2);
  }
};

/// Bins of the rows of an (n, 3) key View over a box (see the top of this file).
template <class KeyViewType>
struct BinOp3D {
  int max_bins_[3] = {};
  double mul_[3] = {};
  double min_[3] = {};

  BinOp3D() = default;

  BinOp3D(int max_bins[], typename KeyViewType::const_value_type min[],
          typename KeyViewType::const_value_type max[]) {
    for (int d = 0; d < 3; ++d) {
      max_bins_[d] = max_bins[d];
      min_[d] = static_cast<double>(min[d]);
      mul_[d] = static_cast<double>(max_bins[d]) /
                (static_cast<double>(max[d]) - static_cast<double>(min[d]));
    }
  }

  template <class ViewType>
  HPAR_INLINE_FUNCTION int bin(ViewType& keys, const int& i) const {
    const int b0 = int(mul_[0] * (keys(i, 0) - min_[0]));
    const int b1 = int(mul_[1] * (keys(i, 1) - min_[1]));
    const int b2 = int(mul_[2] * (keys(i, 2) - min_[2]));
    return (b0 * max_bins_[1] + b1) * max_bins_[2] + b2;
  }

  HPAR_INLINE_FUNCTION int max_bins() const { return max_bins_[0] * max_bins_[1] * max_bins_[2]; }

  /// Whether row i1 goes before row i2 within a bin: i1's (x, y, z) is lexicographically greater.
  template <class ViewType, class iType1, class iType2>
  HPAR_INLINE_FUNCTION bool operator()(ViewType& keys, iType1& i1, iType2& i2) const {
    for (int d = 0; d < 3; ++d) {
      if (keys(i1, d) > keys(i2, d)) return true;
      if (!(keys(i1, d) == keys(i2, d))) return false;
    }
    return false;
  }
};

namespace impl {

/// Counts the keys of each bin: counts(bin(key begin + i)) += 1.
template <class Keys, class BinOp, class Counts>
struct BinSortCount {
  Keys keys;
  BinOp bin_op;
  Counts counts;
  int begin;
  HPAR_HD void operator()(size_t i) const {
    const int j = begin + int(i);
    atomic_add(&counts(bin_op.bin(keys, j)), 1);
  }
};

/// Puts key begin + i at the next free position of its bin (counts start at zero).
template <class Keys, class BinOp, class Counts, class Offsets, class Order>
struct BinSortPlace {
  Keys keys;
  BinOp bin_op;
  Counts counts;
  Offsets offsets;
  Order order;
  int begin;
  HPAR_HD void operator()(size_t i) const {
    const int j = begin + int(i);
    const int b = bin_op.bin(keys, j);
    const int slot = atomic_fetch_add(&counts(b), 1);
    order(offsets(b) + slot) = j;
  }
};

/// Orders the positions of bin b by bin_op with an insertion sort (one thread per bin).
template <class Keys, class BinOp, class Counts, class Offsets, class Order>
struct BinSortWithinBin {
  Keys keys;
  BinOp bin_op;
  Counts counts;
  Offsets offsets;
  Order order;
  HPAR_HD void operator()(size_t b) const {
    using position = typename Order::non_const_value_type;
    const position first = offsets(b);
    const position last = first + position(counts(b));
    for (position k = first + 1; k < last; ++k) {
      int moving = int(order(k));
      position at = k;
      while (at > first) {
        int before = int(order(at - 1));
        if (!bin_op(keys, moving, before)) break;
        order(at) = order(at - 1);
        --at;
      }
      order(at) = moving;
    }
  }
};

/// dst's row d = src's row s (every index after the first; rank 1 to 3).
template <class Dst, class Src>
HPAR_HD void bin_sort_copy_row(const Dst& dst, size_t d, const Src& src, size_t s) {
  constexpr size_t rank = Dst::traits::rank;
  if constexpr (rank == 1) {
    dst(d) = src(s);
  } else if constexpr (rank == 2) {
    for (size_t j = 0; j < dst.extent(1); ++j) dst(d, j) = src(s, j);
  } else {
    for (size_t j = 0; j < dst.extent(1); ++j)
      for (size_t k = 0; k < dst.extent(2); ++k) dst(d, j, k) = src(s, j, k);
  }
}

/// scratch's row i = values' row (shift + order(i)).
template <class Scratch, class Values, class Order>
struct BinSortGather {
  Scratch scratch;
  Values values;
  Order order;
  long shift;
  HPAR_HD void operator()(size_t i) const {
    bin_sort_copy_row(scratch, i, values, size_t(shift + long(order(i))));
  }
};

/// values' row (begin + i) = scratch's row i.
template <class Values, class Scratch>
struct BinSortScatter {
  Values values;
  Scratch scratch;
  size_t begin;
  HPAR_HD void operator()(size_t i) const { bin_sort_copy_row(values, begin + i, scratch, i); }
};

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

template <class KeyViewType, class BinSortOp, class Space = typename KeyViewType::device_type,
          class SizeType = typename KeyViewType::memory_space::size_type>
class BinSort {
 public:
  /// Not `execution_space`, as in Kokkos: a functor with that name would pick its own space.
  using exec_space = typename Space::execution_space;
  using bin_op_type = BinSortOp;

  using size_type = SizeType;
  using value_type = size_type;

  using offset_type = View<size_type*, Space>;
  using bin_count_type = View<const int*, Space>;

  using const_key_view_type = typename KeyViewType::const_type;
  using const_rnd_key_view_type =
      View<typename KeyViewType::const_data_type, typename KeyViewType::array_layout,
           typename KeyViewType::device_type, MemoryTraits<RandomAccess>>;

  using non_const_key_scalar = typename KeyViewType::non_const_value_type;
  using const_key_scalar = typename KeyViewType::const_value_type;

  using bin_count_atomic_type = View<int*, Space, MemoryTraits<Atomic>>;

 private:
  using memory_space = typename Space::memory_space;
  /// The counts as plain ints: the loops below increment them with atomic_add themselves.
  using count_view = View<int*, Space>;

  const_key_view_type keys;
  count_view m_counts;

 public:
  BinSortOp bin_op;
  offset_type bin_offsets;
  bin_count_atomic_type bin_count_atomic;
  bin_count_type bin_count_const;
  offset_type sort_order;

  int range_begin = 0;
  int range_end = 0;
  bool sort_within_bins = false;

  /// An empty sorter to assign to later (Kokkos 4 keeps it with its deprecated code, which is on
  /// by default).
  BinSort() = default;

  /// Bins keys [range_begin, range_end) with bin_op; the permutation comes from
  /// create_permute_vector().
  template <class ExecutionSpace>
  BinSort(const ExecutionSpace&, const_key_view_type keys_, int range_begin_, int range_end_,
          BinSortOp bin_op_, bool sort_within_bins_ = false)
      : keys(keys_),
        bin_op(bin_op_),
        range_begin(range_begin_),
        range_end(range_end_),
        sort_within_bins(sort_within_bins_) {
    static_assert(SpaceAccessibility<typename ExecutionSpace::execution_space,
                                     memory_space>::accessible,
                  "Kokkos::BinSort: the execution space cannot access the memory space of the "
                  "BinSort");
    if (bin_op.max_bins() <= 0)
      hpar::abort("Kokkos::BinSort: the binning operator has no bins (max_bins() <= 0)");
    if (range_end < range_begin)
      hpar::abort("Kokkos::BinSort: the key range ends before it begins");
    m_counts = count_view("Kokkos::SortImpl::BinSortFunctor::bin_count", bin_op.max_bins());
    bin_count_atomic = m_counts;
    bin_count_const = m_counts;
    bin_offsets = offset_type(
        view_alloc(WithoutInitializing, "Kokkos::SortImpl::BinSortFunctor::bin_offsets"),
        bin_op.max_bins());
    sort_order = offset_type(
        view_alloc(WithoutInitializing, "Kokkos::SortImpl::BinSortFunctor::sort_order"),
        range_end - range_begin);
  }

  BinSort(const_key_view_type keys_, int range_begin_, int range_end_, BinSortOp bin_op_,
          bool sort_within_bins_ = false)
      : BinSort(exec_space{}, keys_, range_begin_, range_end_, bin_op_, sort_within_bins_) {}

  template <class ExecutionSpace>
  BinSort(const ExecutionSpace& exec, const_key_view_type keys_, BinSortOp bin_op_,
          bool sort_within_bins_ = false)
      : BinSort(exec, keys_, 0, int(keys_.extent(0)), bin_op_, sort_within_bins_) {}

  BinSort(const_key_view_type keys_, BinSortOp bin_op_, bool sort_within_bins_ = false)
      : BinSort(exec_space{}, keys_, bin_op_, sort_within_bins_) {}

  /// Counts the keys per bin, computes the bin offsets and the permutation (again, from zero,
  /// when the keys changed).
  template <class ExecutionSpace>
  void create_permute_vector(const ExecutionSpace&) {
    using E = typename ExecutionSpace::execution_space;
    static_assert(SpaceAccessibility<E, memory_space>::accessible,
                  "Kokkos::BinSort::create_permute_vector: the execution space cannot access the "
                  "memory space of the BinSort");
    const size_t len = size_t(range_end - range_begin);
    const size_t bins = size_t(bin_op.max_bins());
    fence();
    deep_copy(m_counts, 0);
    impl::library_for<E>("Kokkos::Sort::BinCount", len,
                         impl::BinSortCount<const_key_view_type, BinSortOp, count_view>{
                             keys, bin_op, m_counts, range_begin});
    scan_counts(bins);
    deep_copy(m_counts, 0);
    impl::library_for<E>(
        "Kokkos::Sort::BinBinning", len,
        impl::BinSortPlace<const_key_view_type, BinSortOp, count_view, offset_type, offset_type>{
            keys, bin_op, m_counts, bin_offsets, sort_order, range_begin});
    if (!sort_within_bins) return;
    if constexpr (impl::is_host_execution_space<E>()) {
      sort_bins_on_host(bins);
    } else {
      impl::library_for<E>("Kokkos::Sort::BinSort", bins,
                           impl::BinSortWithinBin<const_key_view_type, BinSortOp, count_view,
                                                  offset_type, offset_type>{
                               keys, bin_op, m_counts, bin_offsets, sort_order});
    }
  }

  void create_permute_vector() { create_permute_vector(exec_space{}); }

  /// Rows [values_range_begin, values_range_end) of values, permuted (see the top of this file).
  template <class ExecutionSpace, class ValuesViewType>
  void sort(const ExecutionSpace&, ValuesViewType const& values, int values_range_begin,
            int values_range_end) const {
    using E = typename ExecutionSpace::execution_space;
    using V = ValuesViewType;
    static_assert(is_view<V>::value, "Kokkos::BinSort::sort: the values must be a View");
    static_assert(V::traits::rank >= 1 && V::traits::rank <= 3,
                  "Kokkos::BinSort::sort: the values must be a View of rank 1 to 3");
    static_assert(!std::is_const<typename V::value_type>::value,
                  "Kokkos::BinSort::sort: the values must not be const");
    static_assert(SpaceAccessibility<E, memory_space>::accessible,
                  "Kokkos::BinSort::sort: the execution space cannot access the memory space of "
                  "the BinSort");
    static_assert(SpaceAccessibility<E, typename V::memory_space>::accessible,
                  "Kokkos::BinSort::sort: the execution space cannot access the memory space of "
                  "the values");
    if (values.extent(0) == 0) return;
    const size_t len = size_t(range_end - range_begin);
    if (values_range_end - values_range_begin != range_end - range_begin)
      hpar::abort("Kokkos::BinSort::sort: the values' range and the permutation differ in length");
    using Scratch = View<typename V::non_const_data_type, LayoutRight, typename V::memory_space>;
    const Scratch scratch(view_alloc(WithoutInitializing,
                                     "Kokkos::SortImpl::BinSortFunctor::sorted_values"),
                          len, V::traits::rank > 1 ? values.extent(1) : invalid_index,
                          V::traits::rank > 2 ? values.extent(2) : invalid_index);
    fence();
    impl::library_for<E>("Kokkos::Sort::CopyPermute", len,
                         impl::BinSortGather<Scratch, V, offset_type>{
                             scratch, values, sort_order,
                             long(values_range_begin) - long(range_begin)});
    impl::library_for<E>("Kokkos::Sort::Copy", len,
                         impl::BinSortScatter<V, Scratch>{values, scratch, size_t(range_begin)});
  }

  template <class ValuesViewType>
  void sort(ValuesViewType const& values, int values_range_begin, int values_range_end) const {
    sort(exec_space{}, values, values_range_begin, values_range_end);
  }

  template <class ExecutionSpace, class ValuesViewType>
  void sort(ExecutionSpace const& exec, ValuesViewType const& values) const {
    sort(exec, values, 0, range_end - range_begin);
  }

  template <class ValuesViewType>
  void sort(ValuesViewType const& values) const {
    sort(exec_space{}, values, 0, range_end - range_begin);
  }

  HPAR_INLINE_FUNCTION offset_type get_permute_vector() const { return sort_order; }
  HPAR_INLINE_FUNCTION offset_type get_bin_offsets() const { return bin_offsets; }
  HPAR_INLINE_FUNCTION bin_count_type get_bin_count() const { return bin_count_const; }

 private:
  /// bin_offsets = the exclusive scan of the counts, on the host.
  void scan_counts(size_t bins) {
    constexpr impl::Space where = memory_space::impl_space;
    const impl::HostStaging<int> counts(m_counts.data(), where, bins, true);
    const impl::HostStaging<size_type> offsets(bin_offsets.data(), where, bins, false);
    size_type sum = 0;
    for (size_t b = 0; b < bins; ++b) {
      offsets.data()[b] = sum;
      sum += size_type(counts.data()[b]);
    }
    offsets.push();
  }

  /// Each bin's positions ordered by bin_op (host memory).
  void sort_bins_on_host(size_t bins) {
    const int* counts = m_counts.data();
    const size_type* offsets = bin_offsets.data();
    size_type* order = sort_order.data();
    const const_key_view_type& k = keys;
    const BinSortOp& op = bin_op;
    for (size_t b = 0; b < bins; ++b) {
      if (counts[b] < 2) continue;
      std::sort(order + offsets[b], order + offsets[b] + counts[b],
                [&](size_type p, size_type q) {
                  int i1 = int(p), i2 = int(q);
                  return op(k, i1, i2);
                });
    }
  }
};

}  // namespace hpar
