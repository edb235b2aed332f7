// Set-up of the Clang tool: where clang's resource headers and hpar's headers are, and which
// extra arguments every parse gets.
#pragma once

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include <string>
#include <vector>

namespace hpar {
namespace frontend {

/// Directories hpar-translate parses against.
struct SearchPaths {
  std::string resourceDir;     // clang's builtin headers
  std::string apiInclude;      // holds hpar/hpar.hpp
  std::string runtimeInclude;  // holds hpar/rt/common.hpp
};

/// Finds the paths from the executable's location (install layout: <prefix>/bin and
/// <prefix>/include), falling back to the source tree it was built from.
SearchPaths findSearchPaths(const char* argv0);

/// Arguments added to every compile command: parse only, translating mode, the backend the
/// output is for (`backend`, a name of emit/Backends.def: its configuration header
/// hpar/rt/<backend>/config.hpp becomes HPAR_BACKEND_CONFIG), hpar's headers.
clang::tooling::ArgumentsAdjuster makeArgumentsAdjuster(const SearchPaths& paths,
                                                         llvm::StringRef backend);

/// True when a location lies in a system header or in hpar's own headers (API or runtime): code
/// the translator neither rewrites nor checks.
bool isLibraryLocation(const clang::SourceManager& SM, const SearchPaths& paths,
                       clang::SourceLocation loc);

}  // namespace frontend
}  // namespace hpar
