// hpar: the device primitives of this compile (locks, fences, acquire and release, the read-only
// cache, ...): the backend's primitives part (HPAR_IMPL_BACKEND_PRIMITIVES, named by its
// config.hpp) or the host's (primitives_host.hpp, which lists what a part defines).
// docs/design.md section 2.
#pragma once

#include "../macros.hpp"

#if defined(HPAR_IMPL_BACKEND_PRIMITIVES)
#include HPAR_IMPL_BACKEND_PRIMITIVES
#else
#include "primitives_host.hpp"
#endif
