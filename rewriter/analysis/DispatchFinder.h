// Recognises the top-level dispatches (parallel_for / parallel_reduce / parallel_scan) of the
// analysed file (AnalysedFile.h) and records each as an ir::Kernel; notes which of the user's
// headers have dispatches of their own (each is then analysed in a pass of its own: Translate.cpp).
// Reports, as errors, dispatches it cannot translate: nested in another dispatch's functor,
// inside a macro, in a file included inside a declaration, over a policy this version does not
// lower.
#pragma once

#include "diag/Diagnostics.h"
#include "analysis/AnalysedFile.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace hpar {
namespace analysis {

/// One recognised dispatch: the AST pieces the device checks need, next to its IR record.
struct DispatchSite {
  const clang::CallExpr* call = nullptr;
  const clang::Expr* functor = nullptr;  // the functor argument as written
  size_t kernel = 0;                     // index into TranslationUnit::kernels
  /// A class functor's members that this dispatch runs (calledMembers, analysis/Constructs.h):
  /// the operator() overloads its pattern calls, a templated one as the instantiation called,
  /// and for parallel_reduce and parallel_scan init / join / final. Empty for a lambda that
  /// lambdaOf() finds.
  std::vector<const clang::FunctionDecl*> members;
};

/// The dispatches of the analysed file.
struct Dispatches {
  std::vector<DispatchSite> sites;  // one per kernel, at index `kernel`: its first instantiation
  /// Every instantiation of every dispatch: the sites, then the other instantiations of the
  /// dispatches written in templates, whose functors may call other functions and nest other
  /// ranges.
  std::vector<DispatchSite> instances;
  /// The user's headers (files outside the system and hpar's own headers) with dispatches
  /// written in them, in the order they were found.
  std::vector<clang::FileID> otherFiles;
};

/// Finds the dispatches; fills `tu.kernels`. Reports what it cannot translate through `report`.
Dispatches findDispatches(clang::ASTContext& Ctx, const AnalysedFile& file, diag::Reporter& report,
                          ir::TranslationUnit& tu);

/// The policy argument of a dispatch (the one before its functor), as written, or null.
const clang::Expr* policyArgument(const DispatchSite& site);

/// Strips what wraps an argument without changing the object it denotes: implicit nodes
/// (temporaries, implicit casts), parentheses, and copies or moves of the same object. Null stays
/// null.
const clang::Expr* strip(const clang::Expr* E);

/// Returns the lambda a functor argument denotes (directly, or through a local variable
/// initialised with one), or null.
const clang::LambdaExpr* lambdaOf(const clang::Expr* functor);

}  // namespace analysis
}  // namespace hpar
