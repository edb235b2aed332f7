// hpar runtime, OpenMP backend: single-pass parallel_scan (decoupled look-back).
//
// Mapping. [begin, end) is cut into count() chunks of length() consecutive indices (the last one
// may be shorter; no chunk is empty). One region: each group of lanes (a warp on an NVIDIA GPU
// built by clang, else one thread) takes the next chunk from a ticket counter, joins its indices
// with final=false, publishes that aggregate, looks back over the chunks before it for its
// offset, publishes its inclusive prefix, and runs the chunk again with final=true from the
// offset (scan_single_pass). The look-back stops at the nearest chunk that has published its
// inclusive prefix and joins the aggregates after it; chunks are taken in order, so every chunk
// it waits for has been taken by a group that is running, and chunk 0 needs no look-back. One
// launch, no copy to the host and back between two passes as the two-pass scan had (chunk
// totals, offsets joined on the host, the chunks again); the functor is still called twice per
// index with final=false and once with final=true, and a chunk is read twice. clang rejects
// `inscan` reductions on `teams`, which is why the scan is not a `reduction(inscan, ...)` loop.
//
// Usage (the generated code):
//
//   hpar::rt::omp::ScanChunks<Spec> chunks(spec, begin, end, site);  // clears the chunk states
//   int64_t* states = chunks.states();
//   value_type* aggregates = chunks.aggregates();
//   value_type* inclusives = chunks.inclusives();
//   const int64_t nchunks = chunks.count(), len = chunks.length();
//   #pragma omp target teams ... is_device_ptr(states, aggregates, inclusives)
//   #pragma omp parallel ...
//   { ... hpar::rt::omp::scan_single_pass<index_type>(sp, fn, states, aggregates, inclusives,
//                                                     begin, end, nchunks, len); }
//   chunks.store_total();
//
// Chunk length: on a GPU built by clang two chunks per warp of the launch, 512 to 8,192 indices;
// elsewhere about 8 chunks per thread of the device's partial_shape(). Preconditions as
// ReducePartials: value_type is copied as bytes.
#pragma once

#include <omp.h>

#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>

namespace hpar {
namespace rt {
namespace omp {

#pragma omp declare target
/// What a chunk of a scan has published (ScanChunks::states()).
enum : int64_t { chunk_pending = 0, chunk_aggregate = 1, chunk_inclusive = 2 };
#pragma omp end declare target

template <class Spec>
class ScanChunks {
 public:
  using value_type = typename Spec::value_type;

  /// Cuts [begin, end) into chunks for device(), leases their device state and clears it.
  ScanChunks(const Spec& spec, int64_t begin, int64_t end, const KernelSite& site)
      : spec_(spec),
        device_(device()),
        length_(chunk_length(end - begin, device_)),
        count_(length_ > 0 ? (end - begin + length_ - 1) / length_ : 0),
        states_(device_, std::size_t(count_ + 1) * sizeof(int64_t), site),
        values_(device_, std::size_t(2 * count_) * sizeof(value_type), site) {
    spec_.init(total_);
    clear_states();
  }

  ScanChunks(const ScanChunks&) = delete;
  ScanChunks& operator=(const ScanChunks&) = delete;

  /// Number of chunks (0 for an empty range).
  int64_t count() const { return count_; }
  /// Indices per chunk (the last chunk may be shorter).
  int64_t length() const { return length_; }
  /// Device memory of count() + 1 values: the ticket counter, then each chunk's state
  /// (chunk_pending, chunk_aggregate, chunk_inclusive).
  int64_t* states() const { return static_cast<int64_t*>(states_.get()); }
  /// Device memory of count() values: each chunk's join, once its state says chunk_aggregate.
  value_type* aggregates() const { return static_cast<value_type*>(values_.get()); }
  /// Device memory of count() values: the join of each chunk and all before it, once its state
  /// says chunk_inclusive.
  value_type* inclusives() const { return aggregates() + count_; }

  /// After the region: hands the grand total, the last chunk's inclusive prefix in device
  /// memory (the identity for an empty range), to the spec, which copies it only when the call
  /// has a total.
  void store_total() const {
    if (count_ > 0)
      spec_.store_total(inclusives() + (count_ - 1), true);
    else
      spec_.store_total(&total_, false);
  }

 private:
  /// Indices per chunk for a range of `n` on `dev`: 0 when the range is empty. On a GPU built by
  /// clang, where a warp takes a chunk: two chunks per warp of the launch, a multiple of 32
  /// between 512 and 8,192 indices (each chunk pays a ticket and a look-back: on an H100, 2^28
  /// indices took 5.9 ms in chunks of 512, 2.9 ms in chunks of 8,192, 3.4 ms with the two-pass
  /// scan before it). Elsewhere eight chunks per thread.
  static int64_t chunk_length(int64_t n, int dev) {
    if (n <= 0) return 0;
    const bool gpu = device_is_gpu(dev);
    const LaunchShape shape = partial_shape(dev);
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
    if (gpu && device_lanes(dev, 32) == 32) {
      const int64_t warps = int64_t(shape.teams) * shape.threads / 32;
      const int64_t length = (n + 2 * warps - 1) / (2 * warps);
      return length < 512 ? 512 : length > 8192 ? 8192 : (length + 31) / 32 * 32;
    }
#endif
    const int64_t target = int64_t(shape.teams) * shape.threads * (gpu ? 1 : 8);
    return (n + target - 1) / target;
  }

