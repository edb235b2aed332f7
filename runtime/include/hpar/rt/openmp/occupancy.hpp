// hpar runtime, OpenMP backend: how many teams of a team kernel an NVIDIA GPU holds at once.
//
// A team launch runs its league over a fixed number of OpenMP teams, each taking the hpar teams
// t, t + teams, ... (team_launch.hpp). When that number is not a whole number of the GPU's waves
// of resident teams, the last wave runs on a few multiprocessors while the rest idle: yax's 2,048
// teams of 256 threads at 48 registers are 3.1 waves of 660 on an H200, and took 0.66 ms where
// 660 teams took 0.56 (docs/performance.md, 2026-11-30 22:15 UTC). So a team launch asks for the
// teams the GPU holds at once, as the CUDA occupancy calculator counts them: from the kernel's
// registers and shared memory, which clang's device image records (its `.nv.info` attributes), and
// the GPU's limits, which the CUDA driver the offload runtime loaded reports.
//
// The image is read once per process from the files of the loaded objects (the executable and
// its shared libraries: their `.llvm.offloading` sections, where clang's offload driver puts the
// device images). A kernel is found by its launcher's mangled name (`_Z<length><name>I` and the
// launcher's leading template arguments, template_args): each compilation of a launcher has its
// own kernel. Where anything is missing (GCC's images are PTX, a GPU other than NVIDIA's, a file
// that cannot be read, a name not found) resident_teams says 0 and the launch keeps its default.
#pragma once

#include <dlfcn.h>
#include <link.h>

