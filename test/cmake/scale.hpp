#pragma once
#include <hpar/hpar.hpp>
// A header the translated file includes: editing it must re-translate axpy.cpp.
HPAR_INLINE_FUNCTION double scale_factor() { return 2.0; }
