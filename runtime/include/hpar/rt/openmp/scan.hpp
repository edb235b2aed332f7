// hpar runtime, OpenMP backend: single-pass parallel_scan (decoupled look-back).
//
// Mapping. [begin, end) is cut into count() chunks of length() consecutive indices (the last one
// may be shorter; no chunk is empty). One region: each team (on an NVIDIA GPU built by clang,
// whose teams have shared memory: a chunk is then a tile of ScanTiling, scan_tiles) or group of
// lanes (elsewhere: a warp on such a GPU when a tile of the value type does not fit in a team's
// shared memory, else one thread; scan_chunks) takes the next chunk from a ticket counter, joins
// its indices with final=false, publishes that aggregate, looks back over the chunks before it
// for its offset, publishes its inclusive prefix, and runs the chunk again with final=true from
// the offset. The look-back stops at the nearest chunk that has published its inclusive prefix
// and joins the aggregates after it; chunks are taken in order, so every chunk it waits for has
// been taken by a team or group that is running, and chunk 0 needs no look-back. One launch, no
// copy to the host and back between two passes as the two-pass scan had (chunk totals, offsets
// joined on the host, the chunks again); the functor is called once per index with final=false
// and once with final=true. A tile's indices are read from memory once (the second call finds
// them in the cache); a chunk's twice. clang rejects `inscan` reductions on `teams`, which is
// why the scan is not a `reduction(inscan, ...)` loop. A team's tile and a warp's look-back are
// the CUDA runtime's, written once in rt/tile_scan.hpp over warp primitives (NvptxWarp here).
//
// Usage (the generated code, through the launch of a range scan, RangeScan or TargetRangeScan in
// launch.hpp, which holds the ScanChunks and names its members as the region's locals do):
//
//   using Launch = hpar::rt::omp::TargetRangeScan<PolicyOrCount, Functor, Results...>;
//   Launch launch(site, policy_or_count, f, results...);  // ScanChunks: clears the chunk states
//   int64_t* states = launch.states;                        // chunks.states()
//   value_type* aggregates = launch.aggregates;             // chunks.aggregates()
//   value_type* inclusives = launch.inclusives;             // chunks.inclusives()
//   const int64_t nchunks = launch.count, len = launch.length;
//   const int nteams = launch.teams, nthreads = launch.threads;
//   const std::size_t team_memory = launch.team_memory;
//   #pragma omp target teams num_teams(nteams) thread_limit(nthreads)
//       HPAR_OMP_TEAM_MEMORY(team_memory) ... is_device_ptr(states, aggregates, inclusives)
//   #pragma omp parallel num_threads(nthreads)
//   { ... hpar::rt::omp::scan_single_pass<index_type>(sp, fn, states, aggregates, inclusives,
//                                                     begin, end, nchunks, len); }
//   launch.finish();  // chunks.store_total()
//
// Chunk length: a tile on a GPU built by clang; for a warp's chunks there two chunks per warp of the
// launch, 512 to 8,192 indices; elsewhere about 8 chunks per thread of the device's
// partial_shape(). Preconditions as ReducePartials: value_type is copied as bytes.
#pragma once

#include <omp.h>

#include <hpar/rt/common.hpp>
#include <hpar/rt/openmp/device.hpp>
#include <hpar/rt/openmp/occupancy.hpp>
#pragma omp declare target
#include <hpar/rt/tile_scan.hpp>
#pragma omp end declare target

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

