// hpar: the math library and bit instructions of this compile: the backend's intrinsics part
// (HPAR_IMPL_BACKEND_INTRINSICS, named by its config.hpp) or the host's (intrinsics_host.hpp,
// which lists what a part defines). docs/design.md section 2.
#pragma once

#include "../macros.hpp"

#if defined(HPAR_IMPL_BACKEND_INTRINSICS)
#include HPAR_IMPL_BACKEND_INTRINSICS
#else
#include "intrinsics_host.hpp"
#endif
