// The #include directives of a parse, as the preprocessor resolved them: which file each one
// names, and where its file name is written, so that the output of a translated header can be
// included in place of the header (output/HeaderCopies.h).
#pragma once

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include <string>
#include <vector>

namespace hpar {
namespace frontend {

/// One #include (or #import, #include_next) directive that found its file.
struct IncludeDirective {
  clang::FileID in;             // the file the directive is written in
  unsigned nameBegin = 0;       // offset of the file name with its quotes or angle brackets
  unsigned nameLength = 0;
  bool angled = false;          // <name> rather than "name"
  std::string resolved;         // the real path of the file it includes
};

/// Records every resolved #include directive written in a file (not produced by a macro).
class IncludeRecorder : public clang::PPCallbacks {
public:
  explicit IncludeRecorder(const clang::SourceManager& SM) : SM(SM) {}

  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token& IncludeTok,
                          llvm::StringRef FileName, bool IsAngled,
                          clang::CharSourceRange FilenameRange, clang::OptionalFileEntryRef File,
                          llvm::StringRef SearchPath, llvm::StringRef RelativePath,
                          const clang::Module* SuggestedModule, bool ModuleImported,
                          clang::SrcMgr::CharacteristicKind FileType) override;

  const std::vector<IncludeDirective>& directives() const { return Directives; }

private:
  const clang::SourceManager& SM;
  std::vector<IncludeDirective> Directives;
};

}  // namespace frontend
}  // namespace hpar
