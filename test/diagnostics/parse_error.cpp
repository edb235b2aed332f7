// Invalid C++ gives the compiler's diagnostic, a non-zero exit, no output, and an untouched input.
// RUN: rm -f %t.cu && cp %s %t.in.cpp
// RUN: not %hpar-translate --backend=cuda %t.in.cpp -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
// RUN: cmp %s %t.in.cpp
// RUN: echo keep > %t.old.cu && not %hpar-translate --backend=openmp %t.in.cpp -o %t.old.cu 2>/dev/null
// RUN: grep -q keep %t.old.cu
#include <hpar/hpar.hpp>

void broken(hpar::View<double*> x) {
  hpar::parallel_for("broken", x.extent(0), HPAR_LAMBDA(int i) { x(i) = undeclared; });
}
// CHECK: parse_error.cpp.tmp.in.cpp:11:73: error: use of undeclared identifier 'undeclared'
// CHECK: hpar-translate: no output written
