#include "checks/Checks.h"


using namespace clang;

namespace hpar {
namespace checks {

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
