// Dispatches that translation cannot rewrite: in a file included inside a function, a class
// body or a namespace (their kernels would have to go before that declaration, in another
// file), and one written inside a macro expansion. All are analysis errors, reported before any
// check runs, and no output is written. (Dispatches in headers included at file scope are
// translated: translate/header_dispatch.cpp, header_specialisation.cpp; so are dispatches in
// definitions written at file scope whose class is another file's: member_template.cpp.)
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

// A file included inside a class body: its member's kernel would have to go before the class.
struct Smoother {
  hpar::View<double*> x;
#include "dispatch_in_class.inc"
};
// CHECK: dispatch_in_class.inc:4:3: error: hpar dispatch in a file included inside a declaration cannot be translated{{.*}}[hpar-dispatch-in-included-code]

// A header included inside a namespace: the namespace is the file-scope declaration, and it is
// in this file.
namespace kernels {
#include "dispatch_in_namespace.hpp"
}
// CHECK: dispatch_in_namespace.hpp:3:3: error: hpar dispatch in a file included inside a declaration cannot be translated{{.*}}[hpar-dispatch-in-included-code]
// CHECK-NOT: error:
