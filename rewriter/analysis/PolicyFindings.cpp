// The policies and scratch calls the policies family reads: see PolicyFindings.h.
#include "analysis/PolicyFindings.h"
#include "analysis/Analysis.h"
#include "analysis/Annotations.h"
#include "analysis/Constructs.h"
#include "analysis/PolicyInfo.h"
#include "analysis/TeamCode.h"
#include "analysis/Types.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// The name of the team member's scratch method a call calls ("team_scratch", "thread_scratch",
/// "team_shmem"), or "".
llvm::StringRef memberScratchMethod(const CXXMemberCallExpr* C) {
  llvm::StringRef N = teamMemberMethod(C);
  return N == "team_scratch" || N == "thread_scratch" || N == "team_shmem" ? N : "";
}

/// The source range of a call's arguments, or an empty range when it has none.
SourceRange argumentRange(const CallExpr* C) {
  if (C->getNumArgs() == 0) return SourceRange();
  return SourceRange(C->getArg(0)->getBeginLoc(), C->getArg(C->getNumArgs() - 1)->getEndLoc());
}

/// The type that tells MDRangePolicy types apart.
const Type* policyTypeKey(QualType T) {
  return T.getNonReferenceType().getCanonicalType().getUnqualifiedType().getTypePtr();
}

/// The team member's scratch calls of a functor body: team_scratch(level), thread_scratch(level),
/// team_shmem().
class ScratchUseCollector : public RecursiveASTVisitor<ScratchUseCollector> {
public:
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* C) {
    if (!memberScratchMethod(C).empty()) Calls.push_back(C);
    return true;
  }
  std::vector<const CXXMemberCallExpr*> Calls;
};

/// Whether a functor class (or one of its bases) asks for level-0 scratch through
/// team_shmem_size(team_size).
bool hasTeamShmemSize(const Expr* Functor) {
  const CXXRecordDecl* RD = recordOf(Functor->getType());
  if (!RD || RD->isLambda()) return false;
  if (hasMember(RD, "team_shmem_size")) return true;
  bool Found = false;
  RD->forallBases([&](const CXXRecordDecl* Base) {
    Found = Found || hasMember(Base, "team_shmem_size");
    return true;
  });
  return Found;
}

/// The walk over the analysed file's constructs.
class PolicyReader : public RecursiveASTVisitor<PolicyReader> {
public:
  PolicyReader(ASTContext& Ctx, const AnalysedFile& File, std::vector<PolicyConstructFinding>& Out)
      : Ctx(Ctx), File(File), Tracer(Ctx), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  /// Walks every declaration of the analysed file (a policy may be built away from its dispatch).
  void run() {
    for (Decl* D : Ctx.getTranslationUnitDecl()->noload_decls())  // as in analysis
      if (File.isUserCode(D->getBeginLoc())) TraverseDecl(D);
  }

  /// Policies and nested MDRanges where they are built.
  bool VisitCXXConstructExpr(CXXConstructExpr* E) {
    // Copies are read where the original was built.
    if (!File.isUserCode(E->getBeginLoc()) || E->getConstructor()->isCopyOrMoveConstructor()) return true;
    llvm::StringRef A = typeAnnotation(E);
    if (A == "hpar::policy::mdrange") {
      if (auto Facts = describePolicy(E->getType())) {
        PolicyConstructFinding F = at(PolicyConstructFinding::Kind::MDRangePolicy, E);
        F.rank = Facts->rank;
        F.policyType = policyTypeKey(E->getType());
        Out.push_back(std::move(F));
      }
    } else if (A == "hpar::policy::team") {
      readTeamShape(E);
    } else if (A.starts_with("hpar::nested::") && A.ends_with("_mdrange")) {
      readNestedRange(E);
    }
    return true;
  }

