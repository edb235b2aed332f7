// The translation pipeline for a set of files: parse, find dispatches, check, emit.
#pragma once

#include "diag/Diagnostics.h"
#include "emit/Registry.h"
#include "frontend/Frontend.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace hpar {

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

/// The result of translating a source text held in memory.
struct TextResult {
  int status = 0;           // 0: translated (with checkOnly: passed every check); otherwise 1
  std::string text;         // the generated text; empty on error and with checkOnly
  std::string diagnostics;  // every diagnostic, printed as clang prints them
};

/// Translates source texts held in memory, one after another, through the same pipeline as
/// `translate` (analysis, checks, emission) without touching the file system for the input or
/// the output. Made for many small runs (the fuzz target in fuzz/): the compiler driver runs once
/// per backend, not per text; every run shares one FileManager; and `precompile` can put a
/// precompiled header in front of every text, so that the API header is not parsed each time.
///
/// There is no crash recovery here: a crash of clang or of the translator reaches the caller
/// (`translate` above recovers, per file).
class TextTranslator {
public:
  /// `args` are the compiler arguments that follow `--` on hpar-translate's command line (e.g.
  /// -I, -D, -ferror-limit=N); the parse gets the same added arguments as `translate`'s
  /// (frontend::makeArgumentsAdjuster). Texts are named `fileName` in diagnostics.
  TextTranslator(frontend::SearchPaths paths, std::vector<std::string> args,
                 std::string fileName = "input.cpp");
  ~TextTranslator();

  /// Precompiles `header` (a path, parsed with exactly the arguments a text gets) once per
  /// backend into the folder `dir`, and from then on parses every text as if it began with
  /// `#include` of that header (clang's -include-pch): the text's own `#include` of it, or of
  /// anything it includes, is then skipped by the headers' include guards. Returns "" or why the
  /// header could not be precompiled (its diagnostics).
  std::string precompile(const std::string& header, const std::string& dir);

  /// Translates `source` for `options.backend` (with `options.checkOnly`, checks it only).
  TextResult translate(llvm::StringRef source, const TranslateOptions& options);

  /// Parses `source` exactly as `translate` would for `options.backend`, and stops there: clang
  /// alone, with none of hpar's analysis, checks or emission (status 0 when clang reports no
  /// error; no text). Tells a crash of clang's own from one of the translator's.
  TextResult parse(llvm::StringRef source, const TranslateOptions& options);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

}  // namespace hpar