/// Tiles of a range scan on a GPU with warp shuffles and team memory (clang, NVIDIA; scan_tiles):
/// a team of `threads` scans `tile` = threads x items consecutive indices, each thread holding
/// its items' values in registers between its two functor calls (the CUDA runtime's scan_tiles
/// works the same way, with blocks of 128 for 8-byte values). `team_bytes` of team memory: each
/// warp's exchange of 32 x items values (one value of padding per 32, so that lane l's accesses
/// at l x items + k fall in different banks), the warps' totals, the tile's prefix, then the
/// tile's ticket. Each tile costs a ticket and a look-back: the 2^28-value scan benchmark took
/// 1.96 ms in tiles of 128 x 16 and 1.57-1.58 in tiles of 256 x 16 on an H200 (the CUDA output
/// 1.26; docs/performance.md).
template <class T>
struct ScanTiling {
  static constexpr int threads = sizeof(T) <= 16 ? 256 : 128;
  static constexpr int items = sizeof(T) <= 8 ? 16 : sizeof(T) <= 16 ? 6 : 3;
  static constexpr int warps = threads / 32;
  static constexpr int slice = 32 * items + items;
  static constexpr int tile = threads * items;
  static constexpr std::size_t values = std::size_t(warps) * slice + warps + 1;
  static constexpr std::size_t ticket_offset = (values * sizeof(T) + 7) / 8 * 8;
  static constexpr std::size_t team_bytes = ticket_offset + sizeof(int64_t);
  /// Whether a tile's team memory fits in what clang 19's runtime gives a team (48 KB).
  static constexpr bool fits = team_bytes <= 48 * 1024;
};

template <class Spec>
class ScanChunks {
 public:
  using value_type = typename Spec::value_type;

  /// Cuts [begin, end) into chunks for device(), leases their device state and clears it.
  ScanChunks(const Spec& spec, int64_t begin, int64_t end, const KernelSite& site)
      : spec_(spec),
        device_(device()),
        tiled_(tiles_on(device_)),
        length_(tiled_ ? int64_t(ScanTiling<value_type>::tile) : chunk_length(end - begin, device_)),
        count_(length_ > 0 && end > begin ? (end - begin + length_ - 1) / length_ : 0),
        states_(device_, std::size_t(state_words()) * sizeof(int64_t), site),
        values_(device_, std::size_t(2 * count_) * sizeof(value_type), site) {
    if (count_ > int64_t(INT32_MAX))  // tile_scan::look_back counts chunks in 32-bit integers
      fail(site, "scan range too long for one launch");
    const LaunchShape shape = partial_shape(device_);
    if (tiled_) {
      // Teams of the tile's threads, as many as a GPU holds at once but no more than there are
      // tiles: each takes tiles from the ticket until none is left. At once: as the kernel's
      // registers and shared memory allow (resident_teams), else 2,048 threads a
      // multiprocessor; teams beyond those would start only when the tiles are gone.
      threads_ = ScanTiling<value_type>::threads;
      const int64_t by_kernel = resident_teams(device_, site.kernel, std::string(), threads_,
                                               ScanTiling<value_type>::team_bytes);
      const int64_t resident = by_kernel > 0 ? by_kernel : resident_threads(device_) / threads_;
      const int64_t teams = shape.teams_forced ? shape.teams : resident;
      teams_ = int(count_ < 1 ? 1 : count_ < teams ? count_ : teams);
    } else {
      threads_ = shape.threads;
      teams_ = shape.teams;
    }
    spec_.init(total_);
    clear_states();
  }

  ScanChunks(const ScanChunks&) = delete;
  ScanChunks& operator=(const ScanChunks&) = delete;

  /// The region's teams, threads per team, and shared memory per team (HPAR_OMP_TEAM_MEMORY).
  int teams() const { return teams_; }
  int threads() const { return threads_; }
  std::size_t team_memory() const { return tiled_ ? ScanTiling<value_type>::team_bytes : 0; }
  /// Number of chunks or tiles (0 for an empty range).
  int64_t count() const { return count_; }
  /// Indices per chunk (the last chunk may be shorter).
  int64_t length() const { return length_; }
  /// Device memory of state_words() 8-byte words: the ticket counter, then each chunk's state
  /// (chunk_pending, chunk_aggregate, chunk_inclusive), or each tile's descriptor.
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
  /// Tiles on a GPU with warp shuffles and team memory (clang, NVIDIA), when a tile's shared
  /// memory fits in 48 KB; chunks elsewhere.
  static bool tiles_on(int dev) {
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
    return device_lanes(dev, 32) == 32 && ScanTiling<value_type>::fits;
#else
    (void)dev;
    return false;
#endif
  }

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

