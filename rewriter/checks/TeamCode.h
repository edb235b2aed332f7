// What the code of a team functor is made of, as the nesting (Nesting.cpp) and collectives
// (Collectives.cpp) families see it: nested patterns and their closures, the team member's
// collectives, and the user's functions a body calls. Both families walk a team functor's body and,
// through direct calls to functions of the main file and through nested patterns' closures, the
// functions it runs; these helpers say what each call is. Recognition is by annotation
// (analysis/Annotations.h), never by spelled names.
#pragma once

#include "analysis/Annotations.h"
#include "checks/Checks.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>
#include <vector>

namespace hpar {
namespace checks {

/// A call of a nested pattern: parallel_for / parallel_reduce / parallel_scan over a nested range,
/// or single(PerTeam(team), ...) / single(PerThread(team), ...).
struct NestedPattern {
  enum class Single { None, PerTeam, PerThread };
  const clang::CallExpr* call = nullptr;
  std::string pattern;             // "parallel_for", "parallel_reduce", "parallel_scan", "single"
  NestedRangeKind range;           // the range of a parallel_* (level None for single)
  Single single = Single::None;
  const clang::Expr* closure = nullptr;  // the closure argument (second argument)

  bool isSingle() const { return single != Single::None; }
  /// How many leading closure parameters are indices: the rank of an MDRange form, else 1.
  unsigned indexCount() const { return isSingle() ? 0 : range.md ? unsigned(range.rank) : 1; }
  /// The construct as messages name it: "'parallel_for' over TeamThreadRange", "single(PerTeam)".
  std::string describe() const {
    if (single == Single::PerTeam) return "'single(PerTeam)'";
    if (single == Single::PerThread) return "'single(PerThread)'";
    return "'" + pattern + "' over " + range.name();
  }
  /// Whether it splits the whole team (TeamThreadRange, TeamVectorRange, their MDRange forms).
  bool teamLevel() const {
    return !isSingle() && (range.level == NestedLevel::Thread || range.level == NestedLevel::TeamVector);
  }
  /// Whether its closure splits the vector lanes of a thread (ThreadVectorRange, TeamVectorRange
  /// and their MDRange forms).
  bool splitsLanes() const {
    return !isSingle() && (range.level == NestedLevel::Vector || range.level == NestedLevel::TeamVector);
  }
};

/// The nested pattern `call` calls, or nothing (the range factories are no pattern: they are
/// reported through the pattern that uses them).
inline std::optional<NestedPattern> nestedPatternOf(const clang::CallExpr* call) {
  llvm::StringRef A = calleeAnnotation(call);
  if (!A.consume_front("hpar::nested::")) return std::nullopt;
  if (A != "parallel_for" && A != "parallel_reduce" && A != "parallel_scan" && A != "single")
    return std::nullopt;
  if (call->getNumArgs() < 2) return std::nullopt;
  NestedPattern P;
  P.call = call;
  P.pattern = A.str();
  P.closure = call->getArg(1);
  if (A == "single") {
    const auto* RD = call->getArg(0)->IgnoreImplicit()->getType().getNonReferenceType()->getAsCXXRecordDecl();
    llvm::StringRef Who = analysis::annotationOf(RD);
    if (Who == "hpar::nested::per_team") P.single = NestedPattern::Single::PerTeam;
    else if (Who == "hpar::nested::per_thread") P.single = NestedPattern::Single::PerThread;
    else return std::nullopt;
    return P;
  }
  P.range = nestedRangeOf(call->getArg(0));
  if (P.range.level == NestedLevel::None) return std::nullopt;
  return P;
}

/// The instantiations of a templated function (a generic lambda's call operator, a templated
/// operator()), whose calls are resolved; the function itself when it is no template.
inline std::vector<const clang::FunctionDecl*> instancesOf(const clang::FunctionDecl* F) {
  std::vector<const clang::FunctionDecl*> Result;
  if (!F) return Result;
  if (const clang::FunctionTemplateDecl* T = F->getDescribedFunctionTemplate()) {
    for (const clang::FunctionDecl* S : T->specializations()) Result.push_back(S);
    return Result;
  }
  Result.push_back(F);
  return Result;
}

/// The functions a callable object runs when it is called: a lambda's call operator, or a
/// class's operator() overloads (each instantiation of a templated one).
inline std::vector<const clang::FunctionDecl*> callOperatorsOf(const clang::Expr* callable) {
  std::vector<const clang::FunctionDecl*> Result;
  if (!callable) return Result;
  const clang::CXXRecordDecl* RD =
      callable->getType().getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition()) return Result;
  RD = RD->getDefinition();
  if (RD->isLambda()) {
    for (const clang::FunctionDecl* F : instancesOf(RD->getLambdaCallOperator())) Result.push_back(F);
    return Result;
  }
  for (const clang::CXXMethodDecl* M : RD->methods())
    if (M->getOverloadedOperator() == clang::OO_Call) Result.push_back(M);
  for (const clang::Decl* D : RD->decls())
    if (const auto* FT = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
      if (FT->getTemplatedDecl()->getOverloadedOperator() == clang::OO_Call)
        for (const clang::FunctionDecl* S : FT->specializations()) Result.push_back(S);
  return Result;
}

/// The entry points of a dispatch's functor with resolved bodies: functorEntries(), each
/// templated one replaced by its instantiations.
inline std::vector<const clang::FunctionDecl*> functorBodies(const analysis::DispatchSite& site) {
  std::vector<const clang::FunctionDecl*> Result;
  for (const clang::FunctionDecl* F : functorEntries(site))
    for (const clang::FunctionDecl* I : instancesOf(F)) Result.push_back(I);
  return Result;
}

/// The sites and, for a dispatch written in a template, the same dispatch in every other
/// instantiation: analysis records such a dispatch once (its first instantiation), but each
/// instantiation's functor may call other functions and nest other ranges.
inline std::vector<analysis::DispatchSite> dispatchInstances(
    clang::ASTContext& Ctx, const frontend::SearchPaths& Paths,
    const std::vector<analysis::DispatchSite>& Sites) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const std::vector<analysis::DispatchSite>* Sites = nullptr;
    std::vector<analysis::DispatchSite> Found;
    llvm::SmallPtrSet<const clang::CallExpr*, 8> Seen;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitCallExpr(clang::CallExpr* Call) {
      for (const analysis::DispatchSite& S : *Sites) {
        if (Call == S.call || !Seen.insert(Call).second || Call->getBeginLoc() != S.call->getBeginLoc() ||
            Call->getNumArgs() != S.call->getNumArgs() || calleeAnnotation(Call) != calleeAnnotation(S.call))
          continue;
        for (unsigned I = 0; I < S.call->getNumArgs(); ++I)
          if (S.call->getArg(I) == S.functor) Found.push_back({Call, Call->getArg(I), S.kernel});
      }
      return true;
    }
  };
  Finder F;
  F.Sites = &Sites;
  F.Found = Sites;
  const clang::SourceManager& SM = Ctx.getSourceManager();
  for (clang::Decl* D : Ctx.getTranslationUnitDecl()->decls()) {
    if (D->getBeginLoc().isValid() && frontend::isLibraryLocation(SM, Paths, D->getBeginLoc())) continue;
    F.TraverseDecl(D);
  }
  return F.Found;
}

