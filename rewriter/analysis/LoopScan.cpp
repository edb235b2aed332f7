#include "analysis/LoopScan.h"
#include "analysis/Annotations.h"
#include "analysis/ViewReads.h"

#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// Math functions whose only effect is their result.
const llvm::StringSet<> kMathFunctions = {
    "abs",   "fabs",  "fabsf", "sqrt",  "sqrtf",  "cbrt",      "rsqrt",  "rsqrtf", "exp",
    "expf",  "exp2",  "expm1", "log",   "logf",   "log2",      "log10",  "log1p",  "pow",
    "powf",  "sin",   "sinf",  "cos",   "cosf",   "tan",       "asin",   "acos",   "atan",
    "atan2", "sinh",  "cosh",  "tanh",  "asinh",  "acosh",     "atanh",  "erf",    "erfc",
    "hypot", "fmin",  "fminf", "fmax",  "fmaxf",  "min",       "max",    "floor",  "ceil",
    "round", "trunc", "fma",   "fmod",  "copysign", "isnan",   "isinf",  "isfinite", "signbit"};

/// Whether FD is one of those math functions, of Kokkos, hpar, std or the C library.
bool mathFunction(const FunctionDecl* FD) {
  if (!FD || isa<CXXMethodDecl>(FD) || !FD->getIdentifier() ||
      !kMathFunctions.contains(FD->getName()))
    return false;
  const NamespaceDecl* Outermost = nullptr;
  for (const DeclContext* C = FD->getDeclContext(); C; C = C->getParent())
    if (const auto* N = dyn_cast<NamespaceDecl>(C)) Outermost = N;
  if (!Outermost) return FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
  const StringRef Name = Outermost->getName();
  return Name == "Kokkos" || Name == "hpar" || Name == "std";
}

}  // namespace

bool LoopScan::pure(const Stmt* S, int Loops) {
  if (!S) return true;
  if (const auto* E = dyn_cast<Expr>(S)) return pureExpr(E);
  if (isa<NullStmt>(S) || isa<ContinueStmt>(S)) return true;
  if (isa<BreakStmt>(S)) return Loops > 0;
  if (const auto* D = dyn_cast<DeclStmt>(S)) return pureDecls(D);
  if (isa<CompoundStmt>(S) || isa<IfStmt>(S)) return pureChildren(S, Loops);
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) return pureChildren(S, Loops + 1);
  return false;  // return, goto, switch, try, asm, a range-for over a container, ...
}

bool LoopScan::uniform(const Expr* E) const {
  if (!E) return false;
  if (const auto* P = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) return uniform(P->getReplacement());
  if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E) || isa<ConstantExpr>(E))
    return true;
  if (const auto* R = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(R->getDecl())) return true;
    const auto* V = dyn_cast<VarDecl>(R->getDecl());
    if (!V || V == Index) return false;
    if (Captured.count(V) || UniformLocals.count(V)) return true;
    return V->getType().isConstQualified() && !V->getType()->isReferenceType() &&
           V->isUsableInConstantExpressions(Ctx);
  }
  if (const auto* U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref)
      return false;
    return uniform(U->getSubExpr());
  }
  if (const auto* B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->isCommaOp()) return false;
    return uniform(B->getLHS()) && uniform(B->getRHS());
  }
  if (const auto* M = dyn_cast<MemberExpr>(E)) {
    if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      return Captured.count(M->getMemberDecl()) > 0;  // a field of the functor class
    return !M->isArrow() && uniform(M->getBase());
  }
  if (const auto* Call = dyn_cast<CXXMemberCallExpr>(E)) {
    if (!isViewShapeQuery(Call) || !uniform(Call->getImplicitObjectArgument())) return false;
    for (const Expr* A : Call->arguments())
      if (!uniform(A)) return false;
    return true;
  }
  if (const auto* Call = dyn_cast<CallExpr>(E); Call && !isa<CXXOperatorCallExpr>(E)) {
    if (!mathFunction(Call->getDirectCallee())) return false;
    for (const Expr* A : Call->arguments())
      if (!uniform(A)) return false;
    return true;
  }
  if (isa<CastExpr>(E) || isa<ParenExpr>(E) || isa<ConditionalOperator>(E) ||
      isa<MaterializeTemporaryExpr>(E) || isa<ExprWithCleanups>(E)) {
    for (const Stmt* Child : E->children())
      if (!uniform(dyn_cast_or_null<Expr>(Child))) return false;
    return true;
  }
  return false;
}

