// OpenMP backend: the text its kernels share, team kernels (TeamKernel.cpp) and flat kernels
// (OpenMPEmitter.cpp) alike: the launch object that sets a region up, how the functor and the
// reduction or scan spec reach a region, and how a region opens. Exact shapes: docs/design.md
// section 7.
#pragma once

#include "emit/Shared.h"
#include "ir/Kernel.h"

#include <string>

namespace hpar {
namespace emit {
namespace openmp {

inline constexpr const char* kDevice = "device(hpar::rt::omp::device())";

/// The type of a launch object: hpar::rt::omp::`kind` (rt/openmp/launch.hpp, team_launch.hpp)
/// over the launcher's template parameters.
inline std::string launchType(const ir::Kernel& K, const std::string& kind) {
  return "hpar::rt::omp::" + kind +
         (K.pattern == ir::Pattern::For ? "<PolicyOrCount, Functor>" : "<PolicyOrCount, Functor, Results...>");
}

/// The aliases a kernel's region names, from its launch object's type `Launch`: `Policy` (a work
/// tag, an MDRange's iteration order), `index_type` (a range's or box's indices), and a
/// reduction's or scan's `Spec` and `value_type`.
inline std::string launchAliases(const ir::Kernel& K) {
  std::string o;
  if (K.hasWorkTag || K.policy == ir::PolicyKind::MDRange) o += "  using Policy = typename Launch::Policy;\n";
  if (K.policy != ir::PolicyKind::Team) o += "  using index_type = typename Launch::index_type;\n";
  if (K.pattern != ir::Pattern::For)
    o += "  using Spec = typename Launch::Spec;\n  using value_type = typename Launch::value_type;\n";
  return o;
}

/// The launch object of a range or MDRange kernel, of kind `kind`, built from the dispatch's
/// site and arguments, and the aliases its region names.
inline std::string launchObject(const ir::Kernel& K, const std::string& kind) {
  return "  using Launch = " + launchType(K, kind) + ";\n" +
         "  Launch launch(" + launchSite(K) + ", policy_or_count, f" +
         (K.pattern == ir::Pattern::For ? "" : ", results...") + ");\n" + launchAliases(K);
}

/// The line before the local copies of the launch's members that a region reads.
inline constexpr const char* kRegionLocals =
    "  // What the region reads, as locals (rt/openmp/launch.hpp says why):\n";

/// The first line of a team kernel's nest comment and of its --explain-launch remark.
inline constexpr const char* kTeamMapping = "team: an OpenMP team of team_size x lanes threads per hpar team";

// The functor (and the reduction or scan spec) reach the device as copies of their bytes
// (rt::omp::bytes_of), as CUDA kernel parameters do: mapping the class itself is refused by GCC for
// classes with static members and warned about by clang for classes that are not trivially
// copyable.
inline constexpr const char* kFunctorBytes = "  const unsigned char* f_bytes = launch.f_bytes;\n";
/// kFunctorBytes for a region whose threads take threadFunctor(): with clang the launch also put
/// the functor in the GPU's constant memory (rt/openmp/device.hpp, ConstantFunctor).
inline constexpr const char* kFunctorToDevice =
    "  const unsigned char* f_bytes = launch.f_bytes;\n"
    "  const auto& in_constant = launch.in_constant;  // clang: the functor in constant memory\n";
inline constexpr const char* kSpecBytes = "  const unsigned char* spec_bytes = launch.spec_bytes;\n";
inline constexpr const char* kMapBoth = "map(to: f_bytes[0:sizeof(Functor)], spec_bytes[0:sizeof(Spec)])";
/// The maps of a kFunctorToDevice region: its bytes when the functor is not in constant memory,
/// else (HPAR_OMP_MAP_CONSTANT_FUNCTOR) its copy into constant memory, among the region's own
/// transfers.
inline constexpr const char* kMapFunctor = "map(to: f_bytes[0:in_constant.mapped_bytes()]) "
                          "HPAR_OMP_MAP_CONSTANT_FUNCTOR(in_constant.constant_bytes())";
inline constexpr const char* kMapFunctorAndSpec = "map(to: f_bytes[0:in_constant.mapped_bytes()], spec_bytes[0:sizeof(Spec)]) "
                                 "HPAR_OMP_MAP_CONSTANT_FUNCTOR(in_constant.constant_bytes())";
inline constexpr const char* kFunctorOnDevice = "const Functor& fn = *reinterpret_cast<const Functor*>(f_bytes);";
/// In a region's parallel part: the functor as each thread reads it (rt/openmp/device.hpp,
/// kernel_functor: from constant memory with clang, else the thread's own copy of a small
/// functor), the two lines indented by `indent`.
inline std::string threadFunctor(const std::string& indent) {
  return indent + "const auto thread_fn = hpar::rt::omp::kernel_functor<Functor>(f_bytes);\n" + indent +
         "const Functor& fn = thread_fn.get();\n";
}
/// The index of a range kernel's grid-stride loop: thread k of OpenMP team t starts at
/// begin + t * T + k and steps over every thread of every team, as the CUDA output's loop does.
inline constexpr const char* kGridStrideLoop =
    "    const int64_t stride = (int64_t)omp_get_num_teams() * omp_get_num_threads();\n"
    "    for (int64_t i = begin + (int64_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();\n"
    "         i < end; i += stride)\n";
inline constexpr const char* kSpecOnDevice = "const auto thread_spec = hpar::rt::omp::thread_functor<Spec>(spec_bytes);\n"
                            "    const Spec& sp = thread_spec.get();";

/// The pragmas that open a region: for an OpenMP device, `target teams` (`teams`: its clauses)
/// whose only statement is `parallel` (`parallel`: its clauses), SPMD on a GPU; for the host (an
/// output translated without HPAR_OPENMP_OFFLOAD) the `parallel` region alone, on the OpenMP
/// runtime's thread pool. A target region's host fallback is no substitute there: g++'s starts and
/// ends a pool of threads at every launch (1.6 ms a launch, against 2 us for a parallel region:
/// docs/design.md section 7).
inline std::string openRegion(bool host, const std::string& indent, const std::string& teams,
                       const std::string& parallel) {
  std::string o = host ? "" : indent + "#pragma omp target teams " + teams + "\n";
  return o + indent + "#pragma omp parallel" + (parallel.empty() ? "" : " " + parallel) + "\n";
}
/// In a host region (openRegion), the worksharing loop over the range: a contiguous block of it
/// per thread, as Kokkos' OpenMP backend divides a range (a grid-stride loop would give
/// neighbouring threads neighbouring elements, sharing cache lines and leaving nothing to
/// vectorise).
inline constexpr const char* kHostBlockLoop =
    "    #pragma omp for schedule(static) nowait\n"
    "    for (int64_t i = begin; i < end; ++i)\n";

/// MDRange points are held as `i0`, `i1`, ... in an OpenMP region.
inline std::string pointIndex(int d) { return "i" + std::to_string(d); }

}  // namespace openmp
}  // namespace emit
}  // namespace hpar
