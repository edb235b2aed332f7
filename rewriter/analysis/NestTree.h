// The nest of a team kernel: which nested constructs its functor runs, and which run inside
// which (ir::Kernel::nest). The emitters print it with the level each construct maps to.
#pragma once

#include "analysis/AnalysedFile.h"
#include "analysis/DispatchFinder.h"
#include "analysis/TeamCode.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"

namespace hpar {
namespace analysis {

/// Fills `kernel.nest` from the functor of `site` (the first instantiation of a team dispatch):
/// the nested patterns and singles its body runs, in source order, each with those its closure
/// runs. Walked: the functor's entries, the closures the constructs run (lambdas written in place
/// or stored in variables, class functors), lambdas where they are called, and the analysed file's
/// functions and members called (each function once per kernel, so recursion ends). A generic
/// closure is walked in its first instantiation, where its calls are resolved.
void buildNest(clang::ASTContext& ast, const AnalysedFile& file, const DispatchSite& site,
               ir::Kernel& kernel);

/// The IR's kind and level of a recognised nested pattern.
ir::NestedConstruct::Kind irKind(const NestedPattern& pattern);
ir::NestedConstruct::Level irLevel(const NestedPattern& pattern);

/// The trip counts of a nested range built in the pattern's call from constants (see
/// ir::NestedConstruct::extents): a range factory call, TeamThreadRange(team, n) or
/// TeamThreadRange(team, begin, end), or an MDRange construction, TeamThreadMDRange(team, n0, n1,
/// ...); -1 for a dimension known only at run time. Empty for a range built elsewhere (a variable).
std::vector<long long> constantExtents(const clang::Expr* range, const NestedPattern& pattern,
                                       const clang::ASTContext& ast);

}  // namespace analysis
}  // namespace hpar