void LoopScan::collectReadsOf(const VarDecl* Var) {
  LoopVar = Var;
  Reads.clear();
  Others.clear();
}

void LoopScan::enclosingLoopVariable(const VarDecl* V) {
  Locals.insert(V);
  UniformLocals.insert(V);
  Fixed.insert(V);
}

void LoopScan::notEnclosing(const VarDecl* V) {
  UniformLocals.erase(V);
  Fixed.erase(V);
}

bool LoopScan::holds(const Expr* E) const {
  E = E->IgnoreParenImpCasts();
  if (const auto* R = dyn_cast<DeclRefExpr>(E)) return Captured.count(R->getDecl()) > 0;
  if (const auto* M = dyn_cast<MemberExpr>(E))
    return isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) &&
           Captured.count(M->getMemberDecl()) > 0;
  return false;
}

bool LoopScan::pureChildren(const Stmt* S, int Loops) {
  for (const Stmt* Child : S->children())
    if (!pure(Child, Loops)) return false;
  return true;
}

bool LoopScan::pureDecls(const DeclStmt* D) {
  for (const Decl* Each : D->decls()) {
    if (isa<TypedefNameDecl>(Each) || isa<StaticAssertDecl>(Each) || isa<UsingDecl>(Each))
      continue;
    const auto* V = dyn_cast<VarDecl>(Each);
    if (!V || !V->hasLocalStorage()) return false;
    if (V->hasInit() && !pureExpr(V->getInit())) return false;
    Locals.insert(V);
    if (V->getType().isConstQualified() && !V->getType()->isReferenceType() && V->hasInit() &&
        uniform(V->getInit()))
      UniformLocals.insert(V);
  }
  return true;
}

bool LoopScan::ownWritable(const Expr* E) {
  E = E->IgnoreParens();
  while (true) {
    if (const auto* A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!A->getBase()->IgnoreParenImpCasts()->getType()->isConstantArrayType() ||
          !pureExpr(A->getIdx()))
        return false;
      E = A->getBase()->IgnoreParenImpCasts();
    } else if (const auto* M = dyn_cast<MemberExpr>(E); M && !M->isArrow()) {
      E = M->getBase()->IgnoreParens();
    } else {
      break;
    }
  }
  const auto* R = dyn_cast<DeclRefExpr>(E);
  const auto* V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  if (const auto* P = dyn_cast_or_null<ParmVarDecl>(V); P && Accumulators.count(P)) return true;
  return V && V != LoopVar && !Fixed.count(V) && Locals.count(V) &&
         !V->getType()->isReferenceType();
}