  /// Scratch requests (set_scratch_size) and scratch uses where they are written.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* E) {
    if (!File.isUserCode(E->getBeginLoc())) return true;
    if (teamPolicyMethod(E) == "set_scratch_size") {
      PolicyConstructFinding F = scratchCall(PolicyConstructFinding::Kind::ScratchRequest, E, "set_scratch_size");
      F.request = readRequest(E, Ctx);
      F.arguments = argumentRange(E);
      F.call = E;
      if (const CXXConstructExpr* Built = Tracer.constructionOf(E->getImplicitObjectArgument()))
        F.policyTeamSize = shapeOf(Built).teamSize(Ctx);
      Out.push_back(std::move(F));
    } else if (llvm::StringRef M = memberScratchMethod(E); !M.empty() && M != "team_shmem") {
      Out.push_back(scratchCall(PolicyConstructFinding::Kind::ScratchUse, E, M));
    }
    return true;
  }

private:
  static PolicyConstructFinding at(PolicyConstructFinding::Kind K, const Expr* E) {
    PolicyConstructFinding F;
    F.kind = K;
    F.loc = E->getBeginLoc();
    F.range = E->getSourceRange();
    return F;
  }

  PolicyConstructFinding scratchCall(PolicyConstructFinding::Kind K, const CXXMemberCallExpr* E,
                                     llvm::StringRef Method) {
    PolicyConstructFinding F = at(K, E);
    F.method = Method.str();
    if (E->getNumArgs() > 0) {
      F.hasLevel = true;
      F.level = signedConstant(E->getArg(0), Ctx);
      F.levelLoc = E->getArg(0)->getBeginLoc();
      F.levelRange = E->getArg(0)->getSourceRange();
    }
    return F;
  }

  /// A TeamPolicy construction's team size and vector length.
  void readTeamShape(const CXXConstructExpr* E) {
    PolicyConstructFinding F = at(PolicyConstructFinding::Kind::TeamPolicy, E);
    TeamShape S = shapeOf(E);
    if (S.teamArg) {
      F.team.present = true;
      F.team.loc = S.teamArg->getBeginLoc();
      F.team.range = S.teamArg->getSourceRange();
    }
    F.team.value = S.teamSize(Ctx);
    if (const Expr* V = S.vectorArg) {
      F.vector.present = true;
      F.vector.value = signedConstant(V, Ctx);
      F.vector.written = !isa<CXXDefaultArgExpr>(V);
      F.vector.literal = isa<IntegerLiteral>(V->IgnoreParenImpCasts()) && !V->getBeginLoc().isMacroID();
      F.vector.loc = V->getBeginLoc();
      F.vector.range = V->getSourceRange();
    }
    Out.push_back(std::move(F));
  }

  /// A team-level MDRange construction's number of extents.
  void readNestedRange(const CXXConstructExpr* E) {
    NestedRangeKind K = nestedRangeOf(E);
    if (!K.md) return;
    PolicyConstructFinding F = at(PolicyConstructFinding::Kind::NestedMDRange, E);
    F.extents = K.rank;
    F.rangeName = K.name();
    NestedRangeKind OneDimensional = K;
    OneDimensional.md = false;
    F.singleName = OneDimensional.name();
    if (K.rank == 1)
      if (SourceLocation NameLoc = deducedNameLoc(E); NameLoc.isValid() && !NameLoc.isMacroID())
        F.deducedName = NameLoc;
    Out.push_back(std::move(F));
  }

  /// Where the class name of a construction written with deduced template arguments is, or an
  /// invalid location (explicit template arguments, or a form without written type).
  SourceLocation deducedNameLoc(const CXXConstructExpr* E) {
    const TypeSourceInfo* TSI = nullptr;
    if (const auto* T = dyn_cast<CXXTemporaryObjectExpr>(E)) {
      TSI = T->getTypeSourceInfo();
    } else {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      if (Parents.size() == 1) {
        if (const auto* V = Parents[0].get<VarDecl>()) TSI = V->getTypeSourceInfo();
        else if (const auto* F = Parents[0].get<CXXFunctionalCastExpr>()) TSI = F->getTypeInfoAsWritten();
      }
    }
    if (!TSI) return SourceLocation();
    TypeLoc TL = TSI->getTypeLoc();
    if (auto Elaborated = TL.getAs<ElaboratedTypeLoc>()) TL = Elaborated.getNamedTypeLoc();
    if (auto Deduced = TL.getAs<DeducedTemplateSpecializationTypeLoc>())
      return Deduced.getTemplateNameLoc();
    return SourceLocation();
  }

  ASTContext& Ctx;
  const AnalysedFile& File;
  PolicyTracer Tracer;
  std::vector<PolicyConstructFinding>& Out;
};

