#include "output/HeaderCopies.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Path.h"
#include <map>
#include <set>

using namespace clang;

namespace hpar {
namespace output {

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

std::string realPathOf(const SourceManager& SM, FileID Id) {
  if (auto Entry = SM.getFileEntryRefForID(Id)) {
    llvm::StringRef Real = Entry->getFileEntry().tryGetRealPathName();
    return Real.empty() ? Entry->getName().str() : Real.str();
  }
  return "";
}

std::string headerFolder(llvm::StringRef sourceFile) {
  return llvm::sys::path::stem(sourceFile).str() + ".hpar-headers";
}

bool sameTranslation(const SourceManager& SM, const RewrittenFile& First,
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

/// Adds to `Files` every header of the user's that includes one of them, until none is left:
/// the program must reach each rewritten header through copies. The copies get their paths.
static void copyIncluders(const SourceManager& SM, const frontend::SearchPaths& Paths,
                          const std::vector<frontend::IncludeDirective>& Includes,
                          std::vector<RewrittenFile>& Files) {
  std::set<std::string> Rewritten;
  for (const RewrittenFile& F : Files) Rewritten.insert(F.realPath);
  for (bool Added = true; Added;) {
    Added = false;
    for (const frontend::IncludeDirective& D : Includes) {
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

/// Whether a file the parse read is one of the system's or hpar's own headers.
static bool isLibraryFile(const SourceManager& SM, const frontend::SearchPaths& Paths,
                          const std::string& RealPath) {
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
    if (It->first.getFileEntry().tryGetRealPathName() == RealPath) {
      const FileID Id = SM.translateFile(It->first);
      return Id.isValid() && frontend::isLibraryLocation(SM, Paths, SM.getLocForStartOfFile(Id));
    }
  return false;
}

/// Points the #include directives of the rewritten files at the copies: a directive that
/// names a rewritten header gets the copy's path from the including file's place in the
/// output; a quoted directive of a copy that names another of the user's files gets that
/// file's absolute path, since the copy no longer sits beside it.
static void redirectIncludes(const SourceManager& SM, const frontend::SearchPaths& Paths,
                             const std::vector<frontend::IncludeDirective>& Includes,
                             const std::string& Folder, std::vector<RewrittenFile>& Files) {
  std::map<std::string, const RewrittenFile*> ByPath;
  for (const RewrittenFile& F : Files) ByPath[F.realPath] = &F;
  for (RewrittenFile& F : Files) {
    const std::string Here =
        F.copy.empty() ? "" : Folder + "/" + llvm::sys::path::parent_path(F.copy).str();
    std::set<unsigned> Done;  // a file included more than once has one FileID per inclusion
    for (const frontend::IncludeDirective& D : Includes) {
      if (realPathOf(SM, D.in) != F.realPath || !Done.insert(D.nameBegin).second) continue;
      std::string Name;
      if (auto It = ByPath.find(D.resolved); It != ByPath.end() && !It->second->copy.empty())
        Name = relativeTo(Here, Folder + "/" + It->second->copy);
      else if (!F.copy.empty() && !D.angled && ByPath.find(D.resolved) == ByPath.end() &&
               !isLibraryFile(SM, Paths, D.resolved))
        Name = D.resolved;
      if (!Name.empty()) F.edits.replace(D.nameBegin, D.nameLength, "\"" + Name + "\"");
    }
  }
}

void copyHeaders(const SourceManager& SM, const frontend::SearchPaths& Paths,
                 const std::vector<frontend::IncludeDirective>& Includes,
                 llvm::StringRef SourceFile, std::vector<RewrittenFile>& Files) {
  copyIncluders(SM, Paths, Includes, Files);
  redirectIncludes(SM, Paths, Includes, headerFolder(SourceFile), Files);
}

}  // namespace output
}  // namespace hpar
