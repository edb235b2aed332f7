// hpar CUDA runtime: grow-only device buffers behind reductions and scans.
//
// Mapping: each kind of launch state (reduction partials, scan tile descriptors) owns one device
// allocation per device, held in a function-local static and never shrunk. A launch asks for the
// bytes it needs; when the buffer is too small it is replaced by one at least twice as large,
// after the device has finished every kernel that might still use the old one. Launches are
// ordered on the legacy default stream, so consecutive launches may reuse the same bytes.
#pragma once

#include <cstddef>
#include <vector>

namespace hpar {
namespace rt {
namespace cuda {
namespace detail {

/// One grow-only device allocation per device.
class GrowOnlyBuffer {
 public:
  /// A device pointer to at least `bytes` bytes on the current device. `fresh` is set when the
  /// bytes were (re)allocated by this call: the caller must then initialise what it keeps there.
  void* get(size_t bytes, bool& fresh, const KernelSite& site) {
    const int device = current_device(site);
    const HostLock lock(mutex_);
    if (device >= (int)slots_.size()) slots_.resize(device + 1);
    Slot& slot = slots_[device];
    fresh = false;
    if (slot.bytes >= bytes && slot.data != nullptr) return slot.data;
    size_t grown = slot.bytes * 2;
    if (grown < bytes) grown = bytes;
    if (grown < 4096) grown = 4096;
    if (slot.data != nullptr) {
      // The old bytes may still be read by a kernel in flight.
      check_cuda(cudaDeviceSynchronize(), site, "kernel failed");
      check_cuda(cudaFree(slot.data), site, "cannot free runtime buffer");
      slot.data = nullptr;
      slot.bytes = 0;
    }
    check_cuda(cudaMalloc(&slot.data, grown), site, "cannot allocate runtime buffer");
    slot.bytes = grown;
    fresh = true;
    return slot.data;
  }

 private:
  struct Slot {
    void* data = nullptr;
    size_t bytes = 0;
  };
  HostMutex mutex_;
  std::vector<Slot> slots_;
};

/// `n` rounded up to a multiple of `a` (a power of two).
constexpr size_t align_up(size_t n, size_t a) { return (n + a - 1) & ~(a - 1); }

}  // namespace detail
}  // namespace cuda
}  // namespace rt
}  // namespace hpar
