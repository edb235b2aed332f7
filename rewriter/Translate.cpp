// The pipeline driver: each file is parsed (frontend/ParseRetry.h: the short parse, then the full
// one where it does not hold), analysed, checked and lowered, then its user's headers with
// dispatches in turn, and the output is the edited text with its copies of those headers
// (output/HeaderCopies.h).
#include "Translate.h"
#include "analysis/Analysis.h"
#include "checks/Checks.h"
#include "emit/Backend.h"
#include "frontend/Includes.h"
#include "frontend/Instantiations.h"
#include "frontend/ParseRetry.h"
#include "output/HeaderCopies.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>

using namespace clang;

namespace hpar {

namespace {

using output::RewrittenFile;
using output::realPathOf;

/// Runs analysis, checks and emission once the main file is parsed: for the translated source,
/// then for each of the user's headers with dispatches (docs/design.md section 1, "Dispatches
/// in the user's headers"), each in a pass of its own over the same AST; a pass tells analysis
/// which file it reads (analysis::AnalysedFile).
class TranslateConsumer : public SemaConsumer {
public:
  TranslateConsumer(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                    const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs,
                    std::string File, const analysis::StdHeaderFacts* HeaderFacts,
                    const frontend::IncludeRecorder* Includes, bool* ShortParseHolds)
      : Paths(Paths), Options(Options), B(B), Outputs(Outputs), File(std::move(File)),
        HeaderFacts(HeaderFacts), Includes(Includes), ShortParseHolds(ShortParseHolds) {}

  void InitializeSema(Sema& S) override { TheSema = &S; }
  void ForgetSema() override { TheSema = nullptr; }

  void HandleTranslationUnit(ASTContext& Ctx) override {
    DiagnosticsEngine& Diags = Ctx.getDiagnostics();
    if (ShortParseHolds)
      *ShortParseHolds = HeaderFacts->shortParse && HeaderFacts->shortParseHolds();
    if (Diags.hasErrorOccurred()) return;
    if (TheSema && Options.backend->traits.instantiatesDeclaredSpecialisations) {
      frontend::instantiateDeclaredSpecialisations(*TheSema, Ctx);
      if (Diags.hasErrorOccurred()) return;
    }
    OpenMPOffload = TheSema && TheSema->getPreprocessor().isMacroDefined("HPAR_OPENMP_OFFLOAD");
    SourceManager& SM = Ctx.getSourceManager();
    const FileID Main = SM.getMainFileID();
    std::vector<RewrittenFile> Files;
    std::vector<FileID> Headers;
    bool Ok = rewrite(Ctx, Main, Files, &Headers);
    addOutOfLineFiles(SM, Main, Headers);
    for (size_t I = 0; Ok && I < Headers.size(); ++I) {
      Ok = rewrite(Ctx, Headers[I], Files, nullptr);
      addOutOfLineFiles(SM, Main, Headers);
    }
    if (!Ok) return;
    if (Options.checkOnly) {
      Outputs[keyOf(SM)];
      return;
    }
    output::copyHeaders(SM, Paths, Includes->directives(), File, Files);
    TranslatedFile Out;
    for (const RewrittenFile& F : Files) {
      std::string Text;
      if (!F.edits.apply(SM.getBufferData(F.id).str(), Text, F.realPath)) {
        Diags.Report(SM.getLocForStartOfFile(F.id),
                     Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                           "internal error: overlapping rewrites of this file"));
        return;
      }
      if (F.copy.empty()) Out.text = std::move(Text);
      else Out.headers.push_back({output::headerFolder(File) + "/" + F.copy, std::move(Text)});
    }
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Out.dependencies.push_back(It->first.getName().str());
    std::sort(Out.dependencies.begin(), Out.dependencies.end());
    Outputs[keyOf(SM)] = std::move(Out);
  }

private:
  /// Analyses, checks and lowers the file `Id` (the main file or a header); on success adds
  /// it to `Files` (and, for the translated source, lists the headers with dispatches in
  /// `Headers`), unless `Files` has it already: a header included more than once (one FileID
  /// per inclusion) is analysed and checked at each inclusion and must lower the same each
  /// time (output::sameTranslation). With --check the edits are only compared.
  bool rewrite(ASTContext& Ctx, FileID Id, std::vector<RewrittenFile>& Files,
               std::vector<FileID>* Headers) {
    DiagnosticsEngine& Diags = Ctx.getDiagnostics();
    const SourceManager& SM = Ctx.getSourceManager();
    ir::TranslationUnit TU;
    TU.header = Headers == nullptr;
    TU.openmpOffload = OpenMPOffload;
    TU.mainFile = llvm::sys::path::filename(TU.header ? realPathOf(SM, Id) : File).str();
    diag::Reporter Report(Diags, Options.diagnostics);
    const analysis::AnalysedFile Here(SM, Id, !TU.header, Paths);
    const analysis::Analysis Found =
        analysis::analyse(Ctx, Here, Report, TU, TU.header ? nullptr : HeaderFacts);
    if (Diags.hasErrorOccurred()) return false;
    if (Headers) *Headers = Found.dispatches.otherFiles;
    checks::CheckContext Checks{Ctx, Found.dispatches.instances.size(), TU, Found.device,
                                Found.execution, Report,
                                Options.backend->traits, Found.captures,
                                Found.policies, Found.functorCalls};
    checks::runChecks(Checks);
    if (Diags.hasErrorOccurred()) return false;
    RewrittenFile R;
    R.id = Id;
    R.realPath = realPathOf(SM, Id);
    if (Options.backend->traits.marksOutOfLineStructors) {
      OutOfLine.insert(OutOfLine.end(), TU.outOfLineStructors.begin(), TU.outOfLineStructors.end());
      for (const ir::TranslationUnit::OutOfLineDefinition& D : OutOfLine) {
        SourceLocation Begin = SourceLocation::getFromRawEncoding(D.beginLoc);
        SourceLocation End = SourceLocation::getFromRawEncoding(D.endLoc);
        if (realPathOf(SM, SM.getFileID(Begin)) != realPathOf(SM, Id)) continue;
        ir::TranslationUnit::Range Here{SM.getFileOffset(Begin), SM.getFileOffset(End)};
        bool Seen = false;
        for (const ir::TranslationUnit::Range& R : TU.outOfLineDefinitionsHere)
          Seen = Seen || (R.begin == Here.begin && R.end == Here.end);
        if (!Seen) TU.outOfLineDefinitionsHere.push_back(Here);
      }
    }
    R.edits = emit::lower(B, TU);  // with --check too: a header's inclusions must agree
    for (const RewrittenFile& Earlier : Files)  // a later inclusion of a header: one copy
      if (Earlier.realPath == R.realPath) return output::sameTranslation(SM, Earlier, R, Report);
    if (Options.explainLaunch) explain(Diags, SM, Id, TU);
    Files.push_back(std::move(R));
    return true;
  }

