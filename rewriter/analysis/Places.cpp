#include "analysis/Places.h"

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

}  // namespace analysis
}  // namespace hpar
