// hpar runtime, OpenMP backend: multi-pass parallel_scan.
//
// Mapping. [begin, end) is cut into count() chunks of length() consecutive indices (the last one
// may be shorter; no chunk is empty). Pass 1 is a `target teams distribute parallel for` over
// chunks: one OpenMP thread runs its chunk serially with final=false and writes the chunk total
// to data()[c]. exclusive_offsets() turns the totals, in place, into the exclusive prefix of the
// chunks before c, on the host, and keeps the grand total. Pass 2 reruns every chunk with
// final=true, starting from its offset. clang rejects `inscan` reductions on `teams`, which is
// why the scan is not a `reduction(inscan, ...)` loop.
//
// Usage (the generated code):
//
//   hpar::rt::omp::ScanChunks<Spec> chunks(spec, begin, end, site);
//   value_type* sums = chunks.data();
//   const int64_t nchunks = chunks.count(), len = chunks.length();
//   #pragma omp target teams distribute parallel for device(hpar::rt::omp::device()) \
//       map(to: f, spec) is_device_ptr(sums)
//   for (int64_t c = 0; c < nchunks; ++c) {
//     value_type v; spec.init(v);
//     const int64_t first = begin + c * len, last = end - first < len ? end : first + len;
//     for (int64_t i = first; i < last; ++i) spec.call(f, v, false, index_type(i));
//     sums[c] = v;
//   }
//   chunks.exclusive_offsets();
//   ... the same loop with `value_type v = sums[c];` and final=true ...
//   chunks.store_total();
//
// Chunk count: about 8 chunks per thread of the device's partial_shape() (a GPU: one chunk per
// thread of a full launch), never more chunks than indices. Preconditions as ReducePartials:
// value_type is copied as bytes.
#pragma once

#include <omp.h>

#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

namespace hpar {
namespace rt {
namespace omp {

template <class Spec>
class ScanChunks {
 public:
  using value_type = typename Spec::value_type;

  /// Cuts [begin, end) into chunks for device() and leases one device value per chunk.
  ScanChunks(const Spec& spec, int64_t begin, int64_t end, const KernelSite& site)
      : spec_(spec),
        site_(site),
        device_(device()),
        length_(chunk_length(end - begin, device_)),
        count_(length_ > 0 ? (end - begin + length_ - 1) / length_ : 0),
        sums_(device_, std::size_t(count_) * sizeof(value_type), site),
        host_(host_array<value_type>(std::size_t(count_), site)) {
    spec_.init(total_);
  }

  ScanChunks(const ScanChunks&) = delete;
  ScanChunks& operator=(const ScanChunks&) = delete;

  /// Number of chunks (0 for an empty range).
  int64_t count() const { return count_; }
  /// Indices per chunk (the last chunk may be shorter).
  int64_t length() const { return length_; }
  /// Device memory of count() values: chunk totals after pass 1, offsets after
  /// exclusive_offsets().
  value_type* data() const { return static_cast<value_type*>(sums_.get()); }

  /// Between the passes: replaces each chunk total by the join of all totals before it
  /// (spec.init for chunk 0) and remembers the join of all of them.
  void exclusive_offsets() {
    const std::size_t bytes = std::size_t(count_) * sizeof(value_type);
    copy_to_host(host_.get(), sums_.get(), bytes, device_, site_);
    value_type running;
    spec_.init(running);
    for (int64_t c = 0; c < count_; ++c) {
      const value_type chunk_total = host_[c];
      host_[c] = running;
      spec_.join(running, chunk_total);
    }
    total_ = running;
    copy_to_device(sums_.get(), host_.get(), bytes, device_, site_);
  }

  /// After pass 2: hands the grand total to the spec (a no-op when the call had no total).
  void store_total() const { spec_.store_total(&total_, false); }

 private:
  /// Indices per chunk for a range of `n` on `dev`: 0 when the range is empty. One chunk per
  /// group of lanes (scan_lanes) on a GPU, eight per thread on the host.
  static int64_t chunk_length(int64_t n, int dev) {
    if (n <= 0) return 0;
    const LaunchShape shape = partial_shape(dev);
    const bool gpu = device_is_gpu(dev);
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
    const int64_t lanes = gpu ? 32 : 1;  // clang: the device code scans a chunk with a warp
#else
    const int64_t lanes = 1;
#endif
    const int64_t target = int64_t(shape.teams) * shape.threads * (gpu ? 1 : 8) / lanes;
    return (n + target - 1) / target;
  }

