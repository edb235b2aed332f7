#include "checks/Checks.h"
#include "analysis/Annotations.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hpar {
namespace checks {

std::vector<const FunctionDecl*> functorEntries(const analysis::DispatchSite& site) {
  std::vector<const FunctionDecl*> Entries;
  if (const LambdaExpr* L = analysis::lambdaOf(site.functor)) {
    Entries.push_back(L->getCallOperator());
    return Entries;
  }
  const CXXRecordDecl* RD =
      site.functor->getType().getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition()) return Entries;
  RD = RD->getDefinition();
  for (const CXXMethodDecl* M : RD->methods())
    if (M->getOverloadedOperator() == OO_Call ||
        (M->getDeclName().isIdentifier() &&
         (M->getName() == "init" || M->getName() == "join" || M->getName() == "final")))
      Entries.push_back(M);
  for (const Decl* D : RD->decls())
    if (const auto* FT = dyn_cast<FunctionTemplateDecl>(D))
      if (FT->getTemplatedDecl()->getOverloadedOperator() == OO_Call)
        Entries.push_back(FT->getTemplatedDecl());
  return Entries;
}

std::string NestedRangeKind::name() const {
  const char* Base = level == NestedLevel::Thread       ? "TeamThread"
                     : level == NestedLevel::Vector     ? "ThreadVector"
                     : level == NestedLevel::TeamVector ? "TeamVector"
                                                        : "";
  if (!*Base) return "";
  return std::string(Base) + (md ? "MDRange" : "Range");
}

/// The level named by an implementation level tag (impl::ThreadLevel, ...).
static NestedLevel levelOfTag(const CXXRecordDecl* Tag) {
  if (!Tag || !Tag->getIdentifier()) return NestedLevel::None;
  llvm::StringRef N = Tag->getName();
  if (N == "ThreadLevel") return NestedLevel::Thread;
  if (N == "VectorLevel") return NestedLevel::Vector;
  if (N == "TeamVectorLevel") return NestedLevel::TeamVector;
  return NestedLevel::None;
}

NestedRangeKind nestedRangeOf(const Expr* Arg) {
  NestedRangeKind K;
  if (!Arg) return K;
  const CXXRecordDecl* RD =
      Arg->IgnoreImplicit()->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD) return K;
  // The MDRange forms are annotated classes deriving from impl::NestedMDRange<Level, N, ...>.
  llvm::StringRef A = analysis::annotationOf(RD);
  if (A.ends_with("_mdrange")) {
    K.md = true;
    for (const CXXBaseSpecifier& B : RD->bases())
      if (const auto* Base = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
              B.getType()->getAsCXXRecordDecl())) {
        const TemplateArgumentList& Args = Base->getTemplateArgs();
        if (Args.size() >= 2 && Args[0].getKind() == TemplateArgument::Type &&
            Args[1].getKind() == TemplateArgument::Integral) {
          K.level = levelOfTag(Args[0].getAsType()->getAsCXXRecordDecl());
          K.rank = (int)Args[1].getAsIntegral().getExtValue();
        }
      }
    return K;
  }
  // The one-dimensional ranges are impl::NestedRange<Level, Index, Member>.
  const auto* Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getName() != "NestedRange" || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return K;
  K.level = levelOfTag(Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl());
  return K;
}

llvm::StringRef calleeAnnotation(const CallExpr* call) {
  return analysis::annotationOf(call ? call->getDirectCallee() : nullptr);
}

bool isTeamMember(QualType type) {
  const CXXRecordDecl* RD = type.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && analysis::annotationOf(RD) == "hpar::team_member";
}

void runChecks(CheckContext& C) {
  checkCaptures(C);
  checkRaces(C);
  checkNesting(C);
  checkCollectives(C);
  checkDeviceCallable(C);
  checkSignatures(C);
  checkPolicies(C);
}

}  // namespace checks
}  // namespace hpar