  /// The 8-byte words of states(): the ticket and a state per chunk, or for a tiled scan of
  /// values of at most 8 bytes the ticket, one word of padding and a 16-byte descriptor (state,
  /// value) per tile (scan_tiles).
  int64_t state_words() const {
    return tiled_ && sizeof(value_type) <= 8 ? 2 * count_ + 2 : count_ + 1;
  }

  /// Sets the ticket and every chunk's state to 0 (a region of the runtime's own).
  void clear_states() {
    int64_t* states = this->states();
    const int64_t n = state_words();
    const int dev = device_;
    if (host_only) {  // host memory: no region of its own
      std::memset(static_cast<void*>(states), 0, size_t(n) * sizeof(int64_t));
      return;
    }
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(states)
    for (int64_t k = 0; k < n; ++k) states[k] = 0;
  }

  // A copy: a spec only refers to the total, so a copy stores to the same place.
  std::remove_cv_t<Spec> spec_;
  int device_;
  bool tiled_;
  int teams_ = 1;
  int threads_ = 1;
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
  ScanLanes(int w, int l) : width(w), lane(l) {}
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
// they read them (ScanSlots; the packed tiles of at most 8-byte values: ScanPacked below; both
// are tile_scan's Tiles for the GPU's tiles and warps, rt/tile_scan.hpp):
//   - the ticket: each group takes its chunk from a relaxed fetch-and-add on states[0]. The
//     tickets go out in order, to groups that are running, so a chunk's look-back only waits on
//     chunks that running groups hold, and every wait ends (no order among blocks assumed);
//   - a chunk writes its value to aggregates[c] or inclusives[c] (each written once per launch),
//     then its state with release order: scan_publish. A reader waits for the state with
//     scan_wait_state (acquire order) and only then reads the value with scan_published.
//     Invariant: a reader that sees chunk_aggregate or chunk_inclusive sees the value written
//     before that state; states only grow (pending, aggregate, inclusive), and ScanChunks sets
//     them all to pending before the region.
// On an NVIDIA GPU release is a fence (membar.gl) before a volatile store and acquire a fence
// after a volatile load (clang 19's NVPTX back end selects no acquire or release atomics and no
// fence instruction but membar); volatile loads go to the L2 cache, where a plain load could find
// a line of this multiprocessor's L1 cache read before the value was written. Elsewhere C++'s
// atomics.
#if defined(__NVPTX__) || defined(__nvptx__)
inline void scan_fence() { hpar::impl::nvptx_fence(); }
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

#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
/// Chunks' (tiles') states and values as three arrays (ScanChunks), as tile_scan's Tiles: the
/// states and values of values of more than 8 bytes, and the chunks of warps.
template <class T>
struct ScanSlots {
  int64_t* states;
  T* aggregates;
  T* inclusives;
  T* total;  // inclusives[last]: ScanChunks::store_total reads it
  void publish(int64_t p, int state, const T& value) const {
    (state == chunk_inclusive ? inclusives : aggregates)[p] = value;
    scan_publish(&states[p], state);
  }
  /// Chunk p's state, and its value when it has published one (one read: no wait).
  int read(int64_t p, T& value) const {
    const int64_t state = *reinterpret_cast<const volatile int64_t*>(&states[p]);
    if (state == chunk_pending) return tile_scan::tile_empty;
    scan_fence();
    value = scan_published(state == chunk_inclusive ? &inclusives[p] : &aggregates[p]);
    return int(state);
  }
  void store_total(const T& value) const { *total = value; }
};

/// A tile's state and value of at most 8 bytes in one 16-byte descriptor of two 8-byte words,
/// each holding the state in its low half and one half of the value's bits in its high half,
/// written with one volatile vector store and read with one volatile vector load (past the L1
/// cache; volatile is a relaxed system-scope access in the PTX memory model).
/// Invariant: each 8-byte word is written whole (single-copy atomic), and a tile writes each
/// state once with one value per launch, so a word whose state is s holds half of state s's
/// value. The PTX model splits a vector access into its elements, in any order, so the two words
/// are not atomic together: a reader that finds two different states takes the tile as not yet
/// published and reads again; two equal states other than chunk_pending give that state's whole
/// value. No fence: nothing but the descriptor is read. (The CUDA runtime's ScanState does the
/// same; a single state beside the value, assumed atomic with it, once made a CUDA scan on an
/// H200 read a new value with an old state.)
using ScanDescriptor = long long __attribute__((ext_vector_type(2)));
template <class T>
struct ScanPacked {
  ScanDescriptor* descriptors;
  T* total;
  void publish(int64_t p, int state, const T& value) const {
    unsigned half[2] = {0u, 0u};
    std::memcpy(half, &value, sizeof(T));
    const unsigned long long s = (unsigned long long)(unsigned)state;
    const ScanDescriptor d = {(long long)(s | (unsigned long long)half[0] << 32),
                              (long long)(s | (unsigned long long)half[1] << 32)};
    *reinterpret_cast<volatile ScanDescriptor*>(descriptors + p) = d;
  }
  int read(int64_t p, T& value) const {
    const ScanDescriptor d = *reinterpret_cast<const volatile ScanDescriptor*>(descriptors + p);
    const unsigned s0 = (unsigned)(unsigned long long)d.x;
    const unsigned s1 = (unsigned)(unsigned long long)d.y;
    if (s0 != s1) return tile_scan::tile_empty;  // caught between the two words' stores
    const unsigned half[2] = {(unsigned)((unsigned long long)d.x >> 32),
                              (unsigned)((unsigned long long)d.y >> 32)};
    std::memcpy(&value, half, sizeof(T));
    return int(s0);
  }
  void store_total(const T& value) const { *total = value; }
};
#endif

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
/// Run by a group of one lane; a warp reads 32 chunks' states at a time (tile_scan::look_back).
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

/// Chunks of a range scan, each taken by a group of lanes (see the file comment).
template <class IndexType, class Spec, class Functor>
void scan_chunks(const Spec& sp, const Functor& fn, const ScanLanes& lanes, int64_t* states,
                 typename Spec::value_type* aggregates, typename Spec::value_type* inclusives,
                 int64_t begin, int64_t end, int64_t nchunks, int64_t len) {
  using value_type = typename Spec::value_type;
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
      const ScanSlots<value_type> slots{chunk_states, aggregates, inclusives, nullptr};
      exclusive = tile_scan::look_back<NvptxWarp>(sp, slots, int(c), lanes.lane);
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

#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE) && defined(HPAR_IMPL_OMP_TEAM_MEMORY)
/// Tiles of a range scan, a team each (ScanTiling), run by every thread of every team: the team's
/// thread 0 takes the next tile from the ticket, and the team scans it with tile_scan::scan_tile
/// (rt/tile_scan.hpp, the algorithm the CUDA runtime's scan kernel shares: items warp-striped
/// for the functor's calls, blocked for the fold and the warp's shuffle scan, the tile's prefix by
/// decoupled look-back) over NvptxWarp, its arrays in the team's memory, the tiles' states in
/// ScanPacked descriptors (values of at most 8 bytes) or ScanSlots. A tile's indices are read
/// once from memory where the chunks' warps read their chunk twice (the second time from device
/// memory once the chunk no longer fits in the caches). A team that does not have ScanTiling's
/// threads (which the runtime does not do) scans its tiles with thread 0 alone. Inlined, as
/// scan_single_pass is (below).
template <class IndexType, class Spec, class Functor>
__attribute__((always_inline)) inline void scan_tiles(const Spec& sp, const Functor& fn, int64_t* states,
                typename Spec::value_type* aggregates, typename Spec::value_type* inclusives,
                int64_t begin, int64_t end, int64_t ntiles) {
  using value_type = typename Spec::value_type;
  using tiling = ScanTiling<value_type>;
  using Arrays = tile_scan::SharedArrays<value_type, tiling::warps, tiling::items>;
  static_assert(Arrays::values == tiling::values, "ScanTiling's team memory holds the tile's arrays");
  if (omp_get_num_threads() != tiling::threads) {
    if (omp_get_thread_num() == 0)
      scan_chunks<IndexType>(sp, fn, ScanLanes(1, 0), states, aggregates, inclusives, begin, end,
                             ntiles, tiling::tile);
    return;
  }
  int64_t* const ticket = states;
  unsigned char* const shared = static_cast<unsigned char*>(llvm_omp_target_dynamic_shared_alloc());
  const Arrays arrays = Arrays::in(reinterpret_cast<value_type*>(shared));
  int64_t* const tile_ticket = reinterpret_cast<int64_t*>(shared + tiling::ticket_offset);
  const int thread = int(__nvvm_read_ptx_sreg_tid_x());
  value_type* const total = inclusives + (ntiles - 1);  // ScanChunks::store_total reads it
  const auto body = [&](int64_t i, value_type& update, bool final) {
    sp.call(fn, update, final, IndexType(i));
  };
  for (;;) {
    if (thread == 0) *tile_ticket = __atomic_fetch_add(ticket, int64_t(1), __ATOMIC_RELAXED);
    __nvvm_barrier_sync(0);
    const int64_t tile = *tile_ticket;
    if (tile >= ntiles) return;  // the same tile in every thread: the team leaves together
    if constexpr (sizeof(value_type) <= 8) {
      const ScanPacked<value_type> tiles{reinterpret_cast<ScanDescriptor*>(states + 2), total};
      tile_scan::scan_tile<NvptxWarp, tiling::warps, tiling::items>(sp, tiles, arrays, tile, ntiles,
                                                                     begin, end, thread, body);
    } else {
      const ScanSlots<value_type> tiles{states + 1, aggregates, inclusives, total};
      tile_scan::scan_tile<NvptxWarp, tiling::warps, tiling::items>(sp, tiles, arrays, tile, ntiles,
                                                                     begin, end, thread, body);
    }
  }
}
#endif

/// The region of a range scan, run by every thread (see the file comment): tiles, a team each,
/// where ScanChunks chose them (ScanChunks::tiles_on: a GPU with warp shuffles, when a tile's
/// team memory fits), else chunks, a warp or a thread each. Always inlined into the region, so
/// that the functor and the spec are read where the region holds them (the functor in the GPU's
/// constant memory): called, the 2^28-value scan benchmark took 2.5 ms on an H200, inlined 1.8.
template <class IndexType, class Spec, class Functor>
__attribute__((always_inline)) inline void scan_single_pass(const Spec& sp, const Functor& fn, int64_t* states,
                      typename Spec::value_type* aggregates, typename Spec::value_type* inclusives,
                      int64_t begin, int64_t end, int64_t nchunks, int64_t len) {
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE) && defined(HPAR_IMPL_OMP_TEAM_MEMORY)
  if constexpr (ScanTiling<typename Spec::value_type>::fits) {
    scan_tiles<IndexType>(sp, fn, states, aggregates, inclusives, begin, end, nchunks);
    (void)len;
    return;
  }
#endif
  scan_chunks<IndexType>(sp, fn, ScanLanes(), states, aggregates, inclusives, begin, end, nchunks, len);
}

#pragma omp end declare target

}  // namespace omp
}  // namespace rt
}  // namespace hpar
