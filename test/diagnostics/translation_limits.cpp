// Dispatches that translation cannot rewrite: one in a user header (only the file given to
// hpar-translate is rewritten), one written inside a macro expansion. Both are analysis errors,
// reported before any check runs, and no output is written.
// RUN: not %hpar-translate --check %s -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>
#include "dispatch_in_header.hpp"
// CHECK: dispatch_in_header.hpp:5:3: error: hpar dispatch in a header cannot be translated: only the file given to hpar-translate is rewritten; move the dispatch into it [hpar-dispatch-in-header]

#define FILL(n, body) hpar::parallel_for("fill", n, body)

void fill(hpar::View<double*> x, int n) {
  FILL(n, HPAR_LAMBDA(int i) { x(i) = 1; });
  // CHECK: translation_limits.cpp:[[#@LINE-1]]:3: error: hpar dispatch written inside a macro expansion cannot be translated [hpar-dispatch-in-macro]
}
// CHECK-NOT: error:
