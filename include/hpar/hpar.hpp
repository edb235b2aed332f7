// hpar: the user API (Kokkos programming model in namespace hpar). Include this header only.
//
// Compiled as is, it is the serial reference implementation. hpar-translate rewrites the
// parallel dispatches of a file into CUDA or OpenMP offload code that includes the backend
// runtime, which names the backend's configuration (HPAR_BACKEND_CONFIG, macros.hpp) before
// including this header.
#pragma once

#include "macros.hpp"
#include "spaces.hpp"
#include "memory.hpp"
#include "core.hpp"
#include "profiling.hpp"
#include "atomics.hpp"
#include "pair.hpp"
#include "math.hpp"
#include "bit.hpp"
#include "utility.hpp"
#include "array.hpp"
#include "layout_stride.hpp"
#include "view.hpp"
#include "subview.hpp"
#include "deep_copy.hpp"
#include "policies.hpp"
#include "reducers.hpp"
#include "complex.hpp"
#include "half.hpp"
#include "reduce_spec.hpp"
#include "scan_spec.hpp"
#include "team.hpp"
#include "nested.hpp"
#include "nested_mdrange.hpp"
#include "local_deep_copy.hpp"
#include "dispatch.hpp"
#include "unique_token.hpp"
