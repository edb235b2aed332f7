// hpar-scan-policy: there is no top-level scan over a TeamPolicy or an MDRangePolicy (analysis
// reports it and records no kernel); a scan over a RangePolicy or a count is accepted.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: not %hpar-translate --check %s -- -DMDRANGE 2>&1 | %FileCheck %s --check-prefix=MDRANGE
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
// RUN: %hpar-translate --check %s -- -DLEGAL 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.legal.cu -- -DLEGAL
// RUN: %FileCheck %s --check-prefix=CUDA < %t.legal.cu
// LEGAL-NOT: {{error|warning}}
// CUDA: hpar_range_scan_L
// CUDA: hpar_count_scan_L
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

#if defined(LEGAL)
void range_scan(hpar::View<long*> x) {
  hpar::parallel_scan("range_scan", hpar::RangePolicy<>(0, x.extent(0)), HPAR_LAMBDA(int i, long& u, bool final) {
    u += 1;
    if (final) x(i) = u;
  });
  long total = 0;
  hpar::parallel_scan("count_scan", x.extent(0), HPAR_LAMBDA(int i, long& u, bool final) { u += i; }, total);
}
#elif defined(MDRANGE)
void mdrange_scan(hpar::View<long**> x) {
  hpar::parallel_scan("grid", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {4, 4}), HPAR_LAMBDA(int i, int j, long& u, bool final) { u += i + j; });
  // MDRANGE: team_nesting.cpp:[[#@LINE-1]]:3: error: parallel_scan over an MDRangePolicy is not part of the programming model; scan inside the team with a nested parallel_scan or team_scan [hpar-scan-policy]
}
// MDRANGE-NOT: error:
#else
void team_scan(hpar::View<long*> x) {
  long total = 0;
  hpar::parallel_scan("scan", hpar::TeamPolicy<>(10, 1), HPAR_LAMBDA(const member_type& team, long& u, bool final) { u += 1; }, total);
  // CHECK: team_nesting.cpp:[[#@LINE-1]]:3: error: parallel_scan over a TeamPolicy is not part of the programming model; scan inside the team with a nested parallel_scan or team_scan [hpar-scan-policy]
}
// CHECK-NOT: error:
#endif