  /// The files holding the out-of-line constructors and destructors found so far that are
  /// neither the main file nor a header already to be rewritten: they are rewritten too, so that
  /// the backend can mark those definitions (ir::Target::marksOutOfLineStructors).
  void addOutOfLineFiles(const SourceManager& SM, FileID Main, std::vector<FileID>& Headers) const {
    for (const ir::TranslationUnit::OutOfLineDefinition& D : OutOfLine) {
      const FileID Id = SM.getFileID(SourceLocation::getFromRawEncoding(D.beginLoc));
      const std::string Path = realPathOf(SM, Id);
      bool Known = Path == realPathOf(SM, Main);
      for (FileID H : Headers) Known = Known || realPathOf(SM, H) == Path;
      if (!Known) Headers.push_back(Id);
    }
  }

  /// --explain-launch: the backend's remarks (emit::explainLaunches) at the text of `Id`.
  void explain(DiagnosticsEngine& Diags, const SourceManager& SM, FileID Id,
               const ir::TranslationUnit& TU) {
    const SourceLocation Start = SM.getLocForStartOfFile(Id);
    const unsigned Remark = Diags.getCustomDiagID(DiagnosticsEngine::Remark, "%0");
    for (const emit::LaunchRemark& R : emit::explainLaunches(B, TU))
      Diags.Report(Start.getLocWithOffset(R.offset), Remark) << R.text;
  }

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
  const analysis::StdHeaderFacts* HeaderFacts;  // owned by the preprocessor
  const frontend::IncludeRecorder* Includes;    // owned by the preprocessor
  bool* ShortParseHolds;                        // null: not told
  Sema* TheSema = nullptr;                      // while the parse lasts
  bool OpenMPOffload = false;                   // HPAR_OPENMP_OFFLOAD was defined
  /// Out-of-line constructors and destructors the device reaches, from every file's walk.
  std::vector<ir::TranslationUnit::OutOfLineDefinition> OutOfLine;
};

/// One parse of one file through the pipeline: the preprocessor's recorders (the standard
/// headers' facts, the #include directives), then the consumer above.
class TranslateAction : public ASTFrontendAction {
public:
  TranslateAction(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                  const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs,
                  bool* ShortParseHolds, llvm::raw_ostream* HeldOutput)
      : Paths(Paths), Options(Options), B(B), Outputs(Outputs), ShortParseHolds(ShortParseHolds),
        HeldOutput(HeldOutput) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& CI, StringRef InFile) override {
    // The short parse's "N warnings generated" line goes with its held diagnostics.
    if (HeldOutput) CI.setVerboseOutputStream(*HeldOutput);
    auto Facts = std::make_unique<analysis::StdHeaderFacts>(CI.getPreprocessor(), Paths,
                                                             /*ShortParse=*/HeldOutput != nullptr);
    const analysis::StdHeaderFacts* HeaderFacts = Facts.get();
    CI.getPreprocessor().addPPCallbacks(std::move(Facts));
    auto Recorder = std::make_unique<frontend::IncludeRecorder>(CI.getSourceManager());
    const frontend::IncludeRecorder* Includes = Recorder.get();
    CI.getPreprocessor().addPPCallbacks(std::move(Recorder));
    return std::make_unique<TranslateConsumer>(Paths, Options, B, Outputs, InFile.str(),
                                               HeaderFacts, Includes, ShortParseHolds);
  }

private:
  const frontend::SearchPaths& Paths;
  const TranslateOptions& Options;
  const emit::Backend& B;
  std::map<std::string, TranslatedFile>& Outputs;
  bool* ShortParseHolds;          // where the short parse tells whether it holds; null: not asked
  llvm::raw_ostream* HeldOutput;  // the short parse's held output; null: the full
};

