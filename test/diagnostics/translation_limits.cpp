// Dispatches that translation cannot rewrite: one in a file included inside a function (its
// kernel would have to go before the function, in another file), one written inside a macro
// expansion. Both are analysis errors, reported before any check runs, and no output is written.
// (Dispatches in headers included at file scope are translated: translate/header_dispatch.cpp.)
// RUN: not %hpar-translate --check %s -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>

inline void clear(hpar::View<double*> x, int n) {
#include "dispatch_in_body.inc"
}
// CHECK: dispatch_in_body.inc:3:1: error: hpar dispatch in a file included inside a declaration cannot be translated: the kernel would go before that declaration, in another file; include the file at file scope, or move the dispatch into the including file [hpar-dispatch-in-included-code]

#define FILL(n, body) hpar::parallel_for("fill", n, body)

void fill(hpar::View<double*> x, int n) {
  FILL(n, HPAR_LAMBDA(int i) { x(i) = 1; });
  // CHECK: translation_limits.cpp:[[#@LINE-1]]:3: error: hpar dispatch written inside a macro expansion cannot be translated [hpar-dispatch-in-macro]
}
// CHECK-NOT: error:
