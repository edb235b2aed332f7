// hpar CUDA runtime: reductions over a range or an MDRange, finished in the same launch.
//
// Mapping: every thread owns one accumulator and folds its grid-stride (or tile-stride) share of
// the iterations into it. finish_reduce() then combines, in this order:
//   1. the block: threads -> one value per block;
//   2. the grid: thread 0 of every block writes its block's value to partials[blockIdx.x],
//      fences, and bumps a completion counter; the block that brings the counter to gridDim.x
//      (the last to finish) combines all partials, applies spec.final(), writes the finished value
//      to the result slot and resets the counter to 0 for the next launch.
// The host then hands the result slot to spec.store(), which copies it where the user asked, on
// the launch's stream (StreamCopies): a host result waits for that stream, a View result in
// device, managed or pinned memory is copied on it without waiting, as in Kokkos.
//
// Two accumulator kinds, chosen at compile time from the spec:
//   register path  (!Spec::is_array and value_type trivially copyable, at most 32 bytes: every
//                  built-in reducer, MinLoc/MaxLoc/MinMax, small custom structs): the accumulator
//                  lives in registers; the block combine is a warp shuffle of the value's raw
//                  32-bit words joined with spec.join, one shared-memory slot per warp, and a
//                  second shuffle in warp 0. No dynamic shared memory.
//   slot path      (array reductions, and values too large or not trivially copyable to
//                  shuffle): each thread owns a slice of value_count() values in dynamic shared
//                  memory, slice t at [t * value_count(), (t + 1) * value_count()); the block
//                  combine is a tree over the slices. The shape sizes the block so the slices fit.
// Launch state lives in one grow-only device buffer per device and stream:
//   [ counter (unsigned) | result (value_count values) | partials (grid x value_count values) ].
//
// Contract with the generated kernel (all threads of every block must reach finish_reduce):
//     hpar::rt::cuda::Accumulator<Spec> acc(spec);
//     for (...) spec.call(f, acc.data(), index...);
//     hpar::rt::cuda::finish_reduce(spec, state, acc.data());
// and with the launcher (RangeReduce, MDRangeReduce, TeamReduce: launchers.cuh): reduce_shape(),
// md_reduce_shape() or team_launch(), ReduceState<Spec>::acquire(), the launch, check_launch(),
// store_result().
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

