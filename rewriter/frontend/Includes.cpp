#include "frontend/Includes.h"

namespace hpar {
namespace frontend {

void IncludeRecorder::InclusionDirective(clang::SourceLocation HashLoc, const clang::Token&,
                                         llvm::StringRef, bool IsAngled,
                                         clang::CharSourceRange FilenameRange,
                                         clang::OptionalFileEntryRef File, llvm::StringRef,
                                         llvm::StringRef, const clang::Module*, bool,
                                         clang::SrcMgr::CharacteristicKind) {
  if (!File || HashLoc.isMacroID() || FilenameRange.getBegin().isMacroID() ||
      FilenameRange.getEnd().isMacroID())
    return;
  IncludeDirective D;
  D.in = SM.getFileID(HashLoc);
  D.nameBegin = SM.getFileOffset(FilenameRange.getBegin());
  const unsigned End = SM.getFileOffset(FilenameRange.getEnd());
  if (SM.getFileID(FilenameRange.getBegin()) != D.in || End <= D.nameBegin) return;
  D.nameLength = End - D.nameBegin;
  D.angled = IsAngled;
  D.resolved = File->getFileEntry().tryGetRealPathName().str();
  if (D.resolved.empty()) D.resolved = File->getName().str();
  Directives.push_back(std::move(D));
}

}  // namespace frontend
}  // namespace hpar
