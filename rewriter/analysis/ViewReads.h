// Which of the Views a team kernel's lambda captures it only reads (ir::ViewReads).
#pragma once

#include "analysis/DispatchFinder.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"

namespace hpar {
namespace analysis {

/// Fills `kernel.viewReads` for the team dispatch of `site` when its functor is a lambda written
/// in the call, outside any template, that captures Views and plain values only; leaves it empty
/// otherwise.
void recordViewReads(clang::ASTContext& ast, const AnalysedFile& file, const DispatchSite& site,
                     ir::Kernel& kernel);

}  // namespace analysis
}  // namespace hpar