/// The function of the main file a call enters, with its body: a free function, a member, a
/// lambda's call operator, a template's instantiation. Null for hpar's API, the standard library,
/// other files, constructors and functions without a visible definition.
inline const clang::FunctionDecl* userCallee(const clang::CallExpr* call, const clang::SourceManager& SM,
                                             const frontend::SearchPaths& paths) {
  const clang::FunctionDecl* F = call ? call->getDirectCallee() : nullptr;
  if (!F || F->isImplicit()) return nullptr;
  const clang::FunctionDecl* Def = F->getDefinition();
  if (!Def || !Def->getBody() || Def->isDependentContext()) return nullptr;
  const clang::FunctionDecl* Pattern = Def->getTemplateInstantiationPattern();
  clang::SourceLocation Loc = SM.getExpansionLoc((Pattern ? Pattern : Def)->getLocation());
  if (Loc.isInvalid() || !SM.isWrittenInMainFile(Loc) || frontend::isLibraryLocation(SM, paths, Loc))
    return nullptr;
  return Def;
}

/// The name of the team member method `call` calls ("team_rank", "team_barrier", ...), or "".
inline llvm::StringRef teamMemberMethod(const clang::CallExpr* call) {
  const auto* M = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(call ? call->getDirectCallee() : nullptr);
  if (!M || !M->getDeclName().isIdentifier()) return "";
  if (analysis::annotationOf(M->getParent()) != "hpar::team_member") return "";
  return M->getName();
}

/// Whether `F` is a lambda's call operator.
inline bool isLambdaBody(const clang::FunctionDecl* F) {
  const auto* M = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(F);
  return M && M->getParent()->isLambda();
}

/// How messages name a function: "'helper'", or "a lambda".
inline std::string functionName(const clang::FunctionDecl* F) {
  if (isLambdaBody(F)) return "a lambda";
  return "'" + F->getQualifiedNameAsString() + "'";
}

}  // namespace checks
}  // namespace hpar
