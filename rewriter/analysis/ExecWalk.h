// The walk of every kernel in execution context, which builds the execution trees
// (ir/ExecTree.h) that the nesting, collectives and races rules read.
//
// Team kernels: from each entry point of each instantiation of a team dispatch, through direct
// calls of the analysed file's functions and the closures of nested patterns (a lambda merely written
// in the functor runs only where it is called), in source order, with
//   - the nested patterns whose closures hold the point (outermost first);
//   - which values differ between participants there (analysis/Varying.h): a closure's indices
//     differ between the participants of its level, a callee's parameters as its arguments do;
//   - the control flow around the point that only some participants take: the branches of if /
//     ?: / switch / && / || on a varying condition, the body of a loop whose condition varies, the
//     rest of a function after a return under a varying condition, the rest of a loop body after
//     such a continue, and the whole body of a loop that such a break or return leaves;
//   - where the places written live (Places.h, PlaceTracker): a write in a nested range's closure
//     to memory the participants share becomes a point.
// A function is walked again only in another situation: the enclosing levels, the divergence
// around the call, its arguments' variation, what its reference, pointer and View parameters and
// its object reach, and whether the policy has one thread or one lane.
//
// Range and MDRange kernels: everything written in the functor is device code, lambdas included;
// the walk follows the analysed file's functions it calls and records the nested patterns it meets
// (whose closures it does not walk). Host code's nested patterns are recorded too (HostCode.h).
#pragma once

#include "analysis/AnalysedFile.h"
#include "analysis/DispatchFinder.h"
#include "analysis/TeamCode.h"
#include "ir/ExecTree.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace hpar {
namespace analysis {

/// Calls followed deeper than this are not walked (a guard against pathological call graphs;
/// recursion is cut earlier, at the first repeated function).
constexpr unsigned MaxCallDepth = 32;

/// The IR's record of a nested pattern as the walk meets it.
ir::ExecConstruct execConstruct(const NestedPattern& pattern, const clang::ASTContext& ast);

/// Walks every instantiation of every dispatch (`instances`, DispatchSite::kernel indexing
/// tu.kernels) and the analysed file's host code.
ir::Execution walkExecution(clang::ASTContext& ast, const AnalysedFile& file,
                            const std::vector<DispatchSite>& instances, const ir::TranslationUnit& tu);

}  // namespace analysis
}  // namespace hpar
