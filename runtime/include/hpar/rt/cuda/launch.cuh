// hpar CUDA runtime: launch shapes and launch checks.
//
// Mapping: a generated kernel runs on a 1-D grid of 1-D blocks. Range kernels are grid-stride
// loops (`i = begin + blockIdx.x * blockDim.x + threadIdx.x; i += gridDim.x * blockDim.x`), so the
// grid size is a tuning choice, not a correctness one: the block size comes from the occupancy
// API, and resident blocks = blocks per SM at that block size and shared-memory demand x number
// of SMs. A range_for grid is min(ceil(n / block), range_waves x resident blocks); reductions use
// one wave (every block writes one partial); MDRange grids one wave of tiles.
//
// A dispatch launches on the stream of its policy's execution space instance (stream_of): every
// kernel, copy and memset of the launch goes to that stream, in the order the launch object
// (launchers.cuh) issues them.
//
// Everything here runs on the host. Occupancy answers are cached per (device, kernel, shared
// memory demand): the first launch of a kernel asks the driver, later launches look the answer up.
// Dynamic shared memory above the 48 KB default is opted into with cudaFuncSetAttribute when a
// shape asks for it (up to the device's opt-in limit, 227 KB per block on Hopper).
#pragma once

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <type_traits>
#include <utility>
#include <vector>

namespace hpar {
namespace rt {
namespace cuda {

/// Grid, block and dynamic shared memory of one launch. grid.x == 0 means "launch nothing".
struct LaunchShape {
  dim3 grid;
  dim3 block;
  size_t shmem;
};

namespace detail {

/// Dynamic shared memory every kernel may use without opting in.
constexpr size_t default_shared_limit = 48 * 1024;

/// Ends the program through fail() when `err` is an error, naming `what` and CUDA's description.
inline void check_cuda(cudaError_t err, const KernelSite& site, const char* what) {
  if (err == cudaSuccess) return;
  cudaGetLastError();  // clear a non-sticky error so the message is about this one
  fail_with(site, "%s: %s", what, cudaGetErrorString(err));
}

/// The properties of one device that launch shapes depend on.
struct DeviceLimits {
  int sm_count = 0;
  size_t shared_optin = 0;  // most dynamic + static shared memory one block may opt into
};

/// The current device, and its limits (asked once per device).
inline int current_device(const KernelSite& site) {
  int device = 0;
  check_cuda(cudaGetDevice(&device), site, "cannot query the current device");
  return device;
}

inline DeviceLimits device_limits(int device, const KernelSite& site) {
  static HostMutex mutex;
  static std::vector<DeviceLimits> known;
  const HostLock lock(mutex);
  if (device >= (int)known.size()) known.resize(device + 1);
  DeviceLimits& limits = known[device];
  if (limits.sm_count == 0) {
    int sms = 0, optin = 0;
    check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), site,
               "cannot query the device");
    check_cuda(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device),
               site, "cannot query the device");
    limits.sm_count = sms;
    limits.shared_optin = (size_t)optin;
  }
  return limits;
}

/// Key of the occupancy caches: one kernel on one device at one shared-memory demand and block
/// limit.
struct OccupancyKey {
  const void* kernel;
  int device;
  size_t shared_a;
  size_t shared_b;
  int block;
  bool operator<(const OccupancyKey& o) const {
    if (kernel != o.kernel) return kernel < o.kernel;
    if (device != o.device) return device < o.device;
    if (shared_a != o.shared_a) return shared_a < o.shared_a;
    if (shared_b != o.shared_b) return shared_b < o.shared_b;
    return block < o.block;
  }
};

/// Static shared memory and the largest block of a kernel (cudaFuncGetAttributes, cached).
struct KernelLimits {
  size_t static_shared = 0;
  int max_threads = 0;
  size_t dynamic_shared_set = default_shared_limit;  // current MaxDynamicSharedMemorySize
};

inline HostMutex& kernel_limits_mutex() {
  static HostMutex mutex;
  return mutex;
}

inline SortedTable<std::pair<const void*, int>, KernelLimits>& kernel_limits_table() {
  static SortedTable<std::pair<const void*, int>, KernelLimits> table;
  return table;
}

// The occupancy helpers take the kernel as `const void*` (the CUDA runtime's C entry points), so
// the host compiler builds each of them once per file rather than once per kernel; the templates
// of the same names below only convert a kernel's address.
inline KernelLimits kernel_limits(const void* kernel, int device, const KernelSite& site) {
  const HostLock lock(kernel_limits_mutex());
  auto& table = kernel_limits_table();
  const auto key = std::make_pair(kernel, device);
  if (const KernelLimits* known = table.find(key)) return *known;
  cudaFuncAttributes attributes;
  check_cuda(cudaFuncGetAttributes(&attributes, kernel), site, "cannot query the kernel");
  KernelLimits limits;
  limits.static_shared = attributes.sharedSizeBytes;
  limits.max_threads = attributes.maxThreadsPerBlock;
  limits.dynamic_shared_set =
      attributes.maxDynamicSharedSizeBytes > 0 ? attributes.maxDynamicSharedSizeBytes : 0;
  table[key] = limits;
  return limits;
}

/// Lets `kernel` launch with `bytes` of dynamic shared memory: opts in above 48 KB, and fails
/// with a clear message above what the device allows one block.
inline void reserve_shared(const void* kernel, size_t bytes, const KernelSite& site) {
  const int device = current_device(site);
  const KernelLimits limits = kernel_limits(kernel, device, site);
  if (bytes <= limits.dynamic_shared_set) return;
  const DeviceLimits dev = device_limits(device, site);
  if (bytes + limits.static_shared > dev.shared_optin)
    fail_with(site, "needs %zu bytes of shared memory per block; the device allows %zu",
              bytes + limits.static_shared, dev.shared_optin);
  check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes),
             site, "cannot raise the kernel's shared memory limit");
  const HostLock lock(kernel_limits_mutex());
  kernel_limits_table()[std::make_pair(kernel, device)].dynamic_shared_set = bytes;
}

