// The constructs of hpar's API inside a kernel, recognised by the annotations the header puts on
// them (analysis/Annotations.h): the functions a functor runs, the nested ranges and their
// levels, the team member.
#pragma once

#include "analysis/DispatchFinder.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

/// The members of a class functor that a dispatch runs, for DispatchSite::members: the operator()
/// overloads its pattern calls and, for parallel_reduce and parallel_scan, init / join / final.
///
/// Which operator() runs is overload resolution over the work tag and the arguments the pattern
/// passes: f([tag,] i) for a RangePolicy, f([tag,] i0, ..., iN) for an MDRangePolicy,
/// f([tag,] member) for a TeamPolicy, each followed by the accumulators of a parallel_reduce or
/// the update and final flag of a parallel_scan. The compiler has done it: the header's pattern,
/// instantiated for this policy and functor, calls the functor through impl::call_functor, so
/// the overloads are read from the calls found below the dispatch's callee (only hpar's own
/// functions are entered). Where the header left the call out because the functor does not fit
/// (HPAR_IMPL_IF_FITS: hpar-functor-signature reports it), the overloads are narrowed by hand to
/// those whose first parameter takes the work tag, then to those whose parameter count fits the
/// call, each step skipped when nothing passes it. Empty for a lambda written in the dispatch or
/// held in a local variable (lambdaOf:
/// its call operator is the only one); a lambda reaching the dispatch otherwise (a parameter) is a
/// class functor like any other.
std::vector<const clang::FunctionDecl*> calledMembers(const DispatchSite& site, ir::Pattern pattern,
                                                      const clang::SourceManager& SM,
                                                      const frontend::SearchPaths& paths);

/// The functions a dispatch's functor runs, as written: a lambda's call operator, or the class
/// members the dispatch runs (DispatchSite::members; a templated one through its pattern).
std::vector<const clang::FunctionDecl*> functorEntries(const DispatchSite& site);

/// Whether M is a reduction's or scan's init, join or final as the patterns call it: a const member
/// of that name taking the value (init, final) or two values (join), with or without a work tag
/// first, as include/hpar/impl/functor_traits.hpp detects them. A non-const `init(double cutoff)`
/// that sets a class up is not one.
bool isReductionHook(const clang::CXXMethodDecl* M);
/// Whether RD (or a base) declares a reduction hook named `name` (isReductionHook).
bool hasReductionHook(const clang::CXXRecordDecl* RD, llvm::StringRef name);

/// Appends a class's operator() overloads (templated ones through their pattern); when it
/// declares none, its bases' ones, as name lookup finds them (Depth: how many bases down).
void callOperatorsOfClass(const clang::CXXRecordDecl* RD,
                          std::vector<const clang::FunctionDecl*>& Result, int Depth = 0);

/// The level a nested range runs over.
enum class NestedLevel {
  None,        // not a nested range
  Thread,      // TeamThreadRange, TeamThreadMDRange: the team's threads
  Vector,      // ThreadVectorRange, ThreadVectorMDRange: the calling thread's vector lanes
  TeamVector,  // TeamVectorRange, TeamVectorMDRange: every lane of every thread
};

/// What the first argument of a nested pattern (parallel_for / reduce / scan over a nested
/// range) denotes.
struct NestedRangeKind {
  NestedLevel level = NestedLevel::None;
  bool md = false;   // one of the MDRange forms
  int rank = 1;      // number of extents of an MDRange form
  bool left = false; // an MDRange form walks index 0 fastest (Rank's direction, Default resolved)
  /// The user's name of the range: "TeamThreadRange", "ThreadVectorMDRange", ...
  std::string name() const;
};
NestedRangeKind nestedRangeOf(const clang::Expr* rangeArgument);

/// The hpar annotation of the function a call calls ("hpar::nested::parallel_for", ...), or "".
llvm::StringRef calleeAnnotation(const clang::CallExpr* call);

/// True when `type` is (a reference to) a team member (the class annotated "hpar::team_member").
bool isTeamMember(clang::QualType type);

}  // namespace analysis
}  // namespace hpar
