// Which of the standard headers that Kokkos_Core.hpp brings in the user's code uses
// (ir::TranslationUnit::stdHeaders).
//
// hpar's Kokkos_Core.hpp includes the standard headers a program including Kokkos' own can rely
// on (<iostream>, <sstream>, <algorithm>, <complex>, ...). Most programs use a few of them, and
// every one costs nvcc's three front ends (cudafe++, cicc, the host compiler) its parse: about
// 1 s of a translated file's build. The translator parses the program with all of them, so it
// knows which ones the user's code reaches; the output then includes only those
// (HPAR_IMPL_CHOSEN_STD_HEADERS, compat/Kokkos_Core.hpp).
#pragma once

#include "frontend/Frontend.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hpar {
namespace analysis {

/// What the preprocessor tells about the user's files while the translator parses them: the
/// headers compat/Kokkos_Core.hpp includes, the macros the user's files expand, and whether a
/// conditional directive in them tests a macro of the compiler's own (a reserved name:
/// `__CUDACC__`, `__clang__`, `_OPENMP`), whose code the translator's parse and the compile of
/// its output may see differently.
class StdHeaderFacts : public clang::PPCallbacks {
public:
  StdHeaderFacts(const clang::SourceManager& SM, const clang::LangOptions& LangOpts,
                 const frontend::SearchPaths& Paths)
      : SM(SM), LangOpts(LangOpts), Paths(Paths) {}

  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token& IncludeTok,
                          llvm::StringRef FileName, bool IsAngled,
                          clang::CharSourceRange FilenameRange, clang::OptionalFileEntryRef File,
                          llvm::StringRef SearchPath, llvm::StringRef RelativePath,
                          const clang::Module* SuggestedModule, bool ModuleImported,
                          clang::SrcMgr::CharacteristicKind FileType) override;
  void MacroExpands(const clang::Token& MacroNameTok, const clang::MacroDefinition& MD,
                    clang::SourceRange Range, const clang::MacroArgs* Args) override;
  void If(clang::SourceLocation Loc, clang::SourceRange ConditionRange,
          ConditionValueKind ConditionValue) override;
  void Elif(clang::SourceLocation Loc, clang::SourceRange ConditionRange,
            ConditionValueKind ConditionValue, clang::SourceLocation IfLoc) override;
  void Ifdef(clang::SourceLocation Loc, const clang::Token& MacroNameTok,
             const clang::MacroDefinition& MD) override;
  void Ifndef(clang::SourceLocation Loc, const clang::Token& MacroNameTok,
              const clang::MacroDefinition& MD) override;

  /// The file compat/Kokkos_Core.hpp, once the parse has included it.
  clang::FileID coreFile;
  std::optional<llvm::sys::fs::UniqueID> coreId;
  /// Every include directive the parse processed (also of files a guard then skipped): the
  /// including file and the included one.
  std::map<llvm::sys::fs::UniqueID, std::vector<llvm::sys::fs::UniqueID>> includes;
  /// Its includes but the API's, in order: the included file's unique id, and the name to
  /// include it by (as written for <...>, from the API's include directory for hpar's own).
  std::vector<std::pair<llvm::sys::fs::UniqueID, std::string>> coreIncludes;
  /// Where the macros the user's files expand are defined.
  std::vector<clang::SourceLocation> macroDefinitions;
  /// A conditional directive in a user's file tests a reserved name.
  bool testsCompilerMacro = false;
  /// A header on a system include path, not hpar's, includes one of the Kokkos headers.
  bool libraryIncludesKokkos = false;

private:
  /// Notes a condition `Text` at `Loc` that names a reserved identifier in a user's file.
  void noteCondition(clang::SourceLocation Loc, llvm::StringRef Text);

  const clang::SourceManager& SM;
  const clang::LangOptions& LangOpts;
  const frontend::SearchPaths& Paths;
};

/// Sets `TU.stdHeadersChosen` and `TU.stdHeaders` to the headers of compat/Kokkos_Core.hpp the
/// user's code needs: for each file holding a declaration its code names (functions, variables,
/// types, members, constructors, the types of its expressions, each one's redeclarations) or a
/// macro it expands, and that the program's other includes (its own, and hpar's API through
/// Kokkos_Core.hpp) do not reach, the first of those headers that reaches it.
/// Leaves them unset when the program does not include Kokkos_Core.hpp, when its parse did not
/// include it itself (a precompiled header), when its files test the compiler's macros, or when
/// a library's header on a system include path includes the Kokkos API (analysis reads only the
/// user's files, and such a header may rely on the standard headers Kokkos_Core.hpp brings).
void chooseStdHeaders(clang::ASTContext& Ctx, const frontend::SearchPaths& Paths,
                      const StdHeaderFacts& Facts, ir::TranslationUnit& TU);

}  // namespace analysis
}  // namespace hpar
