#include "analysis/Places.h"
#include "analysis/Annotations.h"
#include "analysis/DispatchFinder.h"
#include "analysis/TeamCode.h"
#include "analysis/Types.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// Whether a local variable is changed after its declaration anywhere in its function (the
/// lambdas written there included): assigned, incremented, its address taken, or bound to a
/// non-const reference.
class Reassignment : public RecursiveASTVisitor<Reassignment> {
public:
  explicit Reassignment(const VarDecl* V) : V(V) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitBinaryOperator(BinaryOperator* B) {
    if (B->isAssignmentOp() && names(B->getLHS())) Found = true;
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator* U) {
    if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) && names(U->getSubExpr())) Found = true;
    return !Found;
  }
  bool VisitCallExpr(CallExpr* Call) {
    const FunctionDecl* F = Call->getDirectCallee();
    if (!F) return true;
    unsigned First = 0;
    if (const auto* M = dyn_cast<CXXMethodDecl>(F); M && isa<CXXOperatorCallExpr>(Call) && M->isInstance()) {
      if (!M->isConst() && Call->getNumArgs() && names(Call->getArg(0))) Found = true;
      First = 1;
    } else if (const auto* MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      const auto* M = dyn_cast<CXXMethodDecl>(F);
      if (M && !M->isConst() && names(MC->getImplicitObjectArgument())) Found = true;
    }
    for (unsigned I = First; I < Call->getNumArgs() && I - First < F->getNumParams(); ++I)
      if (mutableReference(F->getParamDecl(I - First)->getType()) && names(Call->getArg(I))) Found = true;
    return !Found;
  }
  bool Found = false;

private:
  bool names(const Expr* E) const {
    const auto* Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    return Ref && Ref->getDecl() == V;
  }
  const VarDecl* V;
};

}  // namespace

/// Either place, for a choice between two.
Origin either(const Origin& A, const Origin& B) {
  if (A.kind != B.kind) return Origin::unknown();
  Origin O = A;
  O.varies |= B.varies;
  O.fromHost = A.fromHost && B.fromHost;
  return O;
}

/// Whether a parameter (or declared type) is a reference through which a write reaches the
/// argument.
bool mutableReference(QualType T) {
  return T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified();
}

/// The name an expression denotes, for messages ("'sh'"), or "".
std::string nameOf(const Expr* E) {
  E = E->IgnoreParenImpCasts();
  if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) return "'" + Ref->getDecl()->getNameAsString() + "'";
  if (const auto* M = dyn_cast<MemberExpr>(E)) return "'" + M->getMemberDecl()->getNameAsString() + "'";
  return "";
}

/// The declaration an expression names, for notes, or null.
const Decl* declOf(const Expr* E) {
  E = E->IgnoreParenImpCasts();
  if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) return Ref->getDecl();
  if (const auto* M = dyn_cast<MemberExpr>(E)) return M->getMemberDecl();
  return nullptr;
}

bool changesState(const Stmt* S) {
  if (!S || isa<LambdaExpr>(S)) return false;
  if (const auto* Call = dyn_cast<CallExpr>(S)) {
    if (const FunctionDecl* F = Call->getDirectCallee()) {
      const auto* M = dyn_cast<CXXMethodDecl>(F);
      bool Accessor = false;
      if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(Call))
        Accessor = Op->getOperator() == OO_Subscript || Op->getOperator() == OO_Call ||
                   Op->getOperator() == OO_Star || Op->getOperator() == OO_Arrow;
      if (M && M->isInstance() && !M->isConst() && !Accessor) return true;
      for (const ParmVarDecl* P : F->parameters()) {
        QualType T = P->getType();
        if (T->isPointerType() && !T->getPointeeType().isConstQualified()) return true;
      }
    }
  }
  for (const Stmt* Child : S->children())
    if (changesState(Child)) return true;
  return false;
}

bool changedInItsFunction(const VarDecl* V) {
  Reassignment R(V);
  if (const auto* F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()); F && F->getBody())
    R.TraverseStmt(F->getBody());
  return R.Found;
}

// ---- PlaceTracker ----

namespace {
constexpr unsigned AllParticipants = AcrossThreads | AcrossLanes;
}  // namespace

/// Whether V is declared in a function being walked (else the top-level lambda refers to a
/// variable of the host code, captured).
bool PlaceTracker::declaredInWalk(const VarDecl* V) const {
  const auto* Home = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  for (const PlaceContext& X : Contexts)
    if (X.fn == Home) return true;
  return false;
}

