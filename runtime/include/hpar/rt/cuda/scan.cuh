// hpar CUDA runtime: single-pass range scan with decoupled look-back.
//
// Mapping: the range is cut into tiles of TILE = BLOCK_THREADS x ITEMS consecutive indices, one
// tile per block, tile t = blockIdx.x (blocks of lower index are scheduled no later than those
// of higher index, so a tile only ever waits on tiles already running). A block scans its tile
// with tile_scan::scan_tile (rt/tile_scan.hpp, the algorithm both GPU backends share: items
// warp-striped for the functor's calls, blocked for the fold and the warp's shuffle scan, the
// tile's prefix by decoupled look-back), over the warp primitives CudaWarp, with its arrays in
// static shared memory and the tiles' states in ScanState.
// The last tile writes the inclusive total to the state's total slot. The second functor call
// re-reads what the first read, while it is still in L1/L2. Values of any trivially copyable
// type move between lanes and through the descriptors as 32-bit words. (Written here rather than
// taken from CUB: CUB's headers cost every file that included them about 5 s of nvcc's time.)
//
// Contract with the generated kernel (all threads of every block call it once):
//     hpar::rt::cuda::scan_tiles(spec, state, policy.begin(), policy.end(),
//         [&](int64_t i, value_type& update, bool final) { spec.call(f, update, final, index_type(i)); });
// Launcher: RangeScan (at the end of this file; the sequence of every launcher: launchers.cuh):
// scan_shape(), ScanState<Spec>::acquire() (resets the tile descriptors on the device), the
// launch with shape.block.x == ScanTiling<value_type>::block_threads, check_launch(),
// store_total().
#pragma once

