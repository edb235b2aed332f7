// The parses of a file: first the short parse, without the standard headers of Kokkos_Core.hpp
// (HPAR_IMPL_CHOSEN_STD_HEADERS on its command line), its diagnostics held back; where it has an
// error or may read the program differently from the full parse (analysis/StdHeaders.h), its
// diagnostics and results are dropped and the full parse, with all of them, runs instead.
// docs/design.md, "The short parse".
#pragma once

#include "frontend/Frontend.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>

namespace clang {
class FrontendAction;
}

namespace hpar {
namespace frontend {

/// Prints diagnostics as clang does and counts the errors, including the compiler driver's own
/// (an unknown flag after `--`), which do not stop the parse and would otherwise go unnoticed.
/// A file's diagnostics are printed with the options of its compile command (e.g.
/// -fdiagnostics-parseable-fixits); the driver's, which come before any file, with the defaults.
/// They go to stderr, or to `Out` (the short parse's, held until it is known whether they are the
/// ones to show).
class CountingDiagnostics : public clang::DiagnosticConsumer {
public:
  explicit CountingDiagnostics(llvm::raw_ostream& Out = llvm::errs());
  void BeginSourceFile(const clang::LangOptions& LO, const clang::Preprocessor* PP) override;
  void EndSourceFile() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic& Info) override;

private:
  clang::DiagnosticConsumer& printer() { return FilePrinter ? *FilePrinter : DriverPrinter; }

  llvm::raw_ostream& Out;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DriverOptions;
  clang::TextDiagnosticPrinter DriverPrinter;
  std::unique_ptr<clang::TextDiagnosticPrinter> FilePrinter;
};

/// What each parse of a file runs (the translation pipeline), and what becomes of its results.
class ParseActions {
public:
  virtual ~ParseActions() = default;
  /// The action of one parse. `heldOutput` is null for the full parse; for the short parse it is
  /// where the compiler's own lines ("N warnings generated") must go, held with its diagnostics
  /// (CompilerInstance::setVerboseOutputStream), and the results must be held too until
  /// keepShortParse.
  virtual std::unique_ptr<clang::FrontendAction> create(llvm::raw_ostream* heldOutput) = 0;
  /// After the short parse: whether its reading of the program is the full parse's
  /// (analysis::StdHeaderFacts::shortParseHolds).
  virtual bool shortParseHolds() const = 0;
  /// The short parse holds: its held results become the file's.
  virtual void keepShortParse() = 0;
};

/// Parses files, each with its compile command from a compilation database and the arguments
/// every parse gets (makeArgumentsAdjuster), the short parse first.
class ParseRetry {
public:
  ParseRetry(const clang::tooling::CompilationDatabase& db, const SearchPaths& paths,
             std::string backend, ParseActions& actions)
      : db(db), paths(paths), backend(std::move(backend)), actions(actions) {}

  /// Parses `file` (the short parse; if it does not hold, the full parse) and returns
  /// ClangTool::run's status of the parse that counts (0: no error).
  int parse(const std::string& file);

  /// The errors of the full parses so far and the compiler driver's, which do not make a parse
  /// fail (a kept short parse has none).
  unsigned errors() const { return fullDiagnostics.getNumErrors(); }

private:
  /// The short parse of `file`: 0 when it holds, its results then kept and its diagnostics
  /// printed; -1 when it does not, its diagnostics and results dropped.
  int shortParse(const std::string& file);

  const clang::tooling::CompilationDatabase& db;
  const SearchPaths& paths;
  const std::string backend;
  ParseActions& actions;
  CountingDiagnostics fullDiagnostics;  // of every full parse, printed as they come
};

}  // namespace frontend
}  // namespace hpar
