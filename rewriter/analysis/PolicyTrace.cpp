// Following a TeamPolicy to what it is built from: see PolicyTrace.h.
#include "analysis/PolicyTrace.h"
#include "analysis/Annotations.h"
#include "analysis/DispatchFinder.h"
#include "analysis/Types.h"

#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <algorithm>

using namespace clang;

namespace hpar {
namespace analysis {

/// Strips what does not change the value of an argument: what analysis::strip strips (implicit
/// nodes, parentheses, copies), and functional casts.
static const Expr* stripCasts(const Expr* E) {
  E = analysis::strip(E);
  while (const auto* F = dyn_cast_or_null<CXXFunctionalCastExpr>(E))
    E = analysis::strip(F->getSubExpr());
  return E;
}

/// The value of an integral constant expression, or nothing (not constant, dependent, or wider
/// than 64 bits).
static std::optional<llvm::APSInt> constantOf(const Expr* E, const ASTContext& Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx) || R.Val.getInt().getBitWidth() > 64) return std::nullopt;
  return R.Val.getInt();
}

std::optional<int64_t> signedConstant(const Expr* E, const ASTContext& Ctx) {
  auto V = constantOf(E, Ctx);
  if (!V) return std::nullopt;
  return V->isSigned() ? V->getSExtValue() : (int64_t)std::min<uint64_t>(V->getZExtValue(), INT64_MAX);
}

/// A constant as the size_t the header converts it to (byte counts).
static std::optional<uint64_t> byteConstant(const Expr* E, const ASTContext& Ctx) {
  auto V = constantOf(E, Ctx);
  if (!V) return std::nullopt;
  return V->isSigned() ? (uint64_t)V->getSExtValue() : V->getZExtValue();
}

llvm::StringRef typeAnnotation(const Expr* E) {
  // recordOf alone would still give the class of an injected class name, which is dependent.
  if (!E || E->getType().isNull() || E->getType()->isDependentType()) return "";
  return analysis::annotationOf(recordOf(E->getType()));
}

llvm::StringRef teamPolicyMethod(const CXXMemberCallExpr* C) {
  const CXXMethodDecl* M = C ? C->getMethodDecl() : nullptr;
  if (!M || !M->getDeclName().isIdentifier() ||
      analysis::annotationOf(M->getParent()) != "hpar::policy::team")
    return "";
  return M->getName();
}

/// The bytes a PerTeam(bytes) / PerThread(bytes) argument asks for, when constant.
static std::optional<uint64_t> sizeOf(const Expr* Arg, const ASTContext& Ctx) {
  const Expr* E = stripCasts(Arg);
  if (const auto* Call = dyn_cast_or_null<CallExpr>(E); Call && Call->getNumArgs() == 1)
    return byteConstant(Call->getArg(0), Ctx);
  return std::nullopt;
}

ScratchRequest readRequest(const CXXMemberCallExpr* Call, const ASTContext& Ctx) {
  ScratchRequest R;
  if (Call->getNumArgs() > 0) R.level = signedConstant(Call->getArg(0), Ctx);
  for (unsigned I = 1; I < Call->getNumArgs(); ++I) {
    llvm::StringRef A = typeAnnotation(Call->getArg(I));
    if (A == "hpar::scratch::per_team") {
      R.hasTeam = true;
      R.teamBytes = sizeOf(Call->getArg(I), Ctx);
    } else if (A == "hpar::scratch::per_thread") {
      R.hasThread = true;
      R.threadBytes = sizeOf(Call->getArg(I), Ctx);
    }
  }
  return R;
}

TeamShape shapeOf(const CXXConstructExpr* C) {
  TeamShape S;
  const CXXConstructorDecl* Ctor = C->getConstructor();
  if (!Ctor || Ctor->isCopyOrMoveConstructor() || Ctor->getNumParams() < 2 ||
      C->getNumArgs() != Ctor->getNumParams())
    return S;
  // TeamPolicy([space,] league, team, [vector]): an execution space first is a class.
  unsigned First = Ctor->getParamDecl(0)->getType().getNonReferenceType()->isRecordType() ? 1 : 0;
  auto integral = [&](unsigned I) {
    return I < Ctor->getNumParams() &&
           Ctor->getParamDecl(I)->getType().getNonReferenceType()->isIntegralOrEnumerationType();
  };
  if (integral(First + 1)) S.teamArg = C->getArg(First + 1);
  if (integral(First + 2)) S.vectorArg = C->getArg(First + 2);
  return S;
}

