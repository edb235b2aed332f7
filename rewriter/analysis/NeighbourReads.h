// Which index parameters of an MDRange kernel's body its View reads step along
// (ir::Kernel::neighbourParams).
#pragma once

#include "analysis/DispatchFinder.h"
#include "ir/Kernel.h"

namespace hpar {
namespace analysis {

/// Fills `kernel.neighbourParams` for a rank-3 MDRange parallel_for: bit d when an element access
/// of a View in the functor's body (a lambda's call operator, or the class operator() the dispatch
/// runs, and the lambdas written in it) has an index `p ± c`, p the body's index parameter d and c
/// an integer constant.
void recordNeighbourReads(const DispatchSite& site, ir::Kernel& kernel);

}  // namespace analysis
}  // namespace hpar
