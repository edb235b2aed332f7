// The diagnostics of hpar-translate: the registry of check ids (CheckList.def), the options that
// turn warnings on, off or into errors (-W<id>, -Wno-<id>, -Werror), and the Reporter every rule
// reports through. Each message goes through clang's DiagnosticsEngine, so it prints as
// file:line:col with a caret, ranges and fix-its, and ends with its id: "... [hpar-capture-by-ref]".
#pragma once

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <set>
#include <string>

namespace hpar {
namespace diag {

enum class CheckId {
#define HPAR_CHECK(Enumerator, Id, Severity, Family, Summary) Enumerator,
#include "diag/CheckList.def"
};

enum class Severity { Error, Warning };

/// One line of CheckList.def.
struct CheckInfo {
  CheckId check;
  const char* id;
  Severity severity;
  const char* family;
  const char* summary;
};

/// Every check, in CheckList.def order.
llvm::ArrayRef<CheckInfo> allChecks();
const CheckInfo& infoOf(CheckId check);

/// What -W options ask for. Errors cannot be disabled; warnings are on unless -Wno-<id>.
struct DiagnosticOptions {
  bool warningsAsErrors = false;   // -Werror
  std::set<std::string> disabled;  // -Wno-<id>
  std::set<std::string> enabled;   // -W<id> (undoes an earlier -Wno-<id>)

  /// Applies one -W value (the text after "-W": "error", "no-<id>" or "<id>"); returns an
  /// explanation when the value names no warning, or an empty string.
  std::string apply(llvm::StringRef value);
};

/// Reports a check's diagnostic with its id, honouring the options. A disabled warning is
/// reported at the "ignored" level, so clang also drops the notes that follow it.
class Reporter {
public:
  Reporter(clang::DiagnosticsEngine& Diags, const DiagnosticOptions& Options)
      : Diags(Diags), Options(Options) {}

  /// Starts the diagnostic of `check` at `loc`; stream source ranges and fix-its into the result.
  clang::DiagnosticBuilder report(CheckId check, clang::SourceLocation loc, llvm::StringRef message);
  /// A note attached to the last diagnostic (dropped with it when that one was disabled).
  clang::DiagnosticBuilder note(clang::SourceLocation loc, llvm::StringRef message);
  /// Whether `check` prints at all.
  bool enabled(CheckId check) const;
  clang::DiagnosticsEngine& engine() { return Diags; }

private:
  clang::DiagnosticsEngine& Diags;
  const DiagnosticOptions& Options;
};

}  // namespace diag
}  // namespace hpar
