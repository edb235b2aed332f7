#include "checks/Checks.h"

namespace hpar {
namespace checks {

void checkNesting(CheckContext&) {}

}  // namespace checks
}  // namespace hpar
