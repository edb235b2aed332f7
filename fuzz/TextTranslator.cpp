// TextTranslator (TextTranslator.h): a CompilerInvocation is made once per backend by the driver,
// from the same command line ClangTool would build for a file of that name; each text gets a copy
// of it with the text as an in-memory main file (no FileEntry: diagnostics name it `fileName`, and
// nothing of it is read from or written to disk). The precompiled header is made from a copy of
// the same invocation, so its language options and macros are those of the texts, as clang's PCH
// validation requires.
#include "TextTranslator.h"
#include "emit/Backend.h"
#include "emit/Registry.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/InMemoryModuleCache.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <map>

using namespace clang;

namespace hpar {

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

  /// invocationFor(the options' backend); when the driver rejected the arguments, null, with
  /// `result` failed and holding the driver's errors.
  std::shared_ptr<CompilerInvocation> invocationOrFail(const TranslateOptions& options,
                                                      TextResult& result) {
    std::shared_ptr<CompilerInvocation> Base = invocationFor(*options.backend);
    if (!Base) {
      result.status = 1;
      result.diagnostics = backends[options.backend->name].driverErrors;
    }
    return Base;
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
  std::shared_ptr<CompilerInvocation> Base = impl->invocationOrFail(options, Result);
  if (!Base) return Result;
  std::unique_ptr<emit::Backend>& Emitter = impl->backends[options.backend->name].emitter;
  if (!Emitter) Emitter = options.backend->make();
  std::map<std::string, TranslatedFile> Outputs;
  // One parse, the full one (the fuzz target, its one caller, precompiles the headers).
  std::unique_ptr<FrontendAction> Action =
      makeTranslateAction(impl->paths, options, *Emitter, Outputs);
  if (!runOnText(source, impl->fileName, *Base, *impl->files, *impl->moduleCache, *Action,
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
  std::shared_ptr<CompilerInvocation> Base = impl->invocationOrFail(options, Result);
  if (!Base) return Result;
  SyntaxOnlyAction Action;
  if (!runOnText(source, impl->fileName, *Base, *impl->files, *impl->moduleCache, Action,
                 Result.diagnostics))
    Result.status = 1;
  return Result;
}

}  // namespace hpar
