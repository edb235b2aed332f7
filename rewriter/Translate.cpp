#include "Translate.h"
#include "analysis/Analysis.h"
#include "checks/Checks.h"
#include "emit/Backend.h"
#include "frontend/Includes.h"
#include "frontend/Instantiations.h"
#include "ir/Naming.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Serialization/InMemoryModuleCache.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace hpar {

namespace {

/// A file the translation rewrites: the translated source, or a header of the user's (a copy of
/// it, `copy` its path under the output's folder of headers) with dispatches or with an
/// #include of such a header.
struct RewrittenFile {
  FileID id;
  std::string realPath;
  output::EditList edits;
  std::string copy;  // "" for the translated source
};

/// The path of `to` as written from the folder `from` (both relative paths, with '/').
static std::string relativeTo(llvm::StringRef from, llvm::StringRef to) {
  llvm::SmallVector<llvm::StringRef, 8> From, To;
  from.split(From, '/', -1, /*KeepEmpty=*/false);
  to.split(To, '/', -1, /*KeepEmpty=*/false);
  size_t Common = 0;
  while (Common < From.size() && Common + 1 < To.size() && From[Common] == To[Common]) ++Common;
  std::string Out;
  for (size_t I = Common; I < From.size(); ++I) Out += "../";
  for (size_t I = Common; I < To.size(); ++I) Out += To[I].str() + (I + 1 < To.size() ? "/" : "");
  return Out;
}

/// Where the copy of the header `header` goes under the output's folder of headers: its path
/// from the translated source's folder, each ".." written "__" (kernels.hpp, __/include/k.hpp).
static std::string copyPathOf(llvm::StringRef sourceDir, llvm::StringRef header) {
  std::string Out = relativeTo(sourceDir, header);
  for (size_t At = 0; Out.compare(At, 3, "../") == 0; At += 3) Out.replace(At, 2, "__");
  return Out;
}

/// Runs analysis, checks and emission once the main file is parsed: for the translated source,
/// then for each of the user's headers with dispatches (docs/design.md section 1, "Dispatches
/// in the user's headers"). Each header is analysed as the main file in turn: analysis and the checks
/// look at what is written in the SourceManager's main file, so that file is set to the header
/// for its pass and set back after.
class TranslateConsumer : public SemaConsumer {
public:
  TranslateConsumer(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                    const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs,
                    std::string File, const analysis::StdHeaderFacts* HeaderFacts,
                    const frontend::IncludeRecorder* Includes, bool& ShortParseHolds)
      : Paths(Paths), Options(Options), B(B), Outputs(Outputs), File(std::move(File)),
        HeaderFacts(HeaderFacts), Includes(Includes), ShortParseHolds(ShortParseHolds) {}

  void InitializeSema(Sema& S) override { TheSema = &S; }
  void ForgetSema() override { TheSema = nullptr; }

  void HandleTranslationUnit(ASTContext& Ctx) override {
    DiagnosticsEngine& Diags = Ctx.getDiagnostics();
    ShortParseHolds = HeaderFacts->shortParse && HeaderFacts->shortParseHolds();
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
      SM.setMainFileID(Headers[I]);
      Ok = rewrite(Ctx, Headers[I], Files, nullptr);
      addOutOfLineFiles(SM, Main, Headers);
    }
    SM.setMainFileID(Main);
    if (!Ok) return;
    if (Options.checkOnly) {
      Outputs[keyOf(SM)];
      return;
    }
    copyIncluders(SM, Files);
    redirectIncludes(SM, Files);
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
      else Out.headers.push_back({headerFolder() + "/" + F.copy, std::move(Text)});
    }
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Out.dependencies.push_back(It->first.getName().str());
    std::sort(Out.dependencies.begin(), Out.dependencies.end());
    Outputs[keyOf(SM)] = std::move(Out);
  }

