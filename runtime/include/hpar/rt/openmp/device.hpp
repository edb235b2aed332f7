// hpar runtime, OpenMP backend: the device, its launch shapes, and device and result buffers.
// (The warp primitives are in warp.hpp, the functor copies a region reads in functor_copies.hpp.)
//
// Device. Kernels run on hpar::impl::omp_device(): the default device when the program sees at
// least one offload device, else the initial (host) device. With clang's
// `-fopenmp-targets=x86_64-pc-linux-gnu` the "offload devices" are host CPUs driven by libomp, so
// "not the initial device" does not mean "a GPU".
//
// Shape. The patterns that keep one accumulator per OpenMP thread (ReducePartials) and the chunked
// scan (ScanChunks) need a teams x threads shape decided before the launch, because the slots are
// allocated before the launch. Whether the device is a GPU is asked once per device, from inside a
// target region, through `declare variant match(device={kind(gpu)})`, which both clang and GCC
// resolve in the device compiler.
//   GPU:  threads 256, teams 8 per multiprocessor (the 2,048 threads one holds), the
//         multiprocessors read from PTX's %nsmid in the same target region (132, an H100's or
//         H200's, where it cannot be read).
//   host: in a build for the host (no target construct) one team of the OpenMP runtime's
//         threads, omp_get_max_threads() (OMP_NUM_THREADS), as Kokkos' OpenMP backend has.
//   CPU:  teams * threads = omp_get_num_procs(), threads at most 8. libomp refuses to run more
//         threads under `teams` than KMP_TEAMS_THREAD_LIMIT (default: the processor count) and
//         warns; asking for more would only shrink the teams behind our back.
//   HPAR_OMP_TEAMS / HPAR_OMP_THREADS (positive integers) override either number, for tuning and
//   for tests that need several teams and threads on a small host.
// The implementation may still run fewer teams or threads than asked (host fallback, limits);
// callers size their loops with omp_get_num_teams() / omp_get_num_threads() and keep every slot
// initialised, so a slot nobody reached is the identity.
//
// Buffers. Device memory for partials and chunk sums comes from a pool of grow-only blocks per
// device. A block is leased for the lifetime of one ReducePartials or ScanChunks, so concurrent
// or nested users never share a block. Blocks are never returned to the device: the pool lives
// until the process ends, and freeing at static-destruction time could run after the offload
// runtime has shut down. What the host reads back after a region (a team launch's granted thread
// count, a reduction's per-team results) is a ResultBuffer: with clang on a GPU a block of pinned
// host memory that the device writes directly, so that it costs no transfer and no wait of its
// own.
//
// MDRange rows. An MDRange parallel_for gives each GPU team a short run of rows (row_teams), so
// that the teams in flight sweep the box in order.
#pragma once

#include <dlfcn.h>
#include <omp.h>

/// The clause that gives each team of a GPU region `bytes` of shared memory: clang's
/// `ompx_dyn_cgroup_mem`; GCC has none (team memory then comes from device memory), nor has a
/// build for the host.
#if defined(__clang__) && !defined(HPAR_IMPL_OMP_HOST_ONLY)
#define HPAR_OMP_TEAM_MEMORY(bytes) ompx_dyn_cgroup_mem(bytes)
#define HPAR_IMPL_OMP_TEAM_MEMORY 1
#else
#define HPAR_OMP_TEAM_MEMORY(bytes)
#endif

#include <hpar/rt/common.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

