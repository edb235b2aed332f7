#include "analysis/Constructs.h"
#include "analysis/Annotations.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hpar {
namespace analysis {

std::vector<const FunctionDecl*> functorEntries(const DispatchSite& site) {
  std::vector<const FunctionDecl*> Entries;
  if (const LambdaExpr* L = lambdaOf(site.functor)) {
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

/// The level an implementation level tag (impl::ThreadLevel, ...) stands for, by its annotation.
static NestedLevel levelOfTag(QualType Tag) {
  llvm::StringRef A = annotationOf(Tag.isNull() ? nullptr : Tag->getAsCXXRecordDecl());
  if (A == "hpar::level::thread") return NestedLevel::Thread;
  if (A == "hpar::level::vector") return NestedLevel::Vector;
  if (A == "hpar::level::team_vector") return NestedLevel::TeamVector;
  return NestedLevel::None;
}

NestedRangeKind nestedRangeOf(const Expr* Arg) {
  NestedRangeKind K;
  if (!Arg) return K;
  const CXXRecordDecl* RD =
      Arg->IgnoreImplicit()->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD) return K;
  // The MDRange forms are annotated classes deriving from impl::NestedMDRange<Level, N, ...>.
  llvm::StringRef A = annotationOf(RD);
  if (A.ends_with("_mdrange")) {
    K.md = true;
    for (const CXXBaseSpecifier& B : RD->bases())
      if (const auto* Base = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
              B.getType()->getAsCXXRecordDecl())) {
        const TemplateArgumentList& Args = Base->getTemplateArgs();
        if (Args.size() >= 2 && Args[0].getKind() == TemplateArgument::Type &&
            Args[1].getKind() == TemplateArgument::Integral) {
          K.level = levelOfTag(Args[0].getAsType());
          K.rank = (int)Args[1].getAsIntegral().getExtValue();

        }
      }
    // The direction as the backends compile it: Rank<N, Outer, ...>'s Outer, Iterate::Default
    // being Left on every device backend (iterate_left under HPAR_IMPL_DEVICE, which the
    // translator's own parse does not define).
    if (const auto* Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (Spec->getTemplateArgs().size() > 0 &&
          Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
        if (const auto* RankSpec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl())) {
          const TemplateArgumentList& RankArgs = RankSpec->getTemplateArgs();
          if (RankArgs.size() >= 2 && RankArgs[1].getKind() == TemplateArgument::Integral) {
            const QualType Dir = RankArgs[1].getIntegralType();
            const auto* Enum = Dir->getAs<EnumType>();
            const llvm::APSInt V = RankArgs[1].getAsIntegral();
            K.left = true;
            if (Enum)
              for (const EnumConstantDecl* E : Enum->getDecl()->enumerators())
                if (E->getName() == "Right" && llvm::APSInt::isSameValue(E->getInitVal(), V))
                  K.left = false;
          }
        }
    return K;
  }
  // The one-dimensional ranges are impl::NestedRange<Level, Index, Member> ("hpar::nested_range").
  const auto* Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || A != "hpar::nested_range" || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return K;
  K.level = levelOfTag(Spec->getTemplateArgs()[0].getAsType());
  return K;
}

llvm::StringRef calleeAnnotation(const CallExpr* call) {
  return annotationOf(call ? call->getDirectCallee() : nullptr);
}

bool isTeamMember(QualType type) {
  const CXXRecordDecl* RD = type.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && annotationOf(RD) == "hpar::team_member";
}

}  // namespace analysis
}  // namespace hpar
