#include "checks/Checks.h"

using namespace clang;

namespace hpar {
namespace checks {

bool ReportOnce::report(diag::CheckId Check, clang::SourceLocation Loc, clang::SourceRange Range,
                        const std::string& Message) {
  if (!Reported.insert({unsigned(Check), Loc.getRawEncoding()}).second) return false;
  Report.report(Check, Loc, Message) << Range;
  return true;
}

void ReportOnce::noteChain(const std::vector<ir::ExecCall>& Chain) {
  for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
    Report.note(It->call.at, It->callee + " is called here") << It->call.range;
}

void runChecks(CheckContext& C) {
  checkCaptures(C);
  checkRaces(C);
  checkNesting(C);
  checkCollectives(C);
  checkDeviceCallable(C);
  checkSignatures(C);
  checkPolicies(C);
}

}  // namespace checks
}  // namespace hpar
