#include "analysis/Constructs.h"
#include "analysis/Annotations.h"
#include "analysis/PolicyInfo.h"
#include "analysis/Types.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>

using namespace clang;

namespace hpar {
namespace analysis {

namespace {

/// Whether F is a member of the functor class RD (declared in it or in one of its bases).
bool memberOf(const FunctionDecl* F, const CXXRecordDecl* RD) {
  const auto* M = dyn_cast_or_null<CXXMethodDecl>(F);
  if (!M || M->isStatic() || !RD) return false;
  const CXXRecordDecl* Owner = M->getParent()->getCanonicalDecl();
  return Owner == RD->getCanonicalDecl() || RD->isDerivedFrom(M->getParent());
}

/// The calls of a functor's operator() in hpar's instantiated functions below a dispatch's
/// callee: the overloads the compiler chose for the arguments the pattern passes. Each function
/// is entered once, a few calls deep, and only when it is hpar's own (not the user's, not the
/// standard library's).
class OperatorCalls {
public:
  OperatorCalls(const CXXRecordDecl* Functor, const SourceManager& SM, const frontend::SearchPaths& Paths)
      : Functor(Functor), SM(SM), Paths(Paths) {}

  void enter(const FunctionDecl* F, unsigned Depth) {
    const FunctionDecl* Def = nullptr;
    if (!F || Depth > 24 || !F->hasBody(Def) || !Def || !Seen.insert(Def).second) return;
    SourceLocation Loc = SM.getExpansionLoc(Def->getLocation());
    if (!frontend::isLibraryLocation(SM, Paths, Loc) || SM.isInSystemHeader(Loc)) return;
    walk(Def->getBody(), Depth);
  }

  std::vector<const FunctionDecl*> Found;

private:
  void walk(const Stmt* S, unsigned Depth) {
    if (!S) return;
    if (const auto* Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl* Callee = Call->getDirectCallee();
      if (Callee && Callee->getOverloadedOperator() == OO_Call && memberOf(Callee, Functor)) {
        if (!llvm::is_contained(Found, Callee)) Found.push_back(Callee);
      } else {
        enter(Callee, Depth + 1);
      }
    }
    for (const Stmt* Child : S->children()) walk(Child, Depth);
  }