/// The block size the occupancy API recommends for `kernel` when each block needs
/// `shared_fixed + shared_per_thread * block` bytes of dynamic shared memory; at most
/// `max_block` threads. When even 32 threads do not fit, the largest block below 32 that does.
inline int recommended_block(const void* kernel, size_t shared_per_thread, size_t shared_fixed,
                             int max_block, const KernelSite& site) {
  static HostMutex mutex;
  static SortedTable<OccupancyKey, int> cache;
  const int device = current_device(site);
  const OccupancyKey key{kernel, device, shared_per_thread, shared_fixed, max_block};
  {
    const HostLock lock(mutex);
    if (const auto* known = cache.find(key)) return *known;
  }
  const KernelLimits limits = kernel_limits(kernel, device, site);
  const DeviceLimits dev = device_limits(device, site);
  int limit = max_block < limits.max_threads ? max_block : limits.max_threads;
  if (limit < 1) limit = 1;
  const size_t available =
      dev.shared_optin > limits.static_shared ? dev.shared_optin - limits.static_shared : 0;
  if (shared_fixed + shared_per_thread > available)
    fail_with(site, "needs at least %zu bytes of shared memory per block; the device allows %zu",
              shared_fixed + shared_per_thread, available);
  // The occupancy API only counts block sizes whose shared memory the kernel may use: open the
  // whole opt-in range first when the largest block would need it.
  const size_t largest = shared_fixed + shared_per_thread * (size_t)limit;
  if (largest > default_shared_limit) reserve_shared(kernel, largest < available ? largest : available, site);
  int min_grid = 0, block = 0;
  if (shared_per_thread == 0) {
    check_cuda(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, kernel, shared_fixed, limit),
               site, "occupancy query failed");
  } else {
    auto shared_of = [=](int b) { return shared_fixed + shared_per_thread * (size_t)b; };
    check_cuda(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&min_grid, &block, kernel, shared_of,
                                                              limit),
               site, "occupancy query failed");
  }
  if (block <= 0) {
    block = (int)((available - shared_fixed) / shared_per_thread);
    if (block > limit) block = limit;
  }
  const HostLock lock(mutex);
  cache[key] = block;
  return block;
}

/// Blocks of `block` threads and `shared` bytes of dynamic shared memory that the whole device
/// holds at once (blocks per SM x SMs); at least 1.
inline int64_t resident_blocks(const void* kernel, int block, size_t shared,
                               const KernelSite& site) {
  static HostMutex mutex;
  static SortedTable<OccupancyKey, int64_t> cache;
  const int device = current_device(site);
  const OccupancyKey key{kernel, device, shared, 0, block};
  {
    const HostLock lock(mutex);
    if (const auto* known = cache.find(key)) return *known;
  }
  if (shared > default_shared_limit) reserve_shared(kernel, shared, site);
  int per_sm = 0;
  check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, shared), site,
             "occupancy query failed");
  if (per_sm <= 0)
    fail_with(site,
              "a block of %d threads with %zu bytes of shared memory does not fit on one "
              "multiprocessor",
              block, shared);
  const int64_t resident = (int64_t)per_sm * device_limits(device, site).sm_count;
  const HostLock lock(mutex);
  cache[key] = resident;
  return resident;
}

template <class Kernel>
KernelLimits kernel_limits(Kernel kernel, int device, const KernelSite& site) {
  return kernel_limits(reinterpret_cast<const void*>(kernel), device, site);
}
template <class Kernel>
void reserve_shared(Kernel kernel, size_t bytes, const KernelSite& site) {
  reserve_shared(reinterpret_cast<const void*>(kernel), bytes, site);
}
template <class Kernel>
int recommended_block(Kernel kernel, size_t shared_per_thread, size_t shared_fixed, int max_block,
                      const KernelSite& site) {
  return recommended_block(reinterpret_cast<const void*>(kernel), shared_per_thread, shared_fixed,
                           max_block, site);
}
template <class Kernel>
int64_t resident_blocks(Kernel kernel, int block, size_t shared, const KernelSite& site) {
  return resident_blocks(reinterpret_cast<const void*>(kernel), block, shared, site);
}

