// Shared by the runtime's OpenMP test programs: a failed check prints the line and counts.
#pragma once

#include <cstdio>

namespace hpar_test {

inline int& failures() {
  static int count = 0;
  return count;
}

inline void check(bool ok, const char* what, int line) {
  if (!ok) {
    std::printf("FAIL line %d: %s\n", line, what);
    ++failures();
  }
}

/// Prints the result line of a test program and returns its exit status.
inline int report(const char* test) {
  std::printf("%s: %s\n", test, failures() == 0 ? "PASS" : "FAIL");
  return failures() == 0 ? 0 : 1;
}

}  // namespace hpar_test

#define CHECK(cond) ::hpar_test::check((cond), #cond, __LINE__)

// In a -DHPAR_TEST_SHAPE build, the first thread of team 0 prints the shape it runs with.
#ifdef HPAR_TEST_SHAPE
#define HPAR_TEST_PRINT_SHAPE(kernel)                                                   \
  do {                                                                                  \
    if (omp_get_team_num() == 0 && omp_get_thread_num() == 0)                           \
      std::printf("%s: %d teams x %d threads\n", kernel, omp_get_num_teams(),           \
                  omp_get_num_threads());                                               \
  } while (0)
#else
#define HPAR_TEST_PRINT_SHAPE(kernel) \
  do {                                \
  } while (0)
#endif
