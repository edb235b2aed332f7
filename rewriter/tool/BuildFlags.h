// The builds of each backend's output (emit/Builds.def) and the backends hpar-c++ knows
// (emit/Backends.def), for the compiler driver: which compiler runs, with which flags. Nothing
// here names a backend; the tables do.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace hpar {
namespace builds {

using Args = std::vector<std::string>;

/// One line of emit/Builds.def.
struct Build {
  const char* name;            // what --hpar-print-flags= takes
  const char* backend;         // a name of emit/Backends.def
  const char* compiler;        // nvcc, clang or gcc
  const char* offload;         // host or nvptx
  const char* translateFlags;  // hpar-translate's, after its `--`
  const char* flags;           // the compile's and the link's
  const char* linkFlags;       // the link's alone
};

/// Every build, in Builds.def order.
llvm::ArrayRef<Build> allBuilds();

/// The build called `name`, or null.
const Build* findBuild(llvm::StringRef name);

/// The builds' names for messages: "cuda, cuda-check, ... or openmp-nvptx-gcc".
std::string buildNames();

/// The output extension of the translator's `backend` (".cu"), or null when it has none.
const char* outputExtension(llvm::StringRef backend);

/// The translator's backends (Backends.def order) and `serial`, the backend without translation.
std::vector<std::string> backendNames();

/// The translator's backends and `serial` for messages: "cuda, openmp or serial".
std::string backendNamesWithSerial();

/// The first build of `backend` that `compilerKind` (clang, gcc) builds, or its first build
/// with nvcc; when `device`, the first of those whose program runs on a device. Null if none.
const Build* buildFor(llvm::StringRef backend, llvm::StringRef compilerKind, bool device);

/// The C++ compiler of the host: HPAR_CXX, else clang++-19 where it is found, else g++.
std::string hostCompiler();

/// clang or gcc: the family of the host compiler `cxx`, by its name.
llvm::StringRef compilerKindOf(llvm::StringRef cxx);

/// The program that runs a build's `compiler` column: HPAR_NVCC (default
/// /usr/local/cuda/bin/nvcc) for nvcc; HPAR_CXX, else clang++-19 or g++, for clang and gcc.
std::string compilerProgram(llvm::StringRef compiler);

/// `flags` split as a shell splits words, with their placeholders filled for `compiler` (the
/// program, asked for -print-file-name). Returns "" or what is missing.
std::string expandFlags(llvm::StringRef flags, const std::string& compiler, Args& out);

/// `args` as one line a shell splits back into them.
std::string shellJoin(const Args& args);

}  // namespace builds
}  // namespace hpar
