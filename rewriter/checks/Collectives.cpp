#include "checks/Checks.h"

namespace hpar {
namespace checks {

void checkCollectives(CheckContext&) {}

}  // namespace checks
}  // namespace hpar
