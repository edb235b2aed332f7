// Shared by the CUDA runtime tests: a pass/fail tally that prints one line per check.
#pragma once
#include <cstdio>

static int hpar_test_failures = 0;

#define EXPECT(cond, ...)                                             \
  do {                                                                \
    if (!(cond)) {                                                    \
      ++hpar_test_failures;                                           \
      std::printf("FAILED %s:%d: ", __FILE__, __LINE__);              \
      std::printf(__VA_ARGS__);                                       \
      std::printf("\n");                                              \
    }                                                                 \
  } while (0)

static int finish_tests(const char* name) {
  if (hpar_test_failures == 0)
    std::printf("%s: OK\n", name);
  else
    std::printf("%s: FAILED (%d checks)\n", name, hpar_test_failures);
  return hpar_test_failures == 0 ? 0 : 1;
}
