// The fuzz target's way into the pipeline: source texts held in memory, translated one after
// another, each parsed after a precompiled header (docs/testing.md, "Why it is fast enough to
// fuzz"). Built only into the fuzz target (fuzz/CMakeLists.txt).
#pragma once

#include "Translate.h"
#include "frontend/Frontend.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace hpar {

/// The result of translating a source text held in memory.
struct TextResult {
  int status = 0;           // 0: translated (with checkOnly: passed every check); otherwise 1
  std::string text;         // the generated text; empty on error and with checkOnly
  std::string diagnostics;  // every diagnostic, printed as clang prints them
};

/// Translates source texts held in memory, one after another, through the same pipeline as
/// `translate` (Translate.h: analysis, checks, emission; makeTranslateAction) without touching
/// the file system for the input or the output. Made for many small runs (the fuzz target): the
/// compiler driver runs once per backend, not per text; every run shares one FileManager; and
/// `precompile` can put a precompiled header in front of every text, so that the API header is
/// not parsed each time.
///
/// There is no crash recovery here: a crash of clang or of the translator reaches the caller
/// (`translate` recovers, per file).
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
