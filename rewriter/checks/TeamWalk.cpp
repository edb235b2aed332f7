#include "checks/TeamWalk.h"

namespace hpar {
namespace checks {

void TeamWalk::noteChain() {
  for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
    C.report.note(It->first->getBeginLoc(), analysis::functionName(It->second) + " is called here")
        << It->first->getSourceRange();
}

bool TeamWalk::report(diag::CheckId Check, clang::SourceLocation Loc, clang::SourceRange Range,
                      const std::string& Message) {
  if (!Reported.insert({unsigned(Check), Loc.getRawEncoding()}).second) return false;
  C.report.report(Check, Loc, Message) << Range;
  return true;
}

}  // namespace checks
}  // namespace hpar
