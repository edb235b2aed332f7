#include "checks/Checks.h"

namespace hpar {
namespace checks {

void checkSignatures(CheckContext&) {}

}  // namespace checks
}  // namespace hpar
