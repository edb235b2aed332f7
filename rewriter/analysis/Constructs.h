// The constructs of hpar's API inside a kernel, recognised by the annotations the header puts on
// them (analysis/Annotations.h): the functions a functor runs, the nested ranges and their
// levels, the team member.
#pragma once

#include "analysis/DispatchFinder.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

/// The functions a dispatch's functor runs: a lambda's call operator, or a class's operator()
/// overloads (a templated one through its pattern) and its init / join / final members.
std::vector<const clang::FunctionDecl*> functorEntries(const DispatchSite& site);

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
