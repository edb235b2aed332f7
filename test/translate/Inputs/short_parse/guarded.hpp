// A user's header with an include guard: its conditional tests only the guard.
#ifndef SHORT_PARSE_GUARDED_HPP
#define SHORT_PARSE_GUARDED_HPP
#include <Kokkos_Core.hpp>
KOKKOS_INLINE_FUNCTION int doubled(int x) { return 2 * x; }
#endif
