// Which of the Views a team kernel's lambda captures it only reads (ir::ViewReads).
#pragma once

#include "analysis/DispatchFinder.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"

namespace hpar {
namespace analysis {

/// Fills `kernel.viewReads` for the team dispatch of `site` when its functor, outside any
/// template, holds Views and plain values only: a lambda written in the call or stored in a local
/// variable that only this call runs, or a functor class that no other of `instances` runs (a
/// variable, or an aggregate built in the call from variables). Leaves it empty otherwise.
void recordViewReads(clang::ASTContext& ast, const AnalysedFile& file, const DispatchSite& site,
                     const std::vector<DispatchSite>& instances, ir::Kernel& kernel);

}  // namespace analysis
}  // namespace hpar