namespace hpar {
namespace rt {
namespace omp {

/// The device every generated target region runs on.
inline int device() { return hpar::impl::omp_device(); }

/// Whether this is a build for the host, whose generated regions are `parallel` regions without a
/// target construct (hpar/rt/openmp/config.hpp).
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
constexpr bool host_only = true;
#else
constexpr bool host_only = false;
#endif

// On an NVIDIA GPU with clang, a team of whole warps reduces and scans with warp shuffles
// (TeamMember, and the range scan's chunks in scan.hpp), and an hpar thread's vector lanes
// are OpenMP threads of their own (device_lanes).
#if defined(__clang__) && defined(__NVPTX__)
#define HPAR_IMPL_OMP_WARP_SHUFFLE 1
#endif

namespace detail {

#pragma omp declare target
/// 2 on a GPU whose device code has warp shuffles (clang, NVIDIA: an hpar thread's vector lanes
/// are OpenMP threads of their own there), 1 on another GPU, 0 on a CPU.
[[gnu::used]] static int running_on_gpu_variant() {
#if defined(HPAR_IMPL_OMP_WARP_SHUFFLE)
  return 2;
#else
  return 1;
#endif
}
#pragma omp declare variant(running_on_gpu_variant) match(device = {kind(gpu)})
[[gnu::used]] static int running_on_gpu() { return 0; }

/// The multiprocessors of the NVIDIA GPU this runs on (PTX's %nsmid), else 0.
[[gnu::used]] static int gpu_multiprocessors() {
#if defined(__clang__) && defined(__NVPTX__)
  return int(__nvvm_read_ptx_sreg_nsmid());
#elif defined(__nvptx__)
  unsigned count;
  asm volatile("mov.u32 %0, %%nsmid;" : "=r"(count));
  return int(count);
#else
  return 0;
#endif
}
#pragma omp end declare target

/// The value of environment variable `name` when it is a positive integer, else 0.
inline int positive_env(const char* name) {
  const char* text = std::getenv(name);
  if (!text) return 0;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return (end != text && *end == '\0' && value > 0 && value <= (1L << 20)) ? int(value) : 0;
}

}  // namespace detail

/// Teams and threads per team asked of a `target teams ... parallel` launch.
struct LaunchShape {
  int teams;
  int threads;
  bool teams_forced = false;  // teams set by HPAR_OMP_TEAMS
};

namespace detail {
/// How the host waits for an NVIDIA GPU. LLVM 19's offload runtime gives the CUDA primary context
/// of each GPU it opens the scheduling flag CU_CTX_SCHED_BLOCKING_SYNC: a host thread that waits
/// for a kernel sleeps until the driver wakes it, which cost 55 to 105 us a launch beyond the
/// kernel on an H200 (docs/performance.md, 2026-11-28 11:10). The CUDA output waits with the CUDA
/// runtime's default, CU_CTX_SCHED_AUTO (spin while the process has fewer contexts than the host
/// has processors, else yield), and so does the OpenMP output after this call: it sets that flag
/// on every NVIDIA GPU's primary context through the CUDA driver the offload runtime loaded
/// (RTLD_NOLOAD: when none is loaded, nothing changes). Called by device_facts once for each
/// such GPU, after its first region, when the offload runtime has opened it and set its flag.
inline void wait_for_gpus_as_cuda_does() {
  void* cuda = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (!cuda) cuda = dlopen("libcuda.so", RTLD_LAZY | RTLD_NOLOAD);
  if (!cuda) return;
  using DeviceCount = int (*)(int*);
  using SetFlags = int (*)(int, unsigned);
  const auto count = reinterpret_cast<DeviceCount>(dlsym(cuda, "cuDeviceGetCount"));
  auto set_flags = reinterpret_cast<SetFlags>(dlsym(cuda, "cuDevicePrimaryCtxSetFlags_v2"));
  if (!set_flags) set_flags = reinterpret_cast<SetFlags>(dlsym(cuda, "cuDevicePrimaryCtxSetFlags"));
  int devices = 0;
  if (count && set_flags && count(&devices) == 0) {
    const unsigned sched_auto = 0;  // CU_CTX_SCHED_AUTO
    for (int d = 0; d < devices; ++d) set_flags(d, sched_auto);
  }
  dlclose(cuda);  // the offload runtime's own reference keeps the driver loaded
}

/// What a device is: running_on_gpu() there, and its multiprocessors on an NVIDIA GPU.
struct DeviceFacts {
  int kind = 0;
  int multiprocessors = 0;
};
/// The facts of `dev` (asked once per process for each device). Asking them of an NVIDIA GPU
/// first also sets how the host waits for it (wait_for_gpus_as_cuda_does).
inline DeviceFacts device_facts(int dev) {
  if (dev == omp_get_initial_device()) return DeviceFacts();
  static std::mutex mutex;
  static std::map<int, DeviceFacts>* known = new std::map<int, DeviceFacts>();  // never destroyed, see above
  std::lock_guard<std::mutex> lock(mutex);
  const auto found = known->find(dev);
  if (found != known->end()) return found->second;
  int kind = 0, multiprocessors = 0;
  // A parallel region of one thread, not a bare `target`: clang compiles a bare target region in
  // generic mode, and one such kernel in a program kept LLVM's OpenMP optimizer from folding the
  // device runtime's generic-mode paths (its mode flag, barrier.sync 7 and 8) out of every other
  // kernel, where they cost registers and, in the range scan's kernel, held a multiprocessor to 4
  // blocks through the named barriers (docs/performance.md, 2026-11-28).
#pragma omp target parallel num_threads(1) device(dev) map(from : kind, multiprocessors)
  {
    kind = running_on_gpu();
    multiprocessors = kind != 0 ? gpu_multiprocessors() : 0;
  }
  DeviceFacts facts;
  facts.kind = kind;
  facts.multiprocessors = multiprocessors;
  (*known)[dev] = facts;
  if (kind == 2) wait_for_gpus_as_cuda_does();  // the offload runtime has opened `dev` by now
  return facts;
}
/// What running_on_gpu() says on `dev`.
inline int device_kind(int dev) { return device_facts(dev).kind; }
}  // namespace detail

/// True when `dev` is a GPU.
inline bool device_is_gpu(int dev) { return detail::device_kind(dev) != 0; }

/// The OpenMP threads of one hpar thread of vector length `vector_length` on `dev`: its lanes on
/// a GPU with warp shuffles (vector lengths are powers of two up to 32), else 1.
inline int device_lanes(int dev, int vector_length) {
  return detail::device_kind(dev) == 2 && vector_length > 1 ? vector_length : 1;
}

/// The threads GPU `dev` holds at once when a kernel's registers allow: 2,048 a multiprocessor
/// (every NVIDIA GPU since Volta), 132 multiprocessors when the device does not say.
inline int64_t resident_threads(int dev) {
  const int multiprocessors = detail::device_facts(dev).multiprocessors;
  return 2048 * int64_t(multiprocessors > 0 ? multiprocessors : 132);
}

/// The teams x threads shape for one accumulator per thread on `dev` (see the file comment).
inline LaunchShape partial_shape(int dev) {
  LaunchShape shape;
  if (device_is_gpu(dev)) {
    // Teams of 256 threads, as many as the device holds at once (8 per multiprocessor).
    shape.threads = 256;
    shape.teams = int(resident_threads(dev) / shape.threads);
  } else if (host_only) {
    shape.threads = omp_get_max_threads() > 0 ? omp_get_max_threads() : 1;
    shape.teams = 1;
  } else {
    const int procs = omp_get_num_procs() > 0 ? omp_get_num_procs() : 1;
    shape.threads = procs < 8 ? procs : 8;
    shape.teams = procs / shape.threads;
  }
  if (const int teams = detail::positive_env("HPAR_OMP_TEAMS")) {
    shape.teams = teams;
    shape.teams_forced = true;
  }
  if (const int threads = detail::positive_env("HPAR_OMP_THREADS")) shape.threads = threads;
  return shape;
}

/// The OpenMP teams of an MDRange parallel_for over `rows` rows (every index of the box but the
/// fastest) with launch shape `shape` on `dev`. On a GPU each team takes a short run of
/// consecutive rows (8), so that the teams in flight, which the GPU starts in order, sweep the
/// box as one front and the rows that neighbouring teams share are read from L2: stencil3d (512^3
/// on an H200) read 3.15 GB from device memory and took 1.33 ms in 1,056 teams of 247 rows, 0.89
/// ms in 33,792 teams of 8 (docs/performance.md). At least the shape's teams when there are that
/// many rows; on the host fallback, or when HPAR_OMP_TEAMS set them, the shape's (contiguous
/// blocks of rows per processor).
inline int row_teams(int64_t rows, const LaunchShape& shape, int dev) {
  if (rows <= 0) return 1;
  if (!device_is_gpu(dev) || shape.teams_forced) return shape.teams;
  constexpr int64_t rows_per_team = 8;
  const int64_t by_rows = (rows + rows_per_team - 1) / rows_per_team;
  int64_t teams = rows < shape.teams ? rows : shape.teams;
  if (by_rows > teams) teams = by_rows;
  return int(teams < (int64_t(1) << 30) ? teams : (int64_t(1) << 30));
}


/// The shared memory one GPU team of a region asks for (HPAR_OMP_TEAM_MEMORY) to hold `bytes`:
/// `bytes` on a GPU with clang when they fit in 48 KB, else 0 (the bytes are then device memory).
inline std::size_t team_memory_for(bool gpu, std::size_t bytes) {
#if defined(HPAR_IMPL_OMP_TEAM_MEMORY)
  return gpu && bytes <= 48 * 1024 ? bytes : 0;
#else
  (void)gpu;
  (void)bytes;
  return 0;
#endif
}

#if defined(__clang__)
// LLVM's offload runtime: pinned host memory that the device reads and writes directly. Weak, so
// that a program built without offloading links; null then, and device memory is used instead.
extern "C" void* llvm_omp_target_alloc_host(std::size_t bytes, int device) __attribute__((weak));
extern "C" void llvm_omp_target_free_host(void* ptr, int device) __attribute__((weak));
#endif

/// Where a pool block lives: device memory, or pinned host memory the device reaches directly
/// (clang's offload runtime; see ResultBuffer).
enum class BlockMemory { Device, HostPinned };

/// Whether `dev` can have BlockMemory::HostPinned blocks: a GPU, with clang's offload runtime.
inline bool host_pinned_available(int dev) {
#if defined(__clang__)
  return llvm_omp_target_alloc_host != nullptr && llvm_omp_target_free_host != nullptr &&
         device_is_gpu(dev);
#else
  (void)dev;
  return false;
#endif
}

/// Grow-only device memory blocks, leased one user at a time (see the file comment).
class DeviceBlockPool {
 public:
  static DeviceBlockPool& instance() {
    static DeviceBlockPool* pool = new DeviceBlockPool();  // never destroyed, see above
    return *pool;
  }