#include <hpar/rt/common.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hpar {
namespace rt {
namespace omp {

/// The mangled form of a launcher's leading template arguments (its compilation for wide teams,
/// for Views apart, for team memory in device memory), as the Itanium ABI spells them in the name
/// of the kernel that compilation holds.
inline std::string template_arg(bool b) { return b ? "Lb1E" : "Lb0E"; }
inline std::string template_arg(int v) {
  return v < 0 ? "Lin" + std::to_string(-int64_t(v)) + "E" : "Li" + std::to_string(v) + "E";
}
template <class... Args>
std::string template_args(Args... args) {
  return (std::string() + ... + template_arg(args));
}

namespace detail {

/// What a kernel of a device image takes of a multiprocessor.
struct KernelResources {
  int registers = 0;       // per thread
  uint64_t shared = 0;     // static shared memory, bytes
};

/// Bounds-checked little-endian reads of an ELF file in memory.
struct ElfBytes {
  const unsigned char* data;
  std::size_t size;
  template <class T>
  bool read(uint64_t at, T& value) const {
    if (at > size || size - at < sizeof(T)) return false;
    std::memcpy(&value, data + at, sizeof(T));
    return true;
  }
  std::string string_at(uint64_t at) const {
    std::string s;
    while (at < size && data[at] != 0) s += char(data[at++]);
    return s;
  }
};

struct ElfSection {
  std::string name;
  uint32_t type = 0, link = 0;
  uint64_t offset = 0, size = 0;
};

/// Where an ELF file's section table is (its header's fields), for 64-bit little-endian files.
struct ElfTable {
  uint64_t offset = 0;
  uint16_t entry = 0, count = 0, names = 0;  // bytes an entry, entries, the names' section
  uint64_t bytes() const { return uint64_t(count) * entry; }
};
inline bool elf_table(const ElfBytes& head, ElfTable& t) {
  return head.size >= 64 && std::memcmp(head.data, "\177ELF", 4) == 0 && head.data[4] == 2 &&
         head.data[5] == 1 && head.read(0x28, t.offset) && head.read(0x3a, t.entry) &&
         head.read(0x3c, t.count) && head.read(0x3e, t.names) && t.entry >= 64 && t.names < t.count;
}
/// Section `i`'s header, read from the section table's bytes: the offset of its name among the
/// section names, and the rest (but the name itself).
inline bool elf_section(const ElfBytes& table, const ElfTable& t, uint16_t i, uint32_t& name,
                        ElfSection& s) {
  const uint64_t h = uint64_t(i) * t.entry;
  return table.read(h, name) && table.read(h + 4, s.type) && table.read(h + 24, s.offset) &&
         table.read(h + 32, s.size) && table.read(h + 40, s.link);
}

/// The sections of a 64-bit little-endian ELF file, or none when it is not one or is cut short.
inline std::vector<ElfSection> elf_sections(const ElfBytes& elf) {
  ElfTable t;
  if (!elf_table(elf, t) || t.offset > elf.size || elf.size - t.offset < t.bytes()) return {};
  const ElfBytes table{elf.data + t.offset, std::size_t(t.bytes())};
  std::vector<ElfSection> out(t.count);
  std::vector<uint32_t> names(t.count);
  for (uint16_t i = 0; i < t.count; ++i)
    if (!elf_section(table, t, i, names[i], out[i])) return {};
  for (uint16_t i = 0; i < t.count; ++i) out[i].name = elf.string_at(out[t.names].offset + names[i]);
  return out;
}

/// The kernels of one CUDA device image (a cubin) and what each takes: registers from the
/// EIATTR_REGCOUNT attributes of its `.nv.info` sections, static shared memory from the size of
/// its `.nv.shared.<kernel>` section.
inline void read_cubin(const ElfBytes& elf, std::map<std::string, KernelResources>& kernels) {
  const std::vector<ElfSection> sections = elf_sections(elf);
  std::vector<std::string> symbols;
  for (const ElfSection& s : sections) {
    if (s.type != 2 || s.link >= sections.size()) continue;  // SHT_SYMTAB
    const uint64_t strings = sections[s.link].offset;
    for (uint64_t at = s.offset; at + 24 <= s.offset + s.size; at += 24) {
      uint32_t name = 0;
      if (!elf.read(at, name)) break;
      symbols.push_back(elf.string_at(strings + name));
    }
  }
  const std::string shared_prefix = ".nv.shared.";
  for (const ElfSection& s : sections) {
    if (s.name.compare(0, shared_prefix.size(), shared_prefix) == 0) {
      kernels[s.name.substr(shared_prefix.size())].shared = s.size;
      continue;
    }
    if (s.name.compare(0, 8, ".nv.info") != 0) continue;
    // Records: format, attribute, then nothing (1), a byte (2), two bytes (3) or a size and
    // that many bytes (4).
    uint64_t at = s.offset;
    const uint64_t end = s.offset + s.size;
    while (at + 2 <= end) {
      const unsigned char format = elf.data[at], attribute = elf.data[at + 1];
      at += 2;
      if (format == 1) continue;
      if (format == 2 || format == 3) {
        at += format == 2 ? 1 : 2;
        continue;
      }
      uint16_t bytes = 0;
      if (format != 4 || !elf.read(at, bytes)) break;
      at += 2;
      uint32_t symbol = 0, count = 0;
      if (attribute == 0x2f && bytes >= 8 && elf.read(at, symbol) && elf.read(at + 4, count) &&
          symbol < symbols.size())
        kernels[symbols[symbol]].registers = int(count);
      at += bytes;
    }
  }
}

/// `bytes` bytes of `file` from offset `at`, or none when it has fewer.
inline std::vector<unsigned char> file_bytes(std::FILE* file, uint64_t at, uint64_t bytes) {
  std::vector<unsigned char> out;
  if (bytes > (uint64_t(1) << 32) || std::fseek(file, long(at), SEEK_SET) != 0) return out;
  out.resize(std::size_t(bytes));
  if (std::fread(out.data(), 1, out.size(), file) != out.size()) out.clear();
  return out;
}

/// The CUDA device images for sm_`arch` in the `.llvm.offloading` section of the file at `path`
/// (only its headers and that section are read: the loaded objects include the CUDA driver).
inline void read_offload_images(const char* path, int arch,
                                std::map<std::string, KernelResources>& kernels) {
  std::FILE* file = std::fopen(path, "rb");
  if (!file) return;
  const std::vector<unsigned char> head = file_bytes(file, 0, 64);
  ElfTable t;
  if (elf_table(ElfBytes{head.data(), head.size()}, t)) {
    const std::vector<unsigned char> bytes = file_bytes(file, t.offset, t.bytes());
    const ElfBytes table{bytes.data(), bytes.size()};
    uint32_t unused = 0;
    ElfSection names_section;
    if (!bytes.empty() && elf_section(table, t, t.names, unused, names_section)) {
      const std::vector<unsigned char> names = file_bytes(file, names_section.offset, names_section.size);
      const ElfBytes strings{names.data(), names.size()};
      for (uint16_t i = 0; i < t.count; ++i) {
        uint32_t name = 0;
        ElfSection s;
        if (!elf_section(table, t, i, name, s) || strings.string_at(name) != ".llvm.offloading")
          continue;
        // Each image is an ELF file of machine EM_CUDA (190) whose flags' low byte is its sm_
        // number.
        const std::vector<unsigned char> section = file_bytes(file, s.offset, s.size);
        for (std::size_t off = 0; off + 64 <= section.size(); ++off) {
          if (std::memcmp(section.data() + off, "\177ELF", 4) != 0) continue;
          const ElfBytes image{section.data() + off, section.size() - off};
          uint16_t machine = 0;
          uint32_t flags = 0;
          if (image.read(18, machine) && machine == 190 && image.read(48, flags) &&
              (arch == 0 || int(flags & 0xff) == arch))
            read_cubin(image, kernels);
        }
      }
    }
  }
  std::fclose(file);
}

/// The kernels of every device image for sm_`arch` that the process has loaded (read once).
inline const std::map<std::string, KernelResources>& loaded_kernels(int arch) {
  static std::mutex mutex;
  static std::map<int, std::map<std::string, KernelResources>>* known =
      new std::map<int, std::map<std::string, KernelResources>>();  // never destroyed
  std::lock_guard<std::mutex> lock(mutex);
  const auto found = known->find(arch);
  if (found != known->end()) return found->second;
  std::vector<std::string> paths;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        const char* name = info->dlpi_name;
        static_cast<std::vector<std::string>*>(out)->push_back(name && *name ? name : "/proc/self/exe");
        return 0;
      },
      &paths);
  std::map<std::string, KernelResources>& kernels = (*known)[arch];
  for (const std::string& path : paths)
    if (path.find("linux-vdso") == std::string::npos) read_offload_images(path.c_str(), arch, kernels);
  return kernels;
}

/// What a multiprocessor of NVIDIA GPU `dev` holds, from the CUDA driver the offload runtime
/// loaded; `known` false when it is not loaded or does not answer.
struct GpuLimits {
  bool known = false;
  int arch = 0, multiprocessors = 0, threads = 0, registers = 0, blocks = 0;
  int shared = 0, reserved_shared = 0;
};
inline GpuLimits gpu_limits(int dev) {
  static std::mutex mutex;
  static std::map<int, GpuLimits>* known = new std::map<int, GpuLimits>();  // never destroyed
  std::lock_guard<std::mutex> lock(mutex);
  const auto found = known->find(dev);
  if (found != known->end()) return found->second;
  GpuLimits g;
  void* cuda = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (!cuda) cuda = dlopen("libcuda.so", RTLD_LAZY | RTLD_NOLOAD);
  if (cuda) {
    using Get = int (*)(int*, int);
    using Attribute = int (*)(int*, int, int);
    const auto get = reinterpret_cast<Get>(dlsym(cuda, "cuDeviceGet"));
    const auto attribute = reinterpret_cast<Attribute>(dlsym(cuda, "cuDeviceGetAttribute"));
    int device = 0, major = 0, minor = 0;
    // CU_DEVICE_ATTRIBUTE_*: MULTIPROCESSOR_COUNT 16, MAX_THREADS_PER_MULTIPROCESSOR 39,
    // COMPUTE_CAPABILITY_MAJOR 75 / MINOR 76, MAX_SHARED_MEMORY_PER_MULTIPROCESSOR 81,
    // MAX_REGISTERS_PER_MULTIPROCESSOR 82, MAX_BLOCKS_PER_MULTIPROCESSOR 106,
    // RESERVED_SHARED_MEMORY_PER_BLOCK 111.
    g.known = get && attribute && get(&device, dev) == 0 &&
              attribute(&g.multiprocessors, 16, device) == 0 && attribute(&g.threads, 39, device) == 0 &&
              attribute(&major, 75, device) == 0 && attribute(&minor, 76, device) == 0 &&
              attribute(&g.shared, 81, device) == 0 && attribute(&g.registers, 82, device) == 0 &&
              attribute(&g.blocks, 106, device) == 0 && attribute(&g.reserved_shared, 111, device) == 0 &&
              g.multiprocessors > 0 && g.threads > 0 && g.registers > 0 && g.blocks > 0;
    g.arch = major * 10 + minor;
    dlclose(cuda);  // the offload runtime's own reference keeps the driver loaded
  }
  (*known)[dev] = g;
  return g;
}

/// Blocks of `threads` threads and `dynamic_shared` bytes of dynamic shared memory of a kernel
/// that one multiprocessor holds, as the CUDA occupancy calculator counts them (registers are
/// given to warps 256 at a time; each block also takes the GPU's reserved shared memory).
inline int blocks_per_multiprocessor(const GpuLimits& g, const KernelResources& k, int threads,
                                     std::size_t dynamic_shared) {
  const int warps = (threads + 31) / 32;
  if (warps <= 0) return 0;
  int blocks = g.blocks;
  const int by_threads = g.threads / (warps * 32);
  if (by_threads < blocks) blocks = by_threads;
  if (k.registers > 0) {
    const int per_warp = (k.registers * 32 + 255) / 256 * 256;
    const int by_registers = g.registers / per_warp / warps;
    if (by_registers < blocks) blocks = by_registers;
  }
  const uint64_t shared = k.shared + dynamic_shared + uint64_t(g.reserved_shared);
  if (shared > 0) {
    const uint64_t by_shared = uint64_t(g.shared) / shared;
    if (by_shared < uint64_t(blocks)) blocks = int(by_shared);
  }
  return blocks;
}

/// What the kernels whose names hold `name` (a launcher's mangled name and leading template
/// arguments: one kernel per instantiation) take at the most, in the images for sm_`arch`;
/// registers 0 when there is none. Looked up once per name.
inline KernelResources launcher_kernel(int arch, const std::string& name) {
  static std::mutex mutex;
  static std::map<std::pair<int, std::string>, KernelResources>* known =
      new std::map<std::pair<int, std::string>, KernelResources>();  // never destroyed
  {
    std::lock_guard<std::mutex> lock(mutex);
    const auto found = known->find({arch, name});
    if (found != known->end()) return found->second;
  }
  KernelResources most;
  for (const auto& [kernel, resources] : loaded_kernels(arch)) {
    if (kernel.find(name) == std::string::npos) continue;
    if (resources.registers > most.registers) most.registers = resources.registers;
    if (resources.shared > most.shared) most.shared = resources.shared;
  }
  std::lock_guard<std::mutex> lock(mutex);
  (*known)[{arch, name}] = most;
  return most;
}

/// Whether HPAR_EXPLAIN_LAUNCH=1 asks for the shape of each kernel's launches on stderr (read
/// once).
inline bool explain_launches() {
  static const bool enabled = [] {
    const char* value = std::getenv("HPAR_EXPLAIN_LAUNCH");
    return value && std::strcmp(value, "1") == 0;
  }();
  return enabled;
}

/// Prints `what` of a launch of the kernel at `site` on stderr (HPAR_EXPLAIN_LAUNCH=1), once per
/// kernel and text.
inline void explain_once(const KernelSite& site, const std::string& what) {
  static std::mutex mutex;
  static std::set<std::string>* said = new std::set<std::string>();  // never destroyed
  const std::string line = std::string("hpar: launch: kernel '") + site.kernel + "' (label \"" +
                           (site.label ? site.label : "") + "\", " + site.file + ":" +
                           std::to_string(site.line) + "): " + what;
  std::lock_guard<std::mutex> lock(mutex);
  if (said->insert(line).second) std::fprintf(stderr, "%s\n", line.c_str());
}

}  // namespace detail

/// The teams of `threads` OpenMP threads and `dynamic_shared` bytes of team memory that GPU `dev`
/// holds at once of the kernel of the launcher `launcher` compiled for `template_args` (see the
/// file comment), or 0 when that is not known.
inline int64_t resident_teams(int dev, const char* launcher, const std::string& template_args,
                              int threads, std::size_t dynamic_shared) {
  const detail::GpuLimits g = detail::gpu_limits(dev);
  if (!g.known) return 0;
  const detail::KernelResources k = detail::launcher_kernel(
      g.arch, "_Z" + std::to_string(std::strlen(launcher)) + launcher + "I" + template_args);
  if (k.registers == 0) return 0;
  return int64_t(g.multiprocessors) * detail::blocks_per_multiprocessor(g, k, threads, dynamic_shared);
}

}  // namespace omp
}  // namespace rt
}  // namespace hpar