  /// Sets the ticket and every chunk's state to 0 (a region of the runtime's own).
  void clear_states() {
    int64_t* states = this->states();
    const int64_t n = count_ + 1;
    const int dev = device_;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(states)
    for (int64_t k = 0; k < n; ++k) states[k] = 0;
  }

  // A copy: a spec only refers to the total, so a copy stores to the same place.
  std::remove_cv_t<Spec> spec_;
  int device_;
  int64_t length_;
  int64_t count_;
  DeviceBuffer states_;
  DeviceBuffer values_;
  value_type total_;  // the identity: the total of an empty range
};

#pragma omp declare target

/// The lanes that scan one chunk together, in the region of a range scan: a warp on an NVIDIA GPU
/// built by clang (its lanes take consecutive indices: loads stay coalesced, the order is kept by
/// shuffles), else one thread.
struct ScanLanes {
  int width;  // lanes per group
  int lane;   // this thread's lane
  ScanLanes() {
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    width = omp_get_num_threads() % 32 == 0 ? 32 : 1;
#else
    width = 1;
#endif
    lane = omp_get_thread_num() % width;
  }
};

// How a chunk publishes its state and values to the groups of other multiprocessors, and how
// they read them. On an NVIDIA GPU: a fence (membar.gl) between the values and the state, and
// volatile loads, which go to the L2 cache: a plain load could find a line of this
// multiprocessor's L1 cache read before the value was written (clang 19's NVPTX back end selects
// no acquire or release atomics and no fence instruction but membar). Elsewhere C++'s atomics.
#if defined(__NVPTX__) || defined(__nvptx__)
inline void scan_fence() {
#if defined(__clang__)
  __nvvm_membar_gl();
#else
  __sync_synchronize();
#endif
}
#endif
/// Sets a chunk's state after its values (release).
inline void scan_publish(int64_t* state, int64_t value) {
#if defined(__NVPTX__) || defined(__nvptx__)
  scan_fence();
  *reinterpret_cast<volatile int64_t*>(state) = value;
#else
  __atomic_store_n(state, value, __ATOMIC_RELEASE);
#endif
}
/// A chunk's state once it is no longer chunk_pending, before its values are read (acquire):
/// waits for it with plain (volatile) reads, then fences once.
inline int64_t scan_wait_state(const int64_t* state) {
#if defined(__NVPTX__) || defined(__nvptx__)
  int64_t value;
  while ((value = *reinterpret_cast<const volatile int64_t*>(state)) == chunk_pending) {
  }
  scan_fence();
  return value;
#else
  int64_t value;
  while ((value = __atomic_load_n(state, __ATOMIC_ACQUIRE)) == chunk_pending) {
  }
  return value;
#endif
}
/// A value another group published (see above), read as bytes.
template <class T>
T scan_published(const T* from) {
#if defined(__NVPTX__) || defined(__nvptx__)
  T value;
  const volatile unsigned char* bytes = reinterpret_cast<const volatile unsigned char*>(from);
  unsigned char* to = reinterpret_cast<unsigned char*>(&value);
  if constexpr (sizeof(T) % sizeof(unsigned) == 0 && alignof(T) >= alignof(unsigned)) {
    const volatile unsigned* words = reinterpret_cast<const volatile unsigned*>(from);
    for (std::size_t w = 0; w < sizeof(T) / sizeof(unsigned); ++w) {
      const unsigned word = words[w];
      std::memcpy(to + w * sizeof(unsigned), &word, sizeof(unsigned));
    }
  } else {
    for (std::size_t b = 0; b < sizeof(T); ++b) to[b] = bytes[b];
  }
  return value;
#else
  return *from;
#endif
}

/// The join of a chunk's indices [first, last), the functor called with final == false, in lane
/// 0 of the group.
template <class IndexType, class Spec, class Functor>
typename Spec::value_type scan_chunk_total(const Spec& sp, const Functor& fn, const ScanLanes& lanes,
                                           int64_t first, int64_t last) {
  typename Spec::value_type total;
  sp.init(total);
  if (lanes.width == 1) {
    for (int64_t i = first; i < last; ++i) sp.call(fn, total, false, IndexType(i));
    return total;
  }
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
  for (int64_t base = first; base < last; base += lanes.width) {
    typename Spec::value_type x;
    sp.init(x);
    if (base + lanes.lane < last) sp.call(fn, x, false, IndexType(base + lanes.lane));
    // Lane 0 ends with lanes 0..31 joined in order.
    warp_reduce_tree(x, sp);
    if (lanes.lane == 0) sp.join(total, x);
  }
#endif
  return total;
}

/// A chunk's indices [first, last) again, the functor called with final == true and the join of
/// `carry` and every index of the chunk before it (on a warp: first with final == false, for the
/// lanes' values).
template <class IndexType, class Spec, class Functor>
void scan_chunk_final(const Spec& sp, const Functor& fn, const ScanLanes& lanes, int64_t first,
                      int64_t last, typename Spec::value_type carry) {
  using value_type = typename Spec::value_type;
  if (lanes.width == 1) {
    for (int64_t i = first; i < last; ++i) sp.call(fn, carry, true, IndexType(i));
    return;
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

/// Chunk c's offset, the join of every chunk before it, once it has published its own join: the
/// nearest chunk before it that has published its inclusive prefix, joined with the
/// aggregates of the chunks after that one, waiting for a chunk that has published nothing yet.
/// Run by a group of one lane; a warp reads 32 chunks' states at a time (scan_look_back_warp).
template <class Spec>
typename Spec::value_type scan_look_back(const Spec& sp, int64_t* states,
                                         typename Spec::value_type* aggregates,
                                         typename Spec::value_type* inclusives, int64_t c) {
  typename Spec::value_type exclusive;
  sp.init(exclusive);
  for (int64_t p = c - 1; p >= 0; --p) {
    const int64_t state = scan_wait_state(&states[p]);
    typename Spec::value_type before =
        scan_published(state == chunk_inclusive ? &inclusives[p] : &aggregates[p]);
    sp.join(before, exclusive);
    exclusive = before;
    if (state == chunk_inclusive) break;
  }
  return exclusive;
}

#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
/// scan_look_back by a whole warp: lane l reads chunk p - l for windows of 32 chunks going back
/// from p = c - 1, waits until none of them is pending, and lane 0 joins the window's values in
/// chunk order from the nearest inclusive prefix in it (all 32 when there is none, and the window
/// before is read next). Returns the offset in lane 0.
template <class Spec>
typename Spec::value_type scan_look_back_warp(const Spec& sp, int64_t* states,
                                              typename Spec::value_type* aggregates,
                                              typename Spec::value_type* inclusives, int64_t c,
                                              int lane) {
  using value_type = typename Spec::value_type;
  value_type exclusive;
  sp.init(exclusive);
  for (int64_t window = c - 1; window >= 0; window -= 32) {
    const int64_t p = window - lane;
    int64_t state = chunk_inclusive;  // before chunk 0: the identity, as if published
    value_type value;
    sp.init(value);
    if (p >= 0) {
      state = scan_wait_state(&states[p]);
      value = scan_published(state == chunk_inclusive ? &inclusives[p] : &aggregates[p]);
    }
    const unsigned inclusive_lanes = __nvvm_vote_ballot_sync(0xffffffffu, state == chunk_inclusive);
    const int nearest = inclusive_lanes ? __builtin_ctz(inclusive_lanes) : 31;
    // Chunk order is lane order reversed: from lane `nearest` down to lane 0.
    value_type window_join;
    sp.init(window_join);
    for (int l = nearest; l >= 0; --l) {
      const value_type v = warp_shuffle_index(value, l);
      if (lane == 0) sp.join(window_join, v);
    }
    if (lane == 0) {
      sp.join(window_join, exclusive);
      exclusive = window_join;
    }
    if (inclusive_lanes) break;
  }
  return exclusive;
}
#endif

/// The region of a range scan, run by every thread (see the file comment).
template <class IndexType, class Spec, class Functor>
void scan_single_pass(const Spec& sp, const Functor& fn, int64_t* states,
                      typename Spec::value_type* aggregates, typename Spec::value_type* inclusives,
                      int64_t begin, int64_t end, int64_t nchunks, int64_t len) {
  using value_type = typename Spec::value_type;
  const ScanLanes lanes;
  int64_t* const ticket = states;
  int64_t* const chunk_states = states + 1;
  for (;;) {
    int64_t c = 0;
    if (lanes.lane == 0) c = __atomic_fetch_add(ticket, int64_t(1), __ATOMIC_RELAXED);
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
    if (lanes.width > 1) c = warp_shuffle_index(c, 0);
#endif
    if (c >= nchunks) return;
    const int64_t first = begin + c * len, last = first + len < end ? first + len : end;
    const value_type total = scan_chunk_total<IndexType>(sp, fn, lanes, first, last);
    // Publish the chunk's join for the chunks after it, find its offset, publish its prefix.
    if (lanes.lane == 0 && c > 0) {
      aggregates[c] = total;
      scan_publish(&chunk_states[c], chunk_aggregate);
    }
    value_type exclusive;
    if (lanes.width == 1) {
      exclusive = scan_look_back(sp, chunk_states, aggregates, inclusives, c);
    } else {
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
      exclusive = scan_look_back_warp(sp, chunk_states, aggregates, inclusives, c, lanes.lane);
      exclusive = warp_shuffle_index(exclusive, 0);
#endif
    }
    if (lanes.lane == 0) {
      value_type inclusive = exclusive;
      sp.join(inclusive, total);
      inclusives[c] = inclusive;
      scan_publish(&chunk_states[c], chunk_inclusive);
    }
    scan_chunk_final<IndexType>(sp, fn, lanes, first, last, exclusive);
  }
}

#pragma omp end declare target

}  // namespace omp
}  // namespace rt
}  // namespace hpar
