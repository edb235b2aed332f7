// Every family-5 diagnostic names the function where the problem is and, when that is not the
// functor, shows the chain of calls back to the kernel as notes. A function reached from several
// kernels is reported once, with the chain of the first kernel that reaches it.
// RUN: not %hpar-translate --check %s -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu -- -I%S/Inputs 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>
#include "helpers.hpp"

double missing(double v);
double innermost(double v) {
  double* scratch = new double[2];
  return v + missing(v) + helper_unmarked(v) + scratch[0];
}
double middle(double v) { return innermost(v) * 2; }
struct Stage {
  double apply(double v) const { return middle(v); }
};

struct Pipeline {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) = Stage{}.apply(x(i)); }
};

void chain(hpar::View<double*> x) {
  hpar::parallel_for("pipeline", x.extent(0), Pipeline{x});
  hpar::parallel_for("second", x.extent(0), HPAR_LAMBDA(int i) { x(i) = middle(x(i)) + innermost(x(i)); });
}
// CHECK: device_chain.cpp:13:21: error: 'innermost' (reached from kernel 'hpar_pipeline_L27') allocates memory with 'new[]'; device code cannot allocate memory: allocate a View before the dispatch, or use scratch memory [hpar-device-new]
// CHECK: device_chain.cpp:16:34: note: 'innermost' called from 'middle' here
// CHECK: device_chain.cpp:18:41: note: 'middle' called from 'Stage::apply' here
// CHECK: device_chain.cpp:23:62: note: 'Stage::apply' called from 'Pipeline::operator()' here
// CHECK: device_chain.cpp:27:3: note: 'Pipeline::operator()' runs as kernel 'hpar_pipeline_L27', launched here
// CHECK: device_chain.cpp:14:14: error: 'innermost' (reached from kernel 'hpar_pipeline_L27') calls 'missing', whose definition is not visible in this file, so it cannot be compiled for the device [hpar-device-not-visible]
// CHECK: device_chain.cpp:11:8: note: 'missing' declared here
// CHECK: device_chain.cpp:16:34: note: 'innermost' called from 'middle' here
// CHECK: device_chain.cpp:18:41: note: 'middle' called from 'Stage::apply' here
// CHECK: device_chain.cpp:23:62: note: 'Stage::apply' called from 'Pipeline::operator()' here
// CHECK: device_chain.cpp:27:3: note: 'Pipeline::operator()' runs as kernel 'hpar_pipeline_L27', launched here
// CHECK: device_chain.cpp:14:27: error: 'innermost' (reached from kernel 'hpar_pipeline_L27') calls 'helper_unmarked', which is defined in another file without HPAR_INLINE_FUNCTION or HPAR_FUNCTION [hpar-device-header]
// CHECK: helpers.hpp:3:15: note: 'helper_unmarked' defined here
// CHECK: device_chain.cpp:16:34: note: 'innermost' called from 'middle' here
// CHECK: device_chain.cpp:18:41: note: 'middle' called from 'Stage::apply' here
// CHECK: device_chain.cpp:23:62: note: 'Stage::apply' called from 'Pipeline::operator()' here
// CHECK: device_chain.cpp:27:3: note: 'Pipeline::operator()' runs as kernel 'hpar_pipeline_L27', launched here
// CHECK-NOT: error:
// CHECK: 3 errors generated.
