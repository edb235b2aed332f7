#include "frontend/ParseRetry.h"

#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace hpar {
namespace frontend {

CountingDiagnostics::CountingDiagnostics(llvm::raw_ostream& Out)
    : Out(Out), DriverOptions(new DiagnosticOptions()), DriverPrinter(Out, &*DriverOptions) {}

void CountingDiagnostics::BeginSourceFile(const LangOptions& LO, const Preprocessor* PP) {
  if (PP)
    FilePrinter = std::make_unique<TextDiagnosticPrinter>(
        Out, &PP->getDiagnostics().getDiagnosticOptions());
  printer().BeginSourceFile(LO, PP);
}

void CountingDiagnostics::EndSourceFile() {
  printer().EndSourceFile();
  FilePrinter.reset();
}

void CountingDiagnostics::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                           const Diagnostic& Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);  // counts
  printer().HandleDiagnostic(Level, Info);
}

namespace {

/// Makes the action of one parse of one file: the short parse (held output) or the full one.
class ActionFactory : public tooling::FrontendActionFactory {
public:
  ActionFactory(ParseActions& Actions, llvm::raw_ostream* HeldOutput)
      : Actions(Actions), HeldOutput(HeldOutput) {}
  std::unique_ptr<FrontendAction> create() override { return Actions.create(HeldOutput); }

private:
  ParseActions& Actions;
  /// Where the short parse's compiler prints its own lines; null for the full parse.
  llvm::raw_ostream* const HeldOutput;
};

}  // namespace

int ParseRetry::shortParse(const std::string& File) {
  std::string HeldText;
  llvm::raw_string_ostream HeldOut(HeldText);
  CountingDiagnostics Held(HeldOut);
  ActionFactory Factory(actions, &HeldOut);
  tooling::ClangTool Tool(db, {File});
  Tool.appendArgumentsAdjuster(makeArgumentsAdjuster(paths, backend));
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      "-DHPAR_IMPL_CHOSEN_STD_HEADERS=1", tooling::ArgumentInsertPosition::END));
  Tool.setDiagnosticConsumer(&Held);
  Tool.setPrintErrorMessage(false);  // (its "Error while processing" line)
  const int Rc = Tool.run(&Factory);
  if (Rc != 0 || Held.getNumErrors() > 0 || !actions.shortParseHolds()) return -1;
  llvm::errs() << HeldOut.str();
  actions.keepShortParse();
  return 0;
}

int ParseRetry::parse(const std::string& File) {
  if (shortParse(File) == 0) return 0;
  ActionFactory Factory(actions, /*HeldOutput=*/nullptr);
  tooling::ClangTool Tool(db, {File});
  Tool.appendArgumentsAdjuster(makeArgumentsAdjuster(paths, backend));
  Tool.setDiagnosticConsumer(&fullDiagnostics);
  return Tool.run(&Factory);
}

}  // namespace frontend
}  // namespace hpar
