// The loop of a range parallel_for's lambda whose View reads are the same in every thread
// (ir::StagedLoop).
#pragma once

#include "analysis/AnalysedFile.h"
#include "analysis/DispatchFinder.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"

namespace hpar {
namespace analysis {

/// Fills `kernel.stagedLoop` (and sets `kernel.staged`) for a range parallel_for of `site` whose
/// lambda, written in the call outside any template, runs such a loop at the top of its body.
/// Leaves the kernel as it is otherwise.
void recordStagedLoop(clang::ASTContext& ast, const AnalysedFile& file, const DispatchSite& site,
                      ir::Kernel& kernel);

/// Forgets a kernel's staged loop when its lambda is not one the device alone runs
/// (ir::TranslationUnit::deviceLambdas): the staging declares memory only device code has.
void keepStagingOnDeviceLambdas(ir::TranslationUnit& tu);

}  // namespace analysis
}  // namespace hpar