std::optional<int64_t> TeamShape::teamSize(const ASTContext& Ctx) const {
  std::optional<int64_t> Size = teamArg ? signedConstant(teamArg, Ctx) : std::nullopt;
  return Size && *Size > 0 ? Size : std::nullopt;
}

namespace {

/// Walks a function body once for every policy variable it declares: the uses of each
/// variable, the set_scratch_size calls, and the parent of each statement (a statement or a
/// declaration). The parents come from this walk of the one function, not from
/// ASTContext::getParents, whose first use maps every node of the translation unit, headers
/// included: memory that grew with the whole file.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  explicit UseCollector(FunctionUses& Out) : Out(Out) {}
  // Overridden without the data-recursion queue, so that every statement passes through here.
  bool TraverseStmt(Stmt* S) {
    if (!S) return true;
    if (!Enclosing.empty()) Out.parents[S] = Enclosing.back();
    Enclosing.push_back(DynTypedNode::create(*S));
    const bool Result = RecursiveASTVisitor::TraverseStmt(S);
    Enclosing.pop_back();
    return Result;
  }
  bool TraverseDecl(Decl* D) {
    if (!D) return true;
    Enclosing.push_back(DynTypedNode::create(*D));
    const bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Enclosing.pop_back();
    return Result;
  }
  bool VisitDeclRefExpr(DeclRefExpr* R) {
    if (const auto* V = dyn_cast<VarDecl>(R->getDecl())) Out.uses[V].push_back(R);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* C) {
    if (teamPolicyMethod(C) == "set_scratch_size") ScratchCalls.push_back(C);
    return true;
  }

  std::vector<const CXXMemberCallExpr*> ScratchCalls;

private:
  FunctionUses& Out;
  std::vector<DynTypedNode> Enclosing;
};

}  // namespace

/// A set_* method of TeamPolicy, which returns the policy it is called on.
static bool returnsPolicy(const CXXMemberCallExpr* MC) {
  return !teamPolicyMethod(MC).empty() && MC->getMethodDecl()->getReturnType()->isReferenceType();
}

/// The object a chain of set_* calls is made on, stripped (stripCasts): `p` for
/// `p.set_chunk_size(2).set_scratch_size(0, PerTeam(64))`, the expression itself when it is no such
/// call. Each call of the chain is added to `Calls`, when given, outermost first.
static const Expr* chainRoot(const Expr* E,
                             std::vector<const CXXMemberCallExpr*>* Calls = nullptr) {
  E = stripCasts(E);
  while (const auto* MC = dyn_cast_or_null<CXXMemberCallExpr>(E)) {
    if (!returnsPolicy(MC)) break;
    if (Calls) Calls->push_back(MC);
    E = stripCasts(MC->getImplicitObjectArgument());
  }
  return E;
}

/// The local (automatic, non-reference) variable an expression names, or null.
static const VarDecl* localVariable(const Expr* E) {
  const auto* Ref = dyn_cast_or_null<DeclRefExpr>(E);
  const auto* V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || V->getType()->isReferenceType())
    return nullptr;
  return V;
}

PolicyBuild PolicyTracer::trace(const Expr* Policy) {
  PolicyBuild B;
  Visited.clear();
  traceExpr(Policy, B);
  return B;
}

const CXXConstructExpr* PolicyTracer::constructionOf(const Expr* E) {
  for (int Depth = 0; E && Depth < 16; ++Depth) {  // variables initialized from variables
    E = chainRoot(E);
    if (const auto* C = dyn_cast_or_null<CXXConstructExpr>(E)) return C;
    const VarDecl* V = localVariable(E);
    if (!V || !V->hasInit()) return nullptr;
    E = V->getInit();
  }
  return nullptr;
}