/// Waves of resident blocks a range_shape grid may hold. A grid-stride loop over one wave is
/// within ~5% of one thread per index for a streaming kernel; a few dozen waves close most of
/// that gap (measured on an H200: triad at 2^28 doubles, 1 wave 0.95x, 16 waves 0.965x, 64 waves
/// 0.97x of a one-index-per-thread kernel) while keeping every thread busy for several indices.
constexpr int64_t range_waves = 32;

/// The largest block a range_shape grid takes: the occupancy API chooses among sizes up to it. On an
/// H200 (2^28 doubles, a grid-stride loop over 32 waves, docs/performance.md, 2026-11-30 16:33
/// UTC) copy and scale took 1.080 and 1.082 ms in blocks of 256 against 1.095 and 1.097 in the
/// blocks of 1024 the API picks unbounded, add and triad the same in both; smaller blocks also
/// let a register-heavy body fill a multiprocessor in finer steps.
constexpr int range_max_block = 256;

/// ceil(n / d) for n >= 0, d > 0.
inline int64_t ceil_div(int64_t n, int64_t d) { return (n + d - 1) / d; }

/// Whether the environment variable `name` is set to 1.
inline bool env_is_one(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && std::strcmp(value, "1") == 0;
}

/// Whether HPAR_SYNC_LAUNCH=1 asks for a device synchronisation after every launch.
inline bool sync_after_launch() {
  static const bool enabled = env_is_one("HPAR_SYNC_LAUNCH");
  return enabled;
}

/// Whether HPAR_EXPLAIN_LAUNCH=1 asks for the shape of each kernel's launches on stderr.
inline bool explain_launches() {
  static const bool enabled = env_is_one("HPAR_EXPLAIN_LAUNCH");
  return enabled;
}

/// Prints how the kernel at `site` was launched (`format` and the rest, as printf formats them)
/// on stderr, once per kernel and text. The lines said are remembered by a 64-bit hash of their
/// text (FNV-1a), so a line is left out only if its hash equals an earlier line's.
__attribute__((format(printf, 2, 3))) inline void explain_launch(const KernelSite& site,
                                                                 const char* format, ...) {
  static HostMutex mutex;
  static SortedTable<uint64_t, bool> said;
  char line[768];
  const int head = std::snprintf(line, sizeof line, "hpar: launch: kernel '%s' (label \"%s\", %s:%d): ",
                                 site.kernel, site.label ? site.label : "", site.file, site.line);
  va_list args;
  va_start(args, format);
  if (head >= 0 && size_t(head) < sizeof line)
    std::vsnprintf(line + head, sizeof line - size_t(head), format, args);
  va_end(args);
  uint64_t hash = 14695981039346656037ull;
  for (const char* c = line; *c; ++c) hash = (hash ^ (unsigned char)*c) * 1099511628211ull;
  const HostLock lock(mutex);
  bool& told = said[hash];
  if (!told) std::fprintf(stderr, "%s\n", line);
  told = true;
}

}  // namespace detail

/// The stream a dispatch over `policy` launches on: its Cuda instance's (Kokkos::Cuda(stream));
/// null, the legacy default stream, for the default instance, and for a policy over a host space
/// that reaches a launcher because a template instantiates one dispatch for both spaces.
template <class Policy>
cudaStream_t stream_of(const Policy& policy) {
  if constexpr (std::is_same<typename Policy::execution_space, hpar::Cuda>::value) {
    return policy.space().cuda_stream();
  } else {
    (void)policy;
    return nullptr;
  }
}

/// Shape of a grid-stride range kernel over `n` indices with `shared_per_thread` bytes of dynamic
/// shared memory per thread: grid = min(ceil(n / block), range_waves x resident blocks).
/// grid.x == 0 when n <= 0 (nothing to launch).
template <class Kernel>
LaunchShape range_shape(Kernel kernel, int64_t n, size_t shared_per_thread, const KernelSite& site) {
  if (n <= 0) return LaunchShape{dim3(0), dim3(1), 0};
  const int block =
      detail::recommended_block(kernel, shared_per_thread, 0, detail::range_max_block, site);
  const size_t shared = shared_per_thread * (size_t)block;
  const int64_t cap = detail::range_waves * detail::resident_blocks(kernel, block, shared, site);
  const int64_t wanted = detail::ceil_div(n, block);
  const int64_t grid = wanted < cap ? wanted : cap;
  return LaunchShape{dim3((unsigned)grid), dim3((unsigned)block), shared};
}

/// Reports a failed launch (and, with HPAR_SYNC_LAUNCH=1, a failed execution) of the kernel at
/// `site` through fail(), with CUDA's description of the error.
inline void check_launch(const KernelSite& site) {
  const cudaError_t launched = cudaGetLastError();
  if (launched != cudaSuccess) fail_with(site, "launch failed: %s", cudaGetErrorString(launched));
  if (detail::sync_after_launch()) {
    const cudaError_t ran = cudaDeviceSynchronize();
    if (ran != cudaSuccess) fail_with(site, "kernel failed: %s", cudaGetErrorString(ran));
  }
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
