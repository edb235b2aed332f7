#include "frontend/Frontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace hpar {
namespace frontend {

/// Returns the real path of `path`, or an empty string when it does not exist.
static std::string realPathOrEmpty(const llvm::Twine& path) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real)) return "";
  return std::string(real);
}

SearchPaths findSearchPaths(const char* argv0) {
  SearchPaths paths;
  paths.resourceDir = HPAR_CLANG_RESOURCE_DIR;
  std::string exe = llvm::sys::fs::getMainExecutable(argv0, (void*)&findSearchPaths);
  llvm::SmallString<256> prefix(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::SmallString<256> installed(prefix);
  llvm::sys::path::append(installed, "include");
  llvm::SmallString<256> probe(installed);
  llvm::sys::path::append(probe, "hpar", "rt", "common.hpp");
  if (llvm::sys::fs::exists(probe)) {
    paths.apiInclude = realPathOrEmpty(installed);
    paths.runtimeInclude = paths.apiInclude;
  } else {
    paths.apiInclude = realPathOrEmpty(HPAR_SOURCE_INCLUDE_DIR);
    paths.runtimeInclude = realPathOrEmpty(HPAR_SOURCE_RUNTIME_INCLUDE_DIR);
  }
  return paths;
}

clang::tooling::ArgumentsAdjuster makeArgumentsAdjuster(const SearchPaths& paths,
                                                         llvm::StringRef backend) {
  std::vector<std::string> extra = {
      "-fsyntax-only",
      "-D__HPAR_TRANSLATING__=1",
      // The backend the output is for: the header declares its spaces and KOKKOS_ENABLE_*
      // (include/hpar/macros.hpp). It replaces any backend the compile command names.
      "-UHPAR_BACKEND_CONFIG",
      ("-DHPAR_BACKEND_CONFIG=<hpar/rt/" + backend + "/config.hpp>").str(),
      "-resource-dir=" + paths.resourceDir,
      "-I" + paths.apiInclude,
      "-I" + paths.runtimeInclude,
      "-I" + paths.apiInclude + "/hpar/compat",
      // Stand-ins for the backend's own headers that a program may include (CUDA's
      // <cuda_runtime.h>: hpar/rt/cuda/parse/), searched after every directory of the compile
      // command, so that the real ones win where the command names their directory.
      "-idirafter",
      paths.runtimeInclude + "/hpar/rt/" + backend.str() + "/parse",
  };
  // C++17 unless the user's own flags (which come later) say otherwise.
  auto standard = clang::tooling::getInsertArgumentAdjuster(
      "-std=c++17", clang::tooling::ArgumentInsertPosition::BEGIN);
  return clang::tooling::combineAdjusters(
      clang::tooling::combineAdjusters(clang::tooling::getClangStripOutputAdjuster(), standard),
      clang::tooling::getInsertArgumentAdjuster(extra,
                                                clang::tooling::ArgumentInsertPosition::END));
}

bool isLibraryLocation(const clang::SourceManager& SM, const SearchPaths& paths,
                       clang::SourceLocation loc) {
  clang::SourceLocation E = SM.getExpansionLoc(loc);
  if (SM.isInSystemHeader(E)) return true;
  auto File = SM.getFileEntryRefForID(SM.getFileID(E));
  if (!File) return false;
  llvm::StringRef real = File->getFileEntry().tryGetRealPathName();
  auto under = [&](const std::string& dir) {
    return !dir.empty() && real.starts_with(dir + "/hpar/");
  };
  return under(paths.apiInclude) || under(paths.runtimeInclude);
}

}  // namespace frontend
}  // namespace hpar