  const CXXRecordDecl* Functor;
  const SourceManager& SM;
  const frontend::SearchPaths& Paths;
  llvm::SmallPtrSet<const FunctionDecl*, 32> Seen;
};

/// Keeps the candidates `Fits` accepts, unless it accepts none of them.
template <class Pred>
void narrow(std::vector<const FunctionDecl*>& Candidates, Pred Fits) {
  std::vector<const FunctionDecl*> Kept;
  for (const FunctionDecl* F : Candidates)
    if (Fits(F)) Kept.push_back(F);
  if (!Kept.empty()) Candidates = std::move(Kept);
}

/// The operator() overloads that can take the call a dispatch makes when the compiler did not
/// resolve it (the functor does not fit): those whose first parameter takes the policy's work tag,
/// then those whose parameter count fits the arguments; each filter is dropped when nothing passes.
std::vector<const FunctionDecl*> fittingOperators(const DispatchSite& Site, ir::Pattern Pattern,
                                                  const CXXRecordDecl* RD) {
  std::vector<const FunctionDecl*> Candidates;
  callOperatorsOfClass(RD, Candidates, 0);
  const Expr* Policy = policyArgument(Site);
  if (!Policy) return Candidates;
  const QualType PolicyType = strip(Policy)->getType();
  const QualType Tag = memberType(recordOf(PolicyType), "work_tag");
  const bool Tagged = !Tag.isNull() && !Tag->isVoidType();
  if (Tagged)
    narrow(Candidates, [&](const FunctionDecl* F) {
      return F->getNumParams() > 0 &&
             (dependent(F->getParamDecl(0)->getType()) || sameType(F->getParamDecl(0)->getType(), Tag));
    });
  const std::optional<PolicyFacts> Facts = describePolicy(PolicyType, strip(Site.functor)->getType());
  if (!Facts) return Candidates;
  unsigned Results = 0;  // the arguments after the functor
  for (unsigned I = Site.call->getNumArgs(); I > 0 && Site.call->getArg(I - 1) != Site.functor; --I) ++Results;
  const unsigned Arguments = (Tagged ? 1 : 0) + (Facts->kind == ir::PolicyKind::MDRange ? Facts->rank : 1) +
                             (Pattern == ir::Pattern::Reduce ? std::max(1u, Results)
                              : Pattern == ir::Pattern::Scan ? 2u
                                                             : 0u);
  narrow(Candidates, [&](const FunctionDecl* F) {
    const bool Pack = F->isVariadic() || llvm::any_of(F->parameters(), [](const ParmVarDecl* P) {
                        return P->isParameterPack();
                      });
    return F->getMinRequiredArguments() <= Arguments && (Arguments <= F->getNumParams() || Pack);
  });
  return Candidates;
}

}  // namespace

/// A class's operator() overloads (templated ones through their pattern); when it declares none,
/// its bases' ones, as name lookup finds them.
void callOperatorsOfClass(const CXXRecordDecl* RD, std::vector<const FunctionDecl*>& Result,
                          int Depth) {
  if (!RD || Depth > 8) return;
  const size_t Before = Result.size();
  for (const CXXMethodDecl* M : RD->methods())
    if (M->getOverloadedOperator() == OO_Call) Result.push_back(M);
  for (const Decl* D : RD->decls())
    if (const auto* FT = dyn_cast<FunctionTemplateDecl>(D))
      if (FT->getTemplatedDecl()->getOverloadedOperator() == OO_Call)
        Result.push_back(FT->getTemplatedDecl());
  if (Result.size() != Before) return;
  for (const CXXBaseSpecifier& B : RD->bases()) callOperatorsOfClass(recordOf(B.getType()), Result, Depth + 1);
}

std::vector<const FunctionDecl*> calledMembers(const DispatchSite& Site, ir::Pattern Pattern,
                                               const SourceManager& SM, const frontend::SearchPaths& Paths) {
  std::vector<const FunctionDecl*> Members;
  if (!Site.call || !Site.functor || lambdaOf(Site.functor)) return Members;
  const CXXRecordDecl* RD = recordOf(Site.functor->getType());
  if (!RD) return Members;
  OperatorCalls Calls(RD, SM, Paths);
  Calls.enter(Site.call->getDirectCallee(), 0);
  Members = Calls.Found.empty() ? fittingOperators(Site, Pattern, RD) : std::move(Calls.Found);
  if (Pattern == ir::Pattern::For) return Members;
  // A reduction's or scan's own init / join / final: every backend's combine calls them (the
  // serial pattern never joins, so they are not all found below the callee).
  for (const CXXMethodDecl* M : RD->methods())
    if (isReductionHook(M)) Members.push_back(M);
  return Members;
}

bool isReductionHook(const CXXMethodDecl* M) {
  if (!M || !M->getDeclName().isIdentifier() || M->isStatic() || !M->isConst()) return false;
  const StringRef Name = M->getName();
  const unsigned Values = Name == "join" ? 2 : (Name == "init" || Name == "final") ? 1 : 0;
  if (Values == 0) return false;
  const unsigned N = M->getNumParams();
  return N == Values || N == Values + 1;  // + 1: the work tag
}

bool hasReductionHook(const CXXRecordDecl* RD, StringRef name) {
  if (!RD) return false;
  for (const NamedDecl* D : RD->lookup(&RD->getASTContext().Idents.get(name))) {
    const NamedDecl* U = D->getUnderlyingDecl();
    if (const auto* FT = dyn_cast<FunctionTemplateDecl>(U)) U = FT->getTemplatedDecl();
    if (isReductionHook(dyn_cast<CXXMethodDecl>(U))) return true;
  }
  if (!RD->hasDefinition()) return false;
  for (const CXXBaseSpecifier& B : RD->bases())
    if (hasReductionHook(recordOf(B.getType()), name)) return true;
  return false;
}

std::vector<const FunctionDecl*> functorEntries(const DispatchSite& site) {
  std::vector<const FunctionDecl*> Entries;
  if (const LambdaExpr* L = lambdaOf(site.functor)) {
    Entries.push_back(L->getCallOperator());
    return Entries;
  }
  for (const FunctionDecl* M : site.members) {
    const FunctionTemplateDecl* T = M->getPrimaryTemplate();
    const FunctionDecl* Written = T ? T->getTemplatedDecl() : M;
    if (!llvm::is_contained(Entries, Written)) Entries.push_back(Written);
  }
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
