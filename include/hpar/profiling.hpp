// hpar: the profiling regions of Kokkos' tool interface (Tools::pushRegion and popRegion, also
// spelled Profiling::, and Profiling::ScopedRegion).
//
// Kokkos passes a region to the tool library that the program loaded (KOKKOS_TOOLS_LIBS or
// --kokkos-tools-libs) and does nothing when none is loaded. hpar loads no tool library, so a
// region is always a no-op: programs that mark their phases build and run unchanged.
#pragma once

#include <string>

namespace hpar {
namespace Tools {

/// Whether a tool library is loaded: never, in hpar.
inline bool profileLibraryLoaded() { return false; }

/// Opens a region named `name` for the tool library (none: nothing happens). Host only.
inline void pushRegion(const std::string& name) { (void)name; }

/// Closes the region opened last. Host only.
inline void popRegion() {}

}  // namespace Tools

namespace Profiling {

using Tools::popRegion;
using Tools::profileLibraryLoaded;
using Tools::pushRegion;

/// A region from construction to the end of the scope: pushRegion(name), then popRegion() in the
/// destructor (Kokkos_Profiling_ScopedRegion.hpp).
class [[nodiscard]] ScopedRegion {
 public:
  explicit ScopedRegion(const std::string& name) { pushRegion(name); }
  ~ScopedRegion() { popRegion(); }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;
};

}  // namespace Profiling
}  // namespace hpar
