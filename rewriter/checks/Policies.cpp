#include "checks/Checks.h"

namespace hpar {
namespace checks {

void checkPolicies(CheckContext&) {}

}  // namespace checks
}  // namespace hpar
