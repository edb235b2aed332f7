#include "analysis/NestTree.h"
#include "analysis/DispatchFinder.h"
#include "analysis/PolicyTrace.h"
#include "analysis/TeamCode.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// The IR level of a recognised nested pattern.
ir::NestedConstruct::Level levelOf(const NestedPattern& P) {
  using L = ir::NestedConstruct::Level;
  if (P.single == NestedPattern::Single::PerTeam) return L::PerTeam;
  if (P.single == NestedPattern::Single::PerThread) return L::PerThread;
  switch (P.range.level) {
  case NestedLevel::Vector: return L::Vector;
  case NestedLevel::TeamVector: return L::TeamVector;
  default: return L::Thread;
  }
}

ir::NestedConstruct::Kind kindOf(const NestedPattern& P) {
  using K = ir::NestedConstruct::Kind;
  if (P.isSingle()) return K::Single;
  if (P.pattern == "parallel_reduce") return K::Reduce;
  if (P.pattern == "parallel_scan") return K::Scan;
  return K::For;
}

/// Walks bodies, appending each nested construct it meets to the list on top of its stack; a
/// construct's closure is walked with the construct's own list on top.
class NestWalker : public RecursiveASTVisitor<NestWalker> {
public:
  NestWalker(const ASTContext& Ctx, const frontend::SearchPaths& Paths,
             std::vector<ir::NestedConstruct>& Top)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Paths(Paths), Lists{&Top} {}

  bool shouldVisitLambdaBody() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// A generic lambda in its first instantiation (a closure over an MDRange often is one).
  bool TraverseLambdaExpr(LambdaExpr* L) {
    if (!L->isGenericLambda()) return RecursiveASTVisitor::TraverseLambdaExpr(L);
    std::vector<const FunctionDecl*> Instances = instancesOf(L->getCallOperator());
    if (Instances.empty() || !Instances.front()->getBody()) return true;
    return TraverseStmt(Instances.front()->getBody());
  }

  bool TraverseCallExpr(CallExpr* Call) {
    std::optional<NestedPattern> P = nestedPatternOf(Call);
    if (!P) {
      if (const FunctionDecl* F = userCallee(Call, SM, Paths); F && Walked.insert(F).second)
        TraverseStmt(F->getBody());
      return RecursiveASTVisitor::TraverseCallExpr(Call);
    }
    ir::NestedConstruct N;
    N.kind = kindOf(*P);
    N.level = levelOf(*P);
    N.md = P->range.md;
    N.rank = P->range.md ? P->range.rank : 1;
    N.line = SM.getExpansionLineNumber(Call->getBeginLoc());
    if (!P->isSingle()) N.extents = constantExtents(Call->getArg(0), *P, Ctx);
    std::vector<ir::NestedConstruct>& List = *Lists.back();
    List.push_back(std::move(N));
    // The range's extents and the results are walked at this level, the closure one deeper.
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) != P->closure) TraverseStmt(const_cast<Expr*>(Call->getArg(I)));
    Lists.push_back(&List.back().inner);
    TraverseStmt(const_cast<Expr*>(P->closure));
    Lists.pop_back();
    return true;
  }

  void walk(const FunctionDecl* F) {
    if (F && F->getBody() && Walked.insert(F).second) TraverseStmt(F->getBody());
  }

private:
  const ASTContext& Ctx;
  const SourceManager& SM;
  const frontend::SearchPaths& Paths;
  std::vector<std::vector<ir::NestedConstruct>*> Lists;
  llvm::DenseSet<const FunctionDecl*> Walked;
};

}  // namespace

std::vector<long long> constantExtents(const Expr* Range, const NestedPattern& P,
                                       const ASTContext& Ctx) {
  const Expr* E = strip(Range);
  while (const auto* F = dyn_cast_or_null<CXXFunctionalCastExpr>(E)) E = strip(F->getSubExpr());
  std::vector<const Expr*> Args;
  if (const auto* Call = dyn_cast_or_null<CallExpr>(E))
    Args.assign(Call->arg_begin(), Call->arg_end());
  else if (const auto* Construct = dyn_cast_or_null<CXXConstructExpr>(E))
    Args.assign(Construct->arg_begin(), Construct->arg_end());
  // The first argument is the team member; the rest are the extents, or one range's bounds.
  if (P.range.md) {
    if (Args.size() != size_t(P.range.rank) + 1) return {};
    std::vector<long long> Extents;
    for (size_t I = 1; I < Args.size(); ++I)
      Extents.push_back(signedConstant(Args[I], Ctx).value_or(-1));
    return Extents;
  }
  if (Args.size() == 2) return {signedConstant(Args[1], Ctx).value_or(-1)};
  if (Args.size() == 3) {
    std::optional<int64_t> Begin = signedConstant(Args[1], Ctx), End = signedConstant(Args[2], Ctx);
    if (!Begin || !End) return {-1};
    return {*End > *Begin ? *End - *Begin : 0};
  }
  return {};
}

void buildNest(ASTContext& Ctx, const frontend::SearchPaths& Paths, const DispatchSite& Site,
               ir::Kernel& K) {
  NestWalker W(Ctx, Paths, K.nest);
  std::vector<const FunctionDecl*> Bodies = functorBodies(Site);
  // A templated operator() has one body per instantiation; the first stands for the others.
  if (!Bodies.empty()) W.walk(Bodies.front());
  for (size_t I = 1; I < Bodies.size(); ++I)
    if (!Bodies[I]->getPrimaryTemplate()) W.walk(Bodies[I]);
}

}  // namespace analysis
}  // namespace hpar