private:
  /// Analyses, checks and lowers the file `Id`, the SourceManager's main file; on success adds
  /// it to `Files` (and, for the translated source, lists the headers with dispatches in
  /// `Headers`), unless `Files` has it already: a header included more than once (one FileID
  /// per inclusion) is analysed and checked at each inclusion and must lower the same each
  /// time (sameTranslation). With --check the edits are only compared.
  bool rewrite(ASTContext& Ctx, FileID Id, std::vector<RewrittenFile>& Files,
               std::vector<FileID>* Headers) {
    DiagnosticsEngine& Diags = Ctx.getDiagnostics();
    const SourceManager& SM = Ctx.getSourceManager();
    ir::TranslationUnit TU;
    TU.header = Headers == nullptr;
    TU.openmpOffload = OpenMPOffload;
    TU.mainFile = llvm::sys::path::filename(TU.header ? realPathOf(SM, Id) : File).str();
    diag::Reporter Report(Diags, Options.diagnostics);
    const analysis::Analysis Found =
        analysis::analyse(Ctx, Paths, Report, TU, TU.header ? nullptr : HeaderFacts);
    if (Diags.hasErrorOccurred()) return false;
    if (Headers) *Headers = Found.dispatches.otherFiles;
    checks::CheckContext Checks{Ctx, Paths, Found.dispatches.sites, Found.dispatches.instances,
                                Found.teamPolicies, TU, Found.device, Found.execution, Report,
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
      if (Earlier.realPath == R.realPath) return sameTranslation(SM, Earlier, R, Report);
    if (Options.explainLaunch) explain(Diags, SM, TU);
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

  /// Whether `Again`, the translation of a header at another of its inclusions (a header without
  /// an include guard, included once per value of a macro, each time specialising a class
  /// template for that value), gives the same copy as its translation at an earlier inclusion:
  /// one copy serves every inclusion. Where the two differ (a dispatch that only some inclusions
  /// compile, a kernel lowered differently), reports hpar-header-inclusions-differ at the later
  /// #include.
  static bool sameTranslation(const SourceManager& SM, const RewrittenFile& First,
                              const RewrittenFile& Again, diag::Reporter& Report) {
    const std::string Source = SM.getBufferData(First.id).str();
    std::string FirstText, AgainText;
    if (First.edits.apply(Source, FirstText, First.realPath) &&
        Again.edits.apply(Source, AgainText, Again.realPath) && FirstText == AgainText)
      return true;
    const std::string Name = llvm::sys::path::filename(First.realPath).str();
    Report.report(diag::CheckId::HeaderInclusionsDiffer, SM.getIncludeLoc(Again.id),
                  "'" + Name + "' translates differently at this inclusion than at an earlier "
                  "one (its dispatches, or what their kernels are built from, differ between "
                  "the inclusions), but one translated copy of it serves every inclusion; write its "
                  "dispatches the same at every inclusion (outside #if on what differs)");
    Report.note(SM.getIncludeLoc(First.id), "the earlier inclusion of '" + Name + "'");
    return false;
  }

  /// The folder, next to the output, that holds the copies of the rewritten headers:
  /// <source stem>.hpar-headers.
  std::string headerFolder() const {
    return llvm::sys::path::stem(File).str() + ".hpar-headers";
  }

  static std::string realPathOf(const SourceManager& SM, FileID Id) {
    if (auto Entry = SM.getFileEntryRefForID(Id)) {
      llvm::StringRef Real = Entry->getFileEntry().tryGetRealPathName();
      return Real.empty() ? Entry->getName().str() : Real.str();
    }
    return "";
  }

  /// Adds to `Files` every header of the user's that includes one of them, until none is left:
  /// the program must reach each rewritten header through copies. The copies get their paths.
  void copyIncluders(const SourceManager& SM, std::vector<RewrittenFile>& Files) const {
    std::set<std::string> Rewritten;
    for (const RewrittenFile& F : Files) Rewritten.insert(F.realPath);
    for (bool Added = true; Added;) {
      Added = false;
      for (const frontend::IncludeDirective& D : Includes->directives()) {
        if (!Rewritten.count(D.resolved)) continue;
        const std::string Includer = realPathOf(SM, D.in);
        if (Includer.empty() || Rewritten.count(Includer) ||
            frontend::isLibraryLocation(SM, Paths, SM.getLocForStartOfFile(D.in)))
          continue;
        RewrittenFile R;
        R.id = D.in;
        R.realPath = Includer;
        Files.push_back(std::move(R));
        Rewritten.insert(Includer);
        Added = true;
      }
    }
    const std::string SourceDir = llvm::sys::path::parent_path(Files.front().realPath).str();
    for (size_t I = 1; I < Files.size(); ++I) Files[I].copy = copyPathOf(SourceDir, Files[I].realPath);
  }

  /// Points the #include directives of the rewritten files at the copies: a directive that
  /// names a rewritten header gets the copy's path from the including file's place in the
  /// output; a quoted directive of a copy that names another of the user's files gets that
  /// file's absolute path, since the copy no longer sits beside it.
  void redirectIncludes(const SourceManager& SM, std::vector<RewrittenFile>& Files) const {
    std::map<std::string, const RewrittenFile*> ByPath;
    for (const RewrittenFile& F : Files) ByPath[F.realPath] = &F;
    for (RewrittenFile& F : Files) {
      const std::string Here =
          F.copy.empty() ? "" : headerFolder() + "/" + llvm::sys::path::parent_path(F.copy).str();
      std::set<unsigned> Done;  // a file included more than once has one FileID per inclusion
      for (const frontend::IncludeDirective& D : Includes->directives()) {
        if (realPathOf(SM, D.in) != F.realPath || !Done.insert(D.nameBegin).second) continue;
        std::string Name;
        if (auto It = ByPath.find(D.resolved); It != ByPath.end() && !It->second->copy.empty())
          Name = relativeTo(Here, headerFolder() + "/" + It->second->copy);
        else if (!F.copy.empty() && !D.angled && ByPath.find(D.resolved) == ByPath.end() &&
                 !isLibraryFile(SM, D.resolved))
          Name = D.resolved;
        if (!Name.empty()) F.edits.replace(D.nameBegin, D.nameLength, "\"" + Name + "\"");
      }
    }
  }

  /// Whether a file the parse read is one of the system's or hpar's own headers.
  bool isLibraryFile(const SourceManager& SM, const std::string& RealPath) const {
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      if (It->first.getFileEntry().tryGetRealPathName() == RealPath) {
        const FileID Id = SM.translateFile(It->first);
        return Id.isValid() && frontend::isLibraryLocation(SM, Paths, SM.getLocForStartOfFile(Id));
      }
    return false;
  }

  /// --explain-launch: a remark at each kernel's dispatch on how it is launched, and one at each
  /// nested MDRange whose walking direction the output turns.
  void explain(DiagnosticsEngine& Diags, const SourceManager& SM, const ir::TranslationUnit& TU) {
    const SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
    const unsigned Remark = Diags.getCustomDiagID(DiagnosticsEngine::Remark, "%0");
    for (const ir::Kernel& K : TU.kernels) {
      std::string Text = "kernel '" + K.name + "' (" + ir::patternName(K.pattern) + " over a " +
                         ir::policyName(K.policy) + "): ";
      Text += K.onHost ? std::string("runs on the host, as written")
                       : B.explainLaunch(TU, K);
      while (!Text.empty() && Text.back() == '\n') Text.pop_back();
      Diags.Report(Start.getLocWithOffset(K.calleeBegin), Remark) << Text;
    }
    for (const ir::TranslationUnit::Rewalk& W : TU.rewalkedRanges)
      Diags.Report(Start.getLocWithOffset(W.begin), Remark)
          << std::string("this range is walked with its ") + (W.lastFastest ? "last" : "first") +
                 " index fastest, the index in which the Views its closure indexes have stride 1 "
                 "(so a warp's lanes access consecutive elements)";
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
  bool& ShortParseHolds;
  Sema* TheSema = nullptr;                      // while the parse lasts
  bool OpenMPOffload = false;                   // HPAR_OPENMP_OFFLOAD was defined
  /// Out-of-line constructors and destructors the device reaches, from every file's walk.
  std::vector<ir::TranslationUnit::OutOfLineDefinition> OutOfLine;
};

class TranslateAction : public ASTFrontendAction {
public:
  TranslateAction(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                  const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs,
                  bool& ShortParseHolds, llvm::raw_ostream* HeldOutput)
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
  bool& ShortParseHolds;
  llvm::raw_ostream* HeldOutput;  // the short parse's held output; null: the full
};

/// Makes the translate action of one parse of one file: the short parse (Kokkos_Core.hpp without
/// its standard headers, analysis/StdHeaders.h), which tells whether it holds, or the full one.
class TranslateActionFactory : public tooling::FrontendActionFactory {
public:
  TranslateActionFactory(const frontend::SearchPaths& Paths, const TranslateOptions& Options,
                         const emit::Backend& B, std::map<std::string, TranslatedFile>& Outputs,
                         llvm::raw_ostream* HeldOutput)
      : Paths(Paths), Options(Options), B(B), Outputs(Outputs), HeldOutput(HeldOutput) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TranslateAction>(Paths, Options, B, Outputs, ShortParseHolds,
                                             HeldOutput);
  }
  /// After the short parse: whether its reading of the program is the full parse's.
  bool ShortParseHolds = false;

private:
  const frontend::SearchPaths& Paths;
  const TranslateOptions& Options;
  const emit::Backend& B;
  std::map<std::string, TranslatedFile>& Outputs;
  /// Where the short parse's compiler prints its own lines; null for the full parse.
  llvm::raw_ostream* const HeldOutput;
};

/// Prints diagnostics as clang does and counts the errors, including the compiler driver's own
/// (an unknown flag after `--`), which do not stop the parse and would otherwise go unnoticed.
/// A file's diagnostics are printed with the options of its compile command (e.g.
/// -fdiagnostics-parseable-fixits); the driver's, which come before any file, with the defaults.
/// They go to stderr, or to `Out` (the short parse's, held until it is known whether they are the
/// ones to show).
class CountingDiagnostics : public DiagnosticConsumer {
public:
  explicit CountingDiagnostics(llvm::raw_ostream& Out = llvm::errs())
      : Out(Out), DriverOptions(new DiagnosticOptions()), DriverPrinter(Out, &*DriverOptions) {}
  void BeginSourceFile(const LangOptions& LO, const Preprocessor* PP) override {
    if (PP)
      FilePrinter = std::make_unique<TextDiagnosticPrinter>(
          Out, &PP->getDiagnostics().getDiagnosticOptions());
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

  llvm::raw_ostream& Out;
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
  std::unique_ptr<emit::Backend> B = options.backend->make();
  std::vector<std::string> Absolute;
  for (const std::string& F : files) Absolute.push_back(realPath(F));
  CountingDiagnostics Diagnostics;
  TranslateActionFactory Factory(paths, options, *B, outputs, /*HeldOutput=*/nullptr);
  int rc = 0;
  // One file at a time, each under crash recovery: a crash of clang or of the translator while
  // processing a file (clang 19 has crashes of its own on some invalid input) becomes an
  // internal error naming the file, after the usual stack dump, and no output is written.
  for (const std::string& F : Absolute) {
    // First the short parse, without Kokkos_Core.hpp's standard headers; where it has an error or
    // may read the program differently, its diagnostics and output are dropped and the full
    // parse runs (analysis/StdHeaders.h).
    auto ShortParse = [&]() -> int {
      std::map<std::string, TranslatedFile> Short;
      std::string HeldText;
      llvm::raw_string_ostream HeldOut(HeldText);
      CountingDiagnostics Held(HeldOut);
      TranslateActionFactory ShortFactory(paths, options, *B, Short, &HeldOut);
      tooling::ClangTool Tool(db, {F});
      Tool.appendArgumentsAdjuster(frontend::makeArgumentsAdjuster(paths, options.backend->name));
      Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
          "-DHPAR_IMPL_CHOSEN_STD_HEADERS=1", tooling::ArgumentInsertPosition::END));
      Tool.setDiagnosticConsumer(&Held);
      Tool.setPrintErrorMessage(false);  // (its "Error while processing" line)
      const int ShortRc = Tool.run(&ShortFactory);
      if (ShortRc != 0 || Held.getNumErrors() > 0 || !ShortFactory.ShortParseHolds) return -1;
      llvm::errs() << HeldOut.str();
      for (auto& [Key, Out] : Short) outputs[Key] = std::move(Out);
      return 0;
    };
    tooling::ClangTool Tool(db, {F});
    Tool.appendArgumentsAdjuster(frontend::makeArgumentsAdjuster(paths, options.backend->name));
    Tool.setDiagnosticConsumer(&Diagnostics);
    llvm::CrashRecoveryContext Recovery;
    Recovery.DumpStackAndCleanupOnFailure = true;
    int FileRc = 0;
    if (!Recovery.RunSafely([&] {
          FileRc = ShortParse();
          if (FileRc != 0) FileRc = Tool.run(&Factory);
        })) {
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

// TextTranslator: a CompilerInvocation is made once per backend by the driver, from the same
// command line ClangTool would build for a file of that name; each text gets a copy of it with
// the text as an in-memory main file (no FileEntry: diagnostics name it `fileName`, and nothing
// of it is read from or written to disk). The precompiled header is made from a copy of the same
// invocation, so its language options and macros are those of the texts, as clang's PCH
// validation requires.

struct TextTranslator::Impl {
  frontend::SearchPaths paths;
  std::vector<std::string> args;
  std::string fileName;
  IntrusiveRefCntPtr<FileManager> files{new FileManager(FileSystemOptions())};
  // Holds the precompiled headers once read, so that a text does not read them again.
  IntrusiveRefCntPtr<InMemoryModuleCache> moduleCache{new InMemoryModuleCache()};
  /// One per backend, keyed by the backend's name.
  struct PerBackend {
    std::shared_ptr<CompilerInvocation> invocation;
    std::string driverErrors;
    std::unique_ptr<emit::Backend> emitter;
  };
  std::map<std::string, PerBackend> backends;

  /// The invocation for `backend`, made on first use; null when the driver rejected the
  /// arguments (then driverErrors says why).
  std::shared_ptr<CompilerInvocation> invocationFor(const emit::BackendInfo& backend) {
    PerBackend& K = backends[backend.name];
    if (K.invocation || !K.driverErrors.empty()) return K.invocation;
    tooling::CommandLineArguments Line{"clang-tool"};
    Line.insert(Line.end(), args.begin(), args.end());
    Line.push_back(fileName);
    Line = frontend::makeArgumentsAdjuster(
        paths, backend.name)(Line, fileName);
    std::vector<const char*> Argv;
    for (const std::string& A : Line) Argv.push_back(A.c_str());
    std::string Errors;
    llvm::raw_string_ostream OS(Errors);
    IntrusiveRefCntPtr<DiagnosticOptions> Opts(new DiagnosticOptions());
    TextDiagnosticPrinter Printer(OS, &*Opts);
    CreateInvocationOptions CIOpts;
    CIOpts.Diags = CompilerInstance::createDiagnostics(&*Opts, &Printer, /*ShouldOwnClient=*/false);
    CIOpts.VFS = &files->getVirtualFileSystem();
    K.invocation = createInvocation(Argv, CIOpts);
    if (K.invocation && Printer.getNumErrors() > 0) K.invocation.reset();
    if (!K.invocation) {
      K.driverErrors = Errors.empty() ? "error: the compiler driver rejected the arguments\n"
                                       : Errors;
      return nullptr;
    }
    // The driver asks cc1 to leak the AST at exit (-disable-free); a long-lived caller must not.
    K.invocation->getFrontendOpts().DisableFree = false;
    return K.invocation;
  }
};

TextTranslator::TextTranslator(frontend::SearchPaths paths, std::vector<std::string> args,
                               std::string fileName)
    : impl(new Impl{std::move(paths), std::move(args), std::move(fileName)}) {}

TextTranslator::~TextTranslator() = default;

std::string TextTranslator::precompile(const std::string& header, const std::string& dir) {
  std::string Problems;
  for (const emit::BackendInfo& Backend : emit::allBackends()) {
    std::shared_ptr<CompilerInvocation> Base = impl->invocationFor(Backend);
    if (!Base) return impl->backends[Backend.name].driverErrors;
    llvm::SmallString<256> Pch(dir);
    llvm::sys::path::append(Pch, std::string(Backend.name) + ".pch");
    auto CI = std::make_shared<CompilerInvocation>(*Base);
    FrontendOptions& FO = CI->getFrontendOpts();
    FO.Inputs = {FrontendInputFile(header, InputKind(Language::CXX).getHeader())};
    FO.OutputFile = std::string(Pch);
    FO.ProgramAction = clang::frontend::GeneratePCH;
    // The header's own pending template instantiations are done once, into the PCH
    // (-fpch-instantiate-templates), not again at the end of every text.
    CI->getLangOpts().PCHInstantiateTemplates = true;
    CompilerInstance Clang;
    Clang.setInvocation(CI);
    llvm::raw_string_ostream OS(Problems);
    TextDiagnosticPrinter Printer(OS, &CI->getDiagnosticOpts());
    Clang.createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
    Clang.setFileManager(&*impl->files);
    GeneratePCHAction Action;
    if (!Clang.ExecuteAction(Action) || Printer.getNumErrors() > 0)
      return Problems.empty() ? "error: cannot precompile " + header + "\n" : Problems;
    Base->getPreprocessorOpts().ImplicitPCHInclude = std::string(Pch);
  }
  return "";
}

/// Runs `action` over `source`, parsed with `invocation`'s options (a copy), the shared file
/// manager and the precompiled headers; returns whether clang reported no error. Diagnostics go
/// to `diagnostics`.
static bool runOnText(llvm::StringRef source, const std::string& fileName,
                      const CompilerInvocation& invocation, FileManager& files,
                      InMemoryModuleCache& moduleCache, FrontendAction& action,
                      std::string& diagnostics) {
  // A copy: clang's lexer needs the text followed by a null character.
  std::unique_ptr<llvm::MemoryBuffer> Buffer = llvm::MemoryBuffer::getMemBufferCopy(source, fileName);
  auto CI = std::make_shared<CompilerInvocation>(invocation);
  CI->getFrontendOpts().Inputs = {FrontendInputFile(Buffer->getMemBufferRef(),
                                                    InputKind(Language::CXX))};
  CompilerInstance Clang(std::make_shared<PCHContainerOperations>(), &moduleCache);
  Clang.setInvocation(CI);
  llvm::raw_string_ostream OS(diagnostics);
  TextDiagnosticPrinter Printer(OS, &CI->getDiagnosticOpts());
  Clang.createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
  Clang.setVerboseOutputStream(OS);  // "N errors generated." goes with the diagnostics
  Clang.setFileManager(&files);
  Clang.ExecuteAction(action);
  return Printer.getNumErrors() == 0;
}

TextResult TextTranslator::translate(llvm::StringRef source, const TranslateOptions& options) {
  TextResult Result;
  std::shared_ptr<CompilerInvocation> Base = impl->invocationFor(*options.backend);
  if (!Base) {
    Result.status = 1;
    Result.diagnostics = impl->backends[options.backend->name].driverErrors;
    return Result;
  }
  std::unique_ptr<emit::Backend>& Emitter = impl->backends[options.backend->name].emitter;
  if (!Emitter) Emitter = options.backend->make();
  std::map<std::string, TranslatedFile> Outputs;
  // One parse, the full one (the fuzz target, its one caller, precompiles the headers).
  bool ShortParseHolds = false;
  TranslateAction Action(impl->paths, options, *Emitter, Outputs, ShortParseHolds,
                         /*HeldOutput=*/nullptr);
  if (!runOnText(source, impl->fileName, *Base, *impl->files, *impl->moduleCache, Action,
                 Result.diagnostics))
    Outputs.clear();
  if (Outputs.size() != 1) {
    Result.status = 1;
    return Result;
  }
  Result.text = std::move(Outputs.begin()->second.text);
  return Result;
}

TextResult TextTranslator::parse(llvm::StringRef source, const TranslateOptions& options) {
  TextResult Result;
  std::shared_ptr<CompilerInvocation> Base = impl->invocationFor(*options.backend);
  if (!Base) {
    Result.status = 1;
    Result.diagnostics = impl->backends[options.backend->name].driverErrors;
    return Result;
  }
  SyntaxOnlyAction Action;
  if (!runOnText(source, impl->fileName, *Base, *impl->files, *impl->moduleCache, Action,
                 Result.diagnostics))
    Result.status = 1;
  return Result;
}

}  // namespace hpar
