// hpar CUDA runtime: grow-only device buffers behind reductions, scans, team scratch and large
// functors.
//
// Mapping: each kind of launch state (reduction partials, scan tile descriptors, level-1 team
// scratch, the device copy of one functor type) owns one device allocation per device and stream,
// held in a function-local static and never shrunk. A launch asks for the bytes it needs on the
// stream it launches on; when the buffer is too small it is replaced by one at least twice as
// large, after that stream has finished every kernel that might still use the old one.
// Invariant: only work on that stream touches the buffer, so consecutive launches on it may reuse
// the same bytes (stream order), while launches on two streams never share bytes and may run at
// once. When hpar destroys a stream (the last copy of an instance that owns it, hpar/rt/cuda/
// spaces.hpp), the stream has finished and its buffers are freed here. The buffers of a stream
// the program destroys itself stay until the program ends (a later stream with the same handle
// takes them over; the program waits for a stream before destroying it, as Kokkos requires of
// the streams it is given).
#pragma once

#include <cstddef>
#include <vector>

namespace hpar {
namespace rt {
namespace cuda {
namespace detail {

class GrowOnlyBuffer;
inline void register_buffer(GrowOnlyBuffer* buffer, bool add);

/// One grow-only device allocation per device and stream.
class GrowOnlyBuffer {
 public:
  GrowOnlyBuffer() { register_buffer(this, true); }
  ~GrowOnlyBuffer() { register_buffer(this, false); }  // at exit: no stream retires it any more
  GrowOnlyBuffer(const GrowOnlyBuffer&) = delete;
  GrowOnlyBuffer& operator=(const GrowOnlyBuffer&) = delete;

  /// A device pointer to at least `bytes` bytes on the current device, for work on `stream`.
  /// `fresh` is set when the bytes were (re)allocated by this call: the caller must then
  /// initialise what it keeps there (on `stream`).
  void* get(size_t bytes, bool& fresh, cudaStream_t stream, const KernelSite& site) {
    const int device = current_device(site);
    const HostLock lock(mutex_);
    Slot& slot = slot_of(device, stream);
    fresh = false;
    if (slot.bytes >= bytes && slot.data != nullptr) return slot.data;
    size_t grown = slot.bytes * 2;
    if (grown < bytes) grown = bytes;
    if (grown < 4096) grown = 4096;
    if (slot.data != nullptr) {
      // The old bytes may still be read by a kernel in flight on this stream.
      check_cuda(cudaStreamSynchronize(stream), site, "kernel failed");
      check_cuda(cudaFree(slot.data), site, "cannot free runtime buffer");
      slot.data = nullptr;
      slot.bytes = 0;
    }
    check_cuda(cudaMalloc(&slot.data, grown), site, "cannot allocate runtime buffer");
    slot.bytes = grown;
    fresh = true;
    return slot.data;
  }

  /// Frees the buffers of `stream`, which has finished (retire_stream).
  void release(cudaStream_t stream) {
    const HostLock lock(mutex_);
    for (size_t k = 0; k < slots_.size();) {
      if (slots_[k].stream != stream) {
        ++k;
        continue;
      }
      (void)cudaFree(slots_[k].data);
      slots_[k] = slots_.back();
      slots_.pop_back();
    }
  }

 private:
  /// The allocation of one device and stream. A program uses a few streams, so the slots are a
  /// short list searched in order.
  struct Slot {
    int device;
    cudaStream_t stream;
    void* data;
    size_t bytes;
  };

  Slot& slot_of(int device, cudaStream_t stream) {
    for (Slot& slot : slots_)
      if (slot.device == device && slot.stream == stream) return slot;
    slots_.push_back(Slot{device, stream, nullptr, 0});
    return slots_.back();
  }

  HostMutex mutex_;
  std::vector<Slot> slots_;
};

/// Every GrowOnlyBuffer of the program (each is a function-local static, destroyed at exit). The
/// list itself is never destroyed, so that an instance destroyed at exit still finds it.
inline HostMutex& buffers_mutex() {
  static HostMutex mutex;
  return mutex;
}
inline std::vector<GrowOnlyBuffer*>& all_buffers() {
  static std::vector<GrowOnlyBuffer*>* buffers = new std::vector<GrowOnlyBuffer*>();
  return *buffers;
}

/// Frees every buffer of `stream`, which hpar is about to destroy and which has finished
/// (impl::cuda_stream_retiring, hpar/rt/cuda/spaces.hpp).
inline void retire_stream(cudaStream_t stream) {
  const HostLock lock(buffers_mutex());
  for (GrowOnlyBuffer* buffer : all_buffers()) buffer->release(stream);
}

/// Adds `buffer` to the list (add), or takes it out.
inline void register_buffer(GrowOnlyBuffer* buffer, bool add) {
  const HostLock lock(buffers_mutex());
  std::vector<GrowOnlyBuffer*>& buffers = all_buffers();
  if (add) {
    buffers.push_back(buffer);
    impl::cuda_stream_retiring() = &retire_stream;
    return;
  }
  for (size_t k = 0; k < buffers.size(); ++k)
    if (buffers[k] == buffer) {
      buffers[k] = buffers.back();
      buffers.pop_back();
      return;
    }
}

/// `n` rounded up to a multiple of `a` (a power of two).
constexpr size_t align_up(size_t n, size_t a) { return (n + a - 1) & ~(a - 1); }

}  // namespace detail
}  // namespace cuda
}  // namespace rt
}  // namespace hpar