/// Follows a policy expression through its set_* chain (recording its set_scratch_size calls) to
/// the construction or the local variable it starts from; anything else makes B incomplete.
void PolicyTracer::traceExpr(const Expr* E, PolicyBuild& B) {
  std::vector<const CXXMemberCallExpr*> Chain;
  E = chainRoot(E, &Chain);
  for (const CXXMemberCallExpr* MC : Chain)
    if (teamPolicyMethod(MC) == "set_scratch_size") B.add(MC);
  if (!E) {
    B.complete = false;
    return;
  }
  if (const auto* C = dyn_cast<CXXConstructExpr>(E);
      C && typeAnnotation(C) == "hpar::policy::team") {
    if (!B.construction) B.construction = C;
    return;
  }
  if (const VarDecl* V = localVariable(E)) {
    traceVariable(V, B);
    return;
  }
  B.complete = false;
}

/// A local policy variable: its initializer, and the set_scratch_size calls on it in the
/// function that declares it, provided nothing else can change it.
void PolicyTracer::traceVariable(const VarDecl* V, PolicyBuild& B) {
  if (!Visited.insert(V).second) return;
  if (!B.variable) B.variable = V;
  const auto* Fn = dyn_cast_or_null<FunctionDecl>(V->getDeclContext());
  if (!V->hasInit() || !Fn || !Fn->getBody()) {
    B.complete = false;
    return;
  }
  traceExpr(V->getInit(), B);
  const FunctionUses& Uses = usesIn(Fn);
  if (auto Found = Uses.scratchCalls.find(V); Found != Uses.scratchCalls.end())
    for (const CXXMemberCallExpr* Call : Found->second) B.add(Call);
  if (auto Found = Uses.uses.find(V); Found != Uses.uses.end())
    for (const DeclRefExpr* Use : Found->second)
      if (!readsOnly(Use, Uses.parents)) B.complete = false;
}

/// The uses in a function, collected on the first question about it: a function of many
/// kernels is walked once, not once per policy variable.
const FunctionUses& PolicyTracer::usesIn(const FunctionDecl* Fn) {
  std::unique_ptr<FunctionUses>& Uses = UsesByFunction[Fn];
  if (!Uses) {
    Uses = std::make_unique<FunctionUses>();
    UseCollector Collector(*Uses);
    Collector.TraverseStmt(Fn->getBody());
    for (const CXXMemberCallExpr* Call : Collector.ScratchCalls)
      if (const VarDecl* V = localVariable(chainRoot(Call->getImplicitObjectArgument())))
        Uses->scratchCalls[V].push_back(Call);
  }
  return *Uses;
}

PolicyTracer::~PolicyTracer() = default;

/// Whether a use of a policy variable leaves its scratch sizes alone, apart from the
/// set_scratch_size calls collected separately: a member call, a copy, a read, or an argument
/// passed by value or by const reference.
bool PolicyTracer::readsOnly(const DeclRefExpr* Use,
                             const llvm::DenseMap<const Stmt*, DynTypedNode>& ParentOf) {
  const Stmt* Node = Use;
  while (true) {
    auto Found = ParentOf.find(Node);
    if (Found == ParentOf.end()) return false;
    const DynTypedNode& Parent = Found->second;
    if (const auto* Cast = Parent.get<ImplicitCastExpr>()) {
      if (Cast->getCastKind() == CK_LValueToRValue) return true;
      Node = Cast;
      continue;
    }
    if (const auto* Paren = Parent.get<ParenExpr>()) {
      Node = Paren;
      continue;
    }
    if (Parent.get<MemberExpr>()) return true;  // a method call on it: set_* or a query
    if (const auto* Construct = Parent.get<CXXConstructExpr>())
      return Construct->getConstructor() && Construct->getConstructor()->isCopyOrMoveConstructor();
    if (const auto* Init = Parent.get<VarDecl>()) {
      QualType T = Init->getType();
      return !T->isReferenceType() || T.getNonReferenceType().isConstQualified();
    }
    if (const auto* Call = Parent.get<CallExpr>()) {
      if (isa<CXXOperatorCallExpr>(Call)) return false;  // an assignment, among others
      const FunctionDecl* Callee = Call->getDirectCallee();
      if (!Callee) return false;
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (Call->getArg(I) == Node) {
          if (I >= Callee->getNumParams()) return false;
          QualType P = Callee->getParamDecl(I)->getType();
          return !P->isReferenceType() || P.getNonReferenceType().isConstQualified();
        }
      return false;
    }
    return false;
  }
}

}  // namespace analysis
}  // namespace hpar
