// The diagnostic options of the command line, on a warning (hpar-scratch-unrequested): --check
// prints it and succeeds; -Wno-<id> silences it and -W<id> turns it back on; -Werror makes it an
// error that stops translation with no output; an error id cannot be turned off, an unknown id is
// refused, and --list-checks lists every id with its severity.
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: %hpar-translate --check -Wno-hpar-scratch-unrequested %s -- > %t.quiet 2>&1
// RUN: test ! -s %t.quiet
// RUN: %hpar-translate --check -Wno-hpar-scratch-unrequested -Whpar-scratch-unrequested %s -- 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: not %hpar-translate --check -Werror %s -- 2>&1 | %FileCheck %s --check-prefix=WERROR
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda -Werror %s -o %t.cu -- 2>&1 | %FileCheck %s --check-prefixes=WERROR,NO-OUTPUT
// RUN: test ! -e %t.cu
// RUN: %hpar-translate --backend=cuda %s -o %t.cu -- 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: test -s %t.cu
// RUN: not %hpar-translate --check -Wno-hpar-capture-by-ref %s -- 2>&1 | %FileCheck %s --check-prefix=NOT-WARNING
// RUN: not %hpar-translate --check -Wno-hpar-no-such-check %s -- 2>&1 | %FileCheck %s --check-prefix=UNKNOWN
// RUN: not %hpar-translate --check -Whpar-no-such-check %s -- 2>&1 | %FileCheck %s --check-prefix=UNKNOWN-ON
// RUN: %hpar-translate --list-checks | %FileCheck %s --check-prefix=LIST
#include <hpar/hpar.hpp>

using member_type = hpar::TeamPolicy<>::member_type;

void shared(hpar::View<double*> x, int n) {
  hpar::parallel_for("shared", hpar::TeamPolicy<>(n, 32), HPAR_LAMBDA(const member_type& t) {
    x(t.league_rank()) = *static_cast<double*>(t.team_scratch(0).get_shmem(8));
  });
}
// WARN: check_options.cpp:[[#@LINE-3]]:50: warning: kernel 'hpar_shared_L[[#@LINE-4]]' uses team_scratch(0), but its policy requests no level-0 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
// WARN: check_options.cpp:[[#@LINE-5]]:32: note: the policy of kernel 'hpar_shared_L[[#@LINE-5]]' is built here
// WARN-NOT: error
// WARN: 1 warning generated.

// WERROR: check_options.cpp:[[#@LINE-8]]:50: error: kernel 'hpar_shared_L[[#@LINE-9]]' uses team_scratch(0), but its policy requests no level-0 scratch; every allocation from it returns nullptr [hpar-scratch-unrequested]
// WERROR: check_options.cpp:[[#@LINE-10]]:32: note: the policy of kernel 'hpar_shared_L[[#@LINE-10]]' is built here
// WERROR-NOT: warning:
// WERROR: 1 error generated.
// NO-OUTPUT: hpar-translate: no output written

// NOT-WARNING: hpar-translate: error: -Wno-hpar-capture-by-ref: 'hpar-capture-by-ref' is an error, not a warning; it cannot be turned off
// UNKNOWN: hpar-translate: error: -Wno-hpar-no-such-check: unknown warning 'hpar-no-such-check' (--list-checks prints every id)
// UNKNOWN-ON: hpar-translate: error: -Whpar-no-such-check: unknown warning 'hpar-no-such-check' (--list-checks prints every id)

// LIST: hpar-dispatch-in-included-code{{ +}}error{{ +}}translation{{ +}}a dispatch in a file #included inside a declaration
// LIST: hpar-header-inclusions-differ{{ +}}error{{ +}}translation{{ +}}a header included more than once
// LIST: hpar-capture-by-ref{{ +}}error{{ +}}captures{{ +}}a top-level functor lambda captures by reference
// LIST: hpar-mdrange-rank{{ +}}error{{ +}}policies{{ +}}an MDRangePolicy rank outside 2..6
// LIST: hpar-nested-mdrange-rank{{ +}}error{{ +}}policies
// LIST: hpar-team-size{{ +}}error{{ +}}policies
// LIST: hpar-vector-length{{ +}}error{{ +}}policies
// LIST: hpar-scratch-too-large{{ +}}error{{ +}}policies
// LIST: hpar-scratch-level{{ +}}error{{ +}}policies
// LIST: hpar-scratch-unrequested{{ +}}warning{{ +}}policies{{ +}}team_scratch or thread_scratch at a level the policy requests no memory for