  // A copy: a spec only refers to the total, so a copy stores to the same place.
  std::remove_cv_t<Spec> spec_;
  KernelSite site_;
  int device_;
  int64_t length_;
  int64_t count_;
  DeviceBuffer sums_;
  std::unique_ptr<value_type[]> host_;  // the chunk values' host copy
  value_type total_;
};

#pragma omp declare target

/// The lanes that scan one chunk together, in the region of a range scan: a warp on an NVIDIA GPU
/// built by clang (its lanes take consecutive indices: loads stay coalesced, the order is kept by
/// shuffles), else one thread.
struct ScanLanes {
  int width;     // lanes per group
  int lane;      // this thread's lane
  int64_t group;   // this thread's group
  int64_t groups;  // groups in the region
  ScanLanes() {
    const int threads = omp_get_num_threads();
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    width = threads % 32 == 0 ? 32 : 1;
#else
    width = 1;
#endif
    lane = omp_get_thread_num() % width;
    group = (int64_t(omp_get_team_num()) * threads + omp_get_thread_num()) / width;
    groups = int64_t(omp_get_num_teams()) * threads / width;
  }
};

/// Pass 1 of a range scan, by every thread of the region: the total of each chunk of `len`
/// indices (the last may be shorter) into sums[c], the functor called with final == false.
template <class IndexType, class Spec, class Functor>
void scan_chunk_totals(const Spec& sp, const Functor& fn, typename Spec::value_type* sums,
                       int64_t begin, int64_t end, int64_t nchunks, int64_t len) {
  using value_type = typename Spec::value_type;
  const ScanLanes lanes;
  for (int64_t c = lanes.group; c < nchunks; c += lanes.groups) {
    const int64_t first = begin + c * len, last = first + len < end ? first + len : end;
    value_type total;
    sp.init(total);
    if (lanes.width == 1) {
      for (int64_t i = first; i < last; ++i) sp.call(fn, total, false, IndexType(i));
      sums[c] = total;
      continue;
    }
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    for (int64_t base = first; base < last; base += lanes.width) {
      value_type x;
      sp.init(x);
      if (base + lanes.lane < last) sp.call(fn, x, false, IndexType(base + lanes.lane));
      // Lane 0 ends with lanes 0..31 joined in order.
      warp_reduce_tree(x, sp);
      if (lanes.lane == 0) sp.join(total, x);
    }
    if (lanes.lane == 0) sums[c] = total;
#endif
  }
}

/// Pass 2 of a range scan: each chunk again from its offset sums[c], the functor called with
/// final == true and the join of every index before it (on a warp: first with final == false, for
/// the lanes' values).
template <class IndexType, class Spec, class Functor>
void scan_chunk_finals(const Spec& sp, const Functor& fn, const typename Spec::value_type* sums,
                       int64_t begin, int64_t end, int64_t nchunks, int64_t len) {
  using value_type = typename Spec::value_type;
  const ScanLanes lanes;
  for (int64_t c = lanes.group; c < nchunks; c += lanes.groups) {
    const int64_t first = begin + c * len, last = first + len < end ? first + len : end;
    value_type carry = sums[c];
    if (lanes.width == 1) {
      for (int64_t i = first; i < last; ++i) sp.call(fn, carry, true, IndexType(i));
      continue;
    }
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    for (int64_t base = first; base < last; base += lanes.width) {
      const int64_t i = base + lanes.lane;
      value_type inclusive;
      sp.init(inclusive);
      if (i < last) sp.call(fn, inclusive, false, IndexType(i));
      inclusive = warp_inclusive_scan(inclusive, sp, lanes.lane);
      const value_type lanes_before = warp_shuffle_up(inclusive, 1);
      const value_type step_total = warp_shuffle_index(inclusive, 31);
      value_type update = carry;
      if (lanes.lane > 0) sp.join(update, lanes_before);
      if (i < last) sp.call(fn, update, true, IndexType(i));
      sp.join(carry, step_total);
    }
#endif
  }
}

#pragma omp end declare target

}  // namespace omp
}  // namespace rt
}  // namespace hpar
