// The nested constructs of host code, for the nesting family (ir::HostConstruct): a function of the
// analysed file that no kernel reaches is host code when it takes no team member (main, a function
// building data, ...) or when host code calls it. A helper taking a team member that nothing calls
// is neither: it may be meant for a functor of another file.
#pragma once

#include "analysis/AnalysedFile.h"
#include "ir/ExecTree.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace hpar {
namespace analysis {

/// The function as written: a template's instantiations (and the lambdas in them) are one.
const clang::FunctionDecl* functionAsWritten(const clang::FunctionDecl* F);

/// The nested constructs of the analysed file's host code, in the order of the file, each with the
/// calls from host code that reach its function. `device`: every function a kernel runs
/// (functionAsWritten), which is not host code.
std::vector<ir::HostConstruct> hostConstructs(clang::ASTContext& ast, const AnalysedFile& file,
                                              const llvm::DenseSet<const clang::FunctionDecl*>& device);

}  // namespace analysis
}  // namespace hpar