/// What a reference, pointer or View variable reaches: a parameter as its call bound it, a
/// local as its declaration (walked before its uses) did.
Origin PlaceTracker::boundTo(const VarDecl* V) const {
  if (const auto* P = dyn_cast<ParmVarDecl>(V)) {
    for (auto It = Contexts.rbegin(); It != Contexts.rend(); ++It) {
      auto Found = It->params.find(P);
      if (Found != It->params.end()) return Found->second;
    }
    return Origin::unknown();
  }
  auto Found = Bound.find(V);
  return Found == Bound.end() ? Origin::unknown() : Found->second;
}

void PlaceTracker::bind(const VarDecl* V) {
  QualType T = V->getType();
  const Expr* Init = V->getInit();
  if (T->isReferenceType()) {
    Bound[V] = storageOf(Init);
    return;
  }
  if (!T->isPointerType() && !isView(T)) return;
  Bound[V] = changedAfterDeclaration(V) ? Origin::unknown() : T->isPointerType() ? pointee(Init) : viewData(Init);
}

bool PlaceTracker::changedAfterDeclaration(const VarDecl* V) {
  auto Known = Changed.find(V);
  if (Known != Changed.end()) return Known->second;
  return Changed[V] = changedInItsFunction(V);
}

Origin PlaceTracker::storageOf(const Expr* E) {
  if (!E) return Origin::unknown();
  E = E->IgnoreParenImpCasts();
  if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto* V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V) return Origin::unknown();
    const std::string Name = "'" + V->getNameAsString() + "'";
    if (!V->hasLocalStorage()) {
      const std::string Role = V->isStaticLocal() ? "a static variable" : "a global variable";
      return Origin::shared(Name + ", " + Role, V, false, Role);
    }
    if (!declaredInWalk(V))
      return Origin::shared(Name + ", a variable of the host code", V, true, "a variable of the host code");
    if (isa<ParmVarDecl>(V) && isView(V->getType()) && V->getType()->isReferenceType())
      return Origin::unknown();  // bound to where the caller's View's elements are, not to the View
    if (V->getType()->isReferenceType()) return boundTo(V);
    return Origin::own();
  }
  if (const auto* M = dyn_cast<MemberExpr>(E)) {
    const auto* Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!Field || Field->getType()->isReferenceType()) return Origin::unknown();
    Origin Base = M->isArrow() ? pointee(M->getBase()) : storageOf(M->getBase());
    if (Base.kind == Origin::Shared) {
      Base.role = "a member of " + Base.what;
      Base.what = "member '" + Field->getNameAsString() + "' of " + Base.what;
      Base.decl = Field;
    }
    return Base;
  }
  if (const auto* S = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr* Base = S->getBase()->IgnoreParenImpCasts();
    Origin O = Base->getType()->isArrayType() ? storageOf(Base) : pointee(S->getBase());
    return O.plus(differs(S->getIdx()));
  }
  if (const auto* U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return pointee(U->getSubExpr());
  if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    const auto* M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
    if (!M || !M->isInstance() || Op->getNumArgs() == 0) return Origin::unknown();
    const Expr* Object = Op->getArg(0);
    unsigned Index = 0;
    for (unsigned I = 1; I < Op->getNumArgs(); ++I) Index |= differs(Op->getArg(I));
    if (isView(Object->getType()) &&
        (Op->getOperator() == OO_Call || Op->getOperator() == OO_Subscript))
      return element(Object, Index);
    // A class's own non-const operator handing out a part of it.
    if (!M->isConst() && M->getReturnType()->isReferenceType() &&
        annotationOf(M->getParent()).empty())
      return storageOf(Object).plus(Index);
    return Origin::unknown();
  }
  if (const auto* MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr* Object = MC->getImplicitObjectArgument();
    const auto* M = MC->getMethodDecl();
    if (Object && M && isView(Object->getType()) && M->getDeclName().isIdentifier() &&
        M->getName() == "access") {
      unsigned Index = 0;
      for (const Expr* Arg : MC->arguments()) Index |= differs(Arg);
      return element(Object, Index);
    }
    return Origin::unknown();
  }
  if (const auto* Cond = dyn_cast<ConditionalOperator>(E))
    return either(storageOf(Cond->getTrueExpr()), storageOf(Cond->getFalseExpr()));
  if (isa<MaterializeTemporaryExpr, CXXTemporaryObjectExpr, CompoundLiteralExpr>(E)) return Origin::own();
  return Origin::unknown();
}

