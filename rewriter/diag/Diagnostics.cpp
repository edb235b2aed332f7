#include "diag/Diagnostics.h"

using namespace clang;

namespace hpar {
namespace diag {

static const CheckInfo Checks[] = {
#define HPAR_CHECK(Enumerator, Id, Sev, Family, Summary) \
  {CheckId::Enumerator, Id, Severity::Sev, Family, Summary},
#include "diag/CheckList.def"
};

llvm::ArrayRef<CheckInfo> allChecks() { return Checks; }

const CheckInfo& infoOf(CheckId check) { return Checks[static_cast<size_t>(check)]; }

/// The check with id `id`, or null.
static const CheckInfo* findCheck(llvm::StringRef id) {
  for (const CheckInfo& C : Checks)
    if (id == C.id) return &C;
  return nullptr;
}

std::string DiagnosticOptions::apply(llvm::StringRef value) {
  if (value == "error") {
    warningsAsErrors = true;
    return "";
  }
  bool off = value.consume_front("no-");
  const CheckInfo* C = findCheck(value);
  if (!C) return "unknown warning '" + value.str() + "' (--list-checks prints every id)";
  if (C->severity == Severity::Error)
    return "'" + value.str() + "' is an error, not a warning; it cannot be turned " +
           (off ? "off" : "on");
  if (off) {
    disabled.insert(value.str());
    enabled.erase(value.str());
  } else {
    enabled.insert(value.str());
    disabled.erase(value.str());
  }
  return "";
}

bool Reporter::enabled(CheckId check) const {
  const CheckInfo& C = infoOf(check);
  return C.severity == Severity::Error || !Options.disabled.count(C.id);
}

DiagnosticBuilder Reporter::report(CheckId check, SourceLocation loc, llvm::StringRef message) {
  const CheckInfo& C = infoOf(check);
  DiagnosticsEngine::Level Level = DiagnosticsEngine::Error;
  if (C.severity == Severity::Warning)
    Level = !enabled(check)              ? DiagnosticsEngine::Ignored
            : Options.warningsAsErrors ? DiagnosticsEngine::Error
                                       : DiagnosticsEngine::Warning;
  // The id is part of the format, so the message itself is the only argument.
  std::string Format = std::string("%0 [") + C.id + "]";
  unsigned ID = Diags.getDiagnosticIDs()->getCustomDiagID(
      static_cast<DiagnosticIDs::Level>(Level), Format);
  return Diags.Report(loc, ID) << message;
}

DiagnosticBuilder Reporter::note(SourceLocation loc, llvm::StringRef message) {
  return Diags.Report(loc, Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0")) << message;
}

}  // namespace diag
}  // namespace hpar
