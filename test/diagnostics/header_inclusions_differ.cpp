// A header included more than once (no include guard, one specialisation per value of a macro)
// gets one translated copy, which every inclusion includes; where the inclusions translate to
// different copies, here because each compiles a different dispatch, translation stops with
// hpar-header-inclusions-differ at the inclusion that differs, and writes nothing. --check
// reports it too.
// RUN: not %hpar-translate --check %s -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %hpar-translate --backend=openmp %s -o %t/out.cpp -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: test ! -e %t/out.cpp
#include <hpar/hpar.hpp>

template <int Unroll>
struct Tile;

#define UNROLL 1
#include "unroll_differs.hpp"
#undef UNROLL
#define UNROLL 2
#include "unroll_differs.hpp"
// CHECK: header_inclusions_differ.cpp:[[#@LINE-1]]:10: error: 'unroll_differs.hpp' translates differently at this inclusion than at an earlier one (its dispatches, or what their kernels are built from, differ between the inclusions), but one translated copy of it serves every inclusion; write its dispatches the same at every inclusion (outside #if on what differs) [hpar-header-inclusions-differ]
// CHECK: header_inclusions_differ.cpp:[[#@LINE-5]]:10: note: the earlier inclusion of 'unroll_differs.hpp'
#undef UNROLL
// CHECK-NOT: error:

void run(hpar::View<double*> x) {
  Tile<1>::run(x);
  Tile<2>::run(x);
}
