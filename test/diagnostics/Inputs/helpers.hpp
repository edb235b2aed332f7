#pragma once
#include <hpar/hpar.hpp>
inline double helper_unmarked(double v) { return v * 3; }
HPAR_INLINE_FUNCTION double helper_marked(double v) { return v * 5; }
