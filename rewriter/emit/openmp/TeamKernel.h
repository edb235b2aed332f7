// OpenMP backend: a TeamPolicy kernel's launcher (TeamKernel.cpp). Exact shapes: docs/design.md
// section 8.
#pragma once

#include "ir/Kernel.h"

#include <string>

namespace hpar {
namespace emit {
namespace openmp {

/// The template parameters a team launcher leads with (its other compilations), or "".
std::string teamLeadParams(const ir::Kernel& K);

/// The body of a TeamPolicy for or reduce launcher: one region per launch, `target teams` whose
/// only statement is `parallel`, or in a build for the host (`host`) a `parallel` region of
/// nteams x T threads.
std::string teamKernelBody(const ir::Kernel& K, bool host);

}  // namespace openmp
}  // namespace emit
}  // namespace hpar