/// An element of the View `Object`, at indices that differ between the participants in Index.
Origin PlaceTracker::element(const Expr* Object, unsigned Index) {
  Origin O = viewData(Object);
  if (O.kind != Origin::Shared) return O;
  const std::string Name = nameOf(Object);
  O.what = Name.empty() ? "an element of a View" : "an element of " + Name;
  O.role.clear();
  if (const Decl* D = declOf(Object)) O.decl = D;
  O.fromHost = false;
  return O.plus(Index);
}

Origin PlaceTracker::pointee(const Expr* E) {
  if (!E) return Origin::unknown();
  E = E->IgnoreParenImpCasts();
  if (E->getType()->isArrayType()) return storageOf(E);  // decayed
  if (isa<CXXThisExpr>(E)) return Contexts.empty() ? Origin::unknown() : Contexts.back().self;
  if (const auto* U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    return storageOf(U->getSubExpr());
  if (const auto* B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp()) {
    if (B->getLHS()->getType()->isPointerType()) return pointee(B->getLHS()).plus(differs(B->getRHS()));
    if (B->getRHS()->getType()->isPointerType()) return pointee(B->getRHS()).plus(differs(B->getLHS()));
    return Origin::unknown();
  }
  if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto* V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType()) return Origin::unknown();
    if (!declaredInWalk(V)) return Origin::shared("what '" + V->getNameAsString() + "' points to", V);
    return named(boundTo(V), "what '" + V->getNameAsString() + "' points to", V);
  }
  if (const auto* M = dyn_cast<MemberExpr>(E))  // a pointer the host filled in
    if (storageOf(M).fromHost)
      return Origin::shared("what '" + M->getMemberDecl()->getNameAsString() + "' points to",
                            M->getMemberDecl());
  if (const auto* MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr* Object = MC->getImplicitObjectArgument();
    const auto* M = MC->getMethodDecl();
    if (Object && M && isView(Object->getType()) && M->getDeclName().isIdentifier() &&
        M->getName() == "data")
      return named(viewData(Object), "the data of " + nameOf(Object), declOf(Object));
  }
  return Origin::unknown();
}

Origin PlaceTracker::viewData(const Expr* E) {
  if (!E) return Origin::unknown();
  E = strip(E);
  if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto* V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->hasLocalStorage()) return Origin::unknown();
    if (!declaredInWalk(V)) return Origin::shared("", V);  // a View of the host code: device memory
    if (isa<ParmVarDecl>(V)) return boundTo(V);  // what the call bound (bindCall)
    if (V->getType()->isReferenceType()) return storageOf(Ref).fromHost ? Origin::shared("", V) : Origin::unknown();
    return boundTo(V);
  }
  if (isa<MemberExpr>(E)) return storageOf(E).fromHost ? Origin::shared("", declOf(E)) : Origin::unknown();
  if (const auto* Construct = dyn_cast<CXXConstructExpr>(E)) {
    // A scratch View: View(team.team_scratch(level), n...).
    if (Construct->getNumArgs() == 0) return Origin::unknown();
    const auto* Call = dyn_cast<CallExpr>(strip(Construct->getArg(0)));
    llvm::StringRef Method = teamMemberMethod(Call);
    if (Method == "team_scratch" || Method == "team_shmem") return Origin::shared("", nullptr);
    if (Method == "thread_scratch") return Origin::shared("", nullptr).plus(AcrossThreads);
    return Origin::unknown();
  }
  if (const auto* Call = dyn_cast<CallExpr>(E)) {
    // A View of hpar's making from another (subview): into the same elements.
    if (Call->getNumArgs() == 0 || userCallee(Call, File) ||
        isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call) || !isView(Call->getArg(0)->getType()))
      return Origin::unknown();
    unsigned Index = 0;
    for (unsigned I = 1; I < Call->getNumArgs(); ++I) Index |= differs(Call->getArg(I));
    return viewData(Call->getArg(0)).plus(Index);
  }
  return Origin::unknown();
}

/// O, named `What` (at D) when it is shared.
Origin PlaceTracker::named(Origin O, std::string What, const Decl* D) {
  if (O.kind == Origin::Shared) {
    O.what = std::move(What);
    O.role.clear();
    O.decl = D;
  }
  return O;
}

unsigned PlaceTracker::differs(const Expr* E) { return Values.vary(E).bits | (changesState(E) ? AllParticipants : 0); }

}  // namespace analysis
}  // namespace hpar
