#include "checks/Checks.h"

namespace hpar {
namespace checks {

void checkRaces(CheckContext&) {}

}  // namespace checks
}  // namespace hpar