/// The MDRangePolicy of one instantiation of a dispatch (the kernel describes the policy of its
/// first instantiation; another may take another one).
std::optional<MDRangeDispatchFinding> mdrangeOf(const DispatchSite& Site, size_t Instance) {
  const Expr* Policy = policyArgument(Site);
  if (!Policy) return std::nullopt;
  QualType T = strip(Policy)->getType().getNonReferenceType().getCanonicalType();
  const std::optional<PolicyFacts> Facts = describePolicy(T);
  if (!Facts || Facts->kind != ir::PolicyKind::MDRange) return std::nullopt;
  MDRangeDispatchFinding F;
  F.instance = Instance;
  F.kernel = Site.kernel;
  F.rank = Facts->rank;
  F.policyType = policyTypeKey(T);
  F.loc = Policy->getBeginLoc();
  F.range = Policy->getSourceRange();
  return F;
}

/// A traced TeamPolicy's scratch requests, and the scratch its functor's bodies use.
TeamScratchFinding teamScratchOf(ASTContext& Ctx, const DispatchSite& Site, const TracedPolicy& P) {
  const PolicyBuild& B = P.build;
  TeamScratchFinding F;
  F.instance = P.instance;
  F.kernel = Site.kernel;
  F.policyLoc = P.policy->getBeginLoc();
  F.policyRange = P.policy->getSourceRange();
  F.complete = B.complete;
  F.teamSize = B.teamSize(Ctx);
  F.builtAt = B.variable       ? B.variable->getLocation()
              : B.construction ? B.construction->getBeginLoc()
                               : P.policy->getBeginLoc();
  F.requests = P.requests;
  for (const CXXMemberCallExpr* Call : B.scratchCalls)
    F.calls.push_back({Call, Call->getNumArgs() > 0 ? Call->getArg(0)->getBeginLoc() : Call->getBeginLoc(),
                       argumentRange(Call)});
  F.functorShmemSize = Site.functor && hasTeamShmemSize(Site.functor);
  // The functor's bodies are its instantiated ones: in a generic lambda's pattern,
  // t.team_scratch(0) is a dependent call.
  ScratchUseCollector Uses;
  for (const FunctionDecl* Entry : functorBodies(Site))
    if (Entry->getBody()) Uses.TraverseStmt(Entry->getBody());
  for (const CXXMemberCallExpr* Use : Uses.Calls) {
    FunctorScratchUse U;
    U.method = memberScratchMethod(Use).str();
    U.level = U.method == "team_shmem" ? 0
              : Use->getNumArgs() > 0  ? signedConstant(Use->getArg(0), Ctx)
                                       : std::nullopt;
    U.loc = Use->getExprLoc();
    U.range = SourceRange(Use->getExprLoc(), Use->getEndLoc());
    F.uses.push_back(std::move(U));
  }
  return F;
}

}  // namespace

PolicyFindings readPolicies(ASTContext& Ctx, const AnalysedFile& File,
                            const std::vector<DispatchSite>& Instances,
                            const std::vector<TracedPolicy>& TeamPolicies) {
  PolicyFindings Found;
  PolicyReader(Ctx, File, Found.written).run();
  for (size_t I = 0; I < Instances.size(); ++I)
    if (std::optional<MDRangeDispatchFinding> F = mdrangeOf(Instances[I], I))
      Found.mdrangeDispatches.push_back(std::move(*F));
  for (const TracedPolicy& P : TeamPolicies)
    Found.teamScratch.push_back(teamScratchOf(Ctx, Instances[P.instance], P));
  return Found;
}

}  // namespace analysis
}  // namespace hpar
