// hpar CUDA runtime: Views a team kernel only reads (docs/design.md section 8, "Views a team
// kernel only reads"). The translator rewrites each read of such a View B to
// `read_only(team, B)(...)` (hpar/rt/read_only.hpp); the launcher compares the Views' memory on
// the host (views_apart) and launches the kernel's ReadOnly variant only when it is apart from
// every View the kernel may write, where the reads go through the read-only data cache.
#pragma once

#include <hpar/rt/cuda/launch.cuh>
#include <hpar/rt/read_only.hpp>
#include <hpar/rt/cuda/team.cuh>

namespace hpar {
namespace rt {
namespace cuda {

// ReadOnlyElements, read_only, memory_of and views_apart: hpar/rt/read_only.hpp, shared with
// the OpenMP backend; the generated code names them in this namespace.
using rt::memory_of;
using rt::read_only;
using rt::views_apart;

/// Tells, under HPAR_EXPLAIN_LAUNCH=1, how a launch of the kernel at `site` reads the Views it
/// only reads (`views`, their names): through the read-only data cache when `apart`.
inline void explain_read_only(const KernelSite& site, bool apart, const char* views) {
  if (detail::explain_launches())
    detail::explain_launch(site, "%s only read, %s", views,
                           apart ? "apart from the Views it may write: read through the "
                                   "read-only data cache"
                                 : "but their memory overlaps a View it may write: read as "
                                   "written");
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