#include <hpar/rt/cuda.cuh>
#include <hpar/rt/cuda/warp.cuh>
#include <hpar/rt/tile_scan.hpp>

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace hpar {
namespace rt {
namespace cuda {

/// Tile shape of a scan over values of type T: BLOCK_THREADS x ITEMS consecutive indices. Each
/// tile costs one look-back, so tiles are as large as registers allow: for 8-byte values 16 items
/// per thread. With blocks of 256 compiled for four per multiprocessor (55 registers) the
/// 2^28-element scan benchmark ran in 1.280 ms on an H200 (12 items 1.306 ms, 8 items 1.41 ms;
/// CUB's device scan 1.230 ms) and 1.626 ms on an H100; blocks of 128 compiled for eight (54
/// registers), whose warps wait for a look-back in smaller groups, 1.590 ms on the H100 (CUB
/// 1.580 ms; 24 items in blocks of 128, 1.585-1.617 ms; 20 items in blocks of 256, 1.648 ms;
/// docs/performance.md). The kernel is compiled with __launch_bounds__(block_threads,
/// min_blocks).
///
/// A block's static shared memory (at most 48 KB) holds each warp's exchange of 32 x ITEMS values
/// (none when ITEMS is 1: a lane's one item is in both arrangements) and the warps' totals, so
/// wider values take fewer items and threads: 128 x 3 up to 122 bytes, 128 x 1 up to 9 KB, 32 x 1
/// up to 24 KB.
template <class T>
struct ScanTiling {
 private:
  static constexpr std::size_t limit = 48 * 1024;
  static constexpr std::size_t bytes(int threads, int items) {
    return sizeof(T) * (std::size_t(threads / 32) * (items > 1 ? 33 * items : 0) + threads / 32 + 1);
  }
  static constexpr int wide_threads = bytes(128, 1) <= limit ? 128 : 32;
  static constexpr int wide_items = bytes(128, 3) <= limit ? 3 : 1;

 public:
  static constexpr int block_threads = sizeof(T) <= 8    ? 128
                                      : sizeof(T) <= 16 ? 256
                                      : wide_items > 1  ? 128
                                                        : wide_threads;
  static constexpr int items = sizeof(T) <= 8 ? 16 : sizeof(T) <= 16 ? 6 : wide_items;
  static constexpr int tile = block_threads * items;
  static constexpr int min_blocks = sizeof(T) <= 8 ? 8 : 0;
  static_assert(bytes(block_threads, items) <= limit,
                "hpar: parallel_scan's value type is too large for the CUDA scan (24 KB at most)");
};

namespace detail {

/// A scanned value as 32-bit words (shuffles and the tile descriptors move values that way).
template <class T>
constexpr int scan_words = int((sizeof(T) + 3) / 4);



/// Tile descriptor states: nothing yet, the tile's own aggregate, its inclusive prefix.
constexpr int scan_tile_empty = tile_scan::tile_empty, scan_tile_aggregate = tile_scan::tile_aggregate,
              scan_tile_inclusive = tile_scan::tile_inclusive;

/// Resets `count` tile descriptors before a scan launch. (A template, so that every translation
/// unit that scans may define it: a __global__ function cannot be inline.)
template <int = 0>
__global__ void reset_scan_tiles(int* status, int count) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < count) status[t] = scan_tile_empty;
}

/// Relaxed, device-scope accesses (morally strong in the PTX memory model, never hoisted out of
/// a loop: asm volatile with a memory clobber). A vector access is two 8-byte accesses, each
/// single-copy atomic, in no particular order: PTX promises nothing of the 16 bytes as a whole.
__device__ inline void store_relaxed(ulonglong2* p, ulonglong2 v) {
  asm volatile("st.relaxed.gpu.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(v.x), "l"(v.y) : "memory");
}
__device__ inline ulonglong2 load_relaxed(const ulonglong2* p) {
  ulonglong2 v;
  asm volatile("ld.relaxed.gpu.v2.u64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
  return v;
}
/// A status written after the tile's value words (release) and read before them (acquire).
__device__ inline void store_release(int* p, int v) {
  asm volatile("st.release.gpu.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ inline int load_acquire(const int* p) {
  int v;
  asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

}  // namespace detail

/// Launch state of one scan: tile descriptors and the total slot; trivially copyable.
///
/// How a tile's status and value travel between blocks (the look-back's only shared state):
///   - A value of at most 8 bytes shares its tile's 16-byte descriptor with the status (`packed`):
///     two 8-byte words, each holding the status in its low half and one half of the value's
///     bits in its high half. A tile writes both words with one relaxed vector store, first the
///     aggregate, later the inclusive prefix; a reader reads both with one relaxed vector load.
///     Invariant: each 8-byte word is written whole (single-copy atomic) and a status is written
///     with exactly one value per launch, so a word whose status is s holds half of the value of
///     status s. The two words are not atomic together (the PTX model splits a vector access
///     into its elements, in any order), so a reader that finds two different statuses, or an
///     empty one, takes the tile as not yet published and reads again; two equal non-empty
///     statuses give that status's whole value. No fence: nothing but the descriptor is read.
///     (Until this was written, status and value were one 16-byte access assumed atomic; on an
///     H200 a reader sometimes saw a new value with an old status, and a stream compaction
///     counted 15 tiles twice.)
///   - A larger value is written to aggregates[t] or inclusives[t] (each written once per
///     launch), then the status with a release store; a reader reads the status with an acquire
///     load and only then the value words. Release/acquire order the value before the status.
///   - Before the launch, reset_scan_tiles (stream-ordered before it) sets every status to empty;
///     tile t only reads descriptors of tiles t' < t, which their blocks write; block t' runs no
///     later than block t (blocks start in index order), so every wait ends.
template <class Spec>
struct ScanState {
  using value_type = typename Spec::value_type;
  static constexpr int words = detail::scan_words<value_type>;

  static constexpr bool packed = sizeof(value_type) <= 8;

  int* status;
  ulonglong2* descriptors;  // packed: {status | low value bits << 32, status | high bits << 32}
  unsigned* aggregates;
  unsigned* inclusives;
  value_type* total;  // inclusive total of the whole range, written by the last tile

  /// Device state for a launch of `shape` on `stream`: grows that stream's buffer and resets the
  /// tile descriptors on the device (on `stream`, before the scan launch).
  static ScanState acquire(const LaunchShape& shape, const Spec&, cudaStream_t stream,
                           const KernelSite& site) {
    static detail::GrowOnlyBuffer buffer;
    const size_t count = shape.grid.x > 0 ? shape.grid.x : 1;
    const size_t status_bytes = packed ? detail::align_up(count * sizeof(ulonglong2), 256)
                                       : detail::align_up(count * sizeof(int), 256);
    const size_t value_bytes = packed ? 0 : detail::align_up(count * words * sizeof(unsigned), 256);
    bool fresh = false;
    unsigned char* base = static_cast<unsigned char*>(
        buffer.get(status_bytes + 2 * value_bytes + sizeof(value_type), fresh, stream, site));
    ScanState state;
    state.status = reinterpret_cast<int*>(base);
    state.descriptors = reinterpret_cast<ulonglong2*>(base);
    state.aggregates = reinterpret_cast<unsigned*>(base + status_bytes);
    state.inclusives = reinterpret_cast<unsigned*>(base + status_bytes + value_bytes);
    state.total = reinterpret_cast<value_type*>(base + status_bytes + 2 * value_bytes);
    if (count > 1) {  // a single tile never looks back
      constexpr int threads = 256;
      const int cells = int(packed ? count * 4 : count);  // packed: 4 ints per descriptor
      detail::reset_scan_tiles<><<<unsigned((cells + threads - 1) / threads), threads, 0, stream>>>(
          state.status, cells);
      detail::check_cuda(cudaGetLastError(), site, "cannot reset scan state");
    }
    return state;
  }
  /// The same on the legacy default stream (hand-written launches, runtime/tests).
  static ScanState acquire(const LaunchShape& shape, const Spec& spec, const KernelSite& site) {
    return acquire(shape, spec, nullptr, site);
  }

  /// Publishes tile t's aggregate or inclusive prefix (`state` says which).
  __device__ void publish(int64_t t, int state, const value_type& v) const {
    if constexpr (packed) {
      unsigned half[2] = {0u, 0u};
      memcpy(half, &v, sizeof(value_type));
      const unsigned long long s = (unsigned)state;
      detail::store_relaxed(descriptors + t,
                            make_ulonglong2(s | (unsigned long long)half[0] << 32,
                                            s | (unsigned long long)half[1] << 32));
      return;
    }
    unsigned w[words] = {};
    memcpy(w, &v, sizeof(value_type));
    unsigned* to = (state == detail::scan_tile_inclusive ? inclusives : aggregates) +
                   size_t(t) * words;
#pragma unroll
    for (int k = 0; k < words; ++k) to[k] = w[k];
    detail::store_release(status + t, state);
  }

  /// Tile t's status, and in `v` its value when the status is not empty (see above: a packed
  /// descriptor caught between two publications reads as empty).
  __device__ int read(int64_t t, value_type& v) const {
    if constexpr (packed) {
      const ulonglong2 d = detail::load_relaxed(descriptors + t);
      const unsigned s0 = (unsigned)d.x, s1 = (unsigned)d.y;
      if (s0 != s1) return detail::scan_tile_empty;
      const unsigned half[2] = {(unsigned)(d.x >> 32), (unsigned)(d.y >> 32)};
      memcpy(&v, half, sizeof(value_type));
      return int(s0);
    }
    const int s = detail::load_acquire(status + t);
    if (s != detail::scan_tile_empty) v = value_of(t, s);
    return s;
  }

  /// The inclusive total of the whole range, from the last tile.
  __device__ void store_total(const value_type& v) const { *total = v; }

  /// Tile t's published value for status `state` (after its status was read with acquire).
  __device__ value_type value_of(int64_t t, int state) const {
    const unsigned* from = (state == detail::scan_tile_inclusive ? inclusives : aggregates) +
                           size_t(t) * words;
    unsigned w[words];
#pragma unroll
    for (int k = 0; k < words; ++k) w[k] = __ldcg(from + k);
    value_type v;
    memcpy(&v, w, sizeof(value_type));
    return v;
  }
};

/// Shape of a scan over `n` indices: one block of ScanTiling::block_threads per tile, at least
/// one block (an empty range still writes the identity as its total).
template <class Kernel, class Spec>
LaunchShape scan_shape(Kernel kernel, int64_t n, const Spec&, const KernelSite& site) {
  using tiling = ScanTiling<typename Spec::value_type>;
  const int64_t tiles = n > 0 ? detail::ceil_div(n, tiling::tile) : 1;
  if (tiles > (int64_t)INT32_MAX) fail(site, "scan range too long for one launch");
  const int limit = detail::kernel_limits(kernel, detail::current_device(site), site).max_threads;
  if (limit < tiling::block_threads)
    fail(site, "scan kernel uses too many registers for its block of threads");
  return LaunchShape{dim3((unsigned)tiles), dim3(tiling::block_threads), 0};
}

/// Scans [begin, end) with spec.join; see the mapping above: block b scans tile b
/// (tile_scan::scan_tile over CudaWarp, the block's arrays in static shared memory, the tiles'
/// states in `state`). body(i, update, final) adds index i's contribution to update (and, when
/// final, may use the running value). Every thread of every block calls it once; blockDim.x must
/// be ScanTiling<value_type>::block_threads.
template <class Spec, class StateSpec, class Body>
__device__ void scan_tiles(const Spec& spec, const ScanState<StateSpec>& state, int64_t begin,
                           int64_t end, Body body) {
  static_assert(std::is_same<std::remove_cv_t<Spec>, std::remove_cv_t<StateSpec>>::value,
                "scan_tiles: state of another scan");
  using value_type = typename Spec::value_type;
  using tiling = ScanTiling<value_type>;
  constexpr int warps = tiling::block_threads / 32;
  using Arrays = tile_scan::SharedArrays<value_type, warps, tiling::items>;
  __shared__ alignas(value_type) unsigned char arrays[sizeof(value_type) * Arrays::values];
  tile_scan::scan_tile<CudaWarp, warps, tiling::items>(
      spec, state, Arrays::in(reinterpret_cast<value_type*>(arrays)), int64_t(blockIdx.x),
      int64_t(gridDim.x), begin, end, int(threadIdx.x), body);
}

/// Hands the total to the spec (a no-op unless the dispatch asked for one), on `stream`: a total
/// in host memory waits for that stream, one in a View of device memory does not (StreamCopies,
/// reduce.cuh).
template <class Spec, class StateSpec>
void store_total(const Spec& spec, const ScanState<StateSpec>& state, cudaStream_t stream,
                 const KernelSite& site) {
  static_assert(std::is_same<std::remove_cv_t<Spec>, std::remove_cv_t<StateSpec>>::value,
                "store_total: state of another scan");
  spec.store_total(state.total, true, StreamCopies{stream, site});
}

/// The same with the device-wide order of hand-written launches on the legacy default stream
/// (runtime/tests): waits for the device first.
template <class Spec, class StateSpec>
void store_total(const Spec& spec, const ScanState<StateSpec>& state) {
  static_assert(std::is_same<std::remove_cv_t<Spec>, std::remove_cv_t<StateSpec>>::value,
                "store_total: state of another scan");
  spec.store_total(state.total, true);
}

/// The spec of parallel_scan(policy, f, results...), results being none or the total
/// (impl::make_scan_spec).
template <class Policy, class Functor, class... Results>
using scan_spec_of = std::decay_t<decltype(impl::make_scan_spec(
    std::declval<const Policy&>(), std::declval<const Functor&>(), std::declval<Results&>()...))>;

/// parallel_scan over a RangePolicy: the launcher (launchers.cuh) of the single-pass scan above,
/// one tile per block; scan_shape, ScanState::acquire, store_total.
template <class PolicyOrCount, class Functor, class... Results>
class RangeScan : public Dispatch<PolicyOrCount, Functor> {
 public:
  using Policy = impl::policy_of<PolicyOrCount>;
  using Spec = scan_spec_of<Policy, Functor, Results...>;
  static constexpr bool by_value = fits_in_parameters<Policy, Functor, Spec, ScanState<Spec>>();
  using Kernel = void (*)(Policy, FunctorArg<Functor, by_value>, FunctorArg<Spec, by_value>,
                          ScanState<Spec>);

  RangeScan(const KernelSite& site, const PolicyOrCount& policy_or_count, const Functor& f,
            Results&... results)
      : Dispatch<PolicyOrCount, Functor>(site, policy_or_count, f),
        spec(impl::make_scan_spec(this->policy, f, results...)) {}

  void run(Kernel kernel) const {
    const LaunchShape shape =
        scan_shape(kernel, this->policy.end() - this->policy.begin(), spec, this->site);
    const auto state = ScanState<Spec>::acquire(shape, spec, this->stream, this->site);
    kernel<<<shape.grid, shape.block, shape.shmem, this->stream>>>(
        this->policy, functor_arg<by_value>(this->f, this->stream, this->site),
        functor_arg<by_value>(spec, this->stream, this->site), state);
    check_launch(this->site);
    store_total(spec, state, this->stream, this->site);
  }

  const Spec spec;
};

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
