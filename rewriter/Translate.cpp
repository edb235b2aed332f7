#include "Translate.h"
#include "analysis/DispatchFinder.h"
#include "checks/Checks.h"
#include "emit/Backend.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include <algorithm>
#include "llvm/Support/Path.h"

using namespace clang;

namespace hpar {

namespace {

/// Runs analysis, checks and emission once the main file is parsed.
class TranslateConsumer : public ASTConsumer {
public:
  TranslateConsumer(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                    const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs,
                    std::string File)
      : Paths(Paths), Options(Options), B(B), Outputs(Outputs), File(std::move(File)) {}

  void HandleTranslationUnit(ASTContext& Ctx) override {
    DiagnosticsEngine& Diags = Ctx.getDiagnostics();
    if (Diags.hasErrorOccurred()) return;
    ir::TranslationUnit TU;
    TU.mainFile = llvm::sys::path::filename(File).str();
    checks::Reporter Report(Diags, Options.diagnostics);
    analysis::Dispatches Found = analysis::findDispatches(Ctx, Paths, Report, TU);
    if (Diags.hasErrorOccurred()) return;
    checks::CheckContext Checks{Ctx, Paths, Found.sites, Found.instances, TU, Report,
                                Options.backend == BackendKind::Cuda};
    checks::runChecks(Checks);
    if (Diags.hasErrorOccurred()) return;
    const SourceManager& SM = Ctx.getSourceManager();
    if (Options.checkOnly) {
      Outputs[keyOf(SM)];
      return;
    }
    std::string Source = SM.getBufferData(SM.getMainFileID()).str();
    std::string Result;
    if (!emit::lower(B, TU).apply(Source, Result)) {
      Diags.Report(SM.getLocForStartOfFile(SM.getMainFileID()),
                   Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                         "internal error: overlapping rewrites of this file"));
      return;
    }
    TranslatedFile& Out = Outputs[keyOf(SM)];
    Out.text = std::move(Result);
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Out.dependencies.push_back(It->first.getName().str());
    std::sort(Out.dependencies.begin(), Out.dependencies.end());
  }

private:
  /// The key of this file's output: its real path, because a compilation database may name the
  /// file differently from the command line.
  std::string keyOf(const SourceManager& SM) const {
    if (auto Entry = SM.getFileEntryRefForID(SM.getMainFileID()))
      if (!Entry->getFileEntry().tryGetRealPathName().empty())
        return Entry->getFileEntry().tryGetRealPathName().str();
    return File;
  }

  const frontend::SearchPaths& Paths;
  const TranslateOptions& Options;
  const emit::Backend& B;
  std::map<std::string, TranslatedFile>& Outputs;
  std::string File;
};

class TranslateAction : public ASTFrontendAction {
public:
  TranslateAction(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                  const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs)
      : Paths(Paths), Options(Options), B(B), Outputs(Outputs) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance&, StringRef InFile) override {
    return std::make_unique<TranslateConsumer>(Paths, Options, B, Outputs, InFile.str());
  }

private:
  const frontend::SearchPaths& Paths;
  const TranslateOptions& Options;
  const emit::Backend& B;
  std::map<std::string, TranslatedFile>& Outputs;
};

class TranslateActionFactory : public tooling::FrontendActionFactory {
public:
  TranslateActionFactory(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                         const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs)
      : Paths(Paths), Options(Options), B(B), Outputs(Outputs) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TranslateAction>(Paths, Options, B, Outputs);
  }

private:
  const frontend::SearchPaths& Paths;
  const TranslateOptions& Options;
  const emit::Backend& B;
  std::map<std::string, TranslatedFile>& Outputs;
};

/// Prints diagnostics as clang does and counts the errors, including the compiler driver's own
/// (an unknown flag after `--`), which do not stop the parse and would otherwise go unnoticed.
/// A file's diagnostics are printed with the options of its compile command (e.g.
/// -fdiagnostics-parseable-fixits); the driver's, which come before any file, with the defaults.
class CountingDiagnostics : public DiagnosticConsumer {
public:
  CountingDiagnostics()
      : DriverOptions(new DiagnosticOptions()), DriverPrinter(llvm::errs(), &*DriverOptions) {}
  void BeginSourceFile(const LangOptions& LO, const Preprocessor* PP) override {
    if (PP)
      FilePrinter = std::make_unique<TextDiagnosticPrinter>(
          llvm::errs(), &PP->getDiagnostics().getDiagnosticOptions());
    printer().BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    printer().EndSourceFile();
    FilePrinter.reset();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic& Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);  // counts
    printer().HandleDiagnostic(Level, Info);
  }

private:
  DiagnosticConsumer& printer() { return FilePrinter ? *FilePrinter : DriverPrinter; }

  IntrusiveRefCntPtr<DiagnosticOptions> DriverOptions;
  TextDiagnosticPrinter DriverPrinter;
  std::unique_ptr<TextDiagnosticPrinter> FilePrinter;
};

}  // namespace

std::string realPath(const std::string& path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(path, Real)) return std::string(Real);
  llvm::SmallString<256> Abs(path);
  llvm::sys::fs::make_absolute(Abs);
  return std::string(Abs);
}

int translate(const tooling::CompilationDatabase& db, const std::vector<std::string>& files,
              const frontend::SearchPaths& paths, const TranslateOptions& options,
              std::map<std::string, TranslatedFile>& outputs) {
  std::unique_ptr<emit::Backend> B =
      options.backend == BackendKind::Cuda ? emit::makeCudaBackend() : emit::makeOpenMPBackend();
  std::vector<std::string> Absolute;
  for (const std::string& F : files) Absolute.push_back(realPath(F));
  CountingDiagnostics Diagnostics;
  TranslateActionFactory Factory(paths, options, *B, outputs);
  int rc = 0;
  // One file at a time, each under crash recovery: a crash of clang or of the translator while
  // processing a file (clang 19 has crashes of its own on some invalid input) becomes an
  // internal error naming the file, after the usual stack dump, and no output is written.
  for (const std::string& F : Absolute) {
    tooling::ClangTool Tool(db, {F});
    Tool.appendArgumentsAdjuster(frontend::makeArgumentsAdjuster(
        paths, options.backend == BackendKind::Cuda ? "CUDA" : "OPENMP"));
    Tool.setDiagnosticConsumer(&Diagnostics);
    llvm::CrashRecoveryContext Recovery;
    Recovery.DumpStackAndCleanupOnFailure = true;
    int FileRc = 0;
    if (!Recovery.RunSafely([&] { FileRc = Tool.run(&Factory); })) {
      llvm::errs() << "hpar-translate: internal error while processing " << F << "\n";
      FileRc = 1;
    }
    rc = rc ? rc : FileRc;
  }
  if (Diagnostics.getNumErrors() > 0 || rc != 0) {
    // Every file's output goes with the run: an error anywhere, the driver's too, writes none.
    outputs.clear();
    rc = rc ? rc : 1;
  }
  // A file whose parse succeeded but whose checks failed has no output entry.
  for (const std::string& F : Absolute)
    if (!outputs.count(F) && rc == 0) rc = 1;
  return rc;
}

}  // namespace hpar
