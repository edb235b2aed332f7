// The copies of the user's headers that the output includes in their place (docs/design.md
// section 1, "Dispatches in the user's headers"): which headers are copied, where each copy goes
// under <source stem>.hpar-headers/, how the #include directives of the output and of the copies
// are pointed at the copies, and the rule that one copy serves every inclusion of a header.
#pragma once

#include "diag/Diagnostics.h"
#include "frontend/Frontend.h"
#include "frontend/Includes.h"
#include "output/EditList.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace hpar {
namespace output {

/// A file the translation rewrites: the translated source, or a header of the user's (a copy of
/// it, `copy` its path under the output's folder of headers) with dispatches or with an
/// #include of such a header.
struct RewrittenFile {
  clang::FileID id;
  std::string realPath;
  EditList edits;
  std::string copy;  // "" for the translated source
};

/// The real path of the file `id` of the parse (links resolved); its name as the parse opened it
/// when the file system gives none; "" for a file not read from disk.
std::string realPathOf(const clang::SourceManager& SM, clang::FileID id);

/// The folder, next to the output of `sourceFile`, that holds the copies of the rewritten
/// headers: <source stem>.hpar-headers.
std::string headerFolder(llvm::StringRef sourceFile);

/// Whether `again`, the translation of a header at another of its inclusions (a header without
/// an include guard, included once per value of a macro, each time specialising a class
/// template for that value), gives the same copy as its translation at an earlier inclusion,
/// `first`: one copy serves every inclusion. Where the two differ (a dispatch that only some
/// inclusions compile, a kernel lowered differently), reports hpar-header-inclusions-differ at
/// the later #include.
bool sameTranslation(const clang::SourceManager& SM, const RewrittenFile& first,
                     const RewrittenFile& again, diag::Reporter& report);

/// Completes `files` (the translated source first, then the headers it rewrites) for the output:
/// adds every header of the user's that includes one of them, until none is left, so that the
/// program reaches each rewritten header through copies; gives each header its copy's path; and
/// points the #include directives of all of them at the copies. `includes` are the parse's
/// directives (frontend::IncludeRecorder), `sourceFile` the translated source as named to the
/// parse.
void copyHeaders(const clang::SourceManager& SM, const frontend::SearchPaths& paths,
                 const std::vector<frontend::IncludeDirective>& includes,
                 llvm::StringRef sourceFile, std::vector<RewrittenFile>& files);

}  // namespace output
}  // namespace hpar
