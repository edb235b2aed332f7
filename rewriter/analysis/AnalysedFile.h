// The file one pass of analysis reads: the translated source, or one of the user's headers with
// dispatches, each analysed in a pass of its own over the same AST (docs/design.md section 1,
// "Dispatches in the user's headers"). Every position analysis records for an edit is an offset
// into this file, and the user's code it follows (the functions a kernel calls, the functions
// whose nested patterns it collects) is the code written in it. Analysis asks this object, never
// the SourceManager's main file, which stays the translated source for the whole parse.
#pragma once

#include "frontend/Frontend.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

namespace hpar {
namespace analysis {

class AnalysedFile {
public:
  AnalysedFile(const clang::SourceManager& SM, clang::FileID Id, bool Source,
               const frontend::SearchPaths& Paths)
      : SM(SM), Id(Id), Source(Source), Paths(Paths) {}

  clang::FileID id() const { return Id; }
  /// Whether this is the file given to translate (not one of its headers).
  bool isSource() const { return Source; }
  const clang::SourceManager& sourceManager() const { return SM; }
  const frontend::SearchPaths& paths() const { return Paths; }

  /// Whether `Loc` is written in this file: a file location in it. A macro location is not (its
  /// FileID is the expansion's); ask about its expansion with writtenHereExpanded.
  bool writtenHere(clang::SourceLocation Loc) const {
    return Loc.isValid() && SM.getFileID(Loc) == Id;
  }
  /// Whether the expansion of `Loc` (the location itself for a file location) is in this file.
  bool writtenHereExpanded(clang::SourceLocation Loc) const {
    return Loc.isValid() && writtenHere(SM.getExpansionLoc(Loc));
  }
  /// Whether `Loc` is the user's code of this file: expanded here, and not in a system header or
  /// hpar's own headers (frontend::isLibraryLocation).
  bool isUserCode(clang::SourceLocation Loc) const {
    return writtenHereExpanded(Loc) && !frontend::isLibraryLocation(SM, Paths, Loc);
  }

private:
  const clang::SourceManager& SM;
  clang::FileID Id;
  bool Source;
  const frontend::SearchPaths& Paths;
};

}  // namespace analysis
}  // namespace hpar
