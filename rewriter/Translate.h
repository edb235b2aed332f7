// The translation pipeline for a set of files: parse (frontend/ParseRetry.h), analyse, check,
// emit, and the output's text with its copies of the user's headers (output/HeaderCopies.h).
#pragma once

#include "diag/Diagnostics.h"
#include "emit/Registry.h"
#include "frontend/Frontend.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class FrontendAction;
}

namespace hpar {

namespace emit {
class Backend;
}

/// How to run the pipeline.
struct TranslateOptions {
  /// The backend the output is for (emit/Backends.def); --check checks for it too.
  const emit::BackendInfo* backend = &emit::allBackends().front();
  bool checkOnly = false;                // --check: analysis and checks only, no text generated
  bool explainLaunch = false;            // --explain-launch: a remark on each kernel's launch
  diag::DiagnosticOptions diagnostics;  // -W options
};

/// The result of translating one file: the generated text and every file the parse read
/// (for build systems' dependency tracking).
struct TranslatedFile {
  std::string text;
  std::vector<std::string> dependencies;
  /// The translated copies of the user's headers the output includes instead of the headers
  /// (those with dispatches, and those that include one of them): each path is relative to the
  /// output's folder, under <source stem>.hpar-headers/.
  struct Header {
    std::string path;
    std::string text;
  };
  std::vector<Header> headers;
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

/// The pipeline (analysis, checks, emission) as the clang action of one full parse of a file,
/// for a caller that runs clang itself (the fuzz target, fuzz/TextTranslator.h): what
/// `translate` runs on each parse. On success `outputs` gets the file's entry, keyed by its real
/// path (its name as given to the parse when it has none). `paths`, `options` and `backend` (made
/// from `options.backend`) must outlive the action.
std::unique_ptr<clang::FrontendAction> makeTranslateAction(
    const frontend::SearchPaths& paths, const TranslateOptions& options,
    const emit::Backend& backend, std::map<std::string, TranslatedFile>& outputs);

}  // namespace hpar