/// The pipeline's side of a file's parses (frontend::ParseRetry): a TranslateAction for each;
/// the short parse's outputs are held apart until it is known to hold.
class TranslateParses : public frontend::ParseActions {
public:
  TranslateParses(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                  const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs)
      : Paths(Paths), Options(Options), B(B), Outputs(Outputs) {}

  std::unique_ptr<FrontendAction> create(llvm::raw_ostream* HeldOutput) override {
    if (!HeldOutput)
      return std::make_unique<TranslateAction>(Paths, Options, B, Outputs, nullptr, nullptr);
    ShortOutputs.clear();
    ShortHolds = false;
    return std::make_unique<TranslateAction>(Paths, Options, B, ShortOutputs, &ShortHolds,
                                             HeldOutput);
  }
  bool shortParseHolds() const override { return ShortHolds; }
  void keepShortParse() override {
    for (auto& [Key, Out] : ShortOutputs) Outputs[Key] = std::move(Out);
    ShortOutputs.clear();
  }

private:
  const frontend::SearchPaths& Paths;
  const TranslateOptions& Options;
  const emit::Backend& B;
  std::map<std::string, TranslatedFile>& Outputs;
  std::map<std::string, TranslatedFile> ShortOutputs;  // the short parse's, held
  bool ShortHolds = false;
};

}  // namespace

std::string realPath(const std::string& path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(path, Real)) return std::string(Real);
  llvm::SmallString<256> Abs(path);
  llvm::sys::fs::make_absolute(Abs);
  return std::string(Abs);
}

std::unique_ptr<FrontendAction> makeTranslateAction(
    const frontend::SearchPaths& paths, const TranslateOptions& options,
    const emit::Backend& backend, std::map<std::string, TranslatedFile>& outputs) {
  return std::make_unique<TranslateAction>(paths, options, backend, outputs,
                                           /*ShortParseHolds=*/nullptr, /*HeldOutput=*/nullptr);
}

int translate(const tooling::CompilationDatabase& db, const std::vector<std::string>& files,
              const frontend::SearchPaths& paths, const TranslateOptions& options,
              std::map<std::string, TranslatedFile>& outputs) {
  std::unique_ptr<emit::Backend> B = options.backend->make();
  std::vector<std::string> Absolute;
  for (const std::string& F : files) Absolute.push_back(realPath(F));
  TranslateParses Pipeline(paths, options, *B, outputs);
  frontend::ParseRetry Parser(db, paths, options.backend->name, Pipeline);
  int rc = 0;
  // One file at a time, each under crash recovery: a crash of clang or of the translator while
  // processing a file (clang 19 has crashes of its own on some invalid input) becomes an
  // internal error naming the file, after the usual stack dump, and no output is written.
  for (const std::string& F : Absolute) {
    llvm::CrashRecoveryContext Recovery;
    Recovery.DumpStackAndCleanupOnFailure = true;
    int FileRc = 0;
    if (!Recovery.RunSafely([&] { FileRc = Parser.parse(F); })) {
      llvm::errs() << "hpar-translate: internal error while processing " << F << "\n";
      FileRc = 1;
    }
    rc = rc ? rc : FileRc;
  }
  if (Parser.errors() > 0 || rc != 0) {
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
