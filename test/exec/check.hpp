// Shared checking helpers of the execution programs: each failed check prints one line and is
// counted; report() prints PASSED or FAILED and gives main's exit status.
#pragma once

#include <cmath>
#include <cstdio>

inline int g_failed = 0;

inline void check(bool ok, const char* what) {
  if (!ok) {
    ++g_failed;
    std::printf("check failed: %s\n", what);
  }
}

inline void check_eq(const char* what, long long got, long long expected) {
  if (got != expected) {
    ++g_failed;
    std::printf("check failed: %s: got %lld, expected %lld\n", what, got, expected);
  }
}

inline void check_near(const char* what, double got, double expected, double tol) {
  if (!(std::fabs(got - expected) <= tol)) {
    ++g_failed;
    std::printf("check failed: %s: got %.17g, expected %.17g (tolerance %g)\n", what, got, expected, tol);
  }
}

inline void check_same(const char* what, double got, double expected) {
  if (!(got == expected)) {
    ++g_failed;
    std::printf("check failed: %s: got %.17g, expected %.17g\n", what, got, expected);
  }
}

inline int report() {
  if (g_failed != 0) {
    std::printf("FAILED: %d checks\n", g_failed);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
