// The loop of a range parallel_for's or parallel_reduce's functor whose View reads are the same
// in every thread (ir::StagedLoop).
#pragma once

#include "analysis/AnalysedFile.h"
#include "analysis/DispatchFinder.h"
#include "analysis/ViewReads.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"

namespace hpar {
namespace analysis {

/// Fills `kernel.stagedLoop` (and sets `kernel.staged`) for a range parallel_for of `site` whose
/// functor (a lambda written in the call or stored in a variable only this call runs, outside
/// templates or in one whose dispatch `instances` holds once; or a class outside templates that no
/// other of `instances` runs) runs such a loop at the top of its
/// call operator; and for a range parallel_reduce whose functor is such a lambda, taking the index
/// and an accumulator per result, which the loop may update. The loop may also be in a function
/// of the file that only this call operator calls, where its result initialises a variable or is
/// assigned (ir::StagedLoop::HelperCall); `references` tells which functions are called once.
/// Leaves the kernel as it is otherwise.
void recordStagedLoop(clang::ASTContext& ast, const AnalysedFile& file, const DispatchSite& site,
                      const std::vector<DispatchSite>& instances, FunctionReferences& references,
                      ir::Kernel& kernel);

}  // namespace analysis
}  // namespace hpar
