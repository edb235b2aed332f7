// The translation pipeline for a set of files: parse, find dispatches, check, emit.
#pragma once

#include "checks/Diagnostics.h"
#include "frontend/Frontend.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <string>
#include <vector>

namespace hpar {

enum class BackendKind { Cuda, OpenMP };

/// How to run the pipeline.
struct TranslateOptions {
  BackendKind backend = BackendKind::Cuda;
  bool checkOnly = false;                // --check: analysis and checks only, no text generated
  checks::DiagnosticOptions diagnostics;  // -W options
};

/// The result of translating one file: the generated text and every file the parse read
/// (for build systems' dependency tracking).
struct TranslatedFile {
  std::string text;
  std::vector<std::string> dependencies;
};

/// The real path of a file (absolute, links resolved): how `translate` keys its outputs.
std::string realPath(const std::string& path);

/// Translates `files`; on success fills `outputs` (realPath(input) -> generated text) and returns 0.
/// Every problem is reported as a clang diagnostic; then the return value is non-zero and
/// `outputs` holds only the files that translated cleanly. With `checkOnly`, the outputs of the
/// files that pass every check hold no text.
int translate(const clang::tooling::CompilationDatabase& db, const std::vector<std::string>& files,
              const frontend::SearchPaths& paths, const TranslateOptions& options,
              std::map<std::string, TranslatedFile>& outputs);

}  // namespace hpar
