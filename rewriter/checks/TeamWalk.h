// What the nesting and collectives families share while they walk team code: the chain of calls
// from the functor, and reporting once per check and location.
#pragma once

#include "analysis/TeamCode.h"
#include "checks/Checks.h"
#include "clang/Basic/SourceManager.h"
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hpar {
namespace checks {

/// Calls followed deeper than this are not walked (a guard against pathological call graphs;
/// recursion is cut earlier, at the first repeated function).
constexpr unsigned MaxCallDepth = 32;

/// The state the nesting and collectives walks share.
class TeamWalk {
protected:
  explicit TeamWalk(CheckContext& C) : C(C), SM(C.ast.getSourceManager()) {}

  /// Notes the calls that led from the functor to the function being walked, innermost first.
  void noteChain();
  /// Reports once per check and location (templates and shared helpers are walked more than once,
  /// in more than one situation); returns false when this one was already reported.
  bool report(diag::CheckId Check, clang::SourceLocation Loc, clang::SourceRange Range,
              const std::string& Message);

  CheckContext& C;
  const clang::SourceManager& SM;
  /// The calls between the functor and the function being walked, with what each calls (a
  /// nested pattern's closure is no call).
  std::vector<std::pair<const clang::CallExpr*, const clang::FunctionDecl*>> Chain;

private:
  std::set<std::pair<unsigned, unsigned>> Reported;
};

}  // namespace checks
}  // namespace hpar
