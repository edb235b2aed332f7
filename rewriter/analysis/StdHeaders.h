// Which of the standard headers that Kokkos_Core.hpp brings in the user's code uses
// (ir::TranslationUnit::stdHeaders).
//
// hpar's Kokkos_Core.hpp includes the standard headers a program including Kokkos' own can rely
// on (<iostream>, <sstream>, <algorithm>, <complex>, ...). Most programs use a few of them, and
// every one costs nvcc's three front ends (cudafe++, cicc, the host compiler) its parse: about
// 1 s of a translated file's build. The translator parses the program with all of them, so it
// knows which ones the user's code reaches; the output then includes only those
// (HPAR_IMPL_CHOSEN_STD_HEADERS, compat/Kokkos_Core.hpp).
//
// Parsing them costs the translator most of its own time too (about 0.8 s of 1.1 s for
// bench/compile/nine_kernels.cpp), so it first parses without them: the short parse
// (HPAR_IMPL_CHOSEN_STD_HEADERS defined on its command line). When that parse has no error, and
// nothing in it could read differently with those headers there (StdHeaderFacts::shortParseHolds),
// the program needs none of them, and its output is the short parse's. Otherwise the translator
// parses again with all of them (frontend/ParseRetry.h).
#pragma once

#include "frontend/Frontend.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
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
  StdHeaderFacts(const clang::Preprocessor& PP, const frontend::SearchPaths& Paths,
                 bool ShortParse);

  /// Whether the short parse (Kokkos_Core.hpp without its standard headers) reads the program
  /// as the full one would, given that it had no error: every name the conditional directives of
  /// the user's files test is a macro there (and for #if, so is every name its expansion reaches),
  /// apart from a file's include guard (a name undefined there may be a macro of those headers);
  /// none is a compiler's; no library header includes the Kokkos API; and nothing includes
  /// <complex> (with it, the full parse has complex_std.hpp's conversions).
  bool shortParseHolds() const;

  /// This is the short parse.
  const bool shortParse;

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
  /// The identifiers that conditional directives of the user's files test where they are not
  /// macros, with their file.
  std::vector<std::pair<clang::FileID, std::string>> undefinedTests;
  /// Some file includes <complex>.
  bool includesComplex = false;

private:
  /// Notes the names that a condition `Text` at `Loc` in a user's file tests: whether one is
  /// reserved, and those that are not macros there (`Expands`: also those the expansion of its
  /// macros reaches, as #if and #elif expand them).
  void noteCondition(clang::SourceLocation Loc, llvm::StringRef Text, bool Expands);
  /// Whether `Name` is a macro here (with `Expands`, and every name its definition reaches).
  bool isDefined(llvm::StringRef Name, bool Expands, int Depth = 0) const;

  const clang::Preprocessor& PP;
  const clang::SourceManager& SM;
  const clang::LangOptions& LangOpts;
  const frontend::SearchPaths& Paths;
};

/// Sets `TU.stdHeadersChosen` and `TU.stdHeaders` to the headers of compat/Kokkos_Core.hpp the
/// user's code needs: for each file holding a declaration its code names (functions, variables,
/// types, members, constructors, the types of its expressions, each one's redeclarations) or a
/// macro it expands, and that the program's other includes (its own, and hpar's API through
/// Kokkos_Core.hpp) do not reach, the first of those headers that reaches it.
/// In the short parse, which has none of those headers, the list is empty.
/// Leaves them unset when the program does not include Kokkos_Core.hpp, when its parse did not
/// include it itself (a precompiled header), when its files test the compiler's macros, or when
/// a library's header on a system include path includes the Kokkos API (analysis reads only the
/// user's files, and such a header may rely on the standard headers Kokkos_Core.hpp brings).
void chooseStdHeaders(clang::ASTContext& Ctx, const frontend::SearchPaths& Paths,
                      const StdHeaderFacts& Facts, ir::TranslationUnit& TU);

}  // namespace analysis
}  // namespace hpar