  /// A block of at least `bytes` on `dev` (in `memory`: HostPinned only where
  /// host_pinned_available), leased until release(); fails the kernel on OOM.
  void* acquire(int dev, std::size_t bytes, const KernelSite& site,
                BlockMemory memory = BlockMemory::Device, const char* purpose = nullptr) {
    std::lock_guard<std::mutex> lock(mutex_);
    Block* best = nullptr;    // smallest free block that fits
    Block* spare = nullptr;   // a free block too small: grown instead of adding one
    for (Block& block : blocks_) {
      if (block.in_use || block.device != dev || block.memory != memory) continue;
      if (block.bytes >= bytes) {
        if (!best || block.bytes < best->bytes) best = &block;
      } else if (!spare) {
        spare = &block;
      }
    }
    if (!best) {
      const std::size_t grown = round_up(bytes);
      void* ptr = allocate(grown, dev, memory);
      if (!ptr) {
        char what[320];
        std::snprintf(what, sizeof what, "%s of %zu bytes on device %d failed%s%s%s",
                      memory == BlockMemory::Device ? "omp_target_alloc" : "llvm_omp_target_alloc_host",
                      grown, dev, purpose ? " (" : "", purpose ? purpose : "", purpose ? ")" : "");
        fail(site, what);
      }
      if (spare) {
        deallocate(*spare);
        *spare = Block{dev, grown, ptr, false, memory};
        best = spare;
      } else {
        blocks_.push_back(Block{dev, grown, ptr, false, memory});
        best = &blocks_.back();
      }
    }
    best->in_use = true;
    return best->ptr;
  }

