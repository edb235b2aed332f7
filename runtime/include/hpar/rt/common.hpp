// hpar runtime: pieces shared by every backend.
//
// A KernelSite names one generated kernel: the user's label, the generated kernel name and the
// source line of the dispatch it came from. Every runtime failure is reported through fail(), so
// the user always learns which kernel failed and why.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace hpar {
namespace rt {

struct KernelSite {
  const char* label;   // the user's label, or "" when the dispatch had none
  const char* kernel;  // the generated kernel's name
  const char* file;    // source file of the dispatch
  int line;            // source line of the dispatch
};

/// Reports a runtime failure of one kernel on stderr and ends the program.
[[noreturn]] inline void fail(const KernelSite& site, const char* what) {
  std::fprintf(stderr, "hpar: error: kernel '%s' (label \"%s\", %s:%d): %s\n", site.kernel,
               site.label ? site.label : "", site.file, site.line, what);
  std::fflush(stderr);
  std::abort();
}

}  // namespace rt
}  // namespace hpar
