#include "checks/Checks.h"

namespace hpar {
namespace checks {

void checkCaptures(CheckContext&) {}

}  // namespace checks
}  // namespace hpar