namespace hpar {
namespace rt {
namespace cuda {
namespace detail {

/// The calling thread's linear index in its block, and the threads per block (team kernels
/// have 2-D blocks; the warps of a block are formed in this linear order).
__device__ inline unsigned thread_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ inline unsigned block_size() { return blockDim.x * blockDim.y * blockDim.z; }

/// Whether values of type T combine through warp shuffles of their raw 32-bit words.
template <class T>
constexpr bool shuffles =
    std::is_trivially_copyable<T>::value && sizeof(T) <= 32 && alignof(T) <= 16;

/// Whether a reduction with this spec keeps its accumulator in registers (else in shared memory).
template <class Spec>
constexpr bool register_accumulator = !Spec::is_array && shuffles<typename Spec::value_type>;

/// Dynamic shared memory of the current block, 16-byte aligned.
__device__ inline unsigned char* dynamic_shared() {
  extern __shared__ __align__(16) unsigned char hpar_rt_cuda_dynamic_shared[];
  return hpar_rt_cuda_dynamic_shared;
}

/// Raw storage for one T (no constructor runs; shared-memory friendly).
template <class T>
struct alignas(T) RawValue {
  unsigned char bytes[sizeof(T)];
};

/// T moved through a warp shuffle as raw 32-bit words; `shfl` shuffles one word.
template <class T, class Shfl>
__device__ inline T shuffle_words(const T& value, Shfl shfl) {
  // Moved as bytes, as Kokkos moves reduction values between threads: a value type with its own
  // copy constructor (a 3-vector that copies its members) is fine; one that owns resources is not.
  static_assert(std::is_trivially_destructible<T>::value,
                "hpar: values moved by warp shuffles must be trivially destructible");
  constexpr int words = (int)((sizeof(T) + 3) / 4);
  unsigned w[words];
  std::memcpy(w, static_cast<const void*>(&value), sizeof(T));
#pragma unroll
  for (int k = 0; k < words; ++k) w[k] = shfl(w[k]);
  T out = value;
  std::memcpy(static_cast<void*>(&out), w, sizeof(T));
  return out;
}

/// `value` of lane (lane + offset) of the calling warp, moved as raw 32-bit words.
template <class T>
__device__ inline T shuffle_down(const T& value, int offset, unsigned mask) {
  return shuffle_words(value, [&](unsigned w) { return __shfl_down_sync(mask, w, offset); });
}

/// Combines the values of the first `valid` lanes of the calling warp (whose threads in `mask`
/// all call this); the result is in lane 0.
template <class Spec, class T>
__device__ inline T warp_combine(const Spec& spec, T value, unsigned mask, int valid) {
  const int lane = (int)(thread_rank() & 31);
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) {
    T other = shuffle_down(value, offset, mask);
    if (lane + offset < valid) spec.join(&value, &other);
  }
  return value;
}

/// Combines one register value per thread of the block; the result is in thread 0.
/// Called by every thread of the block. Uses one shared slot per warp and one __syncthreads().
template <class Spec, class T>
__device__ inline T block_combine_registers(const Spec& spec, T value) {
  __shared__ RawValue<T> warp_values[32];
  const int lane = (int)(thread_rank() & 31);
  const int warp = (int)(thread_rank() >> 5);
  const int warps = (int)((block_size() + 31) >> 5);
  const int in_warp = (int)block_size() - warp * 32 < 32 ? (int)block_size() - warp * 32 : 32;
  const unsigned mask = in_warp == 32 ? 0xffffffffu : ((1u << in_warp) - 1u);
  value = warp_combine(spec, value, mask, in_warp);
  if (warps == 1) return value;
  if (lane == 0) std::memcpy(&warp_values[warp], &value, sizeof(T));
  __syncthreads();
  if (warp == 0) {
    if (lane < warps) std::memcpy(&value, &warp_values[lane], sizeof(T));
    value = warp_combine(spec, value, 0xffffffffu, warps);
  }
  return value;
}

/// Combines the shared-memory slices of every thread of the block into slice 0.
/// Called by every thread of the block; ends with a __syncthreads().
template <class Spec, class T>
__device__ inline void block_combine_slots(const Spec& spec, T* slots, int count) {
  const int t = (int)thread_rank();
  const int threads = (int)block_size();
  int half = 1;
  while (half * 2 < threads) half *= 2;
  for (; half > 0; half >>= 1) {
    __syncthreads();
    if (t < half && t + half < threads) spec.join(slots + (size_t)t * count, slots + (size_t)(t + half) * count);
  }
  __syncthreads();
}

/// Copies `count` values from `src` to raw memory at `dst` with all threads of the block.
template <class T>
__device__ inline void block_copy(T* dst, const T* src, int count) {
  for (int e = (int)thread_rank(); e < count; e += (int)block_size()) new (dst + e) T(src[e]);
}

/// Dynamic shared memory per thread that a reduction with this spec needs.
template <class Spec>
__host__ __device__ inline size_t accumulator_shared_per_thread(const Spec& spec) {
  if (register_accumulator<Spec>) return 0;
  return (size_t)spec.value_count() * sizeof(typename Spec::value_type);
}

}  // namespace detail

/// One thread's accumulator, initialised with spec.init(). data() points at value_count() values:
/// registers for scalar values, this thread's slice of dynamic shared memory for arrays.
/// Construct it on the device in every thread of the block, before any work.
template <class Spec>
class Accumulator {
  using value_type = typename Spec::value_type;

 public:
  __device__ explicit Accumulator(const Spec& spec) {
    if constexpr (Spec::is_array) {
      value_type* slots = reinterpret_cast<value_type*>(detail::dynamic_shared());
      const int count = spec.value_count();
      storage_ = slots + (size_t)detail::thread_rank() * count;
      for (int e = 0; e < count; ++e) new (storage_ + e) value_type();
      spec.init(storage_);
    } else {
      spec.init(&storage_);
    }
  }

