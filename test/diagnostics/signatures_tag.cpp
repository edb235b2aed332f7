// A policy with a work tag calls the functor with the tag first; when no operator() takes that
// tag first, the error names the tag and lists the candidates.
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cpp
// RUN: not %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s --check-prefix=TRANSLATE
// RUN: test ! -e %t.cpp
// TRANSLATE: error: parallel_for over RangePolicy<Update> calls the functor as f(Update, i), but no operator() of 'Kernel' in kernel 'hpar_update_L[[#]]' takes 'Update' as its first parameter [hpar-functor-tag]
// TRANSLATE-NOT: note: in instantiation
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;
struct Init {};
struct Update {};
struct Finish {};

struct Kernel {
  hpar::View<double*> x;
  HPAR_INLINE_FUNCTION void operator()(Init, int i) const { x(i) = i; }
  HPAR_INLINE_FUNCTION void operator()(const Finish&, const member_type& team) const { (void)team; }
};

void tags(hpar::View<double*> x, int n) {
  Kernel k{x};
  hpar::parallel_for("update", hpar::RangePolicy<Update>(0, n), k);
  // CHECK: signatures_tag.cpp:[[#@LINE-1]]:65: error: parallel_for over RangePolicy<Update> calls the functor as f(Update, i), but no operator() of 'Kernel' in kernel 'hpar_update_L[[#@LINE-1]]' takes 'Update' as its first parameter [hpar-functor-tag]
  // CHECK: signatures_tag.cpp:[[#@LINE-8]]:40: note: candidate operator() takes (Init, int i)
  // CHECK: signatures_tag.cpp:[[#@LINE-8]]:40: note: candidate operator() takes (const Finish&, const member_type& team)

  hpar::parallel_for("team_tag", hpar::TeamPolicy<Init>(n, 1), k);
  // CHECK: signatures_tag.cpp:[[#@LINE-1]]:64: error: parallel_for over TeamPolicy<Init> calls the functor as f(Init, team), but operator() of 'Kernel' in kernel 'hpar_team_tag_L[[#@LINE-1]]' takes (Init, int i); 'int i' cannot take the team member [hpar-functor-signature]
  // CHECK: signatures_tag.cpp:[[#@LINE-13]]:50: note: parameter declared here

  // A lambda takes the tag first as well.
  hpar::parallel_for("lambda", hpar::MDRangePolicy<hpar::Rank<2>, Init>({0, 0}, {n, n}),
                     HPAR_LAMBDA(int i, int j) { x(i) += j; });
  // CHECK: signatures_tag.cpp:[[#@LINE-1]]:22: error: parallel_for over MDRangePolicy<Rank<2>, Init> calls the functor as f(Init, i0, i1), but the lambda of kernel 'hpar_lambda_L[[#@LINE-2]]' does not take 'Init' as its first parameter [hpar-functor-tag]
  // CHECK: signatures_tag.cpp:[[#@LINE-2]]:34: note: the lambda takes (int i, int j)
}
// CHECK-NOT: error:
