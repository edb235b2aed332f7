// Which of the Views a team kernel's lambda captures it only reads (ir::ViewReads).
#pragma once

#include "analysis/DispatchFinder.h"
#include "ir/Kernel.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"

namespace hpar {
namespace analysis {

/// How many expressions of the translation unit name each function (calls, addresses taken),
/// counted in one walk of the unit the first time a count is asked for, for every dispatch.
class FunctionReferences {
public:
  explicit FunctionReferences(clang::ASTContext& ast) : Ast(ast) {}
  unsigned count(const clang::FunctionDecl* fn);

private:
  clang::ASTContext& Ast;
  bool Counted = false;
  llvm::DenseMap<const clang::FunctionDecl*, unsigned> Counts;  // by canonical declaration
};

/// Whether `call` asks a View about its shape (`extent`, `size`, `stride`, ...), reading no
/// element.
bool isViewShapeQuery(const clang::CXXMemberCallExpr* call);

/// Whether a declaration context lies in a template (its text then stands for several
/// instantiations, which may use their Views differently).
bool inTemplate(const clang::DeclContext* dc);

/// Whether the lambda `lambda` stored in the local variable `stored` runs only in `call`, with the
/// variables it captures as they are at the call: the variable's declaration and the statement of
/// the call are in one block, the variable is named nowhere else in it, and no statement between
/// the two names it or a captured variable.
bool storedForThisCall(clang::ASTContext& ast, const clang::VarDecl* stored,
                       const clang::LambdaExpr* lambda, const clang::CallExpr* call);

/// Whether the objects of class `rd` reach only one dispatch of the file: one instantiation of one
/// call among `instances`.
bool dispatchedOnlyOnce(const clang::CXXRecordDecl* rd, const std::vector<DispatchSite>& instances);

/// Fills `kernel.viewReads` for the team dispatch of `site` when its functor, outside any
/// template, holds Views and plain values only: a lambda written in the call or stored in a local
/// variable that only this call runs, or a functor class that no other of `instances` runs (a
/// variable, or an aggregate built in the call from variables). Leaves it empty otherwise.
/// `references` tells which of the file's functions the kernel's Views are passed to are named
/// only by that call.
void recordViewReads(clang::ASTContext& ast, const AnalysedFile& file, const DispatchSite& site,
                     const std::vector<DispatchSite>& instances, FunctionReferences& references,
                     ir::Kernel& kernel);

}  // namespace analysis
}  // namespace hpar
