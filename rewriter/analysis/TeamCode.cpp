// What the code of a team functor is made of: see TeamCode.h.
#include "analysis/TeamCode.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace hpar {
namespace analysis {

std::optional<NestedPattern> nestedPatternOf(const clang::CallExpr* call) {
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

std::vector<const clang::FunctionDecl*> instancesOf(const clang::FunctionDecl* F) {
  std::vector<const clang::FunctionDecl*> Result;
  if (!F) return Result;
  if (const clang::FunctionTemplateDecl* T = F->getDescribedFunctionTemplate()) {
    for (const clang::FunctionDecl* S : T->specializations()) Result.push_back(S);
    return Result;
  }
  Result.push_back(F);
  return Result;
}

std::vector<const clang::FunctionDecl*> callOperatorsOf(const clang::Expr* callable) {
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

std::vector<const clang::FunctionDecl*> functorBodies(const analysis::DispatchSite& site) {
  std::vector<const clang::FunctionDecl*> Result;
  // A class functor's members are the instantiations the dispatch calls (templated ones only
  // where the call was not resolved, which instancesOf expands).
  const std::vector<const clang::FunctionDecl*> Entries =
      lambdaOf(site.functor) ? functorEntries(site) : site.members;
  for (const clang::FunctionDecl* F : Entries)
    for (const clang::FunctionDecl* I : instancesOf(F)) Result.push_back(I);
  return Result;
}

const clang::FunctionDecl* userCallee(const clang::CallExpr* call, const analysis::AnalysedFile& file) {
  const clang::FunctionDecl* F = call ? call->getDirectCallee() : nullptr;
  if (!F || F->isImplicit()) return nullptr;
  const clang::FunctionDecl* Def = F->getDefinition();
  if (!Def || !Def->getBody() || Def->isDependentContext()) return nullptr;
  const clang::FunctionDecl* Pattern = Def->getTemplateInstantiationPattern();
  if (!file.isUserCode((Pattern ? Pattern : Def)->getLocation())) return nullptr;
  return Def;
}

llvm::StringRef teamMemberMethod(const clang::CallExpr* call) {
  const auto* M = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(call ? call->getDirectCallee() : nullptr);
  if (!M || !M->getDeclName().isIdentifier()) return "";
  if (analysis::annotationOf(M->getParent()) != "hpar::team_member") return "";
  return M->getName();
}

bool isLambdaBody(const clang::FunctionDecl* F) {
  const auto* M = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(F);
  return M && M->getParent()->isLambda();
}

std::string functionName(const clang::FunctionDecl* F) {
  if (isLambdaBody(F)) return "a lambda";
  return "'" + F->getQualifiedNameAsString() + "'";
}

}  // namespace analysis
}  // namespace hpar