bool LoopScan::pureExpr(const Expr* E) {
  if (!E) return true;
  if (const auto* P = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) return pureExpr(P->getReplacement());
  if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<StringLiteral>(E) || isa<DeclRefExpr>(E) ||
      isa<UnaryExprOrTypeTraitExpr>(E) || isa<ConstantExpr>(E) ||
      isa<ImplicitValueInitExpr>(E) || isa<CXXScalarValueInitExpr>(E) ||
      isa<CXXNullPtrLiteralExpr>(E))
    return true;
  if (const auto* U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp()) return ownWritable(U->getSubExpr());
    if (U->getOpcode() == UO_AddrOf) return false;  // an address outlives what it reads
    return pureExpr(U->getSubExpr());
  }
  if (const auto* B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) return ownWritable(B->getLHS()) && pureExpr(B->getRHS());
    return pureExpr(B->getLHS()) && pureExpr(B->getRHS());
  }
  if (const auto* M = dyn_cast<MemberExpr>(E); M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
    return isa<FieldDecl>(M->getMemberDecl());  // a field of the functor class, read
  if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(E)) return pureOperator(Op);
  if (const auto* Call = dyn_cast<CXXMemberCallExpr>(E))
    return isViewShapeQuery(Call) && pureArguments(Call);
  if (const auto* Call = dyn_cast<CallExpr>(E))
    return mathFunction(Call->getDirectCallee()) && pureArguments(Call);
  if (const auto* C = dyn_cast<CXXConstructExpr>(E)) {
    if (!C->getConstructor()->isTrivial() && !C->getConstructor()->isDefaulted()) return false;
    for (const Expr* A : C->arguments())
      if (!pureExpr(A)) return false;
    return true;
  }
  if (isa<CastExpr>(E) || isa<ParenExpr>(E) || isa<ConditionalOperator>(E) ||
      isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E) || isa<ExprWithCleanups>(E) ||
      isa<MaterializeTemporaryExpr>(E) || isa<InitListExpr>(E) || isa<CXXDefaultArgExpr>(E) ||
      isa<BinaryConditionalOperator>(E) || isa<OpaqueValueExpr>(E)) {
    if (const auto* D = dyn_cast<CXXDefaultArgExpr>(E)) return pureExpr(D->getExpr());
    if (const auto* O = dyn_cast<OpaqueValueExpr>(E)) return pureExpr(O->getSourceExpr());
    for (const Stmt* Child : E->children())
      if (!pureExpr(dyn_cast_or_null<Expr>(Child))) return false;
    return true;
  }
  return false;  // a lambda, `this`, new, throw, a statement expression, ...
}

bool LoopScan::pureArguments(const CallExpr* Call) {
  for (const Expr* A : Call->arguments())
    if (!pureExpr(A)) return false;
  if (const auto* M = dyn_cast<CXXMemberCallExpr>(Call))
    return pureExpr(M->getImplicitObjectArgument());
  return true;
}

bool LoopScan::pureOperator(const CXXOperatorCallExpr* Op) {
  const OverloadedOperatorKind Kind = Op->getOperator();
  if ((Kind == OO_Call || Kind == OO_Subscript) && Op->getNumArgs() >= 1 &&
      isView(Op->getArg(0)->getType().getNonReferenceType())) {
    for (unsigned I = 1; I < Op->getNumArgs(); ++I)
      if (!pureExpr(Op->getArg(I))) return false;
    noteRead(Op);
    return true;
  }
  const auto* Method = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
  if (Op->isAssignmentOp() && Method && Method->isTrivial() && Op->getNumArgs() == 2)
    return ownWritable(Op->getArg(0)) && pureExpr(Op->getArg(1));
  return false;
}

void LoopScan::noteRead(const CXXOperatorCallExpr* Op) {
  if (!LoopVar || Op->getNumArgs() < 2) return;
  const Expr* Object = Op->getArg(0)->IgnoreParenImpCasts();
  const ValueDecl* View = nullptr;
  if (const auto* Ref = dyn_cast<DeclRefExpr>(Object)) View = dyn_cast<VarDecl>(Ref->getDecl());
  else if (const auto* M = dyn_cast<MemberExpr>(Object);
           M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
    View = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!View || !Captured.count(View)) return;
  const auto* First = dyn_cast<DeclRefExpr>(Op->getArg(1)->IgnoreParenImpCasts());
  Read R{Op, View, {}};
  if (!First || First->getDecl() != LoopVar) {
    Others.push_back(std::move(R));
    return;
  }
  for (unsigned I = 2; I < Op->getNumArgs(); ++I) {
    const std::optional<llvm::APSInt> C = Op->getArg(I)->getIntegerConstantExpr(Ctx);
    if (!C) {
      Others.push_back(std::move(R));
      return;
    }
    R.rest.push_back(C->getExtValue());
  }
  Reads.push_back(std::move(R));
}

}  // namespace analysis
}  // namespace hpar
