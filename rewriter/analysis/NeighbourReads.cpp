#include "analysis/NeighbourReads.h"
#include "analysis/Annotations.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// The index of the parameter that `E` names (`p + c`, `p - c` or `c + p`, c an integer
/// constant), or -1.
int steppedParam(const Expr* E, llvm::ArrayRef<const ParmVarDecl*> Params,
                 const ASTContext& Ctx) {
  const auto* B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub)) return -1;
  const Expr* L = B->getLHS()->IgnoreParenImpCasts();
  const Expr* R = B->getRHS()->IgnoreParenImpCasts();
  if (B->getOpcode() == BO_Add && isa<IntegerLiteral>(L)) std::swap(L, R);
  const auto* Ref = dyn_cast<DeclRefExpr>(L);
  if (!Ref || R->isValueDependent() || !R->isIntegerConstantExpr(Ctx)) return -1;
  for (size_t D = 0; D < Params.size(); ++D)
    if (Ref->getDecl() == Params[D]) return int(D);
  return -1;
}

void walk(const Stmt* S, llvm::ArrayRef<const ParmVarDecl*> Params, const ASTContext& Ctx,
          unsigned& Bits) {
  if (!S) return;
  if (const auto* L = dyn_cast<LambdaExpr>(S)) return walk(L->getBody(), Params, Ctx, Bits);
  if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && Op->getOperator() == OO_Call && Op->getNumArgs() > 1 &&
      isView(Op->getArg(0)->IgnoreParenImpCasts()->getType()))
    for (unsigned I = 1; I < Op->getNumArgs(); ++I)
      if (const int D = steppedParam(Op->getArg(I), Params, Ctx); D >= 0) Bits |= 1u << D;
  for (const Stmt* Child : S->children()) walk(Child, Params, Ctx, Bits);
}

}  // namespace

void recordNeighbourReads(const DispatchSite& Site, ir::Kernel& K) {
  const FunctionDecl* Body = nullptr;
  if (const LambdaExpr* L = lambdaOf(Site.functor)) Body = L->getCallOperator();
  else if (Site.members.size() == 1) Body = Site.members[0];
  if (!Body || !Body->hasBody() || Body->getNumParams() < unsigned(K.rank)) return;
  // The index parameters are the last `rank` (a work tag comes first).
  std::vector<const ParmVarDecl*> Params;
  for (unsigned I = Body->getNumParams() - K.rank; I < Body->getNumParams(); ++I)
    Params.push_back(Body->getParamDecl(I));
  unsigned Bits = 0;
  walk(Body->getBody(), Params, Body->getASTContext(), Bits);
  K.neighbourParams = Bits;
}

}  // namespace analysis
}  // namespace hpar
