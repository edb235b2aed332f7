// Which statements of a call operator only read memory and write its own variables, which
// expressions every thread evaluates alike, and the View elements a loop's body reads at the loop's
// variable: what analysis/StagedLoops.cpp asks of a range functor's body (ir::StagedLoop).
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace hpar {
namespace analysis {

/// Walks a range lambda's body: which statements only read memory and write the lambda's own
/// variables, which expressions every thread evaluates alike, and, in a candidate loop, the View
/// elements its body reads at the loop variable.
class LoopScan {
public:
  struct Read {
    const clang::CXXOperatorCallExpr* access;
    const clang::ValueDecl* view;
    std::vector<int64_t> rest;  // the constant subscripts after the loop variable
  };

  /// `Held`: what the functor holds, which its call cannot change: the variables a lambda
  /// captures by copy, or the fields of a class whose call operator is const.
  LoopScan(clang::ASTContext& Ctx, const clang::ParmVarDecl* Index,
           llvm::SmallPtrSet<const clang::ValueDecl*, 8> Held)
      : Ctx(Ctx), Index(Index), Captured(std::move(Held)) {}

  /// Whether S only reads memory and writes variables declared in the lambda, and leaves only
  /// by running to its end (a `break` only out of a loop inside it). `Loops` counts the loops
  /// around S inside the region walked.
  bool pure(const clang::Stmt* S, int Loops);

  /// Whether every thread evaluates E alike: literals, captured values, constants, and the
  /// arithmetic, casts, shape queries and math functions of them.
  bool uniform(const clang::Expr* E) const;

  /// While the body of the loop over `Var` is walked, its reads `v(Var, c...)` are recorded.
  void collectReadsOf(const clang::VarDecl* Var);
  void stopCollecting() { LoopVar = nullptr; }
  const std::vector<Read>& reads() const { return Reads; }
  /// The body's other reads of Views the functor holds (`rest` empty).
  const std::vector<Read>& otherReads() const { return Others; }
  /// Variables of the lambda's own: written by it, the loop variable excepted.
  void ownVariable(const clang::VarDecl* V) { Locals.insert(V); }
  /// The variable of a loop around the staged one, its bounds alike in every thread: alike too,
  /// and its loop's body may not write it.
  void enclosingLoopVariable(const clang::VarDecl* V);
  /// The loop of V holds no loop to stage after all.
  void notEnclosing(const clang::VarDecl* V);
  /// A reduction's accumulator parameter (a reference): the lambda may write what it refers to,
  /// which a thread past the end of the range holds apart (hpar_active).
  void accumulator(const clang::ParmVarDecl* P) { Accumulators.insert(P); }
  /// A function's parameter whose argument is alike in every thread (never written: a
  /// parameter is not among the lambda's own variables).
  void uniformParameter(const clang::ParmVarDecl* P) { UniformLocals.insert(P); }
  /// Whether E names what the functor holds: a variable it captures by copy, or a field of it.
  bool holds(const clang::Expr* E) const;

private:
  bool pureChildren(const clang::Stmt* S, int Loops);

  bool pureDecls(const clang::DeclStmt* D);

  /// Whether E names (an element or member of) a variable of the lambda's own that it may write:
  /// declared in it, not a reference, not the staged loop's variable.
  bool ownWritable(const clang::Expr* E);

  /// Whether E only reads memory and writes the lambda's own variables.
  bool pureExpr(const clang::Expr* E);

  bool pureArguments(const clang::CallExpr* Call);

  /// An overloaded operator: a View's element access (read: a write would be an assignment to
  /// something not the lambda's own), or the implicit assignment of one of the lambda's objects.
  bool pureOperator(const clang::CXXOperatorCallExpr* Op);

  /// Records `v(LoopVar, c...)` of a View v the functor holds, the other subscripts constants.
  void noteRead(const clang::CXXOperatorCallExpr* Op);

  clang::ASTContext& Ctx;
  const clang::ParmVarDecl* Index;
  llvm::SmallPtrSet<const clang::ValueDecl*, 8> Captured;
  llvm::SmallPtrSet<const clang::VarDecl*, 8> Locals, UniformLocals, Fixed;
  llvm::SmallPtrSet<const clang::ParmVarDecl*, 4> Accumulators;
  const clang::VarDecl* LoopVar = nullptr;
  std::vector<Read> Reads, Others;
};

}  // namespace analysis
}  // namespace hpar