  __device__ value_type* data() {
    if constexpr (Spec::is_array)
      return storage_;
    else
      return &storage_;
  }

 private:
  std::conditional_t<Spec::is_array, value_type*, value_type> storage_;
};

/// Launch state of one reduction: a trivially copyable kernel argument.
template <class Spec>
struct ReduceState {
  using value_type = typename Spec::value_type;
  value_type* partials;    // gridDim.x * value_count(): one combined value per block
  unsigned int* counter;   // blocks finished; 0 between launches
  value_type* result;      // value_count(): the finished value (final() applied)

  /// Device state for a launch of `shape` on `stream`: grows that stream's buffer when needed.
  static ReduceState acquire(const LaunchShape& shape, const Spec& spec, cudaStream_t stream,
                             const KernelSite& site) {
    static detail::GrowOnlyBuffer buffer;
    const size_t count = (size_t)spec.value_count();
    const size_t value_bytes = detail::align_up(count * sizeof(value_type), 256);
    const size_t blocks = shape.grid.x > 0 ? shape.grid.x : 1;
    const size_t bytes = 256 + value_bytes + blocks * value_bytes;
    bool fresh = false;
    unsigned char* base = static_cast<unsigned char*>(buffer.get(bytes, fresh, stream, site));
    if (fresh)
      detail::check_cuda(cudaMemsetAsync(base, 0, sizeof(unsigned int), stream), site,
                         "cannot initialise reduction state");
    ReduceState state;
    state.counter = reinterpret_cast<unsigned int*>(base);
    state.result = reinterpret_cast<value_type*>(base + 256);
    state.partials = reinterpret_cast<value_type*>(base + 256 + value_bytes);
    // Consecutive partials are value_count apart; value_bytes only pads the result slot.
    return state;
  }
  /// The same on the legacy default stream (hand-written launches, runtime/tests).
  static ReduceState acquire(const LaunchShape& shape, const Spec& spec, const KernelSite& site) {
    return acquire(shape, spec, nullptr, site);
  }
};

/// Shape of a range reduction over `n` indices: grid-stride like range_shape, but always at least
/// one block (an empty range still produces the identity), with the dynamic shared memory that
/// the accumulators need.
template <class Kernel, class Spec>
LaunchShape reduce_shape(Kernel kernel, int64_t n, const Spec& spec, const KernelSite& site,
                         int max_block = 1024) {
  const size_t per_thread = detail::accumulator_shared_per_thread(spec);
  const int block = detail::recommended_block(kernel, per_thread, 0, max_block, site);
  const size_t shared = per_thread * (size_t)block;
  const int64_t resident = detail::resident_blocks(kernel, block, shared, site);
  const int64_t wanted = n > 0 ? detail::ceil_div(n, block) : 1;
  const int64_t grid = wanted < resident ? wanted : resident;
  return LaunchShape{dim3((unsigned)grid), dim3((unsigned)block), shared};
}

/// Combines the accumulators of the whole grid; the last block to finish writes the finished
/// value (spec.final() applied) to state.result.
///
/// Protocol between blocks (the "last block" of threadFenceReduction): each block writes its
/// partial to state.partials[blockIdx.x] (plain stores), then __threadfence() (fence.sc.gpu),
/// then one atomicAdd on state.counter; the block whose add returns gridDim.x - 1 is the last.
/// Invariant: the counter's adds form one chain, so the last block's add reads every other
/// block's add, and each of those followed its block's partial and fence (release pattern); the
/// last block's threads pass __syncthreads() and a __threadfence() (acquire pattern) before they
/// read the partials, so they read every block's partial, and no partial is read twice or
/// missed. The last block sets the counter back to 0 for the next launch, which the kernel
/// boundary orders. No block waits for another: nothing here can hang. Every thread of every block must call it once,
/// after its last spec.call(); `acc` is Accumulator::data(). (StateSpec is Spec, possibly
/// const-qualified: generated code names the state type with decltype of a const spec.)
template <class Spec, class StateSpec>
__device__ void finish_reduce(const Spec& spec, const ReduceState<StateSpec>& state,
                              typename Spec::value_type* acc) {
  static_assert(std::is_same<std::remove_cv_t<Spec>, std::remove_cv_t<StateSpec>>::value,
                "finish_reduce: state of another reduction");
  using value_type = typename Spec::value_type;
  __shared__ bool last_block;
  if constexpr (detail::register_accumulator<Spec>) {
    value_type total = detail::block_combine_registers(spec, *acc);
    if (gridDim.x == 1) {
      if (detail::thread_rank() == 0) {
        spec.final(&total);
        *state.result = total;
      }
      return;
    }
    if (detail::thread_rank() == 0) {
      state.partials[blockIdx.x] = total;
      __threadfence();
      last_block = atomicAdd(state.counter, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (!last_block) return;
    __threadfence();
    value_type mine;
    spec.init(&mine);
    for (unsigned b = detail::thread_rank(); b < gridDim.x; b += detail::block_size()) {
      const value_type partial = state.partials[b];
      spec.join(&mine, &partial);
    }
    total = detail::block_combine_registers(spec, mine);
    if (detail::thread_rank() == 0) {
      spec.final(&total);
      *state.result = total;
      *state.counter = 0;
    }
  } else {
    const int count = spec.value_count();
    value_type* slots = reinterpret_cast<value_type*>(detail::dynamic_shared());
    value_type* slot = slots + (size_t)detail::thread_rank() * count;
    if constexpr (!Spec::is_array) new (slot) value_type(*acc);
    detail::block_combine_slots(spec, slots, count);
    if (gridDim.x > 1) {
      detail::block_copy(state.partials + (size_t)blockIdx.x * count, slots, count);
      __threadfence();
      __syncthreads();
      if (detail::thread_rank() == 0) last_block = atomicAdd(state.counter, 1u) == gridDim.x - 1;
      __syncthreads();
      if (!last_block) return;
      __threadfence();
      spec.init(slot);
      for (unsigned b = detail::thread_rank(); b < gridDim.x; b += detail::block_size())
        spec.join(slot, state.partials + (size_t)b * count);
      detail::block_combine_slots(spec, slots, count);
    }
    if (detail::thread_rank() == 0) {
      spec.final(slots);
      if (gridDim.x > 1) *state.counter = 0;
    }
    __syncthreads();
    detail::block_copy(state.result, slots, count);
  }
}

/// How a reduction's or a scan's result reaches the user on a launch's stream (the `copies` of
/// spec.store and spec.store_total, reduce_spec.hpp): wait() waits for that stream alone, before
/// a result in host memory is written; copy() copies on the stream (cudaMemcpyAsync), so a copy
/// into device, managed or pinned memory returns at once, ordered before the stream's later work,
/// and a copy into host memory is waited for.
struct StreamCopies {
  cudaStream_t stream;
  const KernelSite& site;

  void wait() const {
    detail::check_cuda(cudaStreamSynchronize(stream), site, "kernel failed");
  }
  void copy(void* dst, impl::Space dst_space, const void* src, impl::Space, size_t bytes) const {
    if (bytes == 0 || dst == src) return;
    detail::check_cuda(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, stream), site,
                       "cannot copy the result");
    if (dst_space == impl::Space::host) wait();
  }
};

/// Hands the finished value to the spec, which copies it to the user's result(s) on `stream`; it
/// waits for that stream when a result is a host scalar or a host View.
template <class Spec, class StateSpec>
void store_result(const Spec& spec, const ReduceState<StateSpec>& state, cudaStream_t stream,
                  const KernelSite& site) {
  static_assert(std::is_same<std::remove_cv_t<Spec>, std::remove_cv_t<StateSpec>>::value,
                "store_result: state of another reduction");
  spec.store(state.result, true, StreamCopies{stream, site});
}

/// The same with the device-wide order of hand-written launches on the legacy default stream
/// (runtime/tests): waits for the device when a result is in host memory.
template <class Spec, class StateSpec>
void store_result(const Spec& spec, const ReduceState<StateSpec>& state) {
  static_assert(std::is_same<std::remove_cv_t<Spec>, std::remove_cv_t<StateSpec>>::value,
                "store_result: state of another reduction");
  spec.store(state.result, true);
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
