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
  /// Indices per chunk for a range of `n` on `dev`: 0 when the range is empty.
  static int64_t chunk_length(int64_t n, int dev) {
    if (n <= 0) return 0;
    const LaunchShape shape = partial_shape(dev);
    const int64_t per_thread = device_is_gpu(dev) ? 1 : 8;
    const int64_t target = int64_t(shape.teams) * shape.threads * per_thread;
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

}  // namespace omp
}  // namespace rt
}  // namespace hpar