  /// Returns a block obtained from acquire() to the pool.
  void release(void* ptr) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Block& block : blocks_)
      if (block.ptr == ptr) block.in_use = false;
  }

 private:
  struct Block {
    int device;
    std::size_t bytes;
    void* ptr;
    bool in_use;
    BlockMemory memory;
  };

  static void* allocate(std::size_t bytes, int dev, BlockMemory memory) {
#if defined(__clang__)
    if (memory == BlockMemory::HostPinned) return llvm_omp_target_alloc_host(bytes, dev);
#endif
    return hpar::impl::omp_memory_alloc(bytes, dev);
  }
  static void deallocate(const Block& block) {
#if defined(__clang__)
    if (block.memory == BlockMemory::HostPinned) return llvm_omp_target_free_host(block.ptr, block.device);
#endif
    hpar::impl::omp_memory_free(block.ptr, block.device);
  }

  static std::size_t round_up(std::size_t bytes) {
    const std::size_t page = 4096;
    return bytes == 0 ? page : (bytes + page - 1) / page * page;
  }

  std::mutex mutex_;
  std::vector<Block> blocks_;
};

/// A leased device block of at least `bytes`; returned to the pool on destruction.
class DeviceBuffer {
 public:
  /// `purpose`, when given, says in the message of a failed allocation what it was for.
  DeviceBuffer(int dev, std::size_t bytes, const KernelSite& site, const char* purpose = nullptr)
      : ptr_(DeviceBlockPool::instance().acquire(dev, bytes, site, BlockMemory::Device, purpose)) {}
  ~DeviceBuffer() { DeviceBlockPool::instance().release(ptr_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  void* get() const { return ptr_; }

 private:
  void* ptr_;
};

/// A host array of `n` (at least one) default-constructed values; fails the kernel when the host
/// is out of memory.
template <class T>
std::unique_ptr<T[]> host_array(std::size_t n, const KernelSite& site) {
  T* values = new (std::nothrow) T[n > 0 ? n : 1];
  if (!values) fail(site, "out of host memory for the runtime's copy of device values");
  return std::unique_ptr<T[]>(values);
}

/// Copies `bytes` from host memory to device memory on `dev`; fails the kernel on error.
inline void copy_to_device(void* dst, const void* src, std::size_t bytes, int dev,
                           const KernelSite& site) {
  if (bytes == 0) return;
  if (hpar::impl::omp_memory_copy(dst, src, bytes, dev, omp_get_initial_device()) != 0)
    fail(site, "omp_target_memcpy from the host to the device failed");
}

/// Copies `bytes` from device memory on `dev` to host memory; fails the kernel on error.
inline void copy_to_host(void* dst, const void* src, std::size_t bytes, int dev,
                         const KernelSite& site) {
  if (bytes == 0) return;
  if (hpar::impl::omp_memory_copy(dst, src, bytes, omp_get_initial_device(), dev) != 0)
    fail(site, "omp_target_memcpy from the device to the host failed");
}

/// A buffer that a region writes and the host reads after it, filled by the host before it: a
/// team launch's granted thread count, a reduction's per-team results. With clang on a GPU it is
/// pinned host memory that the device writes directly, so filling and reading it are plain
/// copies on the host, with no transfer or wait of their own (each omp_target_memcpy cost a small
/// launch ~25 us on an H200: docs/performance.md); elsewhere device memory, copied.
class ResultBuffer {
 public:
  ResultBuffer(int dev, std::size_t bytes, const KernelSite& site)
      : dev_(dev),
        site_(site),
        pinned_(host_pinned_available(dev)),
        ptr_(DeviceBlockPool::instance().acquire(
            dev, bytes, site, pinned_ ? BlockMemory::HostPinned : BlockMemory::Device)) {}
  ~ResultBuffer() { DeviceBlockPool::instance().release(ptr_); }
  ResultBuffer(const ResultBuffer&) = delete;
  ResultBuffer& operator=(const ResultBuffer&) = delete;

  /// The address the region uses (is_device_ptr).
  void* get() const { return ptr_; }
  /// Before the region: `bytes` from `src` into the buffer.
  void fill(const void* src, std::size_t bytes) const {
    if (pinned_)
      std::memcpy(ptr_, src, bytes);
    else
      copy_to_device(ptr_, src, bytes, dev_, site_);
  }
  /// After the region: `bytes` of the buffer into `dst`.
  void read(void* dst, std::size_t bytes) const {
    if (pinned_)
      std::memcpy(dst, ptr_, bytes);
    else
      copy_to_host(dst, ptr_, bytes, dev_, site_);
  }

 private:
  int dev_;
  KernelSite site_;
  bool pinned_;
  void* ptr_;
};

}  // namespace omp
}  // namespace rt
}  // namespace hpar

// The warp primitives and the functor copies, which every file that includes this one uses.
#include <hpar/rt/openmp/warp.hpp>
#include <hpar/rt/openmp/functor_copies.hpp>
