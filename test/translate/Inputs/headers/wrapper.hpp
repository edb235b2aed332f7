// A header without dispatches that includes one with them: its copy includes the other copy.
#pragma once

#include "team_kernel.hpp"

inline int wrapper_version() { return 1; }
